import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';

/**
 * Discount coupons (spec 1 §1, §3, §5; decision 033). A coupon takes either a percentage or an amount in cents,
 * never both. `redemptionCount` counts every company the coupon was ever applied to (removals included): it is raised
 * by one conditional update, so parallel redemptions cannot pass the limit.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored in upper case: codes are typed by people and compared without regard to case. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 1-100, or null when the coupon takes an amount. */
    percentage: integer('percentage'),
    /** In cents, or null when the coupon takes a percentage. */
    amountCents: integer('amount_cents'),
    durationInMonths: integer('duration_in_months').notNull(),
    /** null: no limit. */
    redemptionLimit: integer('redemption_limit'),
    redemptionCount: integer('redemption_count').notNull().default(0),
    /** After this the coupon cannot be applied any more; companies that have it keep it for its duration. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_uq').on(t.code),
    check('coupons_code_upper', sql`${t.code} = upper(${t.code})`),
    check('coupons_one_discount', sql`(${t.percentage} is null) <> (${t.amountCents} is null)`),
    check('coupons_percentage_range', sql`${t.percentage} is null or (${t.percentage} between 1 and 100)`),
    check('coupons_amount_positive', sql`${t.amountCents} is null or ${t.amountCents} > 0`),
    check('coupons_duration_range', sql`${t.durationInMonths} between 1 and 12`),
    check(
      'coupons_redemptions',
      sql`${t.redemptionCount} >= 0 and (${t.redemptionLimit} is null or ${t.redemptionCount} <= ${t.redemptionLimit})`,
    ),
  ],
);

/**
 * A coupon applied to a company. The row stays after removal (`removedAt`): one row per company and coupon, so a
 * coupon used and removed cannot be used again by that company (spec 2 §8), and at most one applied coupon per company.
 */
export const companyCoupons = pgTable(
  'company_coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    /** The duration of the discount runs from here. */
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    appliedByUserId: uuid('applied_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedByUserId: uuid('removed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('company_coupons_once_uq').on(t.companyId, t.couponId),
    uniqueIndex('company_coupons_applied_uq').on(t.companyId).where(sql`${t.removedAt} is null`),
    index('company_coupons_coupon_idx').on(t.couponId, t.appliedAt),
  ],
);
