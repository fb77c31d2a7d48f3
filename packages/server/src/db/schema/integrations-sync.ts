import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications';

/**
 * One application's sync to one integration target (issue #23 §4; decision 074). The row is the queue: a pg-boss job
 * (one waiting per sync) only wakes a worker; the row's state, next attempt and lease decide what runs, so a lost job
 * or a killed worker is found again by the sweep.
 */
export const integrationSyncs = pgTable(
  'integration_syncs',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    /** core's IntegrationKind (`salesforce`). */
    kind: text('kind').notNull(),
    /** Which record of the integration (Salesforce: `org`, the company's one connection). */
    target: text('target').notNull(),
    /** core's SYNC_STATES. */
    state: text('state').notNull().default('queued'),
    /** Attempts of the current run; also the fencing token of the current claim (a stale worker changes nothing). */
    attempts: integer('attempts').notNull().default(0),
    /** Bumped by every request to sync: a request that arrives while running makes the worker run once more. */
    generation: integer('generation').notNull().default(1),
    /** Runs started from rest (one failure notice per run, not per retry). */
    run: integer('run').notNull().default(1),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `running`: until when the claiming worker owns the row; past it, another worker resumes. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The provider's object the record is of (Salesforce: Lead, Account…). */
    providerObject: text('provider_object'),
    providerRecordId: text('provider_record_id'),
    providerRecordUrl: text('provider_record_url'),
    /**
     * A create was sent and its answer not stored (create-then-update without an external id): before any retry the
     * create's outcome is looked up, never sent twice blindly.
     */
    createPending: boolean('create_pending').notNull().default(false),
    /**
     * CardConnect: the merchant's signature request was (or is about to be) withdrawn for an update and must be
     * requested again. Committed before the withdraw, cleared only by a sync that requested it (decision 086).
     */
    signatureOwed: boolean('signature_owed').notNull().default(false),
    /** The last error as a person can act on it (shown). */
    lastError: text('last_error'),
    /** The provider's detail of the last error, redacted and bounded: admins and logs only, never shown as is. */
    lastErrorDetail: text('last_error_detail'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('integration_syncs_target_uq').on(t.applicationId, t.kind, t.target),
    check(
      'integration_syncs_state_check',
      sql`${t.state} in ('queued', 'running', 'synced', 'failed', 'needs_attention')`,
    ),
    index('integration_syncs_due_idx').on(t.state, t.nextAttemptAt),
    index('integration_syncs_company_state_idx').on(t.companyId, t.state),
  ],
);

/** Every attempt of a sync: when, what came of it in words, the provider's HTTP status. */
export const integrationSyncAttempts = pgTable(
  'integration_sync_attempts',
  {
    id: uuid('id').primaryKey(),
    syncId: uuid('sync_id')
      .notNull()
      .references(() => integrationSyncs.id, { onDelete: 'cascade' }),
    run: integer('run').notNull(),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** core's SYNC_ATTEMPT_OUTCOMES; null while running (or cut short by a crash). */
    outcome: text('outcome'),
    message: text('message'),
    httpStatus: integer('http_status'),
  },
  (t) => [index('integration_sync_attempts_sync_idx').on(t.syncId, t.startedAt)],
);

/**
 * What a domain event asked (sync this application), written in the delivery's transaction and decided after its
 * commit: whether the form's mapping is auto-sync and the company connected is read through the integration ports,
 * which use their own connections (never inside another transaction: decision 054). A request a crash left behind
 * is decided by the sweep.
 */
export const integrationSyncRequests = pgTable('integration_sync_requests', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
});
