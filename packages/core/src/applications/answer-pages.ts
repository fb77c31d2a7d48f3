import { DATA_GROUP_TYPES, type FieldType, GRID_TYPES, NON_DATA_TYPES } from '../forms/field-types';
import type { FormComponent, FormDefinition } from '../forms/form.schema';

/** One answer as the institution reads it: where it is in the data (reveal asks by this path), its label, its text. */
export interface AnswerRow {
  path: string;
  label: string;
  value: string;
  /** An encrypted field: the value is the mask (an ADMINISTRATOR may reveal it). */
  encrypted: boolean;
  /** Nothing was answered. */
  empty: boolean;
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

/** A stored value as text: lists joined, ticked boxes named, files by name, images and signatures said, not shown. */
export function answerText(component: FormComponent, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (value.startsWith('data:image/')) return '[signature]';
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
      const value = answerText(c, scope[c.key]);
      out.push({
        path: `${prefix}${c.key}`,
        label,
        value,
        encrypted: (c as { euEncrypted?: boolean }).euEncrypted === true,
        empty: value === '',
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
