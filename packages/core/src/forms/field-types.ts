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

/**
 * Form.io types beyond the spec's 24 that merchant applications use (decision 028): repeated rows (`datagrid`,
 * `editgrid`: an array of row objects), a nested object (`container`), and three layouts (`well`, `tabs`, `table`).
 */
export const GROUP_FIELD_TYPES = ['container', 'datagrid', 'editgrid', 'well', 'tabs', 'table'] as const;
export type FieldType = (typeof FIELD_TYPES)[number] | (typeof GROUP_FIELD_TYPES)[number];

/** Types that only arrange other components. */
export const LAYOUT_TYPES = [
  'columns',
  'fieldset',
  'panel',
  'well',
  'tabs',
  'table',
] as const satisfies readonly FieldType[];

/** Types whose value holds the values of their own components: an object (container) or rows of objects (grids). */
export const DATA_GROUP_TYPES: ReadonlySet<FieldType> = new Set(['container', 'datagrid', 'editgrid']);
/** Types whose value is an array of row objects. */
export const GRID_TYPES: ReadonlySet<FieldType> = new Set(['datagrid', 'editgrid']);

/** Types that never hold a value in the submission data (a Form.io submit button's `true` is dropped too). */
export const NON_DATA_TYPES: ReadonlySet<FieldType> = new Set([
  'content',
  'htmlelement',
  'button',
  'columns',
  'fieldset',
  'panel',
  'well',
  'tabs',
  'table',
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
