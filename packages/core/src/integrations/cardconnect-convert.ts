import { z } from 'zod';
import type { CcAttribute } from './cardconnect-attributes';
import { CC_ATTRIBUTES } from './cardconnect-attributes';
import { CC_STATE_CODES } from './cardconnect-lookups';

/**
 * A form's answers turned into CardConnect's values (issue #24 §1; decision 083): dates to MM/DD/YYYY, phones to
 * XXX-XXX-XXXX, percentages to whole numbers 0-100, money to decimals, enumerations to the provider's codes,
 * addresses to its address object. A value that cannot be converted is a problem naming the field's label and the
 * attribute's help text, never a silent blank; an empty answer is left out (whether it is required is the
 * provider's rule, answered by its field errors).
 */

export type CcConverted = { ok: true; value: unknown } | { ok: false };

const EMPTY = Symbol('empty');
type Raw = unknown;

function isEmpty(v: Raw): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

function pad(n: number, width = 2) {
  return String(n).padStart(width, '0');
}

/** `2024-03-07`, `2024-03-07T…`, `3/7/2024`, `03/07/2024` (and a Date) -> `03/07/2024`; a day that does not exist fails. */
export function toCcDate(v: Raw): string | null {
  let y: number;
  let m: number;
  let d: number;
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return null;
    [y, m, d] = [v.getUTCFullYear(), v.getUTCMonth() + 1, v.getUTCDate()];
  } else if (typeof v === 'string') {
    const s = v.trim();
    const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
    const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
    if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    else if (us) [y, m, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
    else return null;
  } else {
    return null;
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1800) return null;
  return `${pad(m)}/${pad(d)}/${pad(y, 4)}`;
}

/** A US phone in any common writing -> `XXX-XXX-XXXX` (a leading country code 1 dropped); else null. */
export function toCcPhone(v: Raw): string | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const s = String(v).trim();
  if (!/^\+?[0-9().\s-]+$/.test(s)) return null;
  let digits = s.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return null;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A number as people write it: `1,234.50`, `$1234.5`, `25%`, 25. */
function toNumber(v: Raw, allow: { currency?: boolean; percent?: boolean } = {}): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  let s = v.trim().replace(/,/g, '');
  if (allow.currency) s = s.replace(/^\$\s*/, '').replace(/\s*USD$/i, '');
  if (allow.percent) s = s.replace(/\s*%$/, '');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  return Number(s);
}

function digitsFit(n: number, integerDigits: number, fractionDigits: number): boolean {
  if (n < 0) return false;
  const [int, frac = ''] = String(n).includes('e') ? ['x'.repeat(99)] : String(n).split('.');
  return (int ?? '').length <= integerDigits && frac.length <= fractionDigits;
}

function toBoolean(v: Raw): boolean | null {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : null;
  if (typeof v !== 'string') return null;
  const s = v.trim().toLowerCase();
  if (['true', 'yes', 'y', '1', 'on'].includes(s)) return true;
  if (['false', 'no', 'n', '0', 'off'].includes(s)) return false;
  return null;
}

const STATE_BY_NAME = new Map(CC_STATE_CODES.map((s) => [s.name.toLowerCase(), s.code]));
const STATE_CODES = new Set(CC_STATE_CODES.map((s) => s.code));

function stateCode(v: Raw): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (STATE_CODES.has(s.toUpperCase())) return s.toUpperCase();
  return STATE_BY_NAME.get(s.toLowerCase()) ?? null;
}

const text = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const AddressInputSchema = z.looseObject({
  address1: text.optional(),
  street: text.optional(),
  line1: text.optional(),
  address2: text.optional(),
  line2: text.optional(),
  city: text.optional(),
  state: text.optional(),
  stateCd: text.optional(),
  zip: text.optional(),
  zipCode: text.optional(),
  postalCode: text.optional(),
});

/** An address answer (our address components' keys or common spellings) -> CoPilot's address object; else null. */
export function toCcAddress(v: Raw): Record<string, string> | null {
  // our address component's value: `{mode: 'manual', address: {address1, city, state, zip}}`
  const inner =
    v !== null && typeof v === 'object' && 'address' in v && typeof (v as { address: unknown }).address === 'object'
      ? (v as { address: unknown }).address
      : v;
  const p = AddressInputSchema.safeParse(inner);
  if (!p.success) return null;
  const a = p.data;
  const address1 = a.address1 ?? a.street ?? a.line1 ?? '';
  const city = a.city ?? '';
  const state = stateCode(a.stateCd ?? a.state);
  const zip = (a.zip ?? a.zipCode ?? a.postalCode ?? '').replace(/\s/g, '');
  if (!address1 || !city || !state || !/^\d{5}(-?\d{4})?$/.test(zip)) return null;
  if (address1.length > 200 || city.length > 300) return null;
  const address2 = a.address2 ?? a.line2;
  return { address1, ...(address2 ? { address2 } : {}), city, stateCd: state, zip, countryCd: 'US' };
}

/** One answer converted for one attribute; `EMPTY` answers are left out by the caller. */
export function convertForAttribute(attribute: CcAttribute, raw: Raw): CcConverted {
  const fail = { ok: false } as const;
  if (isEmpty(raw)) return { ok: true, value: EMPTY };
  switch (attribute.type) {
    case 'date': {
      const d = toCcDate(raw);
      return d ? { ok: true, value: d } : fail;
    }
    case 'string': {
      if (attribute.phone) {
        const p = toCcPhone(raw);
        return p ? { ok: true, value: p } : fail;
      }
      if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') return fail;
      const s = String(raw).trim();
      return attribute.maxLength !== null && s.length > attribute.maxLength ? fail : { ok: true, value: s };
    }
    case 'number': {
      const n = toNumber(raw, { percent: attribute.percent });
      if (n === null || !Number.isInteger(n)) return fail;
      if (attribute.percent) return n >= 0 && n <= 100 ? { ok: true, value: n } : fail;
      return digitsFit(n, attribute.integerDigits ?? 15, 0) ? { ok: true, value: n } : fail;
    }
    case 'decimal': {
      const n = toNumber(raw, { currency: true });
      if (n === null) return fail;
      return digitsFit(n, attribute.integerDigits ?? 15, attribute.fractionDigits ?? 2) ? { ok: true, value: n } : fail;
    }
    case 'enumeration': {
      if (typeof raw !== 'string') return fail;
      const s = raw.trim().toLowerCase();
      const hit = attribute.values.find((v) => v.code.toLowerCase() === s || v.name.toLowerCase() === s);
      return hit ? { ok: true, value: hit.code } : fail;
    }
    case 'boolean': {
      const b = toBoolean(raw);
      return b === null ? fail : { ok: true, value: b };
    }
    case 'address': {
      const a = toCcAddress(raw);
      return a ? { ok: true, value: a } : fail;
    }
  }
}

export interface CcMapperField {
  formKey: string;
  attribute: string;
}

/** A value that could not be converted: said with the form field's label and the attribute's help text. */
export interface CcValueProblem {
  formKey: string;
  attribute: string;
  label: string;
  helpText: string;
  /** "{label}: {helpText}", what the sync shows. */
  message: string;
}

/** The application's own facts the pseudo-fields carry. */
export interface CcFacts {
  formName: string;
  /** When submitted (an ISO date-time), sent as MM/DD/YYYY. */
  submittedAt: string | null;
  formVersion: string | number;
  applicationId: string;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1) as string] = value;
}

function valueAt(data: Record<string, unknown>, key: string): unknown {
  if (key in data) return data[key];
  let v: unknown = data;
  for (const part of key.split('.')) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

const BY_NAME = new Map(CC_ATTRIBUTES.map((a) => [a.name, a]));

/**
 * The create/update body of one application (issue #24 §1): each mapped answer converted at its attribute's path
 * (`merchant.*`, `ownerSiteUser.*`). The pseudo-fields (form name, submit date, form version, application id) are
 * the application's own facts: a mapping names one as its `formKey` (`pseudo.applicationId`) to send that fact to a
 * string attribute. Problems are listed, never dropped silently; `labels` are the form's labels by key (the message
 * names the field as the applicant saw it).
 */
export function buildMerchantBody(opts: {
  fields: readonly CcMapperField[];
  answers: Record<string, unknown>;
  labels: Readonly<Record<string, string>>;
  facts: CcFacts;
}): {
  body: { merchant: Record<string, unknown>; ownerSiteUser: Record<string, unknown> };
  problems: CcValueProblem[];
} {
  const out: Record<string, unknown> = { merchant: {}, ownerSiteUser: {} };
  const problems: CcValueProblem[] = [];
  const pseudo: Record<string, unknown> = {
    'pseudo.formName': opts.facts.formName,
    'pseudo.submitDate': opts.facts.submittedAt ? toCcDate(opts.facts.submittedAt.slice(0, 10)) : null,
    'pseudo.formVersion': String(opts.facts.formVersion),
    'pseudo.applicationId': opts.facts.applicationId,
  };
  for (const f of opts.fields) {
    const attribute = BY_NAME.get(f.attribute);
    if (!attribute || attribute.pseudo) continue;
    // a pseudo-field's name as the form key: the application's fact goes to this attribute
    const raw = f.formKey in pseudo ? pseudo[f.formKey] : valueAt(opts.answers, f.formKey);
    const converted = convertForAttribute(attribute, raw);
    if (!converted.ok) {
      const label = opts.labels[f.formKey] ?? f.formKey;
      problems.push({
        formKey: f.formKey,
        attribute: f.attribute,
        label,
        helpText: attribute.helpText,
        message: `${label}: ${attribute.helpText}`,
      });
    } else if (converted.value !== EMPTY) {
      setPath(out, attribute.name, converted.value);
    }
  }
  return {
    body: out as { merchant: Record<string, unknown>; ownerSiteUser: Record<string, unknown> },
    problems,
  };
}
