import { BASIC_MEMBERSHIP_ID, RENEWAL_RETRY_DAYS, type RenewalRun } from '@under/core/billing/billing.schema';
import { addMonths } from '@under/core/billing/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { createCompaniesRepository } from '../../db/repositories/companies.repository';
import { GatewayUnavailableError } from '../../infra/payments/gateway';
import { createBillingRepository, type SubscriptionRow } from './billing.repository';
import type { Ledger } from './billing-ledger';

const DAY_MS = 86_400_000;
/** A charge still pending after this long was cut off (a crash): it is completed with its own key. */
export const STALE_PENDING_MS = 5 * 60_000;
export const RENEWAL_QUEUE = 'billing-renewals';
/** Every 10 minutes; pg-boss runs each slot on one instance, and the rows make a second run harmless anyway. */
export const RENEWAL_CRON = '*/10 * * * *';

/**
 * The renewal pass (decision 032), run by the scheduled job and by admins: completes charges a crash left pending,
 * then handles every trial or period that has ended: ends it (trial without a card, cancelled, unpaid for 7 days),
 * or charges the next period. Each charge's row, keyed `renewal:{company}:{period start}:{attempt}`, is inserted
 * before the gateway is called: a second instance or a second run finds it and charges nothing.
 */
export function createRenewalService(deps: { db: Db; ledger: Ledger; log: FastifyBaseLogger; now: Clock }) {
  const { db, ledger, log } = deps;
  const repo = createBillingRepository(db);

  async function renewOne(sub: SubscriptionRow, counts: RenewalRun): Promise<void> {
    const companyId = sub.companyId;
    const periodStart = sub.currentPeriodEnd as Date;
    const end = async (reason: 'trial-ended' | 'canceled' | 'payment-failed') => {
      if (await ledger.endPlan(companyId, reason, sub.version)) counts.ended += 1;
    };
    if (sub.cancelAtPeriodEnd || sub.pendingMembershipId === BASIC_MEMBERSHIP_ID) return end('canceled');
    if (!sub.gatewayPaymentMethodId || !sub.gatewayCustomerId) {
      return end(sub.status === 'trialing' ? 'trial-ended' : 'payment-failed');
    }
    const failures = await repo.countFailedRenewals(companyId, periodStart);
    if (failures > RENEWAL_RETRY_DAYS.length) return end('payment-failed');
    if (failures > 0) {
      const since = sub.pastDueSince ?? periodStart;
      const retryAt = since.getTime() + (RENEWAL_RETRY_DAYS[failures - 1] as number) * DAY_MS;
      if (deps.now() < retryAt) return;
    }
    const found = await createCompaniesRepository(db).findCompanyWithMembership(companyId);
    const membership = sub.pendingMembershipId ? await repo.findMembership(sub.pendingMembershipId) : found?.membership;
    if (!found || !membership) return;
    const row = await ledger.reserve(db, {
      companyId,
      membershipId: membership.id,
      kind: 'renewal',
      idempotencyKey: `renewal:${companyId}:${periodStart.toISOString()}:${failures + 1}`,
      periodStart,
      periodEnd: addMonths(periodStart, 1),
      priceCents: membership.priceCents,
      paymentMethodId: sub.gatewayPaymentMethodId,
      card: sub.cardBrand && sub.cardLast4 ? { brand: sub.cardBrand, last4: sub.cardLast4 } : null,
    });
    // another instance, or an earlier run, holds this attempt
    if (!row) return;
    const settled = await ledger.run(row, sub.gatewayCustomerId);
    if (settled.status === 'paid') counts.charged += 1;
    else {
      counts.failed += 1;
      // the last retry failed: the plan ends now, not at the next pass
      if (failures + 1 > RENEWAL_RETRY_DAYS.length) {
        const now = await repo.findSubscription(companyId);
        if (now && (await ledger.endPlan(companyId, 'payment-failed', now.version))) counts.ended += 1;
      }
    }
  }

  return {
    async run(): Promise<RenewalRun> {
      const counts: RenewalRun = { charged: 0, failed: 0, ended: 0 };
      for (const row of await repo.listStalePending(new Date(deps.now() - STALE_PENDING_MS))) {
        const sub = await repo.findSubscription(row.companyId);
        try {
          const settled = await ledger.run(row, sub?.gatewayCustomerId ?? '');
          if (settled.status === 'paid') counts.charged += 1;
          else counts.failed += 1;
        } catch (err) {
          log.warn({ err, paymentId: row.id }, 'pending charge not completed');
        }
      }
      for (const sub of await repo.listDue(new Date(deps.now()))) {
        try {
          await renewOne(sub, counts);
        } catch (err) {
          // one company's failure (the gateway away) does not stop the others; the next pass tries again
          if (!(err instanceof GatewayUnavailableError)) log.error({ err, companyId: sub.companyId }, 'renewal failed');
          else log.warn({ companyId: sub.companyId }, 'renewal: gateway unavailable');
        }
      }
      return counts;
    },
  };
}

export type RenewalService = ReturnType<typeof createRenewalService>;
