import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { applications } from './applications';

/** One owner's line of a submission: the name and the provider's verdict, never a date of birth, SSN or address. */
export interface KycOwnerRow {
  ownerNumber: number;
  name: string;
  result: 'pass' | 'review' | 'fail' | null;
  reasons: { code: string; message: string }[];
  decidedAt: string | null;
}

/**
 * The identity checks of an application's owners (issue #24 §3; decision 089): one submission per application,
 * written in the `application.signed` delivery's transaction when the form's config asks for KYC, then sent and
 * polled by a durable job. `state`: queued (to send), pending (sent, polled), completed, failed. A worker claims the
 * row with a lease (`leaseUntil`, fenced by `attempts`); a dead worker's claim is taken again after it. The
 * provider's check id is kept once answered: every retry of the send carries the submission id as the provider's
 * idempotency key, so a send that timed out is never a second check.
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('queued'),
    providerCheckId: text('provider_check_id'),
    owners: jsonb('owners').$type<KycOwnerRow[]>().notNull().default([]),
    /** Why it failed or waits to be tried again, in words (never a provider's body nor a value sent). */
    problem: text('problem'),
    attempts: integer('attempts').notNull().default(0),
    /** Polls of a pending check (its own back-off, independent of failures). */
    polls: integer('polls').notNull().default(0),
    /** Failed calls in a row (the retries' back-off); 0 after any answer used. */
    failures: integer('failures').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('kyc_submissions_state_check', sql`${t.state} in ('queued', 'pending', 'completed', 'failed')`),
    uniqueIndex('kyc_submissions_application_uq').on(t.applicationId),
    index('kyc_submissions_due_idx').on(t.state, t.nextAttemptAt),
  ],
);
