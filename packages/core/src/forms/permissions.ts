import type { EndUserRole } from './field-types';
import type { FormComponent } from './form.schema';
import { isSystemField } from './system-fields';

type PermissionFields = Pick<FormComponent, 'key' | 'disabled' | 'euPermission' | 'euEncrypted' | 'isSystemField'>;

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
