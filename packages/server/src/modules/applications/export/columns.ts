import type { ListedStatus } from '@under/core/applications/application-list.schema';
import { DATA_GROUP_TYPES, GRID_TYPES, NON_DATA_TYPES } from '@under/core/forms/field-types';
import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';
import { formatDate } from '@under/core/forms/format';
import { isPlainObject } from '@under/core/forms/path';

/** The spec's columns after the application's own fields (spec 1 §9), in its order. */
export const EXPORT_COLUMNS = [
  'Attachments',
  'Status',
  'Date submitted',
  'Last updated time',
  'Last updated by',
  'Export time',
] as const;

/**
 * Before the application's fields: which application, on which form and version (issue 21 §5; decision 061). The
 * spec's columns stay as they are, after the fields.
 */
export const RECORD_COLUMNS = ['Application number', 'Form', 'Form version'] as const;

/** Spec 1 §4's display of each status ('Invite sent' for invite_sent). */
export const STATUS_TEXT: Record<ListedStatus, string> = {
  invite_sent: 'Invite sent',
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Denied',
};

type Loose = FormComponent & Record<string, unknown>;

/** One exported field: a top-level data key of some form of the export (layouts looked through). */
interface FieldColumn {
  key: string;
  label: string;
}

/**
 * The fields of a form that hold a value at the top of the data, in form order: panels, columns, tabs... are looked
 * through; a container or grid is one field (its parts are summarised in its cell); buttons and content are none.
 */
const topFieldsCache = new WeakMap<readonly FormComponent[], Loose[]>();

export function topFields(form: FormDefinition): Loose[] {
  // read once per form (and per container or grid): an export reads the same few forms for every row
  const cached = topFieldsCache.get(form.components);
  if (cached) return cached;
  const out: Loose[] = [];
  walkComponents(form.components, ({ component, ancestors }) => {
    if (ancestors.some((a) => DATA_GROUP_TYPES.has(a.type))) return;
    if (NON_DATA_TYPES.has(component.type) || component.type === 'hidden') return;
    out.push(component as Loose);
  });
  topFieldsCache.set(form.components, out);
  return out;
}

/**
 * The union of the forms' fields by key, in form order (the first form's order, then each later form's new keys
 * where they come); the first form's label names a key (callers pass the newest version first).
 */
export function fieldColumns(forms: readonly FormDefinition[]): FieldColumn[] {
  const seen = new Map<string, FieldColumn>();
  for (const form of forms) {
    for (const c of topFields(form)) {
      if (!seen.has(c.key)) seen.set(c.key, { key: c.key, label: (c.label as string | undefined)?.trim() || c.key });
    }
  }
  return [...seen.values()];
}

function optionLabel(c: Loose, value: unknown): string {
  const options = (c.values ?? (isPlainObject(c.data) ? c.data.values : undefined)) as
    | { label: string; value: string }[]
    | undefined;
  const found = options?.find((o) => o.value === value);
  return found ? found.label : plain(value);
}

function plain(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(plain).filter(Boolean).join(', ');
  if (isPlainObject(value)) {
    return Object.values(value).map(plain).filter(Boolean).join(', ');
  }
  return '';
}

function fileNames(value: unknown): string[] {
  const files = Array.isArray(value) ? value : value ? [value] : [];
  return files.map((f) =>
    isPlainObject(f) ? String(f.originalName ?? f.name ?? f.fileName ?? 'file') : typeof f === 'string' ? f : 'file',
  );
}

/** An address's text as given by its provider, else its parts in reading order (jsonb does not keep key order). */
const ADDRESS_TEXT_KEYS = ['formattedPlace', 'formatted_address', 'display_name', 'formatted'];
const ADDRESS_PARTS = [
  'address1',
  'address2',
  'house_number',
  'road',
  'street',
  'line1',
  'line2',
  'city',
  'town',
  'village',
  'county',
  'state',
  'region',
  'postcode',
  'zip',
  'postalCode',
  'country',
];

function addressText(value: unknown): string {
  if (!isPlainObject(value)) return plain(value);
  for (const k of ADDRESS_TEXT_KEYS) if (typeof value[k] === 'string' && value[k]) return value[k] as string;
  const parts = isPlainObject(value.address) ? value.address : value;
  const keys = [
    ...ADDRESS_PARTS.filter((k) => k in parts),
    ...Object.keys(parts)
      .filter((k) => !ADDRESS_PARTS.includes(k))
      .sort(),
  ];
  return keys
    .map((k) => plain(parts[k]))
    .filter(Boolean)
    .join(', ');
}

/** The parts of a container or a grid row as `Label: value` pairs (empty values left out). */
function partsText(children: readonly FormComponent[], row: unknown): string {
  if (!isPlainObject(row)) return plain(row);
  const parts: string[] = [];
  for (const c of topFields({ components: children } as unknown as FormDefinition)) {
    const text = cellText(c, row[c.key]);
    if (text) parts.push(`${(c.label as string | undefined)?.trim() || c.key}: ${text}`);
  }
  return parts.join('; ');
}

/**
 * A value as a reader expects it (decision 043): options by their labels, a checkbox Yes/No, an address's parts
 * joined, files by name, a signature as 'Signed', a container's parts `Label: value; ...`, a grid's rows numbered
 * and separated by ' | '. Masked values (encrypted fields) arrive masked and stay as they are.
 */
export function cellText(c: Loose, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (c.type) {
    case 'checkbox':
      return value === true || value === 'true' ? 'Yes' : value === false || value === 'false' ? 'No' : plain(value);
    case 'select':
    case 'radio':
      return Array.isArray(value) ? value.map((v) => optionLabel(c, v)).join(', ') : optionLabel(c, value);
    case 'selectboxes': {
      if (!isPlainObject(value)) return plain(value);
      // in the options' order (a stored object's key order is not kept by jsonb)
      const options = (c.values as { label: string; value: string }[] | undefined) ?? [];
      const known = options.filter((o) => value[o.value] === true).map((o) => o.label);
      const other = Object.keys(value).filter((k) => value[k] === true && !options.some((o) => o.value === k));
      return [...known, ...other].join(', ');
    }
    case 'file':
      return fileNames(value).join(', ');
    case 'signature':
      return typeof value === 'string' ? 'Signed' : plain(value);
    case 'address':
      return addressText(value);
    default:
      break;
  }
  const children = (c as { components?: FormComponent[] }).components ?? [];
  if (GRID_TYPES.has(c.type)) {
    const rows = Array.isArray(value) ? value : [];
    return rows
      .map((row, i) => `${i + 1}. ${partsText(children, row)}`)
      .filter((s) => !/^\d+\. $/.test(s))
      .join(' | ');
  }
  if (DATA_GROUP_TYPES.has(c.type)) return partsText(children, value);
  return plain(value);
}

/** How many files the application's file fields hold (any depth: containers and grid rows too). */
export function attachmentCount(form: FormDefinition, data: Record<string, unknown>): number {
  let n = 0;
  const count = (components: readonly FormComponent[], scope: unknown) => {
    if (!isPlainObject(scope)) return;
    for (const c of topFields({ components } as unknown as FormDefinition)) {
      const v = scope[c.key];
      const children = (c as { components?: FormComponent[] }).components ?? [];
      if (c.type === 'file') n += fileNames(v).length;
      else if (GRID_TYPES.has(c.type) && Array.isArray(v)) for (const row of v) count(children, row);
      else if (DATA_GROUP_TYPES.has(c.type)) count(children, v);
    }
  };
  count(form.components, data);
  return n;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `Nov/23/2026` (spec 1 §9's default date format, UTC). */
export const dayText = (d: Date | null) => (d ? formatDate(d) : '');

/** `Nov/23/2026 14:05 UTC`. */
export const timeText = (d: Date | null) =>
  d ? `${formatDate(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC` : '';
