import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './accounts';

/**
 * Button-link integrations (issue #24 §4; decision 084): a URL the platform's admin set for one company, and the
 * secret its deliveries are signed with (sealed in `secrets.signingSecret`, registered in SEALED_COLUMNS).
 */
export const buttonLinkIntegrations = pgTable(
  'button_link_integrations',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The spec's `buttonLink`: its host (and port) is the only host its deliveries may reach. */
    url: text('url').notNull(),
    status: text('status').notNull().default('active'),
    /** `{ signingSecret: 'enc:v1:…' }`. */
    secrets: jsonb('secrets').$type<{ signingSecret: string }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('button_link_integrations_status_check', sql`${t.status} in ('active', 'inactive')`),
    index('button_link_integrations_company_idx').on(t.companyId),
  ],
);

/**
 * One delivery of one event to one button link. The row is the queue (like the syncs, decision 074): a pg-boss job
 * only wakes a worker; state, next attempt and lease decide what runs, so a lost job or a killed worker is found
 * again by the sweep. The body is kept as sent (ids, status, field keys: no answer), so a retry and a resend send the
 * same bytes under a fresh timestamp and signature.
 */
export const buttonLinkDeliveries = pgTable(
  'button_link_deliveries',
  {
    id: uuid('id').primaryKey(),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => buttonLinkIntegrations.id, { onDelete: 'cascade' }),
    /** The event's id: the same for every retry and resend of it. */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    applicationId: uuid('application_id'),
    /** The JSON body, exactly as sent. */
    body: text('body').notNull(),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
    resendOf: uuid('resend_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('button_link_deliveries_state_check', sql`${t.state} in ('queued', 'sending', 'delivered', 'failed')`),
    index('button_link_deliveries_log_idx').on(t.integrationId, t.createdAt),
    index('button_link_deliveries_due_idx').on(t.state, t.nextAttemptAt),
  ],
);
