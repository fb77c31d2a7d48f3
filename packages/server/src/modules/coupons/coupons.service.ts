import { ERROR_CODES } from '@under/core/api/error.schema';
import { formatUsd } from '@under/core/billing/money';
import type {
  CompanyCoupon,
  CompanyDiscount,
  Coupon,
  CouponStatus,
  CreateCouponBody,
  UpdateCouponBody,
} from '@under/core/coupons/coupon.schema';
import { couponEndsAt } from '@under/core/coupons/coupon-discount-rule';
import { COUPON_MESSAGES as M } from '@under/core/coupons/coupon-messages';
import type { AuthContext } from '../../auth-context';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { writeAudit } from '../../db/repositories/audit.repository';
import { createCompaniesRepository } from '../../db/repositories/companies.repository';
import { AppError } from '../../errors';
import { companyNotFound, requireOwnCompany } from '../accounts/tenant';
import { appliedDiscount } from './coupon-discount';
import {
  type CompanyCouponRow,
  type CouponListParams,
  type CouponRow,
  createCouponsRepository,
} from './coupons.repository';

const notFound = () => new AppError(ERROR_CODES.couponNotFound);
const invalid = (path: string, message: string) => new AppError(ERROR_CODES.validation, message, [{ path, message }]);

/** The fields whose change would alter what companies already holding the coupon get. */
const LOCKED_ONCE_USED = ['code', 'percentage', 'amountCents', 'durationInMonths'] as const;

interface CouponsServiceDeps {
  db: Db;
  now?: Clock;
}

export function createCouponsService(deps: CouponsServiceDeps) {
  const { db } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  const repo = createCouponsRepository(db);

  function statusOf(c: CouponRow, at: Date): CouponStatus {
    if (c.expiresAt && c.expiresAt.getTime() <= at.getTime()) return 'expired';
    if (c.redemptionLimit !== null && c.redemptionCount >= c.redemptionLimit) return 'used-up';
    return 'active';
  }

  function toCoupon(c: CouponRow, companiesUsing: number, at = now()): Coupon {
    return {
      id: c.id,
      code: c.code,
      name: c.name,
      percentage: c.percentage,
      amount: c.amountCents,
      durationInMonths: c.durationInMonths,
      redemptionLimit: c.redemptionLimit,
      redemptionCount: c.redemptionCount,
      expiresAt: c.expiresAt?.toISOString() ?? null,
      status: statusOf(c, at),
      companiesUsing,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    };
  }

  function toCompanyCoupon(row: CompanyCouponRow, companyName: string, coupon: CouponRow): CompanyCoupon {
    return {
      companyId: row.companyId,
      companyName,
      couponId: row.couponId,
      appliedAt: row.appliedAt.toISOString(),
      endsAt: couponEndsAt(row.appliedAt, coupon.durationInMonths).toISOString(),
      removedAt: row.removedAt?.toISOString() ?? null,
    };
  }

  /** An amount may not take off more than the most expensive plan costs (spec 1 §5). */
  async function checkAmount(tx: DbOrTx, amountCents: number | null) {
    if (amountCents === null) return;
    const highest = await createCouponsRepository(tx).highestPlanPriceCents();
    if (amountCents > highest) throw invalid('amount', M.amountRange(formatUsd(highest)));
  }

  async function load(couponId: string) {
    const found = await repo.findCoupon(couponId);
    if (!found) throw notFound();
    return found;
  }

  return {
    /** GET /api/coupons */
    async list(q: CouponListParams) {
      const { rows, total } = await repo.listCoupons(q);
      const at = now();
      return {
        items: rows.map((r) => toCoupon(r.coupon, r.companiesUsing, at)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /** GET /api/coupon/{couponId} */
    async get(opts: { couponId: string }): Promise<Coupon> {
      const found = await load(opts.couponId);
      return toCoupon(found.coupon, found.companiesUsing);
    },

    /** POST /api/coupon */
    async create(opts: { auth: AuthContext; body: CreateCouponBody }): Promise<Coupon> {
      const b = opts.body;
      const at = now();
      if (b.expiresAt && new Date(b.expiresAt).getTime() <= at.getTime()) throw invalid('expiresAt', M.expiresAtPast);
      try {
        const row = await db.transaction(async (tx) => {
          await checkAmount(tx, b.amount ?? null);
          const r = createCouponsRepository(tx);
          const row = await r.insertCoupon({
            code: b.code,
            name: b.name,
            percentage: b.percentage ?? null,
            amountCents: b.amount ?? null,
            durationInMonths: b.durationInMonths,
            redemptionLimit: b.redemptionLimit ?? null,
            expiresAt: b.expiresAt ? new Date(b.expiresAt) : null,
          });
          await writeAudit(tx, {
            actorUserId: opts.auth.userId,
            action: 'coupon.create',
            targetType: 'coupon',
            targetId: row.id,
            details: { code: row.code },
          });
          return row;
        });
        return toCoupon(row, 0, at);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(ERROR_CODES.couponCodeUsed);
        throw err;
      }
    },

    /**
     * PATCH /api/coupon/{couponId}: the given fields change. Once the coupon has been applied to a company, its code,
     * discount and duration are what those companies were given, and stay (decision 033).
     */
    async update(opts: { auth: AuthContext; couponId: string; body: UpdateCouponBody }): Promise<Coupon> {
      const b = opts.body;
      try {
        const { row, companiesUsing } = await db.transaction(async (tx) => {
          const r = createCouponsRepository(tx);
          const current = await r.lockCoupon(opts.couponId);
          if (!current) throw notFound();
          const next = {
            code: b.code ?? current.code,
            name: b.name ?? current.name,
            percentage: current.percentage,
            amountCents: current.amountCents,
            durationInMonths: b.durationInMonths ?? current.durationInMonths,
            redemptionLimit: b.redemptionLimit !== undefined ? b.redemptionLimit : current.redemptionLimit,
            expiresAt:
              b.expiresAt !== undefined ? (b.expiresAt === null ? null : new Date(b.expiresAt)) : current.expiresAt,
          };
          // a percentage replaces an amount and the other way round
          if (b.percentage != null) {
            next.percentage = b.percentage;
            next.amountCents = null;
          } else if (b.amount != null) {
            next.amountCents = b.amount;
            next.percentage = null;
          }
          if ((next.percentage === null) === (next.amountCents === null)) throw invalid('percentage', M.oneDiscount);
          const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => {
            const a = next[k];
            const c = current[k];
            return a instanceof Date || c instanceof Date
              ? (a as Date | null)?.getTime() !== (c as Date | null)?.getTime()
              : a !== c;
          });
          if (current.redemptionCount > 0 && changed.some((k) => (LOCKED_ONCE_USED as readonly string[]).includes(k))) {
            throw new AppError(ERROR_CODES.couponLocked);
          }
          if (next.redemptionLimit !== null && next.redemptionLimit < current.redemptionCount) {
            throw invalid('redemptionLimit', M.limitBelowUsed(current.redemptionCount));
          }
          if (changed.includes('amountCents')) await checkAmount(tx, next.amountCents);
          if (changed.length > 0) {
            await r.updateCoupon(current.id, next);
            await writeAudit(tx, {
              actorUserId: opts.auth.userId,
              action: 'coupon.update',
              targetType: 'coupon',
              targetId: current.id,
              details: { fields: changed.map((k) => (k === 'amountCents' ? 'amount' : k)) },
            });
          }
          const found = await r.findCoupon(current.id);
          if (!found) throw notFound();
          return { row: found.coupon, companiesUsing: found.companiesUsing };
        });
        return toCoupon(row, companiesUsing);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(ERROR_CODES.couponCodeUsed);
        throw err;
      }
    },

    /** GET /api/coupon/{couponId}/companies: every company it was applied to, removed ones included. */
    async listCompanies(opts: { couponId: string }): Promise<{ items: CompanyCoupon[] }> {
      const { coupon } = await load(opts.couponId);
      const rows = await repo.listCouponCompanies(coupon.id);
      return { items: rows.map((r) => toCompanyCoupon(r.applied, r.companyName, coupon)) };
    },

    /**
     * POST /api/company/{companyId}/coupon/{couponId}: applies the coupon to the company. One coupon per company at a
     * time; a coupon the company had and lost cannot be applied again; an expired or used-up coupon is refused.
     * Applying the coupon the company already has changes nothing.
     */
    async apply(opts: { auth: AuthContext; companyId: string; couponId: string }): Promise<CompanyCoupon> {
      const at = now();
      try {
        return await db.transaction(async (tx) => {
          const company = await createCompaniesRepository(tx).lockCompany(opts.companyId);
          if (!company) throw companyNotFound();
          const r = createCouponsRepository(tx);
          const coupon = (await r.findCoupon(opts.couponId))?.coupon;
          if (!coupon) throw notFound();
          const before = await r.findCompanyCoupon(company.id, coupon.id);
          if (before && !before.removedAt) return toCompanyCoupon(before, company.name, coupon);
          if (before) throw new AppError(ERROR_CODES.couponUsedBefore);
          if (await r.findAppliedCoupon(company.id)) throw new AppError(ERROR_CODES.companyHasCoupon);
          const spent = await r.redeem(coupon.id, at);
          if (!spent) {
            const latest = await r.lockCoupon(coupon.id);
            if (latest?.expiresAt && latest.expiresAt.getTime() <= at.getTime()) {
              throw new AppError(ERROR_CODES.couponExpired);
            }
            throw new AppError(ERROR_CODES.couponLimitReached);
          }
          const row = await r.insertCompanyCoupon({
            companyId: company.id,
            couponId: coupon.id,
            appliedAt: at,
            appliedByUserId: opts.auth.userId,
          });
          await writeAudit(tx, {
            actorUserId: opts.auth.userId,
            companyId: company.id,
            action: 'coupon.apply',
            targetType: 'company',
            targetId: company.id,
            details: { couponId: coupon.id, code: coupon.code },
          });
          return toCompanyCoupon(row, company.name, spent);
        });
      } catch (err) {
        // the company's lock makes this rare; an index is the last word
        if (isUniqueViolation(err)) throw new AppError(ERROR_CODES.companyHasCoupon);
        throw err;
      }
    },

    /** DELETE /api/company/{companyId}/coupon/{couponId}: ends the discount; the redemption stays spent. */
    async remove(opts: { auth: AuthContext; companyId: string; couponId: string }): Promise<CompanyCoupon> {
      const at = now();
      return db.transaction(async (tx) => {
        const company = await createCompaniesRepository(tx).lockCompany(opts.companyId);
        if (!company) throw companyNotFound();
        const r = createCouponsRepository(tx);
        const coupon = (await r.findCoupon(opts.couponId))?.coupon;
        if (!coupon) throw notFound();
        const applied = await r.findCompanyCoupon(company.id, coupon.id);
        const removed =
          applied && !applied.removedAt ? await r.markRemoved(applied.id, opts.auth.userId, at) : undefined;
        if (!removed) throw new AppError(ERROR_CODES.couponNotApplied);
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId: company.id,
          action: 'coupon.remove',
          targetType: 'company',
          targetId: company.id,
          details: { couponId: coupon.id, code: coupon.code },
        });
        return toCompanyCoupon(removed, company.name, coupon);
      });
    },

    /**
     * GET /api/companies/{companyId}/discount: admins for any company, client users for their own (another company
     * answers 404).
     */
    async getCompanyDiscount(opts: { auth: AuthContext; companyId: string }): Promise<CompanyDiscount> {
      const companyId = opts.auth.pool === 'admin' ? opts.companyId : requireOwnCompany(opts.auth, opts.companyId);
      const found = await createCompaniesRepository(db).findCompanyWithMembership(companyId);
      if (!found) throw companyNotFound();
      const planPriceCents = found.membership.priceCents;
      const applied = await repo.findAppliedCoupon(companyId);
      if (!applied) return { coupon: null, appliedAt: null, endsAt: null, planPriceCents, discountCents: 0 };
      const at = now();
      const current = await repo.findCoupon(applied.coupon.id);
      // the very rule the charges use, so the screen shows what the next charge takes off
      const { discountCents } = appliedDiscount(applied, planPriceCents, at);
      return {
        coupon: toCoupon(applied.coupon, current?.companiesUsing ?? 1, at),
        appliedAt: applied.applied.appliedAt.toISOString(),
        endsAt: couponEndsAt(applied.applied.appliedAt, applied.coupon.durationInMonths).toISOString(),
        planPriceCents,
        discountCents,
      };
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
