import { KEY_PATTERN } from '@under/core/forms/component.schema';
import type { EU_PERMISSIONS } from '@under/core/forms/field-types';
import type { FormComponent } from '@under/core/forms/form.schema';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';

export const PERMISSION_LABELS: Record<(typeof EU_PERMISSIONS)[number], string> = {
  editTableByPrimaryOwner: UI_TEXT.builderEditPrimaryOwnerOnly,
  editTableByShareOwner: UI_TEXT.builderEditSharedOwnersOnly,
  editTableByAllOwner: UI_TEXT.builderEditAllOwners,
  noneEditTableForAll: UI_TEXT.builderEditNobodyReadOnly,
};

export const TEXT_TYPES = new Set(['textfield', 'textarea', 'password', 'email', 'phoneNumber', 'hidden']);
export const NUMBER_TYPES = new Set(['number', 'currency']);
export const NON_DATA = new Set([
  'panel',
  'fieldset',
  'columns',
  'content',
  'htmlelement',
  'button',
  // Grids and containers hold data in their children; their own options are in `GroupOptions`.
  'container',
  'datagrid',
  'editgrid',
  'well',
  'tabs',
  'table',
]);

export type Validate = NonNullable<FormComponent['validate']>;

/** Keys: letters, digits and underscore, unique in the form ('This key already existed.'). */
export function keyProblem(key: string, current: string, keys: ReadonlySet<string>): string | undefined {
  if (!KEY_PATTERN.test(key)) return MESSAGES.keyFormat;
  if (key !== current && keys.has(key)) return MESSAGES.keyExists;
  return undefined;
}

export const count = (v: string | number) => (v === '' || v === undefined ? undefined : Number(v));

/** The validate object with `patch` applied, attributes set to undefined or '' left out. */
export function mergeValidate(validate: Validate, patch: Partial<Validate>): Validate {
  const next = { ...validate, ...patch } as Record<string, unknown>;
  for (const k of Object.keys(next)) if (next[k] === undefined || next[k] === '') delete next[k];
  return next as Validate;
}

/** A default value as typed: none when empty, a number for a numeric field when it reads as one, else the text. */
export function typedDefault(raw: string, numeric: boolean): string | number | undefined {
  return raw === '' ? undefined : numeric && /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
}
