import type { CurrencyCode } from './field-types';

/** Display formats of spec 1 §9, computed in UTC without a date library so server and browser agree. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Date formats of spec 1 §9: the default, the other place's, and the PDF preview's. */
export const DATE_FORMATS = ['MMM/dd/yyyy', 'MMM dd, yyyy', 'MM/dd/yyyy'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Reads a Date, epoch milliseconds or ISO string; a bare `yyyy-MM-dd` is that calendar day. */
export function toDate(value: Date | string | number): Date | undefined {
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `Nov/22/2026`, `Nov 22, 2026` or `11/22/2026` in UTC; '' for an invalid date. */
export function formatDate(value: Date | string | number, format: DateFormat = 'MMM/dd/yyyy'): string {
  return formatDatePattern(value, format);
}

/**
 * A date in UTC by a pattern of tokens (a PDF template's date format): yyyy, MMM (Jan), MM (01), M (1), dd (05),
 * d (5); any other character is printed as written. '' for an invalid date. The three spec formats are patterns.
 */
export function formatDatePattern(value: Date | string | number, pattern: string): string {
  const date = toDate(value);
  if (!date) return '';
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  const tokens: Record<string, string> = {
    yyyy: pad(date.getUTCFullYear(), 4),
    MMM: MONTHS[month] ?? '',
    MM: pad(month + 1),
    M: String(month + 1),
    dd: pad(day),
    d: String(day),
  };
  return pattern.replace(/yyyy|MMM|MM|M|dd|d/g, (token) => tokens[token] ?? token);
}

/** A moment as people read it, in UTC: `Nov/28/2026 14:05 UTC` (`withSeconds`: `14:05:09 UTC`); '' if invalid. */
export function formatDateTime(value: Date | string | number, withSeconds = false): string {
  const date = toDate(value);
  if (!date) return '';
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}${withSeconds ? `:${pad(date.getUTCSeconds())}` : ''}`;
  return `${formatDate(date)} ${time} UTC`;
}

/**
 * `(ddd) ddd-dddd`, with `+1 ` in front when the number carries the country code (11 digits starting with 1,
 * or a leading +). Anything that is not a 10-digit US number is returned as it was typed.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  const hasCountry = digits.length === 11 && digits.startsWith('1');
  const local = hasCountry ? digits.slice(1) : digits;
  if (local.length !== 10) return value;
  const body = `(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`;
  return hasCountry || value.trim().startsWith('+') ? `+1 ${body}` : body;
}

/** Currency symbols of spec 1 §3. */
export const CURRENCY_SYMBOLS: Record<CurrencyCode, string> = { USD: '$', EUR: '€' };

/** `$1,234.50`, `-€3.00`: two decimals, thousands separated by commas. */
export function formatCurrency(amount: number, currency: CurrencyCode = 'USD'): string {
  if (!Number.isFinite(amount)) return '';
  const fixed = Math.abs(amount).toFixed(2);
  const [whole = '0', cents = '00'] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amount < 0 && fixed !== '0.00' ? '-' : '';
  return `${sign}${CURRENCY_SYMBOLS[currency]}${grouped}.${cents}`;
}

/** Bytes to megabytes, dividing by 1,000,000 as spec 1 §9 says (so 25 MB is 25,000,000 bytes). */
export function bytesToMegabytes(bytes: number): number {
  return bytes / 1_000_000;
}

/** `12.35 MB`: at most two decimals, trailing zeros dropped. */
export function formatMegabytes(bytes: number): string {
  return `${Number(bytesToMegabytes(bytes).toFixed(2))} MB`;
}
