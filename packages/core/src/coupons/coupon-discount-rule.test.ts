import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { couponEndsAt, discountOf } from './coupon-discount-rule';

describe('couponEndsAt', () => {
  it('counts calendar months in UTC', () => {
    expect(couponEndsAt(new Date('2026-01-15T10:00:00Z'), 1).toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(couponEndsAt(new Date('2026-11-23T00:00:00Z'), 12).toISOString()).toBe('2027-11-23T00:00:00.000Z');
  });
  it('ends on the last day of a shorter month', () => {
    expect(couponEndsAt(new Date('2026-01-31T12:00:00Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(couponEndsAt(new Date('2028-01-31T12:00:00Z'), 1).toISOString()).toBe('2028-02-29T12:00:00.000Z');
  });
  it('always ends after it starts and within 31 days per month', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 12 }),
        (d, m) => {
          const end = couponEndsAt(d, m).getTime();
          return end > d.getTime() && end - d.getTime() <= m * 31 * 86_400_000;
        },
      ),
    );
  });
});

describe('discountOf', () => {
  it('takes a percentage rounded down to the cent', () => {
    expect(discountOf({ percentage: 10, amountCents: null }, 4900)).toBe(490);
    expect(discountOf({ percentage: 33, amountCents: null }, 4999)).toBe(1649);
    expect(discountOf({ percentage: 100, amountCents: null }, 299000)).toBe(299000);
  });
  it('takes an amount, never more than the price', () => {
    expect(discountOf({ percentage: null, amountCents: 1000 }, 4900)).toBe(1000);
    expect(discountOf({ percentage: null, amountCents: 299000 }, 4900)).toBe(4900);
  });
  it('takes nothing from a free plan', () => {
    expect(discountOf({ percentage: 50, amountCents: null }, 0)).toBe(0);
  });
  it('is between 0 and the price for any coupon', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.oneof(
          fc.record({ percentage: fc.integer({ min: 1, max: 100 }), amountCents: fc.constant(null) }),
          fc.record({ percentage: fc.constant(null), amountCents: fc.integer({ min: 100, max: 299_000 }) }),
        ),
        (price, coupon) => {
          const d = discountOf(coupon, price);
          return Number.isInteger(d) && d >= 0 && d <= price;
        },
      ),
    );
  });
});
