import { addMonths } from '../billing/money';

/**
 * The arithmetic of a coupon's discount (decision 033), shared by the server's renewal and the screens.
 * All money is in integer cents.
 */

/**
 * The end of a discount that runs `months` calendar months from `appliedAt` (UTC): Jan 31 + 1 month is the last day
 * of February, as people count a month. The same month arithmetic as a billing period's.
 */
export function couponEndsAt(appliedAt: Date, months: number): Date {
  return addMonths(appliedAt, months);
}

/**
 * What a coupon takes off a price: a percentage rounded down to the cent (never more than the stated percentage), or
 * the amount; never more than the price, never negative.
 */
export function discountOf(coupon: { percentage: number | null; amountCents: number | null }, priceCents: number) {
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0) return 0;
  const raw =
    coupon.percentage !== null
      ? Math.floor((priceCents * coupon.percentage) / 100)
      : coupon.amountCents !== null
        ? coupon.amountCents
        : 0;
  return Math.max(0, Math.min(priceCents, raw));
}
