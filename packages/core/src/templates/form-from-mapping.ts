import type { FieldType } from '../forms/field-types';
import type { FormComponent, FormDefinition } from '../forms/form.schema';
import { FORM_SCHEMA_VERSION } from '../forms/form-migrate';
import { EMAIL_SOURCE, PHONE_NXX_SOURCE } from '../forms/regex-samples';
import {
  createSystemFieldComponent,
  getSystemField,
  SYSTEM_FIELDS,
  type SystemFieldDefinition,
} from '../forms/system-fields';
import type { Dictionary } from './dictionary.schema';
import { humanizeKey } from './field-names';
import { CHOICE_FORM_TYPES, isBindingAllowed, PDF_TO_FORM_TYPES } from './mapping-rules';
import type { PdfField, PdfFieldType } from './pdf-field.schema';

/** The form type a mapped box becomes when it is bound to nothing: the first of its matches. */
export function defaultFormType(type: Exclude<PdfFieldType, 'replica'>): FieldType {
  const allowed = PDF_TO_FORM_TYPES[type];
  return (allowed === 'any' ? 'textfield' : allowed[0]) as FieldType;
}

/** The date format a datetime made from a PDF date field gets when neither the mapping nor its entry names one. */
export const DEFAULT_DATE_FORMAT = 'MM/dd/yyyy';

/** The entry fields a master form reads from a dictionary entry. */
export type DictionaryEntry = Pick<Dictionary, 'id' | 'type' | 'name' | 'label'> &
  Partial<Omit<Dictionary, 'id' | 'type' | 'name' | 'label' | 'createdAt' | 'updatedAt'>>;

/** A dictionary entry's regular expression: kept in its free `data` object (decision 016). */
export function dictionaryPattern(entry: Pick<DictionaryEntry, 'data'>): string | undefined {
  const data = entry.data;
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const pattern = (data as Record<string, unknown>).pattern;
    if (typeof pattern === 'string' && pattern !== '') return pattern;
  }
  return undefined;
}

/**
 * The form type a dictionary entry becomes: its type's first match, except a text entry with the e-mail or phone
 * sample as its pattern, which becomes an e-mail or phone field (the engine checks those itself).
 */
export function dictionaryFormType(entry: Pick<DictionaryEntry, 'type' | 'data'>): FieldType {
  if (entry.type === 'text') {
    const pattern = dictionaryPattern(entry);
    if (pattern === EMAIL_SOURCE) return 'email';
    if (pattern === PHONE_NXX_SOURCE) return 'phoneNumber';
  }
  return defaultFormType(entry.type);
}

// ---- reading order

type Box = Pick<PdfField, 'page' | 'x' | 'y' | 'width' | 'height' | 'renderOrder'>;

/**
 * Boxes in reading order: page by page, rows from top to bottom, each row left to right. Two boxes share a row
 * when they overlap vertically by at least half the height of the smaller one (decision 030), compared with the
 * row's topmost box, so a tall box beside several short lines does not swallow them.
 */
export function readingOrder<T extends Box>(boxes: readonly T[]): T[] {
  const sorted = [...boxes].sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
  const rows: T[][] = [];
  for (const box of sorted) {
    const row = rows[rows.length - 1];
    const anchor = row?.[0];
    if (row && anchor && anchor.page === box.page && sameRow(anchor, box)) row.push(box);
    else rows.push([box]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.x - b.x || a.renderOrder - b.renderOrder));
}

function sameRow(a: Box, b: Box): boolean {
  const overlap = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return overlap >= Math.min(a.height, b.height) / 2;
}

// ---- labels

/** A label that is only an identifier: the key itself, or a name without spaces made of `_`, `.` or `[n]` parts. */
const isIdentifier = (text: string, field: Pick<PdfField, 'key'>) =>
  text === field.key || (!/\s/.test(text) && /[_.[\]]/.test(text));

/** Whether a box has a label a person wrote (a tooltip), not none or only its identifier. */
export function hasOwnLabel(field: Pick<PdfField, 'key' | 'label'>): boolean {
  const own = field.label?.trim();
  return Boolean(own) && !isIdentifier(own as string, field);
}

/**
 * The label a person reads for an unbound box: its own label (the AcroForm tooltip) unless that is only the
 * field's identifier, else a label made from its AcroForm name (without XFA's containers) or its key
 * (`topmostSubform[0].Page1[0].legal_name[0]` -> "Legal name", `owner.name` -> "Owner name").
 */
export function readableLabel(field: Pick<PdfField, 'key' | 'name' | 'label'>): string {
  const own = field.label?.trim();
  // a tooltip is written as it should read; a name with spaces ("entity type") only starts with a capital
  if (own && !isIdentifier(own, field))
    return own === field.name?.trim() ? own.charAt(0).toUpperCase() + own.slice(1) : own;
  const source = field.name?.trim() || field.key;
  // the parts of a hierarchical name, without the containers XFA designers add (topmostSubform[0].Page1[0].…)
  const parts = source
    .replace(/\[\d+\]/g, '')
    .split('.')
    .filter((part) => part && !XFA_CONTAINER.test(part));
  const readable = parts.join('_');
  return humanizeKey(parts.length && /^[A-Za-z0-9_ -]+$/.test(readable) ? readable : field.key);
}

const XFA_CONTAINER = /^(topmostSubform|form\d*|page\d*|subform\d*|#subform|#area)$/i;

// ---- what a box stands for

/** Lower-case letters and digits only, for loose comparisons of option names. */
const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const words = (field: PdfField) => `${humanizeKey(field.key)} ${readableLabel(field)}`.toLowerCase();

/** An unbound text box that reads as a date ("Date signed", "DOB"). */
const looksLikeDate = (field: PdfField) => /\b(date|dob|birthday)\b/.test(words(field));
/** An unbound text box that reads as a signature, not the signer's printed name or title. */
const looksLikeSignature = (field: PdfField) =>
  /\bsignature\b/.test(words(field)) && !/\b(name|title|print|printed)\b/.test(words(field));

/** Where a component comes from: a system field, a dictionary entry, or the box itself (or its form binding). */
type Source =
  | { kind: 'system'; definition: SystemFieldDefinition }
  | { kind: 'entry'; entry: DictionaryEntry }
  | { kind: 'box'; type: FieldType };

/** One component of the new form with the boxes that feed it, in reading order. */
interface Slot {
  key: string;
  page: number;
  source: Source;
  boxes: PdfField[];
}

function sourceOf(field: PdfField, entries: ReadonlyMap<string, DictionaryEntry>): { key: string; source: Source } {
  const binding = field.bindingField;
  const entry = binding?.dictionaryId ? entries.get(binding.dictionaryId) : undefined;
  const key = entry?.name ?? binding?.key ?? field.key;
  const system = getSystemField(key);
  if (system) return { key, source: { kind: 'system', definition: system } };
  if (entry) return { key, source: { kind: 'entry', entry } };
  if (binding) return { key, source: { kind: 'box', type: binding.type as FieldType } };
  const type = field.type as Exclude<PdfFieldType, 'replica'>;
  if (type === 'text' && looksLikeDate(field)) return { key, source: { kind: 'box', type: 'datetime' } };
  if (type === 'text' && looksLikeSignature(field)) return { key, source: { kind: 'box', type: 'signature' } };
  return { key, source: { kind: 'box', type: defaultFormType(type) } };
}

// ---- choices

type Choice = { label: string; value: string };
const isBoxWidget = (field: PdfField) =>
  field.type === 'checkbox' || field.type === 'radio' || field.type === 'checkboxList';

/**
 * One choice per box: the value the box stands for (`optionValue`), or the entry's option whose value or label
 * matches the box's label or key (`type_sole` -> "Sole proprietor"), or the box's own key without the prefix its
 * group shares (`sole`).
 */
function boxChoices(boxes: readonly PdfField[], options: readonly Choice[] | undefined): Choice[] {
  const prefix = sharedPrefix(boxes.map((b) => b.key));
  const choices: Choice[] = [];
  for (const box of boxes) {
    const own = box.key.slice(prefix.length) || box.key;
    let choice: Choice | undefined;
    if (box.optionValue) {
      const value = box.optionValue;
      const label =
        options?.find((o) => o.value === value)?.label ?? box.options?.find((o) => o.value === value)?.label;
      choice = { value, label: label || humanizeKey(value) };
    } else {
      const names = [box.label ?? '', own, box.key].map(squash).filter(Boolean);
      const match = options?.find((o) => {
        const candidates = [squash(o.value), squash(o.label)].filter(Boolean);
        return names.some((n) => candidates.some((c) => c === n || c.startsWith(n) || n.startsWith(c)));
      });
      const label = box.label?.trim() && !isIdentifier(box.label.trim(), box) ? box.label.trim() : humanizeKey(own);
      choice = match ?? { value: own, label };
    }
    if (!choices.some((c) => c.value === choice.value)) choices.push(choice);
  }
  return choices;
}

/** The prefix ending in `_` that every key shares (`type_sole`, `type_llc` -> `type_`); '' for one key. */
function sharedPrefix(keys: readonly string[]): string {
  if (new Set(keys).size < 2) return '';
  let prefix = keys[0] ?? '';
  for (const key of keys) while (!key.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const cut = prefix.lastIndexOf('_');
  return cut >= 0 ? prefix.slice(0, cut + 1) : '';
}

// ---- components

function entryValidate(entry: DictionaryEntry, type: FieldType, required: boolean) {
  const validate: Record<string, unknown> = { required: entry.require === true || required };
  const isText = type === 'textfield' || type === 'textarea' || type === 'email' || type === 'phoneNumber';
  if (isText && entry.minLength !== undefined) validate.minLength = entry.minLength;
  if (isText && entry.maxLength !== undefined) validate.maxLength = entry.maxLength;
  const pattern = dictionaryPattern(entry);
  if (pattern && (type === 'textfield' || type === 'textarea')) validate.pattern = pattern;
  if ((type === 'number' || type === 'currency') && entry.minValue !== undefined) validate.min = entry.minValue;
  if ((type === 'number' || type === 'currency') && entry.maxValue !== undefined) validate.max = entry.maxValue;
  return validate;
}

function componentOf(slot: Slot): Record<string, unknown> {
  const first = slot.boxes[0] as PdfField;
  const required = slot.boxes.some((b) => b.required);
  const encrypted = slot.boxes.some((b) => b.euEncrypted);
  if (slot.source.kind === 'system') return createSystemFieldComponent(slot.source.definition);

  const entry = slot.source.kind === 'entry' ? slot.source.entry : undefined;
  let type: FieldType = entry ? dictionaryFormType(entry) : (slot.source as { type: FieldType }).type;
  const isGroup = slot.boxes.length > 1 && slot.boxes.every(isBoxWidget);
  // boxes that stand for choices (distinct values) make one radio unless the entry or the PDF says "several"
  if (isGroup && !CHOICE_FORM_TYPES.includes(type) && type !== 'select')
    type = slot.boxes.some((b) => b.type === 'checkboxList') ? 'selectboxes' : 'radio';

  const component: Record<string, unknown> = {
    key: slot.key,
    type,
    label:
      entry?.label ||
      (slot.source.kind === 'box' && first.key === slot.key ? readableLabel(first) : humanizeKey(slot.key)),
    input: true,
    euPermission: first.euPermission,
    euEncrypted: entry?.encrypted === true || encrypted,
    validate: entry ? entryValidate(entry, type, required) : { required },
  };
  if (entry) {
    if (entry.prefix && ['textfield', 'number', 'currency'].includes(type)) component.prefix = entry.prefix;
    if (entry.suffix && ['textfield', 'number', 'currency'].includes(type)) component.suffix = entry.suffix;
    if (type === 'number' || type === 'currency') {
      if (entry.decimalLimit !== undefined) component.decimalLimit = entry.decimalLimit;
      if (entry.delimiter !== undefined) component.delimiter = entry.delimiter;
      if (entry.requireDecimal !== undefined) component.requireDecimal = entry.requireDecimal;
    }
    if (entry.defaultValue !== undefined && entry.defaultValue !== '') component.defaultValue = entry.defaultValue;
  } else if (first.defaultValue !== undefined && first.defaultValue !== '') {
    component.defaultValue = first.defaultValue;
  }
  if (type === 'currency') component.currency = 'USD';
  if (type === 'datetime') {
    component.format = entry?.dateFormat || first.dateFormat || DEFAULT_DATE_FORMAT;
    component.enableTime = false;
  }
  if (CHOICE_FORM_TYPES.includes(type) || type === 'select') {
    const options = entry?.options ?? first.options;
    // checkbox widgets give one value per box; a text box bound to a choice entry offers all the entry's options
    const values = slot.boxes.every(isBoxWidget)
      ? boxChoices(slot.boxes, options)
      : (options ?? []).filter((o) => o.value !== '');
    const safe = values.length ? values : [{ label: 'Yes', value: 'yes' }];
    if (type === 'select') component.data = { values: safe };
    else component.values = safe;
  }
  return component;
}

/** The master form made from a mapping, with what the master form records about it. */
export interface FormFromMapping {
  form: FormDefinition;
  bindingFields: { name: string; type: string }[];
  /** The dictionary entries the form's fields come from (the master form's `dictionaryIds`, for pushes). */
  dictionaryIds: string[];
}

/**
 * The universal form of a mapped template (spec 1 §3 `allField`; decision 030): a wizard with one page per PDF
 * page that has fields ("Page 1", "Page 2", … in order), the fields of each page in reading order.
 * - A box bound to a dictionary entry becomes the entry's field (key, label, type, options, validation,
 *   encryption); a box bound to a system field, or keyed like one, becomes that system field. Several boxes of one
 *   key make one field, placed where the first of them is read.
 * - Boxes of one group (a radio or checkbox list sharing a key, or separate checkboxes bound to one choice entry)
 *   make one radio or checkbox list with one value per box. Replicas repeat another field and make none.
 * - An unbound box takes its label (the AcroForm tooltip) or a label made from its key; a text box that reads as
 *   a date or a signature becomes one. Dates keep the PDF's format (mapping, then entry), else MM/dd/yyyy.
 * - The system fields no box stands for open the first page, so the applicant's contact details come first.
 */
export function formFromMapping(
  fields: readonly PdfField[],
  dictionaries: readonly DictionaryEntry[] = [],
): FormFromMapping {
  const entries = new Map(dictionaries.map((d) => [d.id, d]));
  const slots = new Map<string, Slot>();
  for (const field of readingOrder(fields.filter((f) => f.type !== 'replica'))) {
    const { key, source } = sourceOf(field, entries);
    const slot = slots.get(key);
    if (slot) slot.boxes.push(field);
    else slots.set(key, { key, page: field.page, source, boxes: [field] });
  }

  const byPage = new Map<number, Record<string, unknown>[]>();
  const bindingFields: { name: string; type: string }[] = [];
  const dictionaryIds = new Set<string>();
  for (const slot of slots.values()) {
    const component = componentOf(slot);
    byPage.set(slot.page, [...(byPage.get(slot.page) ?? []), component]);
    bindingFields.push({ name: slot.key, type: String(component.type) });
    if (slot.source.kind === 'entry') dictionaryIds.add(slot.source.entry.id);
  }

  const missing = SYSTEM_FIELDS.filter((d) => !slots.has(d.key)).map(createSystemFieldComponent);
  const pageNumbers = [...byPage.keys()].sort((a, b) => a - b);
  if (!pageNumbers.length) pageNumbers.push(1);
  const taken = new Set([...slots.keys(), ...SYSTEM_FIELDS.map((d) => d.key)]);
  const panels = pageNumbers.map((pageNumber, i) => {
    const title = `Page ${i + 1}`;
    let key = `page${i + 1}`;
    while (taken.has(key)) key = `${key}_`;
    taken.add(key);
    const components = [...(i === 0 ? missing : []), ...(byPage.get(pageNumber) ?? [])];
    return { key, type: 'panel', title, label: title, input: false, components };
  });
  return {
    form: {
      version: FORM_SCHEMA_VERSION,
      display: 'wizard',
      components: panels as unknown as FormComponent[],
    } as FormDefinition,
    bindingFields,
    dictionaryIds: [...dictionaryIds],
  };
}

/** Whether a box may show a dictionary entry: the entry's form type matches the box (or the box is a lone choice). */
export function entryFitsBox(pdfType: PdfFieldType, entry: Pick<DictionaryEntry, 'type' | 'data'>): boolean {
  return isBindingAllowed(pdfType, dictionaryFormType(entry));
}
