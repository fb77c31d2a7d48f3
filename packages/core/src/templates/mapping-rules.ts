import type { FieldType } from '../forms/field-types';
import { formTypeName, pdfTypeName } from './field-names';
import type { PdfField, PdfFieldType, PdfPage } from './pdf-field.schema';

/**
 * The PDF-to-form type matches of spec 1 §5. Currency and replica are not in the spec's list: a currency box takes
 * a currency or number field (ours), and a replica repeats another mapped field, whatever its type.
 */
export const PDF_TO_FORM_TYPES: Readonly<Record<PdfFieldType, readonly FieldType[] | 'any'>> = {
  number: ['number'],
  date: ['datetime'],
  text: ['textfield', 'email', 'phoneNumber', 'select', 'radio'],
  radio: ['radio', 'select', 'textfield'],
  checkboxList: ['selectboxes'],
  image: ['file'],
  signature: ['signature'],
  checkbox: ['checkbox'],
  currency: ['currency', 'number'],
  replica: 'any',
};

/** Whether a PDF field of `pdfType` may be bound to a form field of `formType`. */
export function isTypeMatch(pdfType: PdfFieldType, formType: string): boolean {
  const allowed = PDF_TO_FORM_TYPES[pdfType];
  return allowed === 'any' || (allowed as readonly string[]).includes(formType);
}

/** Form types whose value is one or more choices: a lone checkbox of the PDF may stand for one of them. */
export const CHOICE_FORM_TYPES: readonly FieldType[] = ['radio', 'selectboxes'];

/**
 * Whether a PDF field may take its value from a form field of `formType`: the spec's matches, and (ours, decision
 * 030) a lone checkbox bound to a radio or checkbox-list entry, where it is ticked when its own choice is chosen
 * (real forms draw "Sole proprietor [ ]  LLC [ ]  Corporation [ ]" as separate checkboxes).
 */
export function isBindingAllowed(pdfType: PdfFieldType, formType: string): boolean {
  return (
    isTypeMatch(pdfType, formType) || (pdfType === 'checkbox' && CHOICE_FORM_TYPES.includes(formType as FieldType))
  );
}

/** The message of a mismatch, naming both types as people say them ("Date", not "datetime"). */
export function typeMismatchMessage(pdfType: PdfFieldType, formType: string): string {
  return `A ${pdfTypeName(pdfType)} field of the PDF cannot take its value from a ${formTypeName(formType)} field.`;
}

/** Default sizes in PDF points (spec 1 §9). */
export function defaultFieldSize(type: PdfFieldType): { width: number; height: number } {
  return type === 'checkbox' || type === 'checkboxList' || type === 'radio'
    ? { width: 25, height: 25 }
    : { width: 200, height: 18 };
}

/** Only png, jpeg and jpg URLs count as images for PDF mapping (spec 1 §5); a query or fragment is ignored. */
export function isImageUrl(url: string): boolean {
  if (/^data:image\/(png|jpeg|jpg);base64,/i.test(url)) return true;
  const path = url.split(/[?#]/)[0] ?? '';
  return /\.(png|jpe?g)$/i.test(path);
}

export const CLONE_SUFFIX = '_Copy';

/** The default name of a clone (spec 1 §9): the name with '_Copy', then '_Copy2', '_Copy3' while taken. */
export function cloneName(name: string, taken: (candidate: string) => boolean = () => false): string {
  const base = `${name}${CLONE_SUFFIX}`;
  if (!taken(base)) return base;
  for (let i = 2; i < 10_000; i++) if (!taken(`${base}${i}`)) return `${base}${i}`;
  return `${base}${Date.now()}`;
}

/** A key from a label or AcroForm name: letters, digits and underscore, starting with a letter or underscore. */
export function toKey(text: string, fallback = 'field'): string {
  const cleaned = text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80);
  if (!cleaned) return fallback;
  return /^[0-9]/.test(cleaned) ? `_${cleaned}` : cleaned;
}

export interface MappingProblem {
  path: string;
  message: string;
}

/**
 * Checks a mapping against the template's pages: every field inside its page, keys unique (boxes of one radio group
 * or checkbox list share a key), bindings of a matching type, replicas pointing at a mapped key.
 */
export function checkMapping(fields: readonly PdfField[], pages: readonly PdfPage[]): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const keyTypes = new Map<string, PdfFieldType>();
  const ids = new Set<string>();
  fields.forEach((f, i) => {
    const at = `data.${i}`;
    if (ids.has(f.id)) problems.push({ path: `${at}.id`, message: `The field id "${f.id}" is used twice.` });
    ids.add(f.id);
    const page = pages.find((p) => p.page === f.page);
    if (!page) {
      problems.push({ path: `${at}.page`, message: `The PDF has no page ${f.page}.` });
    } else if (f.x + f.width > page.width + 0.01 || f.y + f.height > page.height + 0.01) {
      problems.push({ path: at, message: `The field "${f.key}" lies outside page ${f.page}.` });
    }
    const grouped = f.type === 'radio' || f.type === 'checkboxList';
    const previous = keyTypes.get(f.key);
    if (previous !== undefined && !(grouped && previous === f.type)) {
      problems.push({ path: `${at}.key`, message: 'This key already existed.' });
    }
    keyTypes.set(f.key, f.type);
    if (f.bindingField && !isBindingAllowed(f.type, f.bindingField.type)) {
      problems.push({ path: `${at}.bindingField`, message: typeMismatchMessage(f.type, f.bindingField.type) });
    }
  });
  fields.forEach((f, i) => {
    if (f.type !== 'replica') return;
    if (!f.replicaOf || !keyTypes.has(f.replicaOf) || keyTypes.get(f.replicaOf) === 'replica') {
      problems.push({ path: `data.${i}.replicaOf`, message: `The replica "${f.key}" must repeat a mapped field.` });
    }
  });
  return problems;
}

/** Fields on pages a new file still has are kept; the others are returned as removed. */
export function keepFieldsOnPages(fields: readonly PdfField[], pages: readonly PdfPage[]) {
  const kept: PdfField[] = [];
  const removed: PdfField[] = [];
  for (const f of fields) {
    const page = pages.find((p) => p.page === f.page);
    if (page && f.x + f.width <= page.width + 0.01 && f.y + f.height <= page.height + 0.01) kept.push(f);
    else removed.push(f);
  }
  return { kept, removed };
}
