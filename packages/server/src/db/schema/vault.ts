import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * One saved answer of the applicant vault: the value (an encrypted field's value stays a sealed envelope
 * 'enc:v1:…'), whether it came from an encrypted field, and when it was saved.
 */
export interface VaultEntry {
  value: unknown;
  encrypted: boolean;
  savedAt: string;
  /**
   * An encrypted answer the applicant typed themselves (decision 056). Encrypted entries kept before provenance was
   * tracked lack it, and are neither prefilled nor taken: they may hold a value the applicant never read.
   */
  typed?: true;
}

/**
 * The applicant vault ("Fill it in once", issue 12; decision 039): the answers an applicant chose to remember,
 * keyed by dictionary key. The e-mail is kept only as an HMAC under the server's code secret (`emailHash`), so a
 * database copy does not list who has saved answers; no client or admin route reads this table.
 *
 * The one-time code that unlocks it lives on the row: a new code replaces the old one.
 */
export const applicantVaults = pgTable(
  'applicant_vaults',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    emailHash: text('email_hash').notNull(),
    /** dictionary key -> VaultEntry. */
    entries: jsonb('entries').$type<Record<string, VaultEntry>>().notNull().default({}),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    /** Wrong codes entered against the current code. */
    codeAttempts: integer('code_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('applicant_vaults_email_uq').on(t.emailHash)],
);

/** Tokens of unlocked vaults: opaque to the browser, stored only as a hash, short-lived. */
export const applicantVaultTokens = pgTable(
  'applicant_vault_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vaultId: uuid('vault_id')
      .notNull()
      .references(() => applicantVaults.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applicant_vault_tokens_uq').on(t.tokenHash),
    index('applicant_vault_tokens_vault_idx').on(t.vaultId),
  ],
);
