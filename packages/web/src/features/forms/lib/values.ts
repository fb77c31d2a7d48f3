import type { FormComponent } from '@under/core/forms/form.schema';
import { CURRENCY_SYMBOLS, formatCurrency, formatDate, formatPhone } from '@under/core/forms/format';

/** Number inputs keep what was typed until it reads as a number, so validation can name a wrong value. */
export function parseNumberText(text: string): number | string | undefined {
  const trimmed = text.replace(/,/g, '').trim();
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : text;
}

export function numberToText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return String(value);
}

/** The currency prefix: the component's own, or the symbol of its currency. */
export function currencyPrefix(component: FormComponent): string | undefined {
  if (component.prefix) return component.prefix;
  if (component.type === 'currency') return CURRENCY_SYMBOLS[component.currency ?? 'USD'];
  return undefined;
}

/** How a value reads in a read-only text field. */
export function displayText(component: FormComponent, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string' && value.includes('*')) return value;
  switch (component.type) {
    case 'phoneNumber':
      return typeof value === 'string' ? formatPhone(value) : String(value);
    case 'currency':
      return typeof value === 'number'
        ? formatCurrency(value, component.currency ?? 'USD').replace(/[$€]/, '')
        : String(value);
    case 'datetime':
      return typeof value === 'string' ? formatDate(value) || value : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** `datetime` values are ISO strings; the input shows local `yyyy-MM-ddTHH:mm` or `yyyy-MM-dd`. */
export function isoToInput(value: unknown, withTime: boolean): string {
  if (typeof value !== 'string' || value === '') return '';
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(value);
  if (!match) return '';
  return withTime ? `${match[1]}T${match[2] ?? '00:00'}` : (match[1] ?? '');
}

export function inputToIso(text: string, withTime: boolean): string | undefined {
  if (text === '') return undefined;
  return withTime ? `${text}:00` : text;
}

/** `day` values are `MM/DD/YYYY` (or `DD/MM/YYYY` with dayFirst); parts may be 00 when not given. */
export function splitDay(value: unknown, dayFirst: boolean): { day: string; month: string; year: string } {
  const match = typeof value === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value) : null;
  const clean = (s: string | undefined) => (s && Number(s) > 0 ? String(Number(s)) : '');
  if (!match) return { day: '', month: '', year: '' };
  const [first, second, year] = [match[1], match[2], match[3]];
  return dayFirst
    ? { day: clean(first), month: clean(second), year: clean(year) }
    : { month: clean(first), day: clean(second), year: clean(year) };
}

export function joinDay(parts: { day: string; month: string; year: string }, dayFirst: boolean): string | undefined {
  if (!parts.day && !parts.month && !parts.year) return undefined;
  const pad = (s: string, n: number) => (s.replace(/\D/g, '') || '0').slice(-n).padStart(n, '0');
  const d = pad(parts.day, 2);
  const m = pad(parts.month, 2);
  const y = pad(parts.year, 4);
  return dayFirst ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}

/** `time` stores `HH:mm:ss` unless the component asks for `HH:mm`. */
export function timeToValue(text: string, dataFormat: string | undefined): string | undefined {
  if (text === '') return undefined;
  return dataFormat === 'HH:mm' ? text.slice(0, 5) : text.length === 5 ? `${text}:00` : text;
}
