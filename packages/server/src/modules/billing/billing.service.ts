import { ERROR_CODES } from '@under/core/api/error.schema';
import {
  BASIC_MEMBERSHIP_ID,
  type BillingConfig,
  type BillingList,
  type BillingRow,
  type Quote,
  type SubscriptionDetail,
  TRIAL_DAYS,
} from '@under/core/billing/billing.schema';
import { addMonths, centsToDollars, prorateCents } from '@under/core/billing/money';
import { MESSAGES } from '@under/core/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../auth-context';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../db/repositories/audit.repository';
import { createCompaniesRepository } from '../../db/repositories/companies.repository';
import { AppError, notFound } from '../../errors';
import {
  type CardFailure,
  GatewayUnavailableError,
  type PaymentGateway,
  type SavedCard,
} from '../../infra/payments/gateway';
import { companyNotFound, requireCompanyId, requireOwnCompany } from '../accounts/tenant';
import { couponDiscountFor } from '../coupons/coupon-discount';
import { createBillingRepository, type PaymentRow, type SubscriptionRow } from './billing.repository';
import type { Ledger } from './billing-ledger';
import { invoicePdf } from './invoice-pdf';

const DAY_MS = 86_400_000;

interface BillingServiceDeps {
  db: Db;
  gateway: PaymentGateway;
  ledger: Ledger;
  log: FastifyBaseLogger;
  config: BillingConfig;
  now: Clock;
}

const paymentNotFound = () => notFound(MESSAGES.paymentNotFound);
/** The spec's card text, then what failed (issue 21 §5). */
const cardText = (failure: CardFailure | null) =>
  failure ? `${MESSAGES.cardValidation} ${MESSAGES.cardFailure[failure]}` : MESSAGES.cardValidation;
const cardRefused = (failure: CardFailure | null) => new AppError(ERROR_CODES.cardValidation, cardText(failure));
const isCardFailure = (code: string | null): code is CardFailure => Boolean(code && code in MESSAGES.cardFailure);
const gatewayDown = () => new AppError(ERROR_CODES.paymentGateway);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toRow(p: PaymentRow, membershipName: string): BillingRow {
  return {
    id: p.id,
    createdAt: p.createdAt.toISOString(),
    kind: p.kind as BillingRow['kind'],
    membershipId: p.membershipId,
    membershipName,
    periodStart: p.periodStart.toISOString(),
    periodEnd: p.periodEnd.toISOString(),
    status: p.status as BillingRow['status'],
    amountCents: p.amountCents,
    amount: centsToDollars(p.amountCents),
    discountCents: p.discountCents,
    discount: centsToDollars(p.discountCents),
    couponId: p.couponId,
    cardBrand: p.cardBrand,
    cardLast4: p.cardLast4,
    failure: p.status === 'failed' ? cardText(isCardFailure(p.failureCode) ? p.failureCode : null) : null,
    refundedAt: iso(p.refundedAt),
    hasInvoice: p.status === 'paid' || p.status === 'refunded',
  };
}

/** Plans that can be bought: subscribe, trial, upgrade, downgrade, cancel, card, history, refunds (decision 032). */
export function createBillingService(deps: BillingServiceDeps) {
  const { db, gateway, ledger } = deps;
  const repo = createBillingRepository(db);
  const companiesRepo = createCompaniesRepository(db);
  const at = () => new Date(deps.now());

  async function loadCompany(companyId: string) {
    const row = await companiesRepo.findCompanyWithMembership(companyId);
    if (!row) throw companyNotFound();
    return row;
  }

  async function membershipOrThrow(id: string) {
    const m = await repo.findMembership(id);
    if (!m) throw notFound(MESSAGES.membershipNotFound);
    return m;
  }

  async function detail(companyId: string): Promise<SubscriptionDetail> {
    const { company, membership } = await loadCompany(companyId);
    const sub = await repo.findSubscription(companyId);
    const active = company.status === 'inactive' ? 0 : await companiesRepo.countActiveUsers(companyId);
    const status = (sub?.status ?? 'none') as SubscriptionDetail['billing']['status'];
    return {
      userQuota: membership.userQuota,
      activatedUser: active,
      formQuota: membership.formQuota,
      activatedForm: company.status === 'inactive' ? 0 : await companiesRepo.countActiveForms(companyId),
      accountStatus: company.status,
      membershipId: membership.id,
      membershipName: membership.name,
      billing: {
        status,
        currentPeriodStart: iso(sub?.currentPeriodStart ?? null),
        currentPeriodEnd: iso(sub?.currentPeriodEnd ?? null),
        trialEndsAt: iso(sub?.trialEndsAt ?? null),
        trialUsed: sub?.trialUsed ?? false,
        cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
        pendingMembershipId: sub?.pendingMembershipId ?? null,
        retryUntil:
          status === 'past_due' && sub?.pastDueSince
            ? new Date(sub.pastDueSince.getTime() + 7 * DAY_MS).toISOString()
            : null,
        card: sub?.cardBrand && sub.cardLast4 ? { brand: sub.cardBrand, last4: sub.cardLast4 } : null,
      },
    };
  }

  async function customerOf(companyId: string, companyName: string, sub: SubscriptionRow | undefined) {
    if (sub?.gatewayCustomerId) return sub.gatewayCustomerId;
    const { customerId } = await gatewayCall(() =>
      gateway.createCustomer({ companyId, name: companyName, idempotencyKey: companyId }),
    );
    await repo.setCustomer(companyId, customerId);
    return customerId;
  }

  async function gatewayCall<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof GatewayUnavailableError) throw gatewayDown();
      throw err;
    }
  }

  /** Saves a browser token as a card with the gateway; a refused card is the spec's text and changes nothing. */
  async function saveCard(customerId: string, token: string): Promise<SavedCard> {
    const result = await gatewayCall(() => gateway.saveCard({ customerId, token }));
    if (!result.ok) throw cardRefused(result.failure);
    return result;
  }

  /** Members and forms beyond a plan's quotas: what must be deactivated before moving to it. */
  async function overQuota(companyId: string, plan: { userQuota: number; formQuota: number }) {
    const seats =
      (await companiesRepo.countActiveUsers(companyId)) +
      (await companiesRepo.countPendingInvitations(companyId, at()));
    const members = plan.userQuota < 0 ? 0 : Math.max(0, seats - plan.userQuota);
    const activeForms = await companiesRepo.countActiveForms(companyId);
    const forms = plan.formQuota < 0 ? 0 : Math.max(0, activeForms - plan.formQuota);
    return { members, forms };
  }

  async function audit(
    auth: AuthContext,
    companyId: string,
    event:
      | { action: 'billing.trial'; details: { membershipId: string; endsAt: string } }
      | { action: 'billing.downgrade'; details: { membershipId: string; at: string } }
      | { action: 'billing.cancel'; details: { at: string } }
      | { action: 'billing.resume'; details?: undefined }
      | { action: 'billing.card'; details: { brand: string; last4: string } },
    tx: Parameters<typeof writeAudit>[0],
  ) {
    await writeAudit(tx, { actorUserId: auth.userId, companyId, targetType: 'company', targetId: companyId, ...event });
  }

  /** A change of plan without a charge, decided on `version`: refused if the subscription changed meanwhile. */
  async function change(
    companyId: string,
    version: number,
    patch: Parameters<ReturnType<typeof createBillingRepository>['updateSubscription']>[1],
    then: (tx: Parameters<typeof writeAudit>[0]) => Promise<void>,
  ) {
    await db.transaction(async (tx) => {
      const r = createBillingRepository(tx);
      const locked = await r.lockSubscription(companyId);
      if (locked.version !== version) throw new AppError(ERROR_CODES.billingState);
      await r.updateSubscription(companyId, patch, at());
      await then(tx);
    });
  }

  /** A charge decided on the subscription's `version` (a double click finds the same key: one charge). */
  async function charge(opts: {
    companyId: string;
    version: number;
    kind: 'subscribe' | 'upgrade';
    membershipId: string;
    priceCents: number;
    periodStart: Date;
    periodEnd: Date;
    customerId: string;
    card: SavedCard;
  }) {
    const row = await db.transaction(async (tx) => {
      const locked = await createBillingRepository(tx).lockSubscription(opts.companyId);
      if (locked.version !== opts.version) throw new AppError(ERROR_CODES.billingState);
      return ledger.reserve(tx, {
        companyId: opts.companyId,
        membershipId: opts.membershipId,
        kind: opts.kind,
        idempotencyKey: `${opts.kind}:${opts.companyId}:v${opts.version}`,
        periodStart: opts.periodStart,
        periodEnd: opts.periodEnd,
        priceCents: opts.priceCents,
        paymentMethodId: opts.card.paymentMethodId,
        card: { brand: opts.card.brand, last4: opts.card.last4 },
      });
    });
    if (!row) throw new AppError(ERROR_CODES.billingState);
    const settled = await gatewayCall(() => ledger.run(row, opts.customerId));
    if (settled.status !== 'paid') throw cardRefused(isCardFailure(settled.failureCode) ? settled.failureCode : null);
  }

  async function cancelPlan(auth: AuthContext): Promise<SubscriptionDetail> {
    const companyId = requireCompanyId(auth);
    const sub = await repo.findSubscription(companyId);
    if (!sub || sub.status === 'none' || !sub.currentPeriodEnd) {
      throw new AppError(ERROR_CODES.billingState, MESSAGES.nothingToCancel);
    }
    if (sub.cancelAtPeriodEnd) return detail(companyId);
    await change(companyId, sub.version, { cancelAtPeriodEnd: true, pendingMembershipId: null }, (tx) =>
      audit(
        auth,
        companyId,
        { action: 'billing.cancel', details: { at: (sub.currentPeriodEnd as Date).toISOString() } },
        tx,
      ),
    );
    return detail(companyId);
  }

  return {
    getConfig: (): BillingConfig => deps.config,

    /** GET /api/subscription (optionally ?companyId=, which must be the caller's). */
    async getSubscription(opts: { auth: AuthContext; companyId?: string }): Promise<SubscriptionDetail> {
      const companyId = opts.companyId ? requireOwnCompany(opts.auth, opts.companyId) : requireCompanyId(opts.auth);
      return detail(companyId);
    },

    /**
     * POST /api/subscription: Basic or no paid plan -> pay the plan for a month from now; a dearer plan -> upgrade
     * now, charging the difference for the rest of the period; a cheaper plan -> from the period's end (refused
     * while the team is over its quotas); the same plan -> resumes a cancelled or scheduled change.
     */
    async subscribe(opts: {
      auth: AuthContext;
      membershipId: string;
      cardToken?: string;
    }): Promise<SubscriptionDetail> {
      const companyId = requireCompanyId(opts.auth);
      const target = await membershipOrThrow(opts.membershipId);
      const { company, membership: current } = await loadCompany(companyId);
      const sub = await repo.findSubscription(companyId);
      const version = sub?.version ?? 0;
      if (target.id === BASIC_MEMBERSHIP_ID || target.priceCents <= 0) {
        return cancelPlan(opts.auth);
      }
      const paid = sub?.status === 'active' && sub.currentPeriodStart && sub.currentPeriodEnd;

      if (paid && target.id === current.id && !opts.cardToken) {
        if (!sub.cancelAtPeriodEnd && !sub.pendingMembershipId) {
          throw new AppError(ERROR_CODES.billingState, MESSAGES.alreadyOnPlan);
        }
        await change(companyId, version, { cancelAtPeriodEnd: false, pendingMembershipId: null }, (tx) =>
          audit(opts.auth, companyId, { action: 'billing.resume' }, tx),
        );
        return detail(companyId);
      }

      if (paid && target.priceCents < current.priceCents) {
        const over = await overQuota(companyId, target);
        if (over.members > 0 || over.forms > 0) {
          throw new AppError(
            ERROR_CODES.downgradeOverQuota,
            MESSAGES.downgradeOverQuota(target.name, over.members, over.forms),
          );
        }
        const card = opts.cardToken
          ? await saveCard(await customerOf(companyId, company.name, sub), opts.cardToken)
          : undefined;
        await change(
          companyId,
          version,
          {
            pendingMembershipId: target.id,
            cancelAtPeriodEnd: false,
            ...(card
              ? { gatewayPaymentMethodId: card.paymentMethodId, cardBrand: card.brand, cardLast4: card.last4 }
              : {}),
          },
          (tx) =>
            audit(
              opts.auth,
              companyId,
              {
                action: 'billing.downgrade',
                details: { membershipId: target.id, at: (sub.currentPeriodEnd as Date).toISOString() },
              },
              tx,
            ),
        );
        return detail(companyId);
      }

      const customerId = await customerOf(companyId, company.name, sub);
      let card: SavedCard;
      if (opts.cardToken) card = await saveCard(customerId, opts.cardToken);
      else if (sub?.gatewayPaymentMethodId && sub.cardBrand && sub.cardLast4) {
        card = { paymentMethodId: sub.gatewayPaymentMethodId, brand: sub.cardBrand, last4: sub.cardLast4 };
      } else throw new AppError(ERROR_CODES.cardRequired);

      if (paid && target.priceCents > current.priceCents) {
        const periodStart = sub.currentPeriodStart as Date;
        const periodEnd = sub.currentPeriodEnd as Date;
        const price = prorateCents({
          fromPriceCents: current.priceCents,
          toPriceCents: target.priceCents,
          periodStart,
          periodEnd,
          at: at(),
        });
        await charge({
          companyId,
          version,
          kind: 'upgrade',
          membershipId: target.id,
          priceCents: price,
          periodStart,
          periodEnd,
          customerId,
          card,
        });
        return detail(companyId);
      }
      if (paid && target.id === current.id) {
        // the same plan with a new card: the card is replaced, nothing is charged
        await change(
          companyId,
          version,
          {
            gatewayPaymentMethodId: card.paymentMethodId,
            cardBrand: card.brand,
            cardLast4: card.last4,
            cancelAtPeriodEnd: false,
            pendingMembershipId: null,
          },
          (tx) =>
            audit(
              opts.auth,
              companyId,
              { action: 'billing.card', details: { brand: card.brand, last4: card.last4 } },
              tx,
            ),
        );
        return detail(companyId);
      }
      // no paid period (Basic, trial, or a renewal that failed): a month from now
      const periodStart = at();
      await charge({
        companyId,
        version,
        kind: 'subscribe',
        membershipId: target.id,
        priceCents: target.priceCents,
        periodStart,
        periodEnd: addMonths(periodStart, 1),
        customerId,
        card,
      });
      return detail(companyId);
    },

    /**
     * GET /api/subscription/quote: what `subscribe` with the same plan would charge today, by the same rules (the
     * proration of an upgrade, the coupon's discount at this moment), so the page states it before charging.
     */
    async quote(opts: { auth: AuthContext; membershipId: string }): Promise<Quote> {
      const companyId = requireCompanyId(opts.auth);
      const target = await membershipOrThrow(opts.membershipId);
      const { membership: current } = await loadCompany(companyId);
      const sub = await repo.findSubscription(companyId);
      const paid = sub?.status === 'active' && sub.currentPeriodStart && sub.currentPeriodEnd;
      const now = at();
      let kind: Quote['kind'];
      let priceCents: number;
      let periodEnd: Date | null;
      if (target.priceCents <= 0 || (paid && target.priceCents <= current.priceCents)) {
        kind = 'change';
        priceCents = 0;
        periodEnd = sub?.currentPeriodEnd ?? null;
      } else if (paid) {
        kind = 'upgrade';
        periodEnd = sub.currentPeriodEnd as Date;
        priceCents = prorateCents({
          fromPriceCents: current.priceCents,
          toPriceCents: target.priceCents,
          periodStart: sub.currentPeriodStart as Date,
          periodEnd,
          at: now,
        });
      } else {
        kind = 'subscribe';
        priceCents = target.priceCents;
        periodEnd = addMonths(now, 1);
      }
      const { discountCents } =
        priceCents > 0 ? await couponDiscountFor(db, companyId, priceCents, now) : { discountCents: 0 };
      const discount = Math.min(Math.max(0, discountCents), priceCents);
      return {
        kind,
        monthlyCents: target.priceCents,
        priceCents,
        discountCents: discount,
        amountCents: priceCents - discount,
        periodEnd: iso(periodEnd),
      };
    },

    /** POST /api/subscription/trial: a paid plan for 14 days without a card, once per company. */
    async startTrial(opts: { auth: AuthContext; membershipId: string }): Promise<SubscriptionDetail> {
      const companyId = requireCompanyId(opts.auth);
      const target = await membershipOrThrow(opts.membershipId);
      if (target.priceCents <= 0) throw new AppError(ERROR_CODES.billingState, MESSAGES.trialPaidOnly);
      await db.transaction(async (tx) => {
        const r = createBillingRepository(tx);
        const sub = await r.lockSubscription(companyId);
        if (sub.trialUsed) throw new AppError(ERROR_CODES.billingState, MESSAGES.trialUsed);
        if (sub.status !== 'none') throw new AppError(ERROR_CODES.billingState, MESSAGES.trialWhilePaying);
        const start = at();
        const ends = new Date(start.getTime() + TRIAL_DAYS * DAY_MS);
        await r.setCompanyMembership(companyId, target.id, start);
        await r.updateSubscription(
          companyId,
          {
            status: 'trialing',
            trialUsed: true,
            trialEndsAt: ends,
            currentPeriodStart: start,
            currentPeriodEnd: ends,
            cancelAtPeriodEnd: false,
            pendingMembershipId: null,
          },
          start,
        );
        await audit(
          opts.auth,
          companyId,
          { action: 'billing.trial', details: { membershipId: target.id, endsAt: ends.toISOString() } },
          tx,
        );
      });
      return detail(companyId);
    },

    /** GET /api/check-times-subscription/{companyId}: the plan's time is in force, or the renewal failed. */
    async checkTimesSubscription(opts: { auth: AuthContext; companyId: string }) {
      const companyId = requireOwnCompany(opts.auth, opts.companyId);
      const sub = await repo.findSubscription(companyId);
      const status = (sub?.status ?? 'none') as SubscriptionDetail['billing']['status'];
      if (status === 'past_due') {
        const until = new Date((sub?.pastDueSince?.getTime() ?? deps.now()) + 7 * DAY_MS);
        throw new AppError(ERROR_CODES.billingPastDue, MESSAGES.subscriptionPastDue(until.toISOString().slice(0, 10)));
      }
      return { valid: true as const, status };
    },

    /** POST /api/subscription/cancel: the paid plan (or trial) ends at the period's end; Basic then. */
    cancel: (opts: { auth: AuthContext }) => cancelPlan(opts.auth),

    /** PATCH /api/card/{companyId}: a new card from the gateway's token; renewals charge it from now on. */
    async updateCard(opts: { auth: AuthContext; companyId: string; token: string }) {
      const companyId = requireOwnCompany(opts.auth, opts.companyId);
      const { company } = await loadCompany(companyId);
      const sub = await repo.findSubscription(companyId);
      const card = await saveCard(await customerOf(companyId, company.name, sub), opts.token);
      await db.transaction(async (tx) => {
        const r = createBillingRepository(tx);
        await r.lockSubscription(companyId);
        await r.updateSubscription(
          companyId,
          { gatewayPaymentMethodId: card.paymentMethodId, cardBrand: card.brand, cardLast4: card.last4 },
          at(),
        );
        await audit(
          opts.auth,
          companyId,
          { action: 'billing.card', details: { brand: card.brand, last4: card.last4 } },
          tx,
        );
      });
      return { brand: card.brand, last4: card.last4 };
    },

    /** GET /api/billings: the caller's company. */
    async listBillings(opts: { auth: AuthContext; page: number; pageSize: number }): Promise<BillingList> {
      return list(requireCompanyId(opts.auth), opts.page, opts.pageSize);
    },

    /** GET /api/companies/{companyId}/billings: an admin, or the company's own administrator. */
    async listCompanyBillings(opts: {
      auth: AuthContext;
      companyId: string;
      page: number;
      pageSize: number;
    }): Promise<BillingList> {
      const companyId = opts.auth.pool === 'admin' ? opts.companyId : ownAdministrator(opts.auth, opts.companyId);
      await loadCompany(companyId);
      return list(companyId, opts.page, opts.pageSize);
    },

    /** GET /api/billings/{paymentId}/invoice: a PDF for money taken (paid, or paid and refunded). */
    async invoice(opts: { auth: AuthContext; paymentId: string }): Promise<{ fileName: string; bytes: Uint8Array }> {
      const payment = await readablePayment(opts.auth, opts.paymentId);
      if (payment.status !== 'paid' && payment.status !== 'refunded') throw paymentNotFound();
      const { company } = await loadCompany(payment.companyId);
      const membership = await repo.findMembership(payment.membershipId);
      const bytes = await invoicePdf({ payment, companyName: company.name, planName: membership?.name ?? '' });
      return { fileName: `invoice-${payment.id.slice(0, 8)}.pdf`, bytes };
    },

    /** POST /api/billings/{paymentId}/refund (admin): the whole charge back to the card; audited. */
    async refund(opts: { auth: AuthContext; paymentId: string }): Promise<BillingRow> {
      const payment = await repo.findPayment(opts.paymentId);
      if (!payment) throw paymentNotFound();
      if (payment.status !== 'paid') throw new AppError(ERROR_CODES.billingState, MESSAGES.refundNotPaid);
      const chargeId = payment.gatewayChargeId as string;
      const { refundId } = chargeId.startsWith('free:')
        ? { refundId: chargeId }
        : await gatewayCall(() => gateway.refund({ chargeId, idempotencyKey: `refund:${payment.id}` }));
      const row = await db.transaction(async (tx) => {
        const done = await createBillingRepository(tx).markRefunded(payment.id, refundId, at());
        if (!done) throw new AppError(ERROR_CODES.billingState, MESSAGES.refundNotPaid);
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId: payment.companyId,
          action: 'billing.refund',
          targetType: 'payment',
          targetId: payment.id,
          details: { amountCents: payment.amountCents },
        });
        return done;
      });
      const membership = await repo.findMembership(row.membershipId);
      return toRow(row, membership?.name ?? row.membershipId);
    },
  };

  function ownAdministrator(auth: AuthContext, companyId: string): string {
    requireOwnCompany(auth, companyId);
    if (auth.role !== 'ADMINISTRATOR') throw companyNotFound();
    return companyId;
  }

  async function readablePayment(auth: AuthContext, paymentId: string): Promise<PaymentRow> {
    const payment = await repo.findPayment(paymentId);
    if (!payment) throw paymentNotFound();
    if (auth.pool === 'admin') return payment;
    if (auth.companyId !== payment.companyId || auth.role !== 'ADMINISTRATOR') throw paymentNotFound();
    return payment;
  }

  async function list(companyId: string, page: number, pageSize: number): Promise<BillingList> {
    const { rows, total } = await repo.listPayments(companyId, page, pageSize);
    return { items: rows.map((r) => toRow(r.payment, r.membershipName)), total, page, pageSize };
  }
}

export type BillingService = ReturnType<typeof createBillingService>;

/**
 * Staff set a company's plan (admin back office, decision 033): a downgrade the customer had scheduled for the
 * period's end no longer applies (it would undo the staff's choice at renewal). A cancellation stays: it is the
 * customer's decision to stop paying. Runs in the caller's transaction; answers whether a downgrade was dropped.
 */
export async function dropScheduledDowngrade(tx: DbOrTx, companyId: string, at: Date): Promise<boolean> {
  const r = createBillingRepository(tx);
  const sub = await r.findSubscription(companyId);
  if (!sub?.pendingMembershipId) return false;
  await r.updateSubscription(companyId, { pendingMembershipId: null }, at);
  return true;
}
