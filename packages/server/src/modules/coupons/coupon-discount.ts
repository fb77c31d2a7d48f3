import { couponEndsAt, discountOf } from '@under/core/coupons/coupon-discount-rule';
import type { DbOrTx } from '../../db/client';
import { createCouponsRepository } from './coupons.repository';

/**
 * What the company's coupon takes off a charge of `priceCents` made at `at` (the payments code calls this inside the
 * charge's transaction). The coupon counts while it is applied (not removed) and `at` lies within its duration,
 * counted in calendar months from when it was applied; a percentage is rounded down to the cent; the discount never
 * exceeds the price. A coupon's expiry only ends new applications: a company that has it keeps it for its duration
 * (decision 033).
 */
export async function couponDiscountFor(
  tx: DbOrTx,
  companyId: string,
  priceCents: number,
  at: Date,
): Promise<{ discountCents: number; couponId: string | null }> {
  const found = await createCouponsRepository(tx).findAppliedCoupon(companyId);
  return found ? appliedDiscount(found, priceCents, at) : { discountCents: 0, couponId: null };
}

/** The same rule for an applied coupon already read (the discount screen has it loaded). */
export function appliedDiscount(
  found: {
    applied: { appliedAt: Date };
    coupon: { id: string; durationInMonths: number } & Parameters<typeof discountOf>[0];
  },
  priceCents: number,
  at: Date,
): { discountCents: number; couponId: string | null } {
  const { applied, coupon } = found;
  const t = at.getTime();
  if (t < applied.appliedAt.getTime() || t >= couponEndsAt(applied.appliedAt, coupon.durationInMonths).getTime()) {
    return { discountCents: 0, couponId: null };
  }
  return { discountCents: discountOf(coupon, priceCents), couponId: coupon.id };
}
