import { DATA_GROUP_TYPES, type FieldType, GRID_TYPES, NON_DATA_TYPES } from '../forms/field-types';
import type { FormComponent, FormDefinition } from '../forms/form.schema';
import { formatCurrency, formatDate, formatPhone } from '../forms/format';
import { isMaskedValue } from '../forms/masking';

/** One answer as the institution reads it: where it is in the data (reveal asks by this path), its label, its text. */
export interface AnswerRow {
  path: string;
  label: string;
  value: string;
  /** An encrypted field: the value is the mask (an ADMINISTRATOR may reveal it). */
  encrypted: boolean;
  /** Nothing was answered. */
  empty: boolean;
  /** A signature or image answer: its png or jpeg data URL, to be shown as the image. */
  image?: string;
}

/** A page of answers: a wizard page (its top-level panel), or the whole form. */
export interface AnswerPage {
  title: string;
  rows: AnswerRow[];
}

type Scope = Record<string, unknown>;
const isObject = (v: unknown): v is Scope => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The components a layout component arranges: its own, each column's, each tab's, each table cell's. */
function childrenOf(c: FormComponent): FormComponent[] {
  const raw = c as unknown as {
    type: string;
    components?: unknown[];
    columns?: { components?: unknown[] }[];
    rows?: { components?: unknown[] }[][];
  };
  const out: unknown[] = [];
  if (raw.type === 'tabs')
    for (const tab of raw.components ?? []) out.push(...(((tab as Scope).components as []) ?? []));
  else out.push(...(raw.components ?? []));
  for (const column of raw.columns ?? []) out.push(...(column.components ?? []));
  for (const row of Array.isArray(raw.rows) ? raw.rows : []) {
    for (const cell of Array.isArray(row) ? row : []) out.push(...(cell?.components ?? []));
  }
  return out.filter(isObject) as unknown as FormComponent[];
}

/** The options of a radio, select or select-boxes field (`values`, or a select's `data.values`). */
function optionsOf(component: FormComponent): { value: string; label: string }[] {
  const c = component as unknown as { values?: unknown; data?: { values?: unknown } };
  const list = Array.isArray(c.values) ? c.values : Array.isArray(c.data?.values) ? c.data.values : [];
  return list.filter(
    (o): o is { value: string; label: string } =>
      isObject(o) && typeof o.value === 'string' && typeof o.label === 'string',
  );
}

const isImageUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^data:image\/(png|jpe?g);base64,/i.test(value);

/** A date (and its time when the field asks for one) as the form shows it: `Nov/28/2026`, `Nov/28/2026 14:30`. */
function dateText(component: FormComponent, value: string): string {
  const date = formatDate(value);
  if (!date) return value;
  const time = /T(\d{2}:\d{2})/.exec(value)?.[1];
  return (component as { enableTime?: boolean }).enableTime && time ? `${date} ${time}` : date;
}

/** A number as the field shows it: currency in its money format, others with their prefix and suffix (`45%`). */
function numberText(component: FormComponent, value: number): string {
  if (component.type === 'currency') {
    return formatCurrency(value, (component as { currency?: 'USD' | 'EUR' }).currency ?? 'USD');
  }
  const c = component as { prefix?: string; suffix?: string };
  return `${c.prefix ?? ''}${value}${c.suffix ?? ''}`;
}

/**
 * A stored value as the applicant saw it: option labels, ticked boxes named, dates, money and phone numbers
 * formatted, lists joined, files by name; an image or signature is said (`[signature]`, the row carries the image);
 * a masked value stays masked.
 */
export function answerText(component: FormComponent, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return numberText(component, value);
  if (typeof value === 'string') {
    if (value.startsWith('data:image/')) return '[signature]';
    if (isMaskedValue(value)) return value;
    if (component.type === 'datetime') return dateText(component, value);
    if (component.type === 'phoneNumber') return formatPhone(value);
    if ((component.type === 'currency' || component.type === 'number') && /^-?\d+(\.\d+)?$/.test(value.trim())) {
      return numberText(component, Number(value));
    }
    return optionsOf(component).find((o) => o.value === value)?.label ?? value;
  }
  const labelOf = (v: string) => optionsOf(component).find((o) => o.value === v)?.label ?? v;
  if (Array.isArray(value)) {
    return value
      .map((v) =>
        isObject(v) ? String(v.originalName ?? v.name ?? '') : typeof v === 'string' ? labelOf(v) : String(v),
      )
      .filter(Boolean)
      .join(', ');
  }
  if (isObject(value)) {
    if (component.type === 'selectboxes') {
      return Object.entries(value)
        .filter(([, on]) => on === true)
        .map(([k]) => labelOf(k))
        .join(', ');
    }
    if (typeof value.formatted_address === 'string') return value.formatted_address;
    return Object.values(value)
      .filter((v) => typeof v === 'string' || typeof v === 'number')
      .join(', ');
  }
  return String(value);
}

function collect(components: FormComponent[], scope: Scope, prefix: string, labelPrefix: string, out: AnswerRow[]) {
  for (const c of components) {
    const type = c.type as FieldType;
    const label = `${labelPrefix}${c.label || c.key}`;
    if (NON_DATA_TYPES.has(type)) {
      collect(childrenOf(c), scope, prefix, labelPrefix, out);
    } else if (GRID_TYPES.has(type)) {
      const rows = Array.isArray(scope[c.key]) ? (scope[c.key] as unknown[]) : [];
      rows.forEach((row, i) => {
        collect(childrenOf(c), isObject(row) ? row : {}, `${prefix}${c.key}[${i}].`, `${label} ${i + 1} · `, out);
      });
    } else if (DATA_GROUP_TYPES.has(type)) {
      const inner = scope[c.key];
      collect(childrenOf(c), isObject(inner) ? inner : {}, `${prefix}${c.key}.`, labelPrefix, out);
    } else if (c.key && c.type !== 'hidden') {
      const raw = scope[c.key];
      const value = answerText(c, raw);
      out.push({
        path: `${prefix}${c.key}`,
        label,
        value,
        encrypted: (c as { euEncrypted?: boolean }).euEncrypted === true,
        empty: value === '',
        ...(isImageUrl(raw) ? { image: raw } : {}),
      });
    }
  }
}

/**
 * The application's answers page by page, as the applicant saw the form (issue 14 detail): a wizard's top-level
 * panels are its pages; other forms are one page. Grid rows are numbered; hidden fields are left out. Values are
 * shown as stored (encrypted ones already masked by the server).
 */
export function answerPages(form: FormDefinition, data: Record<string, unknown>, wholeTitle = 'Answers'): AnswerPage[] {
  const top = form.components as FormComponent[];
  if (form.display === 'wizard' && top.some((c) => c.type === 'panel')) {
    const pages: AnswerPage[] = [];
    let loose: FormComponent[] = [];
    const flush = () => {
      if (loose.length === 0) return;
      const rows: AnswerRow[] = [];
      collect(loose, data, '', '', rows);
      if (rows.length) pages.push({ title: wholeTitle, rows });
      loose = [];
    };
    for (const c of top) {
      if (c.type !== 'panel') {
        loose.push(c);
        continue;
      }
      flush();
      const rows: AnswerRow[] = [];
      collect(childrenOf(c), data, '', '', rows);
      pages.push({ title: (c as { title?: string }).title || c.label || c.key, rows });
    }
    flush();
    return pages;
  }
  const rows: AnswerRow[] = [];
  collect(top, data, '', '', rows);
  return [{ title: form.title || wholeTitle, rows }];
}
