import type { DbOrTx } from '../../db/client';

/**
 * The coupon discount of one charge of a company's plan at `at` (cents, at most `priceCents`), and the coupon that
 * gives it. Every charge of the billing module asks this and stores both on the payment row.
 */
export async function couponDiscountFor(
  _tx: DbOrTx,
  _companyId: string,
  _priceCents: number,
  _at: Date,
): Promise<{ discountCents: number; couponId: string | null }> {
  // replaced at merge by the coupons module (helper E2)
  return { discountCents: 0, couponId: null };
}
