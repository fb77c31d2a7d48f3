import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bytesToMegabytes,
  formatCurrency,
  formatDate,
  formatDatePattern,
  formatDateTime,
  formatMegabytes,
  formatPhone,
} from './format';

describe('formatDateTime', () => {
  it('writes a moment in UTC with its time, seconds when asked; nothing for an invalid one', () => {
    expect(formatDateTime('2026-11-28T14:05:09.123Z')).toBe('Nov/28/2026 14:05 UTC');
    expect(formatDateTime(new Date('2026-01-02T03:04:05Z'), true)).toBe('Jan/02/2026 03:04:05 UTC');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatDate', () => {
  it('formats the three spec formats in UTC', () => {
    expect(formatDate('2026-11-22')).toBe('Nov/22/2026');
    expect(formatDate('2026-11-22', 'MM/dd/yyyy')).toBe('11/22/2026');
    expect(formatDate('2026-11-22', 'MMM dd, yyyy')).toBe('Nov 22, 2026');
    expect(formatDate(new Date(Date.UTC(2026, 0, 5, 23, 59)))).toBe('Jan/05/2026');
    expect(formatDate('2026-03-01T02:00:00+05:00')).toBe('Feb/28/2026');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });

  it('formats by a pattern of tokens (a PDF template date format), the rest as written', () => {
    expect(formatDatePattern('2024-03-05', 'MM/dd/yyyy')).toBe('03/05/2024');
    expect(formatDatePattern('2024-03-05', 'dd/MM/yyyy')).toBe('05/03/2024');
    expect(formatDatePattern('2024-03-05', 'yyyy-MM-dd')).toBe('2024-03-05');
    expect(formatDatePattern('2024-03-05', 'MMM d, yyyy')).toBe('Mar 5, 2024');
    expect(formatDatePattern('2024-11-22', 'M/d')).toBe('11/22');
    expect(formatDatePattern('2024-03-05', 'Date: yyyy')).toBe('Date: 2024');
    expect(formatDatePattern('garbage', 'MM/dd/yyyy')).toBe('');
  });

  it('agrees with the UTC calendar for any instant', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2999, 11, 31)), noInvalidDate: true }),
        (d) => {
          const [mm, dd, yyyy] = formatDate(d, 'MM/dd/yyyy').split('/').map(Number);
          expect([yyyy, (mm ?? 0) - 1, dd]).toEqual([d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()]);
          expect(formatDate(d)).toMatch(/^[A-Z][a-z]{2}\/\d{2}\/\d{4}$/);
        },
      ),
    );
  });
});

describe('formatPhone', () => {
  it.each([
    ['5551234567', '(555) 123-4567'],
    ['555-123-4567', '(555) 123-4567'],
    ['(555) 123 4567', '(555) 123-4567'],
    ['+1 555 123 4567', '+1 (555) 123-4567'],
    ['15551234567', '+1 (555) 123-4567'],
    ['+5551234567', '+1 (555) 123-4567'],
    ['12345', '12345'],
  ])('shows %s as %s', (value, shown) => {
    expect(formatPhone(value)).toBe(shown);
  });

  it('always shows 10 digits as (ddd) ddd-dddd', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (digits) => {
        expect(formatPhone(digits)).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      }),
    );
  });
});

describe('currency', () => {
  it('formats USD and EUR with two decimals and separators', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(1234567.891, 'EUR')).toBe('€1,234,567.89');
    expect(formatCurrency(-3)).toBe('-$3.00');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(Number.NaN)).toBe('');
  });
});

describe('bytes', () => {
  it('divides by 1,000,000', () => {
    expect(bytesToMegabytes(25_000_000)).toBe(25);
    expect(formatMegabytes(12_345_678)).toBe('12.35 MB');
  });
});
