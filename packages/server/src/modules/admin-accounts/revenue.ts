import { or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingPayments as p } from '../../db/schema/billing';

/** The first instant of the calendar month (UTC) of `now`, and of the next one. */
export function monthBounds(now: Date): { from: Date; to: Date } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { from, to };
}

/**
 * Payments received in the calendar month (UTC) of `now`, in cents, for the admin overview: what was charged this
 * month (paid, or paid and refunded since) less what was refunded this month, whenever it had been charged.
 */
export async function revenueThisMonthCents(tx: DbOrTx, now: Date): Promise<number> {
  const { from, to } = monthBounds(now);
  const chargedThisMonth = sql`${p.status} in ('paid', 'refunded') and ${p.settledAt} >= ${from} and ${p.settledAt} < ${to}`;
  const refundedThisMonth = sql`${p.status} = 'refunded' and ${p.refundedAt} >= ${from} and ${p.refundedAt} < ${to}`;
  const [row] = await tx
    .select({
      cents: sql<string>`coalesce(sum(${p.amountCents}) filter (where ${chargedThisMonth}), 0)
        - coalesce(sum(${p.amountCents}) filter (where ${refundedThisMonth}), 0)`,
    })
    .from(p)
    .where(or(chargedThisMonth, refundedThisMonth));
  return Number(row?.cents ?? 0);
}
