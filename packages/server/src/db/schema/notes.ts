import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications';

/**
 * Notes between an institution's team members on one application (issue 14): never shown to applicants, never
 * exported. The author's name and e-mail are kept as written (a member removed later still signs their notes).
 */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id'),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('application_notes_body_len', sql`char_length(${t.body}) between 1 and 2000`),
    index('application_notes_application_idx').on(t.applicationId, t.createdAt),
  ],
);
