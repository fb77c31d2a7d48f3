import { KEY_PATTERN } from '@under/core/forms/component.schema';
import { type Dictionary, type DictionaryInput, DictionaryInputSchema } from '@under/core/templates/dictionary.schema';
import type { DictionaryDataType } from '@under/core/templates/pdf-field.schema';
import { ADMIN_LIBRARY_TEXT as T } from '@under/core/ui-text/admin-library';

/** What the dictionary form edits: inputs as the browser holds them (numbers may be empty, JSON is text). */
export interface DictionaryFormValues {
  type: DictionaryDataType | '';
  name: string;
  label: string;
  /** '' means the same as the type. */
  dataType: DictionaryDataType | '';
  options: { label: string; value: string }[];
  defaultText: string;
  defaultNumber: number | '';
  defaultChecked: boolean;
  defaultChoices: string[];
  require: boolean;
  encrypted: boolean;
  minLength: number | '';
  maxLength: number | '';
  minValue: number | '';
  maxValue: number | '';
  prefix: string;
  suffix: string;
  decimalLimit: number | '';
  delimiter: boolean;
  requireDecimal: boolean;
  dateFormat: string;
  pattern: string;
  conditions: string;
  customScripts: string;
  alternativeKeys: string[];
}

export type DictionaryField = keyof DictionaryFormValues;

/** The attributes that apply to a kind of value; the others are neither shown nor sent. */
function attributesOf(kind: DictionaryDataType | '') {
  const isNumeric = kind === 'number' || kind === 'currency';
  return {
    hasOptions: kind === 'radio' || kind === 'checkboxList',
    hasLength: kind === 'text',
    hasPattern: kind === 'text',
    hasRange: isNumeric,
    hasAffixes: kind === 'text' || isNumeric,
    hasDecimals: isNumeric,
    hasDateFormat: kind === 'date',
    hasDefault: kind !== 'image' && kind !== 'signature' && kind !== '',
  };
}

/** The data type that decides which attributes apply: the chosen data type, otherwise the type. */
export const kindOf = (values: Pick<DictionaryFormValues, 'type' | 'dataType'>) => values.dataType || values.type;

/** The attributes of an entry; a radio or checkbox list component needs its choices whatever data it stores. */
export function attributesFor(values: Pick<DictionaryFormValues, 'type' | 'dataType'>) {
  const has = attributesOf(kindOf(values));
  return { ...has, hasOptions: has.hasOptions || attributesOf(values.type).hasOptions };
}

export const EMPTY_DICTIONARY: DictionaryFormValues = {
  type: '',
  name: '',
  label: '',
  dataType: '',
  options: [],
  defaultText: '',
  defaultNumber: '',
  defaultChecked: false,
  defaultChoices: [],
  require: false,
  encrypted: false,
  minLength: '',
  maxLength: '',
  minValue: '',
  maxValue: '',
  prefix: '',
  suffix: '',
  decimalLimit: '',
  delimiter: false,
  requireDecimal: false,
  dateFormat: '',
  pattern: '',
  conditions: '',
  customScripts: '',
  alternativeKeys: [],
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The regular expression of an entry: kept in its `data` (the contract has no field of its own for it). */
function patternOf(entry: Pick<Dictionary, 'data'>): string {
  return isRecord(entry.data) && typeof entry.data.pattern === 'string' ? entry.data.pattern : '';
}

const num = (value: number | undefined): number | '' => (value === undefined ? '' : value);

/** The form's values for a saved entry. */
export function toFormValues(entry: Dictionary): DictionaryFormValues {
  const d = entry.defaultValue;
  return {
    ...EMPTY_DICTIONARY,
    type: entry.type,
    name: entry.name,
    label: entry.label,
    dataType: entry.dataType && entry.dataType !== entry.type ? entry.dataType : '',
    options: entry.options?.map((o) => ({ ...o })) ?? [],
    defaultText: typeof d === 'string' ? d : '',
    defaultNumber: typeof d === 'number' ? d : '',
    defaultChecked: d === true,
    defaultChoices: Array.isArray(d) ? [...d] : [],
    require: entry.require,
    encrypted: entry.encrypted,
    minLength: num(entry.minLength),
    maxLength: num(entry.maxLength),
    minValue: num(entry.minValue),
    maxValue: num(entry.maxValue),
    prefix: entry.prefix ?? '',
    suffix: entry.suffix ?? '',
    decimalLimit: num(entry.decimalLimit),
    delimiter: entry.delimiter ?? false,
    requireDecimal: entry.requireDecimal ?? false,
    dateFormat: entry.dateFormat ?? '',
    pattern: patternOf(entry),
    conditions:
      entry.conditions === undefined || entry.conditions === null ? '' : JSON.stringify(entry.conditions, null, 2),
    customScripts: entry.customScripts ?? '',
    alternativeKeys: [...(entry.alternativeKeys ?? [])],
  };
}

type DictionaryErrors = Partial<Record<DictionaryField, string>>;

/** Where a problem the contract reports lands in the form. */
function fieldOfPath(path: PropertyKey[], kind: DictionaryDataType | ''): DictionaryField | null {
  const [head] = path;
  if (head === 'defaultValue') {
    if (kind === 'number' || kind === 'currency') return 'defaultNumber';
    if (kind === 'checkboxList') return 'defaultChoices';
    if (kind === 'checkbox') return 'defaultChecked';
    return 'defaultText';
  }
  if (head === 'data') return 'pattern';
  if (typeof head === 'string' && head in EMPTY_DICTIONARY) return head as DictionaryField;
  return null;
}

function validPattern(source: string): boolean {
  try {
    // compiled, never run as code: the CSP forbids eval, not RegExp
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/**
 * The request body of the form's values, checked by the same contract as the server, plus the checks that only
 * make sense in the form (options of choice types, min not over max, JSON text). Attributes that do not apply to
 * the chosen kind are left out; `data` and `dataRaw` of a saved entry are kept.
 */
export function toDictionaryInput(
  values: DictionaryFormValues,
  saved?: Pick<Dictionary, 'data' | 'dataRaw'>,
): { body: DictionaryInput; errors: DictionaryErrors } {
  const errors: DictionaryErrors = {};
  const kind = kindOf(values);
  const has = attributesFor(values);
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const number = (value: number | '') => (value === '' ? undefined : value);

  const body: Record<string, unknown> = {
    type: values.type === '' ? undefined : values.type,
    name: values.name,
    label: values.label,
    require: values.require,
    encrypted: values.encrypted,
  };
  if (values.dataType) body.dataType = values.dataType;
  else if (values.type) body.dataType = values.type;

  if (has.hasOptions) {
    const options = values.options.map((o) => ({ label: o.label.trim(), value: o.value.trim() }));
    if (options.length === 0) errors.options = T.optionsRequired;
    else if (options.some((o) => !o.label || !o.value)) errors.options = T.optionIncomplete;
    else if (new Set(options.map((o) => o.value)).size !== options.length) errors.options = T.optionValuesUnique;
    body.options = options;
  }
  if (has.hasDefault) {
    if (kind === 'number' || kind === 'currency') body.defaultValue = number(values.defaultNumber);
    else if (kind === 'checkbox') body.defaultValue = values.defaultChecked;
    else if (kind === 'checkboxList')
      body.defaultValue = values.defaultChoices.length ? values.defaultChoices : undefined;
    else body.defaultValue = text(values.defaultText);
  }
  if (has.hasLength) {
    body.minLength = number(values.minLength);
    body.maxLength = number(values.maxLength);
    if (body.minLength !== undefined && body.maxLength !== undefined && values.minLength > values.maxLength)
      errors.maxLength = T.minOverMax;
  }
  if (has.hasRange) {
    body.minValue = number(values.minValue);
    body.maxValue = number(values.maxValue);
    if (body.minValue !== undefined && body.maxValue !== undefined && values.minValue > values.maxValue)
      errors.maxValue = T.minOverMax;
  }
  if (has.hasAffixes) {
    body.prefix = text(values.prefix);
    body.suffix = text(values.suffix);
  }
  if (has.hasDecimals) {
    body.decimalLimit = number(values.decimalLimit);
    body.delimiter = values.delimiter;
    body.requireDecimal = values.requireDecimal;
  }
  if (has.hasDateFormat) body.dateFormat = text(values.dateFormat);

  const savedData = isRecord(saved?.data) ? saved.data : undefined;
  const { pattern: _old, ...otherData } = savedData ?? {};
  const pattern = has.hasPattern ? values.pattern.trim() : '';
  if (pattern && !validPattern(pattern)) errors.pattern = T.patternInvalid;
  if (pattern) body.data = { ...otherData, pattern };
  else if (savedData) body.data = Object.keys(otherData).length ? otherData : undefined;
  else if (saved?.data !== undefined) body.data = saved.data;
  if (saved?.dataRaw !== undefined) body.dataRaw = saved.dataRaw;

  if (values.conditions.trim()) {
    try {
      body.conditions = JSON.parse(values.conditions);
    } catch {
      errors.conditions = T.conditionsInvalid;
    }
  }
  body.customScripts = values.customScripts.trim() ? values.customScripts : undefined;
  if (values.alternativeKeys.some((key) => !KEY_PATTERN.test(key))) errors.alternativeKeys = T.alternativeKeyInvalid;
  body.alternativeKeys = values.alternativeKeys;

  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];

  const parsed = DictionaryInputSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path, kind);
      if (field && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  return { body: body as DictionaryInput, errors };
}
