import type { PdfFieldType } from './pdf-field.schema';

/**
 * Names people read for keys and types: a label made from a key when a field has no label of its own, and the
 * types of the PDF mapper and of the form engine as an admin says them ("Date", not "datetime").
 */

/** Short words that read as abbreviations; written in capitals in a label made from a key. */
const ACRONYMS = new Set([
  'ach',
  'dba',
  'dob',
  'ein',
  'fein',
  'id',
  'irs',
  'llc',
  'mcc',
  'pos',
  'po',
  'ssn',
  'tin',
  'url',
  'us',
  'usa',
  'zip',
]);

/**
 * A label from a key: `legal_name` -> "Legal name", `ownerSSN` -> "Owner SSN", `owner_ssn` -> "Owner SSN",
 * `DBAName` -> "DBA name". Words split at underscores, hyphens, dots, spaces and case changes; the first word
 * capitalised, the others in lower case, abbreviations in capitals.
 */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .split(/[\s_.\-[\]]+/)
    .filter(Boolean);
  if (!words.length) return key;
  return words
    .map((word, i) => {
      const lower = word.toLowerCase();
      if (ACRONYMS.has(lower) || (word.length > 1 && word === word.toUpperCase() && /[A-Z]/.test(word)))
        return word.toUpperCase();
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/** The mapped PDF component types (spec 1 §3) as the mapper names them. */
export const PDF_TYPE_NAMES: Readonly<Record<PdfFieldType, string>> = {
  text: 'Text',
  number: 'Number',
  currency: 'Currency',
  checkbox: 'Checkbox',
  radio: 'Radio',
  checkboxList: 'Checkbox list',
  date: 'Date',
  image: 'Image',
  signature: 'Signature',
  replica: 'Replica',
};

/** The form field types (spec 1 §3) as people say them. */
export const FORM_TYPE_NAMES: Readonly<Record<string, string>> = {
  textfield: 'Text',
  textarea: 'Text area',
  number: 'Number',
  password: 'Password',
  checkbox: 'Checkbox',
  selectboxes: 'Checkbox list',
  select: 'Dropdown',
  radio: 'Radio',
  content: 'Content',
  button: 'Button',
  email: 'Email',
  phoneNumber: 'Phone number',
  datetime: 'Date',
  day: 'Day',
  time: 'Time',
  address: 'Address',
  currency: 'Currency',
  hidden: 'Hidden',
  file: 'Image',
  signature: 'Signature',
  htmlelement: 'HTML',
  columns: 'Columns',
  fieldset: 'Field set',
  panel: 'Panel',
};

/** A PDF type's name; an unknown one as written. */
export const pdfTypeName = (type: string): string => PDF_TYPE_NAMES[type as PdfFieldType] ?? type;
/** A form type's name; an unknown one as written. */
export const formTypeName = (type: string): string => FORM_TYPE_NAMES[type] ?? type;
