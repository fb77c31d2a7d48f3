import type { FieldType } from '@under/core/forms/field-types';
import type { FormComponent } from '@under/core/forms/form.schema';
import { UI_TEXT } from '@under/core/ui-text';

export interface PaletteEntry {
  type: FieldType;
  label: string;
  group: 'Basic' | 'Advanced' | 'Data' | 'Layout' | 'Content';
}

/** Every field type of spec 1 §3, and the grids, containers and layouts of decision 028, as the palette lists them. */
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
  { type: 'datagrid', label: UI_TEXT.builderTypeDatagrid, group: 'Data' },
  { type: 'editgrid', label: UI_TEXT.builderTypeEditgrid, group: 'Data' },
  { type: 'container', label: UI_TEXT.builderTypeContainer, group: 'Data' },
  { type: 'panel', label: 'Panel / page', group: 'Layout' },
  { type: 'fieldset', label: 'Field set', group: 'Layout' },
  { type: 'columns', label: 'Columns', group: 'Layout' },
  { type: 'well', label: UI_TEXT.builderTypeWell, group: 'Layout' },
  { type: 'tabs', label: UI_TEXT.builderTypeTabs, group: 'Layout' },
  { type: 'table', label: UI_TEXT.builderTypeTable, group: 'Layout' },
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
    case 'datagrid':
    case 'editgrid':
      // One text column to start from; its key is unique within the grid's rows (decision 028).
      return {
        type,
        key,
        label,
        input: true,
        components: [{ type: 'textfield', key: 'textField', label: 'Text field', input: true }],
      };
    case 'container':
      return { type, key, label, input: true, components: [] };
    case 'well':
      return { type, key, label, input: false, components: [] };
    case 'tabs':
      return {
        type,
        key,
        label,
        input: false,
        components: [1, 2].map((n) => ({ key: `tab${n}`, label: UI_TEXT.builderNewTab(n), components: [] })),
      };
    case 'table':
      return {
        type,
        key,
        label,
        input: false,
        numRows: 2,
        numCols: 2,
        rows: tableCells(2, 2, []),
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

type Cells = Extract<FormComponent, { type: 'table' }>['rows'];

/** `rows` x `cols` cells, keeping the components of the cells that stay. */
export function tableCells(rows: number, cols: number, before: Cells): Cells {
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => ({ components: before[r]?.[c]?.components ?? [] })),
  );
}
