import type { FieldType } from '@under/core/forms/field-types';
import type { FormComponent } from '@under/core/forms/form.schema';

export interface PaletteEntry {
  type: FieldType;
  label: string;
  group: 'Basic' | 'Advanced' | 'Layout' | 'Content';
}

/** Every field type of spec 1 §3, as the palette lists them. */
export const PALETTE: readonly PaletteEntry[] = [
  { type: 'textfield', label: 'Text field', group: 'Basic' },
  { type: 'textarea', label: 'Text area', group: 'Basic' },
  { type: 'number', label: 'Number', group: 'Basic' },
  { type: 'password', label: 'Password', group: 'Basic' },
  { type: 'checkbox', label: 'Checkbox', group: 'Basic' },
  { type: 'selectboxes', label: 'Select boxes', group: 'Basic' },
  { type: 'select', label: 'Select', group: 'Basic' },
  { type: 'radio', label: 'Radio', group: 'Basic' },
  { type: 'email', label: 'Email', group: 'Advanced' },
  { type: 'phoneNumber', label: 'Phone number', group: 'Advanced' },
  { type: 'address', label: 'Address', group: 'Advanced' },
  { type: 'datetime', label: 'Date / time', group: 'Advanced' },
  { type: 'day', label: 'Day', group: 'Advanced' },
  { type: 'time', label: 'Time', group: 'Advanced' },
  { type: 'currency', label: 'Currency', group: 'Advanced' },
  { type: 'file', label: 'File', group: 'Advanced' },
  { type: 'signature', label: 'Signature', group: 'Advanced' },
  { type: 'hidden', label: 'Hidden', group: 'Advanced' },
  { type: 'panel', label: 'Panel / page', group: 'Layout' },
  { type: 'fieldset', label: 'Field set', group: 'Layout' },
  { type: 'columns', label: 'Columns', group: 'Layout' },
  { type: 'content', label: 'Content', group: 'Content' },
  { type: 'htmlelement', label: 'HTML element', group: 'Content' },
  { type: 'button', label: 'Button', group: 'Content' },
];

const OPTIONS = [
  { label: 'Option 1', value: 'option1' },
  { label: 'Option 2', value: 'option2' },
];

/** A new component of `type` with `key`, as the palette drops it. */
export function createComponent(type: FieldType, key: string): FormComponent {
  const label = PALETTE.find((p) => p.type === type)?.label ?? type;
  const base = { key, label, input: true };
  switch (type) {
    case 'panel':
      return { type, key, title: 'New page', label: 'New page', input: false, components: [] };
    case 'fieldset':
      return { type, key, legend: 'Field set', label: 'Field set', input: false, components: [] };
    case 'columns':
      return {
        type,
        key,
        label: 'Columns',
        input: false,
        columns: [
          { width: 6, components: [] },
          { width: 6, components: [] },
        ],
      };
    case 'select':
      return { ...base, type, dataSrc: 'values', data: { values: OPTIONS } };
    case 'radio':
    case 'selectboxes':
      return { ...base, type, values: OPTIONS };
    case 'content':
      return { type, key, label: 'Content', input: false, html: '<p>Some text for applicants.</p>' };
    case 'htmlelement':
      return { type, key, label: 'HTML', input: false, tag: 'p', content: 'Some text for applicants.' };
    case 'button':
      return { type, key, label: 'Submit', action: 'submit', input: true };
    case 'currency':
      return { ...base, type, currency: 'USD' };
    default:
      return { ...base, type } as FormComponent;
  }
}

/** Key stems per type: `textField`, `email`, ... (made unique by the builder). */
export function keyStem(type: FieldType): string {
  return type === 'textfield' ? 'textField' : type;
}
