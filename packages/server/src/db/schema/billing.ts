import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies, memberships } from './accounts';

/**
 * The billing side of a company's plan (decision 032). `companies.membership_id` stays the plan in force (quotas
 * read it); this row says how it is paid. No row: Basic, never billed. Card details are the gateway's description
 * (brand, last 4 digits) and its reusable id; never a card number.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id),
    status: text('status').notNull().default('none'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    trialUsed: boolean('trial_used').notNull().default(false),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    pendingMembershipId: text('pending_membership_id').references(() => memberships.id),
    /** The first failed renewal of the current period (retries run for 7 days from it). */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    gatewayCustomerId: text('gateway_customer_id'),
    gatewayPaymentMethodId: text('gateway_payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Bumped by every change: a user's charge is keyed by the version it was decided on (a double click, one charge). */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subscriptions_status_check', sql`${t.status} in ('none', 'trialing', 'active', 'past_due')`),
    index('subscriptions_due_idx').on(t.status, t.currentPeriodEnd),
  ],
);

/**
 * One row per charge attempt, written (status `pending`) BEFORE the gateway is called, with the idempotency key the
 * gateway call carries. The key is unique: a second instance, or a retried job, that tries the same charge finds
 * the row and does not charge; a charge interrupted by a crash is completed later with the same key, which the
 * gateway answers with the first result instead of charging again.
 */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    membershipId: text('membership_id')
      .notNull()
      .references(() => memberships.id),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('pending'),
    /** What the plan costs for the charge (cents), the coupon's discount, and what was charged. */
    priceCents: integer('price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    /** The coupon that gave the discount (the coupons module's id). */
    couponId: text('coupon_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The gateway's card charged; it becomes the company's saved card when a user's charge succeeds. */
    gatewayPaymentMethodId: text('gateway_payment_method_id'),
    gatewayChargeId: text('gateway_charge_id'),
    gatewayRefundId: text('gateway_refund_id'),
    /** Our short reason of a failure (`declined`, `cvc`, …); never the gateway's raw text. */
    failureCode: text('failure_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('billing_payments_idempotency_uq').on(t.idempotencyKey),
    index('billing_payments_company_idx').on(t.companyId, t.createdAt),
    check('billing_payments_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'refunded')`),
    check('billing_payments_kind_check', sql`${t.kind} in ('subscribe', 'upgrade', 'renewal')`),
    check('billing_payments_amount_check', sql`${t.amountCents} >= 0 and ${t.discountCents} >= 0`),
  ],
);
