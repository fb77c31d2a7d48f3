import type { CcAttribute } from './cardconnect-attributes';

/**
 * Whether a form field's answers fit a CardConnect boarding attribute (issue #24 §1, spec 2 §5 "Field-type
 * compatibility", decision 090), checked by the admin's mapper page before it saves:
 * - `ok`: the field's type gives what the attribute takes (a date field to a date attribute);
 * - `warn`: it may (a text field to a number attribute: only answers that read as numbers convert, the others fail
 *   the sync with the field's label and the help text), saved after the admin confirms;
 * - `no`: it never does (a file or a signature to a boarding attribute, a checkbox to an address), not offered.
 */
export type CcFit = { fit: 'ok' } | { fit: 'warn'; reason: string } | { fit: 'no'; reason: string };

/** The form's field types, by what their answers hold. Pseudo-fields (`pseudo.*`) have type `pseudo`. */
const TEXT = new Set(['textfield', 'textarea', 'email', 'hidden', 'password']);
const CHOICE = new Set(['select', 'radio']);
const NUMBER = new Set(['number', 'currency']);
const DATE = new Set(['datetime', 'day']);
const NEVER = new Set(['file', 'signature', 'image', 'button']);

/** The words of a form field type shown beside it. */
const TYPE_WORDS: Record<string, string> = {
  textfield: 'text',
  textarea: 'text area',
  phoneNumber: 'phone number',
  selectboxes: 'select boxes',
  datetime: 'date/time',
  pseudo: 'application fact',
};
export const ccFormTypeWords = (type: string) => TYPE_WORDS[type] ?? type;

const warn = (reason: string): CcFit => ({ fit: 'warn', reason });
const no = (reason: string): CcFit => ({ fit: 'no', reason });
const OK: CcFit = { fit: 'ok' };

export function ccFit(field: { key: string; type: string }, attribute: CcAttribute): CcFit {
  const t = field.type;
  const words = ccFormTypeWords(t);
  if (attribute.pseudo) return no('A pseudo-field is a source, not a CardConnect attribute.');
  if (NEVER.has(t)) return no(`A ${words} field holds a file, not a value CardConnect takes.`);
  if (t === 'pseudo') {
    if (attribute.type === 'string') return OK;
    if (attribute.type === 'date' && field.key === 'pseudo.submitDate') return OK;
    return no(`This application fact is text; a ${attribute.type} attribute cannot take it.`);
  }
  switch (attribute.type) {
    case 'string':
      if (attribute.phone) {
        if (t === 'phoneNumber') return OK;
        if (TEXT.has(t))
          return warn(`A ${words} field to a phone number: only US phone numbers convert (XXX-XXX-XXXX).`);
        return no(`A ${words} field cannot give a phone number.`);
      }
      if (TEXT.has(t) || CHOICE.has(t) || t === 'phoneNumber' || NUMBER.has(t) || DATE.has(t) || t === 'time') {
        return OK;
      }
      return warn(`A ${words} field to a text attribute: its answer is sent as text.`);
    case 'enumeration':
      if (CHOICE.has(t)) return OK;
      if (TEXT.has(t)) return warn(`A ${words} field to a list of codes: only answers that name one of them convert.`);
      return no(`A ${words} field cannot give one of the attribute's codes.`);
    case 'date':
      if (DATE.has(t)) return OK;
      if (TEXT.has(t)) return warn(`A ${words} field to a date: only answers that read as dates convert.`);
      return no(`A ${words} field cannot give a date.`);
    case 'boolean':
      if (t === 'checkbox') return OK;
      if (TEXT.has(t) || CHOICE.has(t)) {
        return warn(`A ${words} field to Yes or No: only yes, no, true or false convert.`);
      }
      return no(`A ${words} field cannot give Yes or No.`);
    case 'number':
    case 'decimal':
      if (NUMBER.has(t)) return OK;
      if (TEXT.has(t) || CHOICE.has(t)) {
        return warn(`A ${words} field to a number: only answers that read as numbers convert.`);
      }
      return no(`A ${words} field cannot give a number.`);
    case 'address':
      if (t === 'address') return OK;
      if (TEXT.has(t)) return warn(`A ${words} field to an address: only a full US address converts.`);
      return no(`A ${words} field cannot give an address.`);
  }
}

/** The group an attribute is listed under in the mapper: its object path (`merchant.demographic`). */
export function ccGroupOf(attribute: { name: string }): string {
  const i = attribute.name.lastIndexOf('.');
  return i < 0 ? attribute.name : attribute.name.slice(0, i);
}
