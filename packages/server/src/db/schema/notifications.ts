import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A member's choice for one kind of the institution's notices (issue 21 §4; decision 060). A kind without a row is
 * on: a member is told until they turn it off, and a kind added later reaches everyone.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check(
      'notification_preferences_kind_valid',
      sql`${t.kind} in ('application-submitted', 'application-signed', 'documents-ready', 'sync-failed')`,
    ),
  ],
);
