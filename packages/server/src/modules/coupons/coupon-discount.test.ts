import { DEFAULT_MEMBERSHIPS } from '@under/core/accounts/membership.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createCompaniesRepository } from '../../db/repositories/companies.repository';
import { companyCoupons, coupons } from '../../db/schema/index';
import { createTestDatabase, testDatabases } from '../../test/helpers';
import { couponDiscountFor } from './coupon-discount';

let n = 0;

describe.each(testDatabases())('couponDiscountFor on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (const m of DEFAULT_MEMBERSHIPS) await createCompaniesRepository(database.db).upsertMembership(m);
  });
  afterAll(() => database.close());

  /** A company with a coupon applied at `appliedAt` (and removed at `removedAt`). */
  async function companyWith(
    coupon: { percentage?: number; amountCents?: number; durationInMonths: number },
    appliedAt: Date,
    removedAt: Date | null = null,
  ) {
    const db = database.db;
    const company = await createCompaniesRepository(db).insertCompany({ name: 'Bank', membershipId: 'MEMBERSHIP_002' });
    const [c] = await db
      .insert(coupons)
      .values({
        code: `D${++n}X`,
        name: 'Test',
        percentage: coupon.percentage ?? null,
        amountCents: coupon.amountCents ?? null,
        durationInMonths: coupon.durationInMonths,
        redemptionCount: 1,
      })
      .returning();
    if (!c) throw new Error('no coupon');
    await db.insert(companyCoupons).values({ companyId: company.id, couponId: c.id, appliedAt, removedAt });
    return { companyId: company.id, couponId: c.id };
  }

  const applied = new Date('2026-01-31T10:00:00Z');

  it('is nothing for a company without a coupon', async () => {
    const company = await createCompaniesRepository(database.db).insertCompany({
      name: 'Plain',
      membershipId: 'MEMBERSHIP_002',
    });
    expect(await couponDiscountFor(database.db, company.id, 4900, applied)).toEqual({
      discountCents: 0,
      couponId: null,
    });
  });

  it('takes a percentage, rounded down to the cent, within the duration', async () => {
    const { companyId, couponId } = await companyWith({ percentage: 33, durationInMonths: 1 }, applied);
    expect(await couponDiscountFor(database.db, companyId, 4999, applied)).toEqual({ discountCents: 1649, couponId });
    // one calendar month from Jan 31 ends on Feb 28
    expect(await couponDiscountFor(database.db, companyId, 4999, new Date('2026-02-28T09:59:59Z'))).toEqual({
      discountCents: 1649,
      couponId,
    });
    expect(await couponDiscountFor(database.db, companyId, 4999, new Date('2026-02-28T10:00:00Z'))).toEqual({
      discountCents: 0,
      couponId: null,
    });
  });

  it('takes an amount, never more than the price', async () => {
    const { companyId, couponId } = await companyWith({ amountCents: 10_000, durationInMonths: 12 }, applied);
    const at = new Date('2026-06-01T00:00:00Z');
    expect(await couponDiscountFor(database.db, companyId, 29_900, at)).toEqual({ discountCents: 10_000, couponId });
    expect(await couponDiscountFor(database.db, companyId, 4_900, at)).toEqual({ discountCents: 4_900, couponId });
  });

  it('is nothing before the coupon was applied, and after it was removed', async () => {
    const { companyId } = await companyWith({ percentage: 50, durationInMonths: 6 }, applied);
    expect(
      (await couponDiscountFor(database.db, companyId, 4900, new Date('2026-01-30T00:00:00Z'))).discountCents,
    ).toBe(0);
    const removed = await companyWith(
      { percentage: 50, durationInMonths: 6 },
      applied,
      new Date('2026-02-10T00:00:00Z'),
    );
    expect(await couponDiscountFor(database.db, removed.companyId, 4900, new Date('2026-03-01T00:00:00Z'))).toEqual({
      discountCents: 0,
      couponId: null,
    });
  });

  it('runs inside a transaction', async () => {
    const { companyId, couponId } = await companyWith({ percentage: 10, durationInMonths: 3 }, applied);
    const result = await database.db.transaction((tx) =>
      couponDiscountFor(tx, companyId, 29_900, new Date('2026-02-01T00:00:00Z')),
    );
    expect(result).toEqual({ discountCents: 2990, couponId });
  });
});
