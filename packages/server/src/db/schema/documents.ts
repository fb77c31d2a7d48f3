import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications';

/**
 * A request to generate an application's documents (issue 13): written in the transaction of the last signature
 * (or of a regeneration), so it is never lost; the job that does the work reads it, and a sweep re-queues runs
 * whose job was lost. `generation` numbers the runs of one application (1, 2, …).
 */
export const applicationDocumentRuns = pgTable(
  'application_document_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull(),
    /** signed | regenerate. */
    reason: text('reason').notNull(),
    /** queued | running | done | failed. */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('application_document_runs_status_valid', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('application_document_runs_reason_valid', sql`${t.reason} in ('signed', 'regenerate')`),
    uniqueIndex('application_document_runs_uq').on(t.applicationId, t.generation),
    index('application_document_runs_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * A generated PDF (issue 13): one per template, the additional questions, and the audit certificate, per
 * generation. `slot` names the document within its generation ('template:<templateId>', 'additional',
 * 'certificate'), so a job that runs twice writes each document once. The file is sealed (PAdES-B) and stored.
 */
export const applicationDocuments = pgTable(
  'application_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => applicationDocumentRuns.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull(),
    /** template | additional | certificate. */
    kind: text('kind').notNull(),
    slot: text('slot').notNull(),
    templateId: uuid('template_id'),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    /** SHA-256 (hex) of the stored (sealed) bytes. */
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    pages: integer('pages').notNull(),
    sealed: boolean('sealed').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('application_documents_kind_valid', sql`${t.kind} in ('template', 'additional', 'certificate')`),
    uniqueIndex('application_documents_slot_uq').on(t.applicationId, t.generation, t.slot),
    uniqueIndex('application_documents_key_uq').on(t.storageKey),
    index('application_documents_sha_idx').on(t.sha256),
  ],
);
