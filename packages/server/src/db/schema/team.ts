import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';

/**
 * Invitations into a client team. The link carries a random code; only its SHA-256 hash is stored, so a
 * leaked table cannot be used to join a team. Resending replaces the code and starts a new lifetime.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    codeHash: text('code_hash').notNull().unique(),
    /** pending | accepted | revoked; "expired" is a pending one past expires_at. */
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one open invitation per person and team; accepted and revoked ones stay as history
    uniqueIndex('invitations_open_uq').on(t.companyId, t.email).where(sql`${t.status} = 'pending'`),
    index('invitations_company_idx').on(t.companyId, t.createdAt),
    check('invitations_email_lower', sql`${t.email} = lower(${t.email})`),
    check('invitations_status_valid', sql`${t.status} in ('pending', 'accepted', 'revoked')`),
    check('invitations_role_valid', sql`${t.role} in ('ADMINISTRATOR', 'STANDARD')`),
  ],
);

/** The register-company form saved half-way (POST /api/profiles/temp); one per user, replaced on each save. */
export const profileDrafts = pgTable('profile_drafts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, string>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
