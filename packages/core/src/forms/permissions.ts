import type { EndUserRole } from './field-types';
import type { FormComponent } from './form.schema';
import { isSystemField } from './system-fields';

type PermissionFields = Pick<FormComponent, 'key' | 'disabled' | 'euPermission' | 'euEncrypted' | 'isSystemField'>;

// `owner2_ssn`, `owner_2`, `Owner2Dob`, `owner12_x`: "owner", an optional underscore, a number from 1, then no digit
const OWNER_KEY = /^owner_?([1-9][0-9]?)(?![0-9])/i;

/**
 * The owner section a key names (decision 059): `owner1_ssn` is owner 1's, `owner_2` (a panel) owner 2's; none for
 * any other key (`ownership_percent`, `owners`, `legal_name`).
 */
export function ownerSectionOfKey(key: string): number | undefined {
  const match = OWNER_KEY.exec(key);
  return match ? Number(match[1]) : undefined;
}

/**
 * A field's owner section: its own key's, else that of the nearest enclosing component whose key names one (a panel
 * or fieldset `owner2` holding `first_name`, `dob`, ...). Undefined: a field of no owner (the business's).
 */
export function componentOwnerSection(
  component: Pick<FormComponent, 'key'>,
  ancestors: readonly Pick<FormComponent, 'key'>[],
): number | undefined {
  const own = ownerSectionOfKey(component.key);
  if (own !== undefined) return own;
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const section = ownerSectionOfKey((ancestors[i] as Pick<FormComponent, 'key'>).key);
    if (section !== undefined) return section;
  }
  return undefined;
}

/**
 * The owner-section rule (decision 059), on top of euPermission: a field in an owner's personal section is written
 * only by that owner. Owner 1 is the primary applicant; owner 2, 3, ... are the additional owners in the order they
 * were given a section. A shared owner writes only in their own section (never in owner 1's, the primary's, nor in
 * another additional owner's); fields outside any owner section follow euPermission alone. The primary is not
 * limited by sections: euPermission decides (editTableByShareOwner keeps them out of the co-owners' sections).
 */
export function isOwnerSectionWritable(
  fieldSection: number | undefined,
  role: EndUserRole,
  ownerSection: number | undefined,
): boolean {
  if (fieldSection === undefined || role === 'primaryOwnerEndUser') return true;
  return fieldSection === ownerSection;
}

/** Who is editing: the end user's role and, for an owner, their owner section (1 for the primary). */
export interface FieldEditor {
  role: EndUserRole | undefined;
  ownerSection?: number | undefined;
  /** The application is not submitted yet: encrypted fields follow their euPermission (decision 036). */
  unsubmitted?: boolean;
}

/** What `canEditField` reads of a compiled field (compile-form's CompiledField). */
export interface EditableFieldFacts {
  component: PermissionFields;
  editable: Readonly<Record<EndUserRole, boolean>>;
  encrypted: boolean;
  ownerSection: number | undefined;
}

/**
 * Whether `editor` may change a compiled field: the role's rule (isFieldEditable, compiled per role; an encrypted
 * field by its euPermission while unsubmitted) and the owner-section rule. Without a role (client staff, the
 * builder's preview) every field is. One rule for the server's validateSubmission and the browser's inputs.
 */
export function canEditField(field: EditableFieldFacts, editor: FieldEditor): boolean {
  const { role } = editor;
  if (!role) return true;
  const byRole =
    field.editable[role] ||
    (editor.unsubmitted === true &&
      field.encrypted &&
      isFieldEditable({ ...field.component, euEncrypted: false }, role));
  return byRole && isOwnerSectionWritable(field.ownerSection, role, editor.ownerSection);
}

/**
 * Whether an end user in `role` may change a field (spec 1 §6, spec 2 §6). Disabled fields are set by the portal;
 * system fields belong to the primary owner; encrypted fields are read-only except when a shared owner submits
 * a new application; otherwise euPermission decides, and a field without one is editable by every owner.
 * The spec's "exceptions by type" for encrypted fields are not listed anywhere, so none are made.
 */
export function isFieldEditable(field: PermissionFields, role: EndUserRole): boolean {
  if (field.disabled === true) return false;
  if (isSystemField(field)) return role === 'primaryOwnerEndUser';
  if (field.euEncrypted === true && role !== 'sharedOwnerEndUserSubmitNew') return false;
  switch (field.euPermission) {
    case 'noneEditTableForAll':
      return false;
    case 'editTableByPrimaryOwner':
      return role === 'primaryOwnerEndUser';
    case 'editTableByShareOwner':
      return role !== 'primaryOwnerEndUser';
    default:
      return true;
  }
}
