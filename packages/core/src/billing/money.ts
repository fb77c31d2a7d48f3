import { formatCurrency } from '../forms/format';

/** Spec 1 §9: cents convert to dollars with 2 decimals: 123456 becomes '1234.56'. */
export function centsToDollars(cents: number): string {
  return (Math.round(cents) / 100).toFixed(2);
}

/**
 * Every amount held in cents (plans, coupons, charges, refunds, revenue), on screen, in mails and invoices:
 * `$49.00`, `$2,990.00`, a refund as `-$49.00`. The one formatter of such amounts; answers in dollars use
 * forms/format's formatCurrency, which this shares.
 */
export function formatUsd(cents: number): string {
  return formatCurrency(Math.round(cents) / 100, 'USD');
}

/**
 * The same day `months` calendar months later (UTC), clamped to the month's last day: a period starting on 31
 * January ends on 28 (29) February, the next on 28 (29) March.
 */
export function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * What an upgrade costs now (decision 032): the price difference for the part of the period that is left, rounded
 * to the cent. Nothing for a cheaper plan or a period already over.
 */
export function prorateCents(opts: {
  fromPriceCents: number;
  toPriceCents: number;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
}): number {
  const total = opts.periodEnd.getTime() - opts.periodStart.getTime();
  const left = opts.periodEnd.getTime() - opts.at.getTime();
  const diff = opts.toPriceCents - opts.fromPriceCents;
  if (total <= 0 || left <= 0 || diff <= 0) return 0;
  return Math.round((diff * Math.min(left, total)) / total);
}
