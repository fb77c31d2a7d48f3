import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Domain events (decision 064): written in the transaction of the change that causes them, then delivered to each
 * subscriber after the commit (at once, else by the sweep), retried until every subscriber has it.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey(),
    /** A type of core's `DOMAIN_EVENTS` catalogue. */
    type: text('type').notNull(),
    /** The application it is about (every event of the catalogue is about one). */
    applicationId: uuid('application_id'),
    /** Checked against the catalogue's schema when written: ids and what subscribers need, never an encrypted value. */
    payload: jsonb('payload').notNull(),
    /** `pending` until every subscriber has it; `failed` after the last attempt (an operator's matter, logged). */
    status: text('status').notNull().default('pending'),
    /** Rounds of delivery that left a subscriber without it. */
    attempts: integer('attempts').notNull().default(0),
    /** Which subscriber failed last, and its error's message. */
    lastError: text('last_error'),
    /** When the sweep may try again; the first time a while after the commit, which delivers it at once. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('domain_events_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    index('domain_events_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/**
 * One row per event a subscriber has handled, written in the subscriber's own transaction with its work: a
 * redelivery (a crash before the event was marked delivered, two sweeps at once) finds it and does nothing.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.subscriber] })],
);
