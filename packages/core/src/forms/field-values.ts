import { UPLOAD_MAX_BYTES } from '../constants';
import { ENGINE_MESSAGES as MESSAGES } from '../messages-engine';
import type { FormComponent } from './form.schema';
import { isPlainObject } from './path';
import { EMAIL_REGEX } from './regex-samples';

/** Stable error codes of `validateSubmission`; clients may switch on them. */
export const SUBMISSION_ERROR_CODES = [
  /** A required value is missing ('Missing Required Fields' on submit). */
  'required',
  'minLength',
  'maxLength',
  'minWords',
  'maxWords',
  /** The value does not match `validate.pattern`. */
  'pattern',
  'email',
  /** Not a phone number by the spec 1 §5 rule ('Invalid contact number'). */
  'phone',
  /** Not a number. */
  'number',
  'integer',
  'min',
  'max',
  /** More decimal places than `decimalLimit` (currency defaults to 2). */
  'decimal',
  /** Not a currency amount. */
  'currency',
  'date',
  'day',
  'time',
  /** A select, radio or select-boxes value outside the field's options. */
  'option',
  'minSelected',
  'maxSelected',
  /** Text outside printable ASCII and newlines (spec 1 §5). */
  'nonAscii',
  /** `validate.custom` (JSON Logic) returned false or a message. */
  'custom',
  /** A change to a field the end user's role may not edit (spec 1 §6). */
  'notEditable',
  /** A value of the wrong JSON type for the field. */
  'type',
  /** A value longer than any field of its type may hold. */
  'tooLong',
  'file',
  'signature',
  /** A rule ran out of budget; the field could not be checked. */
  'logic',
  /** The form has a component type this version does not know. */
  'unknownType',
  /** The submission is not an object. */
  'invalid',
] as const;
export type SubmissionErrorCode = (typeof SUBMISSION_ERROR_CODES)[number];

/** A problem with one value; `suffix` extends the field's path (`[2]`, `.city`). */
export interface FieldIssue {
  code: SubmissionErrorCode;
  message: string;
  suffix?: string;
}

export type ValueCheck = { ok: true; value: unknown } | { ok: false; issues: FieldIssue[] };
export type ValueChecker = (value: unknown) => ValueCheck;

const ok = (value: unknown): ValueCheck => ({ ok: true, value });
const fail = (code: SubmissionErrorCode, message: string, suffix?: string): ValueCheck => ({
  ok: false,
  issues: [suffix === undefined ? { code, message } : { code, message, suffix }],
});

/** Longest text any field may hold; signatures (PNG data URLs) are allowed more. */
export const MAX_TEXT_LENGTH = 100_000;
export const MAX_SIGNATURE_LENGTH = 2_000_000;
export const MAX_MULTIPLE_VALUES = 100;

/** Spec 1 §5: only printable ASCII and newlines. */
const PRINTABLE_ASCII = /^[\x20-\x7e\r\n]*$/;
/** Spec 1 §5 phone rule: optional plus, 3 digits, 3 digits, then 4-6 digits, optional brackets, dashes, dots or spaces. */
export const PHONE_PATTERN = /^\+?\(?\d{3}\)?[-. ]?\d{3}[-. ]?\d{4,6}$/;
/** A US number as it is stored with its country code (`+1 (555) 123-4567`, core's formatPhone). */
const US_PHONE_WITH_COUNTRY = /^\+1 \(\d{3}\) \d{3}-\d{4}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const DAY_VALUE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const TIME_VALUE = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const SIGNATURE_DATA_URL = /^data:image\/(?:png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/;
const HTTP_URL = /^https?:\/\/\S+$/;

/** True for text made only of printable ASCII and newlines. */
export function isPrintableAscii(text: string): boolean {
  return PRINTABLE_ASCII.test(text);
}

/** True when a value counts as not given for its type (an unchecked checkbox, no box ticked, '00/00/0000'). */
export function isEmptyValue(value: unknown, type: FormComponent['type']): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (type === 'checkbox') return value === false;
  if (type === 'selectboxes' && isPlainObject(value)) return !Object.values(value).some((v) => v === true);
  if (type === 'day' && typeof value === 'string') return /^0*\/0*\/0*$/.test(value);
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}

function daysInMonth(month: number, year: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function countDecimals(n: number, limit: number): boolean {
  return Number(n.toFixed(limit)) === n;
}

/** Turns a submitted number (or numeric text from a plain input) into a number. */
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

function checkNumber(component: FormComponent, label: string): ValueChecker {
  const isCurrency = component.type === 'currency';
  const declared = component.type === 'number' || component.type === 'currency' ? component.decimalLimit : undefined;
  const limit = declared ?? (isCurrency ? 2 : undefined);
  const { min, max } = component.validate ?? {};
  const integer = component.validate?.integer === true;
  return (value) => {
    const n = toNumber(value);
    if (n === undefined) return fail(isCurrency ? 'currency' : 'number', MESSAGES.fieldNumber(label));
    if (integer && !Number.isInteger(n)) return fail('integer', MESSAGES.fieldInteger(label));
    if (limit !== undefined && !countDecimals(n, limit)) return fail('decimal', MESSAGES.fieldDecimal(label, limit));
    if (min !== undefined && n < min) return fail('min', MESSAGES.fieldMin(label, min));
    if (max !== undefined && n > max) return fail('max', MESSAGES.fieldMax(label, max));
    return ok(n);
  };
}

function checkText(
  label: string,
  test?: (s: string) => boolean,
  code?: SubmissionErrorCode,
  message?: string,
): ValueChecker {
  return (value) => {
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    if (typeof text !== 'string') return fail('type', MESSAGES.fieldType(label));
    if (text.length > MAX_TEXT_LENGTH) return fail('tooLong', MESSAGES.fieldTooLong(label));
    if (test && code && message && !test(text)) return fail(code, message);
    return ok(text);
  };
}

function optionMatcher(options: readonly { value: string | number | boolean }[]) {
  const byText = new Map(options.map((o) => [String(o.value), o.value]));
  return (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? byText.get(String(value))
      : undefined;
}

function checkChoice(component: FormComponent, label: string): ValueChecker {
  const options =
    component.type === 'select' ? (component.data.values ?? []) : 'values' in component ? component.values : [];
  const match = optionMatcher(options);
  return (value) => {
    const found = match(value);
    return found === undefined ? fail('option', MESSAGES.fieldOption(label)) : ok(found);
  };
}

function checkSelectboxes(component: FormComponent, label: string): ValueChecker {
  const keys = component.type === 'selectboxes' ? component.values.map((o) => String(o.value)) : [];
  const allowed = new Set(keys);
  const { minSelectedCount, maxSelectedCount } = component.validate ?? {};
  return (value) => {
    if (!isPlainObject(value)) return fail('type', MESSAGES.fieldType(label));
    let selected = 0;
    for (const [k, v] of Object.entries(value)) {
      if (!allowed.has(k)) return fail('option', MESSAGES.fieldOption(label));
      if (typeof v !== 'boolean') return fail('type', MESSAGES.fieldType(label));
      if (v) selected += 1;
    }
    if (minSelectedCount !== undefined && selected < minSelectedCount)
      return fail('minSelected', MESSAGES.fieldMinSelected(label, minSelectedCount));
    if (maxSelectedCount !== undefined && selected > maxSelectedCount)
      return fail('maxSelected', MESSAGES.fieldMaxSelected(label, maxSelectedCount));
    // Every option gets a boolean, as Form.io stores it; fromEntries never touches a prototype.
    return ok(Object.fromEntries(keys.map((k) => [k, value[k] === true])));
  };
}

function checkDatetime(component: FormComponent, label: string): ValueChecker {
  const picker = component.type === 'datetime' ? component.datePicker : undefined;
  const widget = isPlainObject(component.widget) ? component.widget : undefined;
  const minText = plainDate(picker?.minDate) ?? plainDate(widget?.minDate);
  const maxText = plainDate(picker?.maxDate) ?? plainDate(widget?.maxDate);
  const minDate = minText === undefined ? Number.NaN : Date.parse(minText);
  // A latest day without a time allows the whole of that day.
  const maxDate =
    maxText === undefined ? Number.NaN : Date.parse(maxText) + (PLAIN_DAY.test(maxText) ? 24 * 60 * 60 * 1000 - 1 : 0);
  return (value) => {
    if (typeof value !== 'string') return fail('date', MESSAGES.fieldDate(label));
    const m = ISO_DATE.exec(value);
    if (!m) return fail('date', MESSAGES.fieldDate(label));
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const validTime = Number(m[4] ?? 0) <= 23 && Number(m[5] ?? 0) <= 59 && Number(m[6] ?? 0) <= 59;
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(month, year) || !validTime)
      return fail('date', MESSAGES.fieldDate(label));
    const at = Date.parse(value);
    if (Number.isNaN(at)) return fail('date', MESSAGES.fieldDate(label));
    if (!Number.isNaN(minDate) && at < minDate) return fail('min', MESSAGES.fieldMin(label, String(minText)));
    if (!Number.isNaN(maxDate) && at > maxDate) return fail('max', MESSAGES.fieldMax(label, String(maxText)));
    return ok(value);
  };
}

const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A `minDate`/`maxDate` we can enforce: an ISO date or date-time. Form.io also takes `moment()` expressions, which
 * the import reports and removes (they are code); anything else that is not a date is ignored here.
 */
export function plainDate(value: unknown): string | undefined {
  return typeof value === 'string' && ISO_DATE.test(value.trim()) && !Number.isNaN(Date.parse(value.trim()))
    ? value.trim()
    : undefined;
}

function checkDay(component: FormComponent, label: string): ValueChecker {
  const dayFirst = component.type === 'day' && component.dayFirst === true;
  const fields = component.type === 'day' ? component.fields : undefined;
  return (value) => {
    if (typeof value !== 'string') return fail('day', MESSAGES.fieldDay(label));
    const m = DAY_VALUE.exec(value);
    if (!m) return fail('day', MESSAGES.fieldDay(label));
    const first = Number(m[1]);
    const second = Number(m[2]);
    const [month, day, year] = dayFirst ? [second, first, Number(m[3])] : [first, second, Number(m[3])];
    if (month > 12) return fail('day', MESSAGES.monthRange);
    if (day > daysInMonth(month || 1, year || 2000)) return fail('day', MESSAGES.fieldDay(label));
    if ((fields?.day?.required && !day) || (fields?.month?.required && !month) || (fields?.year?.required && !year))
      return fail('required', MESSAGES.fieldRequired(label));
    return ok(value);
  };
}

function checkFiles(component: FormComponent, label: string): ValueChecker {
  const multiple = component.multiple === true;
  return (value) => {
    const list = Array.isArray(value) ? value : [value];
    if (!multiple && list.length > 1) return fail('file', MESSAGES.fieldFile(label));
    if (list.length > MAX_MULTIPLE_VALUES) return fail('tooLong', MESSAGES.fieldTooLong(label));
    for (let i = 0; i < list.length; i++) {
      const file = list[i];
      const valid =
        isPlainObject(file) &&
        typeof file.name === 'string' &&
        file.name.length > 0 &&
        file.name.length <= 500 &&
        (file.size === undefined ||
          (typeof file.size === 'number' && file.size >= 0 && file.size <= UPLOAD_MAX_BYTES)) &&
        (file.url === undefined || (typeof file.url === 'string' && file.url.length <= 10_000)) &&
        isSmallJson(file, 3);
      if (!valid) return fail('file', MESSAGES.fieldFile(label), `[${i}]`);
    }
    return ok(list);
  };
}

/** Bounded nesting and text for free-form values (file objects, provider addresses). */
export function isSmallJson(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return value.length <= 10_000;
  if (depth <= 0) return false;
  if (Array.isArray(value)) return value.length <= 100 && value.every((v) => isSmallJson(v, depth - 1));
  if (!isPlainObject(value)) return false;
  const entries = Object.entries(value);
  return entries.length <= 100 && entries.every(([k, v]) => k !== '__proto__' && isSmallJson(v, depth - 1));
}

/** Checks a value's type and format for its field and returns it normalised (numbers from numeric text etc.). */
export function compileValueChecker(component: FormComponent, label: string): ValueChecker {
  switch (component.type) {
    case 'textfield':
    case 'textarea':
    case 'password':
      return checkText(label);
    case 'hidden':
      return (value) =>
        typeof value === 'string' || typeof value === 'number'
          ? checkText(label)(value)
          : isSmallJson(value, 4)
            ? ok(value)
            : fail('type', MESSAGES.fieldType(label));
    case 'email':
      return checkText(label, (s) => EMAIL_REGEX.test(s), 'email', MESSAGES.emailInvalid);
    case 'phoneNumber':
      return checkText(
        label,
        (s) => s.length <= 30 && (PHONE_PATTERN.test(s) || US_PHONE_WITH_COUNTRY.test(s)),
        'phone',
        MESSAGES.invalidPhone,
      );
    case 'number':
    case 'currency':
      return checkNumber(component, label);
    case 'checkbox':
      return (value) => (typeof value === 'boolean' ? ok(value) : fail('type', MESSAGES.fieldType(label)));
    case 'selectboxes':
      return checkSelectboxes(component, label);
    case 'select':
    case 'radio':
      return checkChoice(component, label);
    case 'datetime':
      return checkDatetime(component, label);
    case 'day':
      return checkDay(component, label);
    case 'time':
      return checkText(label, (s) => TIME_VALUE.test(s), 'time', MESSAGES.fieldTime(label));
    case 'file':
      return checkFiles(component, label);
    case 'signature':
      return (value) =>
        typeof value === 'string' &&
        value.length <= MAX_SIGNATURE_LENGTH &&
        (SIGNATURE_DATA_URL.test(value) || HTTP_URL.test(value))
          ? ok(value)
          : fail('signature', MESSAGES.fieldSignature(label));
    case 'address':
      return (value) =>
        (typeof value === 'string' && value.length <= MAX_TEXT_LENGTH) ||
        (isPlainObject(value) && isSmallJson(value, 4))
          ? ok(value)
          : fail('type', MESSAGES.fieldType(label));
    case 'container':
      return (value) => (isPlainObject(value) ? ok(value) : fail('type', MESSAGES.fieldType(label)));
    case 'datagrid':
    case 'editgrid':
      return (value) => (Array.isArray(value) ? ok(value) : fail('type', MESSAGES.fieldType(label)));
    default:
      return () => fail('unknownType', MESSAGES.unsupportedType(String((component as { type: unknown }).type)));
  }
}

/** Types whose value is text, so that length, word, pattern and ASCII rules apply. */
export const TEXT_TYPES: ReadonlySet<string> = new Set([
  'textfield',
  'textarea',
  'password',
  'email',
  'phoneNumber',
  'hidden',
]);

export type TextRules = (text: string) => FieldIssue | undefined;

/** Length, word-count, pattern and ASCII rules of a text value, compiled once. */
export function compileTextRules(
  validate: FormComponent['validate'],
  label: string,
  pattern: RegExp | undefined,
  maxLengthCap?: number,
  mask?: RegExp,
): TextRules {
  const minLength = validate?.minLength;
  const maxLength =
    maxLengthCap === undefined ? validate?.maxLength : Math.min(validate?.maxLength ?? maxLengthCap, maxLengthCap);
  const { minWords, maxWords } = validate ?? {};
  const countWords = minWords !== undefined || maxWords !== undefined;
  return (text) => {
    if (!isPrintableAscii(text)) return { code: 'nonAscii', message: MESSAGES.fieldNonAscii(label) };
    if (minLength !== undefined && text.length < minLength)
      return { code: 'minLength', message: MESSAGES.fieldMinLength(label, minLength) };
    if (maxLength !== undefined && text.length > maxLength)
      return { code: 'maxLength', message: MESSAGES.fieldMaxLength(label, maxLength) };
    if (countWords) {
      const words = text.trim() === '' ? 0 : text.trim().split(/\s+/).length;
      if (minWords !== undefined && words < minWords)
        return { code: 'minWords', message: MESSAGES.fieldMinWords(label, minWords) };
      if (maxWords !== undefined && words > maxWords)
        return { code: 'maxWords', message: MESSAGES.fieldMaxWords(label, maxWords) };
    }
    // Checked after the length rules, so a pattern only ever sees text of bounded length.
    if (pattern && !pattern.test(text)) return { code: 'pattern', message: MESSAGES.fieldPattern(label) };
    if (mask && !mask.test(text)) return { code: 'pattern', message: MESSAGES.fieldPattern(label) };
    return undefined;
  };
}

/**
 * Form.io's input mask as a check of the stored text: `9` a digit, `a` a letter, `*` a letter or digit, anything
 * else itself (`999-99-9999` for an SSN). Undefined for no mask or a mask too long to be one.
 */
export function compileInputMask(mask: string | undefined): RegExp | undefined {
  if (!mask || mask.length > 100) return undefined;
  let source = '';
  for (const ch of mask) {
    if (ch === '9') source += '\\d';
    else if (ch === 'a') source += '[A-Za-z]';
    else if (ch === '*') source += '[A-Za-z0-9]';
    else source += ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** True when every string inside a value (bounded depth) is printable ASCII. */
export function hasOnlyAsciiText(value: unknown, depth = 5): boolean {
  if (typeof value === 'string') return isPrintableAscii(value);
  if (depth <= 0 || value === null || typeof value !== 'object') return true;
  const items = Array.isArray(value) ? value : Object.values(value);
  return items.every((item) => hasOnlyAsciiText(item, depth - 1));
}
