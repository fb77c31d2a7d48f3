/** The form field types of spec 1 §3, Form.io's names. */
export const FIELD_TYPES = [
  'textfield',
  'textarea',
  'number',
  'password',
  'checkbox',
  'selectboxes',
  'select',
  'radio',
  'content',
  'button',
  'email',
  'phoneNumber',
  'datetime',
  'day',
  'time',
  'address',
  'currency',
  'hidden',
  'file',
  'signature',
  'htmlelement',
  'columns',
  'fieldset',
  'panel',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types that only arrange other components. */
export const LAYOUT_TYPES = ['columns', 'fieldset', 'panel'] as const satisfies readonly FieldType[];

/** Types that never hold a value in the submission data (a Form.io submit button's `true` is dropped too). */
export const NON_DATA_TYPES: ReadonlySet<FieldType> = new Set([
  'content',
  'htmlelement',
  'button',
  'columns',
  'fieldset',
  'panel',
]);

/** `display` of a form: one page, or a wizard whose top-level panels are its pages. */
export const FORM_DISPLAYS = ['form', 'wizard'] as const;
export type FormDisplay = (typeof FORM_DISPLAYS)[number];

/** Owner permission on a field (spec 1 §3, spelling kept from the spec). */
export const EU_PERMISSIONS = [
  /** Only the primary owner may edit. */
  'editTableByPrimaryOwner',
  /** Only shared owners (either shared role) may edit. */
  'editTableByShareOwner',
  /** Every owner may edit. */
  'editTableByAllOwner',
  /** Read-only for every owner. */
  'noneEditTableForAll',
] as const;
export type EuPermission = (typeof EU_PERMISSIONS)[number];

/** End-user roles of spec 1 §3. */
export const END_USER_ROLES = [
  /** The applicant who owns the application. */
  'primaryOwnerEndUser',
  /** Another owner filling in an existing application. */
  'sharedOwnerEndUser',
  /** A shared owner submitting a new application; may also fill in encrypted fields. */
  'sharedOwnerEndUserSubmitNew',
] as const;
export type EndUserRole = (typeof END_USER_ROLES)[number];

/** Currencies of spec 1 §3 Enumerations. */
export const CURRENCIES = ['USD', 'EUR'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];
