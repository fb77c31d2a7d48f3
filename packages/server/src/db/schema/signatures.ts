import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applicationOwners, applications } from './applications';

/**
 * Owners' signatures (issue 13). One row per signing act; a row stays when it is invalidated (a change to signed
 * data, or removed by the client), so the history of who signed what is kept. At most one valid signature per owner.
 * The images are stored files (`signatureKey`, `initialsKey`), never in the row.
 */
export const applicationSignatures = pgTable(
  'application_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => applicationOwners.id, { onDelete: 'cascade' }),
    /** The owner's e-mail proved by the code (lower case). */
    email: text('email').notNull(),
    /** drawn | typed. */
    kind: text('kind').notNull(),
    /** Storage key of the signature PNG. */
    signatureKey: text('signature_key').notNull(),
    /** The typed signature's text. */
    typedText: text('typed_text'),
    initialsKey: text('initials_key'),
    principalName: text('principal_name'),
    /** SHA-256 (hex) of the application's data as signed (canonical JSON of the stored, sealed data). */
    dataHash: text('data_hash').notNull(),
    /** The application's revision that was signed. */
    revision: integer('revision').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
    /** data-changed | removed. */
    invalidatedReason: text('invalidated_reason'),
  },
  (t) => [
    check('application_signatures_kind_valid', sql`${t.kind} in ('drawn', 'typed')`),
    check(
      'application_signatures_reason_valid',
      sql`${t.invalidatedReason} is null or ${t.invalidatedReason} in ('data-changed', 'removed')`,
    ),
    // one valid signature per owner
    uniqueIndex('application_signatures_valid_uq').on(t.ownerId).where(sql`${t.invalidatedAt} is null`),
    index('application_signatures_application_idx').on(t.applicationId, t.signedAt),
  ],
);

/**
 * The one-time code that proves an owner's e-mail before signing (issue 13): 6 digits, HMAC-hashed, single use,
 * SIGN_CODE_TTL_MINUTES, SIGN_CODE_MAX_ATTEMPTS wrong guesses. One current code per owner (a new one replaces it).
 */
export const applicationSignCodes = pgTable('application_sign_codes', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => applicationOwners.id, { onDelete: 'cascade' }),
  applicationId: uuid('application_id')
    .notNull()
    .references(() => applications.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
