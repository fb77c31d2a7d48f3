import { randomUUID } from 'node:crypto';
import { BASIC_MEMBERSHIP_ID, RENEWAL_RETRY_DAYS } from '@under/core/billing/billing.schema';
import { paymentFailedText, planEndedText } from '@under/core/ui-text/mails';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../db/repositories/audit.repository';
import { createCompaniesRepository } from '../../db/repositories/companies.repository';
import { composeMail } from '../../infra/mail/compose';
import { type ChargeResult, GatewayUnavailableError, type PaymentGateway } from '../../infra/payments/gateway';
import type { AuthService } from '../auth/auth.service';
import { couponDiscountFor } from '../coupons/coupon-discount';
import type { MailService } from '../mail/mail.service';
import { createBillingRepository, type PaymentRow } from './billing.repository';

const DAY_MS = 86_400_000;
/** How long after the first failed renewal the plan ends (the last retry is then). */
const RETRY_WINDOW_MS = RENEWAL_RETRY_DAYS[RENEWAL_RETRY_DAYS.length - 1] * DAY_MS;

interface LedgerDeps {
  db: Db;
  gateway: PaymentGateway;
  mail: MailService;
  auth: Pick<AuthService, 'revokeUserSessions'>;
  log: FastifyBaseLogger;
  publicUrl: string;
  now: Clock;
}

type PlanEndReason = 'trial-ended' | 'canceled' | 'payment-failed';

/**
 * Charges and their effects, shared by the user's use cases and the renewal job (decision 032). A charge is a row
 * written `pending` with its idempotency key before the gateway is called; the gateway call carries the key; the
 * result settles the row and applies its effect in one transaction, only if the row was still pending.
 */
export function createLedger(deps: LedgerDeps) {
  const { db, gateway, mail, log } = deps;
  const at = () => new Date(deps.now());

  /** Writes the pending row of a charge with its coupon discount; undefined when the key exists already. */
  async function reserve(
    tx: DbOrTx,
    opts: {
      companyId: string;
      membershipId: string;
      kind: 'subscribe' | 'upgrade' | 'renewal';
      idempotencyKey: string;
      periodStart: Date;
      periodEnd: Date;
      priceCents: number;
      paymentMethodId: string | null;
      card: { brand: string; last4: string } | null;
    },
  ): Promise<PaymentRow | undefined> {
    const { discountCents, couponId } = await couponDiscountFor(tx, opts.companyId, opts.priceCents, at());
    const discount = Math.min(Math.max(0, discountCents), opts.priceCents);
    return createBillingRepository(tx).insertPending({
      id: randomUUID(),
      companyId: opts.companyId,
      membershipId: opts.membershipId,
      kind: opts.kind,
      idempotencyKey: opts.idempotencyKey,
      periodStart: opts.periodStart,
      periodEnd: opts.periodEnd,
      priceCents: opts.priceCents,
      discountCents: discount,
      amountCents: opts.priceCents - discount,
      couponId,
      gatewayPaymentMethodId: opts.paymentMethodId,
      cardBrand: opts.card?.brand ?? null,
      cardLast4: opts.card?.last4 ?? null,
      createdAt: at(),
    });
  }

  /** Calls the gateway for a pending row (again, after a crash: same key, same answer). */
  async function callGateway(row: PaymentRow, customerId: string): Promise<ChargeResult> {
    if (row.amountCents === 0) return { ok: true, chargeId: `free:${row.id}` };
    if (!row.gatewayPaymentMethodId) return { ok: false, failure: 'invalid' };
    return gateway.charge({
      customerId,
      paymentMethodId: row.gatewayPaymentMethodId,
      amountCents: row.amountCents,
      description: `Under ${row.kind} ${row.membershipId} ${row.periodStart.toISOString().slice(0, 10)}`,
      idempotencyKey: row.idempotencyKey,
    });
  }

  /**
   * Records the gateway's answer and applies it: a paid charge puts its plan and period in force (and its card
   * becomes the saved card); a failed renewal makes the subscription past due and mails the administrators.
   */
  async function settle(row: PaymentRow, result: ChargeResult): Promise<PaymentRow> {
    const mails: string[] = [];
    const settled = await db.transaction(async (tx) => {
      const r = createBillingRepository(tx);
      const sub = await r.lockSubscription(row.companyId);
      const done = await r.settle(
        row.id,
        result.ok
          ? { status: 'paid', gatewayChargeId: result.chargeId, settledAt: at() }
          : { status: 'failed', failureCode: result.failure, settledAt: at() },
      );
      if (!done) return (await r.findPayment(row.id)) as PaymentRow;
      if (result.ok) {
        await r.setCompanyMembership(row.companyId, row.membershipId, at());
        await r.updateSubscription(
          row.companyId,
          {
            status: 'active',
            currentPeriodStart: row.periodStart,
            currentPeriodEnd: row.periodEnd,
            trialEndsAt: null,
            pastDueSince: null,
            pendingMembershipId: sub.pendingMembershipId === row.membershipId ? null : sub.pendingMembershipId,
            ...(row.kind !== 'renewal'
              ? {
                  cancelAtPeriodEnd: false,
                  gatewayPaymentMethodId: row.gatewayPaymentMethodId,
                  cardBrand: row.cardBrand,
                  cardLast4: row.cardLast4,
                }
              : {}),
          },
          at(),
        );
      } else if (row.kind !== 'renewal') {
        // a refused subscribe or upgrade changes no plan, but the next attempt (another card) is a new charge: its
        // idempotency key is decided on the version, which would otherwise still name this failed one
        await r.updateSubscription(row.companyId, {}, at());
      } else {
        const since = sub.pastDueSince ?? at();
        await r.updateSubscription(row.companyId, { status: 'past_due', pastDueSince: since }, at());
        const failures = await r.countFailedRenewals(row.companyId, row.periodStart);
        const retryDay = RENEWAL_RETRY_DAYS[failures - 1];
        const nextAttempt = retryDay === undefined ? null : new Date(since.getTime() + retryDay * DAY_MS);
        const membership = await r.findMembership(row.membershipId);
        const companyName =
          (await createCompaniesRepository(tx).findCompanyWithMembership(row.companyId))?.company.name ?? '';
        for (const to of await r.administratorEmails(row.companyId)) {
          mails.push(
            await mail.queueMail(tx, {
              kind: 'payment-failed',
              key: `payment-failed:${row.id}:${to}`,
              message: composeMail(
                to,
                paymentFailedText({
                  companyName,
                  planName: membership?.name ?? row.membershipId,
                  amountCents: row.amountCents,
                  nextAttempt,
                  endsAt: new Date(since.getTime() + RETRY_WINDOW_MS),
                  billingUrl: `${deps.publicUrl}/billings`,
                }),
              ),
            }),
          );
        }
      }
      const base = {
        actorUserId: null,
        companyId: row.companyId,
        targetType: 'company' as const,
        targetId: row.companyId,
      };
      if (row.kind === 'renewal') {
        await writeAudit(tx, {
          ...base,
          action: 'billing.renewal',
          details: { paymentId: row.id, status: done.status, amountCents: row.amountCents },
        });
      } else {
        await writeAudit(tx, {
          ...base,
          action: 'billing.subscribe',
          details: {
            membershipId: row.membershipId,
            kind: row.kind,
            status: done.status,
            amountCents: row.amountCents,
            paymentId: row.id,
          },
        });
      }
      return done;
    });
    for (const id of mails) await mail.dispatch(id).catch((err) => log.warn({ err }, 'billing mail not queued'));
    return settled;
  }

  /** Charges a pending row and settles it; a gateway that did not answer leaves it pending for the sweep. */
  async function run(row: PaymentRow, customerId: string): Promise<PaymentRow> {
    let result: ChargeResult;
    try {
      result = await callGateway(row, customerId);
    } catch (err) {
      if (err instanceof GatewayUnavailableError) log.warn({ paymentId: row.id, err: err.message }, 'gateway error');
      throw err;
    }
    return settle(row, result);
  }

  /**
   * The paid plan ends: the company moves to Basic; active members beyond its quota are deactivated (administrators
   * kept first, then by seniority: decision 032) and signed out; the administrators are told.
   */
  async function endPlan(companyId: string, reason: PlanEndReason, expectedVersion: number): Promise<boolean> {
    const mails: string[] = [];
    const ended = await db.transaction(async (tx) => {
      const r = createBillingRepository(tx);
      const sub = await r.lockSubscription(companyId);
      // another instance (or a payment) changed it since it was read
      if (sub.version !== expectedVersion || sub.status === 'none') return false;
      const found = await createCompaniesRepository(tx).findCompanyWithMembership(companyId);
      const company = found?.company;
      const from = company?.membershipId ?? BASIC_MEMBERSHIP_ID;
      const basic = await r.findMembership(BASIC_MEMBERSHIP_ID);
      const previous = found?.membership;
      const quota = basic?.userQuota ?? 1;
      const members = await r.listActiveMembersByPriority(companyId);
      const deactivated = quota < 0 ? [] : members.slice(quota);
      await r.deactivateUsers(
        deactivated.map((m) => m.id),
        at(),
      );
      for (const m of deactivated) await deps.auth.revokeUserSessions(tx, m.id);
      // forms beyond Basic's quota: the newest are deactivated, the oldest stay in use (decision 032)
      const deactivatedForms = await createCompaniesRepository(tx).deactivateFormsBeyond(
        companyId,
        basic?.formQuota ?? 1,
        at(),
      );
      await r.setCompanyMembership(companyId, BASIC_MEMBERSHIP_ID, at());
      await r.updateSubscription(
        companyId,
        {
          status: 'none',
          currentPeriodStart: null,
          currentPeriodEnd: null,
          trialEndsAt: null,
          cancelAtPeriodEnd: false,
          pendingMembershipId: null,
          pastDueSince: null,
        },
        at(),
      );
      await writeAudit(tx, {
        actorUserId: null,
        companyId,
        action: 'billing.plan-ended',
        targetType: 'company',
        targetId: companyId,
        details: { from, reason, deactivatedMembers: deactivated.length, deactivatedForms },
      });
      for (const to of await r.administratorEmails(companyId)) {
        mails.push(
          await mail.queueMail(tx, {
            kind: 'plan-ended',
            key: `plan-ended:${companyId}:${sub.version}:${to}`,
            message: composeMail(
              to,
              planEndedText({
                companyName: company?.name ?? '',
                planName: previous?.name ?? from,
                reason,
                deactivatedMembers: deactivated.length,
                membershipUrl: `${deps.publicUrl}/membership`,
              }),
            ),
          }),
        );
      }
      return true;
    });
    for (const id of mails) await mail.dispatch(id).catch((err) => log.warn({ err }, 'billing mail not queued'));
    return ended;
  }

  return { reserve, run, settle, callGateway, endPlan };
}

export type Ledger = ReturnType<typeof createLedger>;
