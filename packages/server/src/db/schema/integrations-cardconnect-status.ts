import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications';

/**
 * An application's merchant at CardConnect as the status poll last saw it (issue #24 §1 Status; decision 087). The
 * row is the poll's queue: `next_check_at` says when it is due (null once final), and a worker claims it by moving
 * `next_check_at` a lease ahead, so a killed worker's check is due again after the lease and a restart finds it.
 */
export const cardConnectStatuses = pgTable(
  'cardconnect_statuses',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    /** The provider's merchant id (from the CardConnect sync's `provider_record_id`). */
    merchantId: text('merchant_id').notNull(),
    /** `boardingProcessStatusCd`, `signatureStatusCd` and `boardingProcessPendingFlg`; null before the first check. */
    boardingStatusCd: text('boarding_status_cd'),
    signatureStatusCd: text('signature_status_cd'),
    pending: boolean('pending').notNull().default(false),
    /** LIVE, DECLINED or CANCELLED: no later change comes, the poll stops. */
    final: boolean('final').notNull().default(false),
    /** Checks in a row without a change (or failed): the back-off's step. */
    quietChecks: integer('quiet_checks').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastChangedAt: timestamp('last_changed_at', { withTimezone: true }),
    /** Why the last check did not answer, in words (shown); null after a good answer. */
    lastError: text('last_error'),
    /** Fields the provider refused on the last check, by their form labels. */
    problems: jsonb('problems').$type<{ field: string; message: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cardconnect_statuses_due_idx').on(t.final, t.nextCheckAt)],
);

/** Each change of boarding or signature status the poll saw: the application shows its statuses moving. */
export const cardConnectStatusChanges = pgTable(
  'cardconnect_status_changes',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    boardingStatusCd: text('boarding_status_cd').notNull(),
    signatureStatusCd: text('signature_status_cd').notNull(),
  },
  (t) => [index('cardconnect_status_changes_app_idx').on(t.applicationId, t.at)],
);
