import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';
import { applications } from './applications';

/**
 * An application's Worldpay/Vantiv staging (issue #24 §2; decision 088): the provider's legal entity and sub-merchant
 * ids and the last outcome in words. One row per application; a later stage updates it (Worldpay's `duplicate`
 * flag makes a repeated create "already staged"). No answer is kept here: problems name form labels or quote
 * Worldpay's errors with the sent secrets removed.
 */
export const vantivStagings = pgTable('vantiv_stagings', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  outcome: text('outcome').notNull(),
  legalEntityId: text('legal_entity_id'),
  subMerchantId: text('sub_merchant_id'),
  responseCode: integer('response_code'),
  responseDescription: text('response_description'),
  problems: jsonb('problems').$type<string[]>().notNull().default([]),
  stagedBy: uuid('staged_by').references(() => users.id, { onDelete: 'set null' }),
  stagedAt: timestamp('staged_at', { withTimezone: true }).notNull(),
});
