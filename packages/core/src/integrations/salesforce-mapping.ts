import type { FieldType } from '../forms/field-types';
import { isEmptyValue } from '../forms/field-values';
import type { FormComponent } from '../forms/form.schema';
import { walkComponents } from '../forms/form-walk';
import { isPlainObject } from '../forms/path';
import type { SalesforceMapping } from './integrations';
import { SF_MAPPING_MESSAGES as M } from './salesforce-mapping-messages';

/**
 * The Salesforce half of a custom form's integration (issue #23 §5; decision 075), pure: which form fields may fill
 * which Salesforce fields (the spec's type matrix, as data), how an answer becomes the value Salesforce expects, and
 * the record an application produces under a mapping, with every problem in words a person can act on.
 */

/** The parts of a describe field the mapping reads (the server's `SfField` has them all). */
export interface SfFieldLike {
  name: string;
  label: string;
  type: string;
  length: number;
  precision: number;
  scale: number;
  nillable: boolean;
  createable: boolean;
  updateable: boolean;
  defaultedOnCreate: boolean;
  externalId: boolean;
  picklistValues: readonly { value: string; label: string; active: boolean }[];
}

export interface SfDescribeLike {
  name: string;
  fields: readonly SfFieldLike[];
}

/** Text-like form fields (spec 2 §5 "string and textarea to text-like types"; select, radio and address: 075). */
const TEXT_LIKE = [
  'textfield',
  'textarea',
  'email',
  'phoneNumber',
  'hidden',
  'select',
  'radio',
  'address',
] as const satisfies readonly FieldType[];

/**
 * Salesforce describe type -> the form field types that may fill it. The spec's matrix (spec 2 §5) with the wire
 * names (`boolean`, `datetime`) and decision 075's extensions: `percent` like `double`; `url` also from a
 * `textfield` (a website typed in); `picklist` from select and radio with their options checked against the
 * picklist; `multipicklist` from selectboxes and select; text-like includes select, radio and address.
 */
export const SF_TYPE_MATRIX: Readonly<Record<string, readonly FieldType[]>> = {
  string: TEXT_LIKE,
  textarea: TEXT_LIKE,
  int: ['number'],
  double: ['number', 'currency'],
  currency: ['number', 'currency'],
  percent: ['number', 'currency'],
  date: ['day', 'datetime'],
  datetime: ['day', 'datetime'],
  boolean: ['checkbox'],
  url: ['signature', 'file', 'textfield'],
  email: ['email'],
  phone: ['phoneNumber'],
  picklist: ['select', 'radio'],
  multipicklist: ['selectboxes', 'select'],
};

/** Words for a form field type in the messages. */
const TYPE_WORDS: Partial<Record<FieldType, string>> = {
  textfield: 'text',
  textarea: 'text area',
  phoneNumber: 'phone number',
  selectboxes: 'select boxes',
  day: 'day',
  datetime: 'date/time',
};
const typeWords = (t: string) => TYPE_WORDS[t as FieldType] ?? t;

/** A form field a mapping may name: its data path (`key`, or `container.key` inside a container), label and type. */
export interface MappableField {
  key: string;
  label: string;
  type: FieldType;
  component: FormComponent;
}

const NOT_MAPPABLE: ReadonlySet<string> = new Set([
  'content',
  'htmlelement',
  'button',
  'columns',
  'fieldset',
  'panel',
  'well',
  'tabs',
  'table',
  'container',
  'datagrid',
  'editgrid',
  // never leaves the portal
  'password',
]);

/**
 * The form's fields a mapping may name, in document order. A container's fields are named by their path in the data
 * (`business.name`); fields of repeated rows (datagrid, editgrid) have no one value and are left out.
 */
export function mappableFields(components: readonly FormComponent[]): MappableField[] {
  const out: MappableField[] = [];
  walkComponents(components, ({ component, ancestors }) => {
    if (ancestors.some((a) => a.type === 'datagrid' || a.type === 'editgrid')) return;
    if (NOT_MAPPABLE.has(component.type)) return;
    const prefix = ancestors
      .filter((a) => a.type === 'container')
      .map((a) => a.key)
      .join('.');
    const key = prefix ? `${prefix}.${component.key}` : component.key;
    out.push({ key, label: component.label || component.key, type: component.type, component });
  });
  return out;
}

/** A Salesforce field the record must fill: not nillable, createable, and given no default by Salesforce. */
export function isRequiredSfField(f: SfFieldLike): boolean {
  return !f.nillable && f.createable && !f.defaultedOnCreate;
}

/** The form field types that may fill a Salesforce field; none for a field we may not write. */
export function formTypesFor(f: SfFieldLike): readonly FieldType[] {
  if (!f.createable) return [];
  return SF_TYPE_MATRIX[f.type] ?? [];
}

export type Compatibility = { ok: true } | { ok: false; reason: string };

/** A form option's value as text. */
const optionText = (v: string | number | boolean) => String(v);

function formOptions(component: FormComponent): string[] {
  if (component.type === 'select') return (component.data.values ?? []).map((o) => optionText(o.value));
  if (component.type === 'radio' || component.type === 'selectboxes')
    return component.values.map((o) => optionText(o.value));
  return [];
}

/**
 * The active picklist value a form's answer stands for: the same value, or else one whose value or label is the
 * same but for case (decision 075), so that a form's `banking` fills Salesforce's `Banking`.
 */
export function matchPicklistValue(f: SfFieldLike, answer: string): string | undefined {
  const active = f.picklistValues.filter((p) => p.active);
  const exact = active.find((p) => p.value === answer);
  if (exact) return exact.value;
  const lower = answer.trim().toLowerCase();
  return active.find((p) => p.value.toLowerCase() === lower || p.label.toLowerCase() === lower)?.value;
}

/** Whether a form field may fill a Salesforce field, or why not in words. */
export function compatibility(field: Pick<MappableField, 'key' | 'component'>, f: SfFieldLike): Compatibility {
  const { component } = field;
  if (!f.createable) return { ok: false, reason: M.notWritable(f.name) };
  const allowed = SF_TYPE_MATRIX[f.type];
  if (!allowed) return { ok: false, reason: M.typeNotMappable(f.name, f.type) };
  if (!allowed.includes(component.type)) {
    return {
      ok: false,
      reason: M.incompatible(f.name, f.type, allowed.map(typeWords), field.key, typeWords(component.type)),
    };
  }
  if (f.type === 'picklist' || f.type === 'multipicklist') {
    const missing = formOptions(component).filter((o) => matchPicklistValue(f, o) === undefined);
    if (missing.length > 0) return { ok: false, reason: M.optionsNotInPicklist(f.name, field.key, missing) };
  }
  return { ok: true };
}

/** What the record needs for a file or a signature: a stable link to where the portal keeps it. */
export interface ConvertContext {
  applicationId: string;
  /** The link to an answer's file or signature (the portal's application page); null when there is none. */
  linkTo(formKey: string): string | null;
}

export type WireValue = string | number | boolean | null;

/**
 * One answer as Salesforce expects it: a value (null clears a nillable field when the answer is empty), `omit` (an
 * empty answer for a field that cannot be null: left out, and reported when Salesforce requires it), or a problem.
 */
export type Conversion = { kind: 'value'; value: WireValue } | { kind: 'omit' } | { kind: 'problem'; message: string };

const value = (v: WireValue): Conversion => ({ kind: 'value', value: v });
const problem = (message: string): Conversion => ({ kind: 'problem', message });

const NUMERIC = /^[-+]?(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d+)?$/;

/** A number from an answer: numbers, and numeric text with thousands separators and a currency sign. */
function toNumber(answer: unknown): number | undefined {
  if (typeof answer === 'number') return Number.isFinite(answer) ? answer : undefined;
  if (typeof answer !== 'string') return undefined;
  const text = answer.trim().replace(/^[$€]\s*/, '');
  if (text === '' || !NUMERIC.test(text) || !/\d/.test(text)) return undefined;
  const n = Number(text.replace(/,/g, ''));
  return Number.isFinite(n) ? n : undefined;
}

const INT_MAX = 2_147_483_647;

function convertNumber(f: SfFieldLike, answer: unknown): Conversion {
  const n = toNumber(answer);
  if (f.type === 'int') {
    if (n === undefined || !Number.isInteger(n) || Math.abs(n) > INT_MAX)
      return problem(M.expectsValue(f.name, M.expects.wholeNumber, answer));
    return value(n);
  }
  if (n === undefined) return problem(M.expectsValue(f.name, M.expects.number, answer));
  const scale = f.scale > 0 ? f.scale : 0;
  const rounded = Number(n.toFixed(Math.min(scale, 20)));
  if (f.precision > 0) {
    const digits = f.precision - scale;
    if (Math.abs(Math.trunc(rounded)) >= 10 ** digits) return problem(M.tooManyDigits(f.name, digits, answer));
  }
  return value(rounded);
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function validYmd(y: number, m: number, d: number): boolean {
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** YYYY-MM-DD of a day answer (MM/DD/YYYY, or DD/MM/YYYY with `dayFirst`) or a date/time answer (its own day). */
function dayOf(component: FormComponent, answer: unknown): string | undefined {
  if (typeof answer !== 'string') return undefined;
  const day = DAY.exec(answer);
  if (day) {
    const first = Number(day[1]);
    const second = Number(day[2]);
    const dayFirst = component.type === 'day' && component.dayFirst === true;
    const [m, d] = dayFirst ? [second, first] : [first, second];
    const y = Number(day[3]);
    return validYmd(y, m, d) ? `${pad(y, 4)}-${pad(m)}-${pad(d)}` : undefined;
  }
  const iso = ISO.exec(answer.trim());
  if (!iso) return undefined;
  const [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  return validYmd(y, m, d) ? `${iso[1]}-${iso[2]}-${iso[3]}` : undefined;
}

/** An ISO instant of a date/time answer; one without an offset is read as UTC (never the server's zone). */
function instantOf(component: FormComponent, answer: unknown): string | undefined {
  if (typeof answer !== 'string') return undefined;
  const iso = ISO.exec(answer.trim());
  if (!iso || iso[4] === undefined) {
    const ymd = dayOf(component, answer);
    return ymd ? `${ymd}T00:00:00.000Z` : undefined;
  }
  if (!dayOf(component, answer)) return undefined;
  if (Number(iso[4]) > 23 || Number(iso[5]) > 59 || Number(iso[6] ?? 0) > 59) return undefined;
  const text = answer.trim().replace(' ', 'T');
  const at = Date.parse(iso[8] ? text : `${text}Z`);
  return Number.isNaN(at) ? undefined : new Date(at).toISOString();
}

/** An address answer as one line of text (a provider's formatted address, or its manual parts). */
function addressText(answer: unknown): string | undefined {
  if (typeof answer === 'string') return answer;
  if (!isPlainObject(answer)) return undefined;
  for (const k of ['formattedPlace', 'formatted_address', 'display_name']) {
    if (typeof answer[k] === 'string' && answer[k]) return answer[k] as string;
  }
  const parts = isPlainObject(answer.address) ? answer.address : answer;
  const texts = Object.values(parts).filter(
    (v): v is string | number => typeof v === 'string' || typeof v === 'number',
  );
  return texts.length > 0
    ? texts
        .map(String)
        .filter((s) => s.trim() !== '')
        .join(', ')
    : undefined;
}

function textOf(component: FormComponent, answer: unknown): string | undefined {
  if (component.type === 'address') return addressText(answer);
  if (typeof answer === 'string') return answer;
  if (typeof answer === 'number' && Number.isFinite(answer)) return String(answer);
  if (typeof answer === 'boolean') return String(answer);
  return undefined;
}

function withinLength(f: SfFieldLike, text: string): Conversion {
  if (f.length > 0 && text.length > f.length) return problem(M.tooLong(f.name, f.length, text.length));
  return value(text);
}

/** The chosen options of a select-boxes answer or a multiple select, in the form's order. */
function chosen(component: FormComponent, answer: unknown): string[] | undefined {
  if (component.type === 'selectboxes') {
    if (!isPlainObject(answer)) return undefined;
    return Object.entries(answer)
      .filter(([, on]) => on === true)
      .map(([k]) => k);
  }
  if (Array.isArray(answer)) {
    return answer.every((v) => ['string', 'number', 'boolean'].includes(typeof v)) ? answer.map(String) : undefined;
  }
  return typeof answer === 'string' || typeof answer === 'number' || typeof answer === 'boolean'
    ? [String(answer)]
    : undefined;
}

/** True when an answer counts as not given for its field (an unticked checkbox is an answer: false). */
function isEmptyAnswer(component: FormComponent, answer: unknown): boolean {
  if (component.type === 'checkbox') return answer === undefined || answer === null || answer === '';
  if (typeof answer === 'string' && answer.trim() === '') return true;
  return isEmptyValue(answer, component.type);
}

/**
 * One answer as the Salesforce field expects it (decision 075): numbers within precision and scale (rounded to the
 * scale), dates as YYYY-MM-DD, date/times as ISO instants, booleans, picklist values checked against the active
 * values, text within the field's length, files and signatures as a link from `ctx`. An empty answer is null for a
 * nillable field and left out otherwise.
 */
export function convertValue(
  field: Pick<MappableField, 'key' | 'component'>,
  answer: unknown,
  f: SfFieldLike,
  ctx: ConvertContext,
): Conversion {
  const { component } = field;
  if (isEmptyAnswer(component, answer)) return f.nillable ? value(null) : { kind: 'omit' };
  switch (f.type) {
    case 'int':
    case 'double':
    case 'currency':
    case 'percent':
      return convertNumber(f, answer);
    case 'date': {
      const ymd = dayOf(component, answer);
      return ymd ? value(ymd) : problem(M.expectsValue(f.name, M.expects.date, answer));
    }
    case 'datetime': {
      const at = instantOf(component, answer);
      return at ? value(at) : problem(M.expectsValue(f.name, M.expects.dateTime, answer));
    }
    case 'boolean':
      return typeof answer === 'boolean' ? value(answer) : problem(M.expectsValue(f.name, M.expects.boolean, answer));
    case 'picklist': {
      const text = textOf(component, answer);
      const match = text === undefined ? undefined : matchPicklistValue(f, text);
      if (match !== undefined) return withinLength(f, match);
      return problem(M.notAPicklistValue(f.name, answer, activeValues(f)));
    }
    case 'multipicklist': {
      const picks = chosen(component, answer);
      if (!picks) return problem(M.notAPicklistValue(f.name, answer, activeValues(f)));
      if (picks.length === 0) return f.nillable ? value(null) : { kind: 'omit' };
      const values: string[] = [];
      for (const p of picks) {
        const match = matchPicklistValue(f, p);
        if (match === undefined) return problem(M.notAPicklistValue(f.name, p, activeValues(f)));
        values.push(match);
      }
      return withinLength(f, values.join(';'));
    }
    case 'url': {
      if (component.type === 'file' || component.type === 'signature') {
        const link = ctx.linkTo(field.key);
        return link ? withinLength(f, link) : problem(M.noLink(f.name));
      }
      const text = textOf(component, answer);
      return text === undefined
        ? problem(M.expectsValue(f.name, M.expects.link, answer))
        : withinLength(f, text.trim());
    }
    case 'email':
    case 'phone':
    case 'string':
    case 'textarea': {
      const text = textOf(component, answer);
      if (text === undefined) {
        const what = f.type === 'email' ? M.expects.email : f.type === 'phone' ? M.expects.phone : M.expects.text;
        return problem(M.expectsValue(f.name, what, answer));
      }
      return withinLength(f, text);
    }
    default:
      return problem(M.typeNotMappable(f.name, f.type));
  }
}

const activeValues = (f: SfFieldLike) => f.picklistValues.filter((p) => p.active).map((p) => p.value);

/** The answer at a field's data path (`business.name`). */
export function answerAt(data: Record<string, unknown>, key: string): unknown {
  let at: unknown = data;
  for (const part of key.split('.')) {
    if (!isPlainObject(at) || !Object.hasOwn(at, part)) return undefined;
    at = at[part];
  }
  return at;
}

/** A problem of a mapping or of the record it produced, in words (the sync shows it on the application). */
export interface SfMappingProblem {
  formKey: string | null;
  sfField: string;
  message: string;
  /** Where in `PUT …/mapping` the problem sits (`fields[2]`, `externalIdField`), for a 400's `errors`. */
  path: string;
}

/**
 * What a saved mapping must satisfy: known form keys, known Salesforce fields, compatible pairs, each Salesforce
 * field once, an externalIdField marked `externalId` that no form field fills.
 */
export function checkMapping(
  components: readonly FormComponent[],
  mapping: Pick<SalesforceMapping, 'object' | 'externalIdField' | 'fields'>,
  describe: SfDescribeLike,
): SfMappingProblem[] {
  const fields = new Map(mappableFields(components).map((f) => [f.key, f]));
  const sfFields = new Map(describe.fields.map((f) => [f.name, f]));
  const problems: SfMappingProblem[] = [];
  if (mapping.externalIdField !== null) {
    const ext = sfFields.get(mapping.externalIdField);
    if (!ext) {
      problems.push({
        formKey: null,
        sfField: mapping.externalIdField,
        message: M.noSfField(describe.name, mapping.externalIdField),
        path: 'externalIdField',
      });
    } else if (!ext.externalId) {
      problems.push({
        formKey: null,
        sfField: ext.name,
        message: M.notExternalId(describe.name, ext.name),
        path: 'externalIdField',
      });
    }
  }
  const seen = new Set<string>();
  mapping.fields.forEach((m, i) => {
    const path = `fields[${i}]`;
    const at = { formKey: m.formKey, sfField: m.sfField, path };
    const field = fields.get(m.formKey);
    const f = sfFields.get(m.sfField);
    if (!field) problems.push({ ...at, message: M.noFormField(m.formKey) });
    if (!f) problems.push({ ...at, message: M.noSfField(describe.name, m.sfField) });
    if (seen.has(m.sfField)) problems.push({ ...at, message: M.mappedTwice(m.sfField) });
    seen.add(m.sfField);
    if (m.sfField === mapping.externalIdField) problems.push({ ...at, message: M.externalIdMapped(m.sfField) });
    if (field && f) {
      const c = compatibility(field, f);
      if (!c.ok) problems.push({ ...at, message: c.reason });
    }
  });
  return problems;
}

export type BuiltRecord =
  | {
      ok: true;
      object: string;
      /** The upsert key: its value is the application id, sent in the URL, never in the body (Salesforce refuses). */
      externalIdField: string | null;
      externalIdValue: string;
      record: Record<string, WireValue>;
    }
  /** `record`: what could be converted (the preview shows it beside the problems). */
  | { ok: false; object: string; problems: SfMappingProblem[]; record: Record<string, WireValue> };

/**
 * The record an application produces under a mapping: each mapped answer converted, the problems of the mapping
 * itself (the form or the object changed since it was saved), and every Salesforce field that the record must fill
 * (not nillable, createable, not defaulted on create) that no mapping fills or whose answer is empty.
 */
export function buildRecord(input: {
  components: readonly FormComponent[];
  data: Record<string, unknown>;
  mapping: Pick<SalesforceMapping, 'object' | 'externalIdField' | 'fields'>;
  describe: SfDescribeLike;
  ctx: ConvertContext;
}): BuiltRecord {
  const { components, data, mapping, describe, ctx } = input;
  const problems = checkMapping(components, mapping, describe);
  const fields = new Map(mappableFields(components).map((f) => [f.key, f]));
  const sfFields = new Map(describe.fields.map((f) => [f.name, f]));
  const record: Record<string, WireValue> = {};
  const mapped = new Set<string>();
  mapping.fields.forEach((m, i) => {
    mapped.add(m.sfField);
    const field = fields.get(m.formKey);
    const f = sfFields.get(m.sfField);
    if (!field || !f || !compatibility(field, f).ok || m.sfField === mapping.externalIdField) return;
    const path = `fields[${i}]`;
    const converted = convertValue(field, answerAt(data, m.formKey), f, ctx);
    if (converted.kind === 'value') record[f.name] = converted.value;
    else if (converted.kind === 'problem')
      problems.push({ formKey: m.formKey, sfField: f.name, message: converted.message, path });
    else if (isRequiredSfField(f)) {
      problems.push({
        formKey: m.formKey,
        sfField: f.name,
        message: M.requiredEmpty(f.name, f.label, m.formKey),
        path,
      });
    }
  });
  for (const f of describe.fields) {
    if (!isRequiredSfField(f) || mapped.has(f.name) || f.name === mapping.externalIdField) continue;
    problems.push({ formKey: null, sfField: f.name, message: M.requiredUnmapped(f.name, f.label), path: 'fields' });
  }
  if (problems.length > 0) return { ok: false, object: mapping.object, problems, record };
  return {
    ok: true,
    object: mapping.object,
    externalIdField: mapping.externalIdField,
    externalIdValue: ctx.applicationId,
    record,
  };
}

/** The words a name or label is made of: `Annual_Revenue__c`, `annualRevenue`, `Annual revenue` -> annual, revenue. */
export function nameWords(text: string): string[] {
  return text
    .replace(/__c$/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** Names a form field often has for a standard Salesforce field (the create mapper's hints). */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  company: ['business name', 'legal name', 'company name', 'business legal name', 'dba', 'merchant name'],
  lastname: ['last name', 'surname', 'family name'],
  firstname: ['first name', 'given name'],
  phone: ['phone', 'telephone', 'phone number', 'business phone'],
  email: ['email', 'e mail', 'email address', 'business email'],
  website: ['website', 'web site', 'url', 'business website'],
  annualrevenue: ['annual revenue', 'revenue', 'annual sales', 'yearly revenue'],
  numberofemployees: ['employees', 'number of employees', 'employee count'],
  industry: ['industry', 'business type', 'industry type'],
  street: ['street', 'address', 'street address', 'address line 1'],
  postalcode: ['zip', 'zip code', 'postal code'],
};

function similarity(field: MappableField, f: SfFieldLike): number {
  const formNames = [nameWords(field.key).join(' '), nameWords(field.label).join(' ')];
  const sfNames = [nameWords(f.name).join(' '), nameWords(f.label).join(' ')];
  if (formNames.some((a) => a !== '' && sfNames.includes(a))) return 1;
  const joined = nameWords(f.name).join('');
  if ((SYNONYMS[joined] ?? []).some((s) => formNames.includes(s))) return 0.9;
  // words in common over all words (Jaccard), the better of key and label against the better of name and label
  let best = 0;
  for (const a of formNames) {
    for (const b of sfNames) {
      const x = new Set(a.split(' ').filter(Boolean));
      const y = new Set(b.split(' ').filter(Boolean));
      if (x.size === 0 || y.size === 0) continue;
      const common = [...x].filter((w) => y.has(w)).length;
      best = Math.max(best, common / new Set([...x, ...y]).size);
    }
  }
  return best;
}

/** The least similarity a proposed pair needs. */
export const PROPOSE_THRESHOLD = 0.5;

/**
 * A proposed mapping (`create-mapper`): each Salesforce field paired with the most similar compatible form field by
 * name and label (best pairs first, each field used once), and the object's External ID field that names us
 * (`Under_Application_Id__c`), else its first External ID field of text, else none.
 */
export function proposeMapping(
  components: readonly FormComponent[],
  describe: SfDescribeLike,
): { externalIdField: string | null; fields: { formKey: string; sfField: string }[] } {
  const externalIds = describe.fields.filter((f) => f.externalId && f.createable);
  const ours = externalIds.find((f) => /under/i.test(f.name) && /application/i.test(f.name));
  const externalIdField = (ours ?? externalIds.find((f) => f.type === 'string'))?.name ?? null;
  const candidates: { formKey: string; sfField: string; score: number; order: number }[] = [];
  const form = mappableFields(components);
  let order = 0;
  for (const f of describe.fields) {
    if (f.name === externalIdField || formTypesFor(f).length === 0) continue;
    for (const field of form) {
      order += 1;
      if (!compatibility(field, f).ok) continue;
      const score = similarity(field, f);
      if (score >= PROPOSE_THRESHOLD) candidates.push({ formKey: field.key, sfField: f.name, score, order });
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.order - b.order);
  const usedForm = new Set<string>();
  const usedSf = new Set<string>();
  const fields: { formKey: string; sfField: string }[] = [];
  for (const c of candidates) {
    if (usedForm.has(c.formKey) || usedSf.has(c.sfField)) continue;
    usedForm.add(c.formKey);
    usedSf.add(c.sfField);
    fields.push({ formKey: c.formKey, sfField: c.sfField });
  }
  const position = new Map(describe.fields.map((f, i) => [f.name, i]));
  fields.sort((a, b) => (position.get(a.sfField) ?? 0) - (position.get(b.sfField) ?? 0));
  return { externalIdField, fields };
}

/** A plausible answer for each form field (the preview without an application). */
export function sampleAnswers(components: readonly FormComponent[]): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const f of mappableFields(components)) {
    const c = f.component;
    let answer: unknown;
    switch (c.type) {
      case 'number':
        answer = 25;
        break;
      case 'currency':
        answer = 40000;
        break;
      case 'email':
        answer = 'applicant@example.com';
        break;
      case 'phoneNumber':
        answer = '(555) 123-4567';
        break;
      case 'day':
        answer = '01/31/2024';
        break;
      case 'datetime':
        answer = '2024-01-31T10:00:00.000Z';
        break;
      case 'time':
        answer = '10:00';
        break;
      case 'checkbox':
        answer = true;
        break;
      case 'select':
      case 'radio': {
        const first = formOptions(c)[0];
        answer = first;
        break;
      }
      case 'selectboxes': {
        const first = formOptions(c)[0];
        answer = first === undefined ? {} : { [first]: true };
        break;
      }
      case 'signature':
        answer = 'data:image/png;base64,AAAA';
        break;
      case 'file':
        answer = [{ name: 'document.pdf' }];
        break;
      case 'address':
        answer = '1 Main Street, Springfield';
        break;
      default:
        answer = f.label;
    }
    const parts = f.key.split('.');
    let at = data;
    for (const part of parts.slice(0, -1)) {
      if (!isPlainObject(at[part])) at[part] = {};
      at = at[part] as Record<string, unknown>;
    }
    at[parts[parts.length - 1] as string] = answer;
  }
  return data;
}
