import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Who did what, written in the same transaction as the change it records, with the caller's IP and user agent
 * (issue 13). The events of an application (target type 'application') are chained (decision 044): each stores its
 * number in the application's chain (`chainSeq`, 1, 2, …), the previous event's hash and its own
 * (`hash` = SHA-256 of `prevHash|chainSeq|payload`, payload the canonical text of the event), so an event removed
 * or edited in the database is detected by the history.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    companyId: uuid('company_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The application whose chain the event is part of (target type 'application'). */
    applicationId: uuid('application_id'),
    chainSeq: integer('chain_seq'),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_company_idx').on(t.companyId, t.at),
    uniqueIndex('audit_chain_uq').on(t.applicationId, t.chainSeq).where(sql`${t.applicationId} is not null`),
  ],
);

/**
 * The head of each application's chain: its last event's number and hash. Advanced by one
 * `insert … on conflict do update` in the transaction that writes the events, so two writers of one application
 * queue on this row and never fork the chain.
 */
export const applicationAuditHeads = pgTable('application_audit_heads', {
  applicationId: uuid('application_id').primaryKey(),
  seq: integer('seq').notNull(),
  hash: text('hash').notNull(),
  /** The head's hash before the last batch of events (what that batch chained from). */
  prevHash: text('prev_hash').notNull(),
});
