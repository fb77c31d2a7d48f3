import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, centsToDollars, formatUsd, prorateCents } from './money';
import { checkTestCard, luhnValid, tokenizeTestCard } from './test-cards';

describe('money', () => {
  it('shows cents as dollars with 2 decimals', () => {
    expect(centsToDollars(4900)).toBe('49.00');
    expect(centsToDollars(5)).toBe('0.05');
    expect(centsToDollars(123456)).toBe('1234.56');
    expect(formatUsd(-1250)).toBe('-$12.50');
    // thousands separated, as every other amount on screen (it once printed $2990.00 beside $2,990.00)
    expect(formatUsd(299000)).toBe('$2,990.00');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('round-trips any whole number of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(Math.round(Number(centsToDollars(cents)) * 100)).toBe(cents);
        expect(Math.round(Number(formatUsd(cents).replace(/[$,]/g, '')) * 100)).toBe(cents);
      }),
    );
  });

  it('adds calendar months, clamped to the month end', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-23T00:00:00Z'), 1).toISOString()).toBe('2026-12-23T00:00:00.000Z');
    expect(addMonths(new Date('2026-12-15T00:00:00Z'), 1).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('prorates the price difference over what is left of the period', () => {
    const periodStart = new Date('2026-11-01T00:00:00Z');
    const periodEnd = new Date('2026-12-01T00:00:00Z');
    const half = new Date('2026-11-16T00:00:00Z');
    expect(prorateCents({ fromPriceCents: 4900, toPriceCents: 9900, periodStart, periodEnd, at: half })).toBe(2500);
    expect(prorateCents({ fromPriceCents: 9900, toPriceCents: 4900, periodStart, periodEnd, at: half })).toBe(0);
    expect(prorateCents({ fromPriceCents: 4900, toPriceCents: 9900, periodStart, periodEnd, at: periodEnd })).toBe(0);
    expect(prorateCents({ fromPriceCents: 0, toPriceCents: 9900, periodStart, periodEnd, at: periodStart })).toBe(9900);
  });
});

describe('test cards', () => {
  const now = new Date('2026-11-23T00:00:00Z');
  it('tokenizes the documented numbers and nothing else', () => {
    const card = { expMonth: 12, expYear: 2030, cvc: '123' };
    expect(tokenizeTestCard({ ...card, number: '4242 4242 4242 4242' }, now)).toBe('tok_test_visa');
    expect(tokenizeTestCard({ ...card, number: '4000-0000-0000-0002' }, now)).toBe('tok_test_decline');
    expect(tokenizeTestCard({ ...card, number: '4000000000000127' }, now)).toBe('tok_test_cvc');
    expect(tokenizeTestCard({ ...card, number: '4242424242424241' }, now)).toBeNull();
    expect(tokenizeTestCard({ ...card, number: '5555555555554444' }, now)).toBeNull();
    expect(tokenizeTestCard({ ...card, cvc: '12', number: '4242424242424242' }, now)).toBeNull();
    expect(tokenizeTestCard({ ...card, expYear: 2026, expMonth: 10, number: '4242424242424242' }, now)).toBeNull();
    expect(tokenizeTestCard({ ...card, expYear: 26, expMonth: 11, number: '4242424242424242' }, now)).toBe(
      'tok_test_visa',
    );
  });

  it('names what failed: the number, the expiry or the CVC', () => {
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
    expect(checkTestCard(card, now)).toEqual({ token: 'tok_test_visa' });
    expect(checkTestCard({ ...card, number: '4242424242424241' }, now)).toEqual({ failure: 'number' });
    expect(checkTestCard({ ...card, number: '5555555555554444' }, now)).toEqual({ failure: 'number' });
    expect(checkTestCard({ ...card, expMonth: 13 }, now)).toEqual({ failure: 'expiry' });
    expect(checkTestCard({ ...card, expYear: 2026, expMonth: 10 }, now)).toEqual({ failure: 'expiry' });
    expect(checkTestCard({ ...card, expYear: Number.NaN }, now)).toEqual({ failure: 'expiry' });
    expect(checkTestCard({ ...card, cvc: '12' }, now)).toEqual({ failure: 'cvc' });
    expect(checkTestCard({ ...card, number: '4000 0000 0000 0069' }, now)).toEqual({ token: 'tok_test_expired' });
  });

  it('checks Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424243')).toBe(false);
  });
});

describe('plan features', () => {
  it('gates the CRM integration by the plan flag', async () => {
    const { planAllows } = await import('./plan-features');
    expect(planAllows({ salesForce: true }, 'crm')).toBe(true);
    expect(planAllows({ salesForce: false }, 'crm')).toBe(false);
    expect(planAllows(null, 'crm')).toBe(false);
  });
});
