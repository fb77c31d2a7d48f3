import type { COUPON_SORTS } from '@under/core/coupons/coupon.schema';
import { and, asc, count, desc, eq, gt, ilike, isNull, lt, max, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { companies, companyCoupons, coupons, memberships } from '../../db/schema/index';

export type CouponRow = typeof coupons.$inferSelect;
export type CompanyCouponRow = typeof companyCoupons.$inferSelect;

const SORT_COLUMNS = {
  createdAt: coupons.createdAt,
  code: coupons.code,
  name: sql`lower(${coupons.name})`,
  expiresAt: coupons.expiresAt,
} as const;

// companies that have the coupon applied now
const companiesUsing = sql<number>`(select count(*)::int from "company_coupons" "cc" where "cc"."coupon_id" = "coupons"."id" and "cc"."removed_at" is null)`;

export interface CouponListParams {
  page: number;
  pageSize: number;
  q?: string;
  sort: (typeof COUPON_SORTS)[number];
  order: 'asc' | 'desc';
}

export function createCouponsRepository(db: DbOrTx) {
  return {
    async listCoupons(q: CouponListParams) {
      const where: SQL | undefined = q.q
        ? or(ilike(coupons.code, likePattern(q.q)), ilike(coupons.name, likePattern(q.q)))
        : undefined;
      const sortCol = SORT_COLUMNS[q.sort];
      const rows = await db
        .select({ coupon: coupons, companiesUsing })
        .from(coupons)
        .where(where)
        .orderBy(q.order === 'asc' ? asc(sortCol) : desc(sortCol), asc(coupons.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      const [total] = await db.select({ n: count() }).from(coupons).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async findCoupon(couponId: string) {
      const [row] = await db.select({ coupon: coupons, companiesUsing }).from(coupons).where(eq(coupons.id, couponId));
      return row;
    },

    async insertCoupon(values: typeof coupons.$inferInsert): Promise<CouponRow> {
      const [row] = await db.insert(coupons).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** The coupon row, locked until the transaction ends (an edit and a redemption take turns). */
    async lockCoupon(couponId: string): Promise<CouponRow | undefined> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
      return row;
    },

    async updateCoupon(couponId: string, patch: Partial<typeof coupons.$inferInsert>): Promise<void> {
      await db
        .update(coupons)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(coupons.id, couponId));
    },

    /**
     * Spends one redemption if the coupon is not expired at `now` and below its limit: one conditional update, so
     * parallel redemptions on any number of instances never pass the limit. Undefined when nothing was spent.
     */
    async redeem(couponId: string, now: Date): Promise<CouponRow | undefined> {
      const [row] = await db
        .update(coupons)
        .set({ redemptionCount: sql`${coupons.redemptionCount} + 1`, updatedAt: now })
        .where(
          and(
            eq(coupons.id, couponId),
            or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
            or(isNull(coupons.redemptionLimit), lt(coupons.redemptionCount, coupons.redemptionLimit)),
          ),
        )
        .returning();
      return row;
    },

    async insertCompanyCoupon(values: typeof companyCoupons.$inferInsert): Promise<CompanyCouponRow> {
      const [row] = await db.insert(companyCoupons).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async findCompanyCoupon(companyId: string, couponId: string): Promise<CompanyCouponRow | undefined> {
      const [row] = await db
        .select()
        .from(companyCoupons)
        .where(and(eq(companyCoupons.companyId, companyId), eq(companyCoupons.couponId, couponId)));
      return row;
    },

    /** The coupon applied to the company now (not removed), with the coupon. */
    async findAppliedCoupon(companyId: string) {
      const [row] = await db
        .select({ applied: companyCoupons, coupon: coupons })
        .from(companyCoupons)
        .innerJoin(coupons, eq(coupons.id, companyCoupons.couponId))
        .where(and(eq(companyCoupons.companyId, companyId), isNull(companyCoupons.removedAt)));
      return row;
    },

    /** Marks an applied coupon removed; false when it was not applied (already removed by someone else). */
    async markRemoved(id: string, by: string, now: Date): Promise<CompanyCouponRow | undefined> {
      const [row] = await db
        .update(companyCoupons)
        .set({ removedAt: now, removedByUserId: by })
        .where(and(eq(companyCoupons.id, id), isNull(companyCoupons.removedAt)))
        .returning();
      return row;
    },

    async listCouponCompanies(couponId: string) {
      return db
        .select({ applied: companyCoupons, companyName: companies.name })
        .from(companyCoupons)
        .innerJoin(companies, eq(companies.id, companyCoupons.companyId))
        .where(eq(companyCoupons.couponId, couponId))
        .orderBy(desc(companyCoupons.appliedAt));
    },

    /** The price of the most expensive plan: an amount coupon may not take off more (spec 1 §5). */
    async highestPlanPriceCents(): Promise<number> {
      const [row] = await db.select({ max: max(memberships.priceCents) }).from(memberships);
      return row?.max ?? 0;
    },
  };
}
