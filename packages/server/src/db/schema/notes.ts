import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
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

/**
 * A user's saved views of the applications list (issue 14): a name and the list's URL query (filters and sort),
 * private to the user who saved it.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The list's search string without '?', e.g. `status=pending&form=…&sort=submittedAt&order=asc`. */
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('saved_views_name_len', sql`char_length(${t.name}) between 1 and 60`),
    check('saved_views_query_len', sql`char_length(${t.query}) <= 1000`),
    uniqueIndex('saved_views_user_name_uq').on(t.userId, t.name),
  ],
);
