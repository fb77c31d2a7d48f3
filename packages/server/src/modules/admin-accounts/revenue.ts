import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingPayments } from '../../db/schema/billing';

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
  const [charged] = await tx
    .select({ cents: sql<string>`coalesce(sum(${billingPayments.amountCents}), 0)` })
    .from(billingPayments)
    .where(
      and(
        inArray(billingPayments.status, ['paid', 'refunded']),
        gte(billingPayments.settledAt, from),
        lt(billingPayments.settledAt, to),
      ),
    );
  const [refunded] = await tx
    .select({ cents: sql<string>`coalesce(sum(${billingPayments.amountCents}), 0)` })
    .from(billingPayments)
    .where(
      and(
        inArray(billingPayments.status, ['refunded']),
        gte(billingPayments.refundedAt, from),
        lt(billingPayments.refundedAt, to),
      ),
    );
  return Number(charged?.cents ?? 0) - Number(refunded?.cents ?? 0);
}
