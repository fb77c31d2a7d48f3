import type { DbOrTx } from '../../db/client';

/**
 * Payments received in the calendar month (UTC) of `now`, in cents, for the admin overview. Null while no billing
 * table exists: the lead wires E1's billings table at merge (sum of paid charges less refunds this month).
 */
export async function revenueThisMonthCents(_tx: DbOrTx, _now: Date): Promise<number | null> {
  return null;
}
