import { ENGINE_MESSAGES as MESSAGES } from '../messages-engine';
import { DATA_GROUP_TYPES, type FieldType } from './field-types';
import type { FormComponent, FormDefinition } from './form.schema';
import type { FormIssue } from './form-checks';
import { walkComponents } from './form-walk';

/** One system field of spec 1 §3: always present, required, and editable by the primary owner only. */
export interface SystemFieldDefinition {
  key: string;
  label: string;
  /** The type a new field gets; `types` lists every type an existing form may use for it. */
  type: FieldType;
  types: readonly FieldType[];
  maxLength: number;
}

export const SYSTEM_FIELDS: readonly SystemFieldDefinition[] = [
  { key: 'Firstname', label: 'First Name', type: 'textfield', types: ['textfield'], maxLength: 100 },
  { key: 'Lastname', label: 'Last Name', type: 'textfield', types: ['textfield'], maxLength: 100 },
  {
    key: 'PhoneNumber',
    label: 'Phone Number',
    type: 'phoneNumber',
    types: ['phoneNumber', 'textfield'],
    maxLength: 100,
  },
  { key: 'Email', label: 'Email', type: 'email', types: ['email', 'textfield'], maxLength: 100 },
  { key: 'CompanyName', label: 'DBA Name', type: 'textfield', types: ['textfield'], maxLength: 100 },
  // Hidden and disabled: the portal sets it; nobody types it. Unique across applications (checked by the server).
  { key: 'recordId', label: 'recordId', type: 'hidden', types: ['hidden'], maxLength: 30 },
];

const BY_KEY: ReadonlyMap<string, SystemFieldDefinition> = new Map(SYSTEM_FIELDS.map((f) => [f.key, f]));

/** The system field definition for a key, if it is one. */
export function getSystemField(key: string): SystemFieldDefinition | undefined {
  return BY_KEY.get(key);
}

/** A system field is one of the spec's keys, or a field the builder flagged with `isSystemField`. */
export function isSystemField(component: Pick<FormComponent, 'key' | 'isSystemField'>): boolean {
  return component.isSystemField === true || BY_KEY.has(component.key);
}

/** The component the builder inserts for a missing system field. */
export function createSystemFieldComponent(definition: SystemFieldDefinition): FormComponent {
  const base = {
    key: definition.key,
    label: definition.label,
    input: true,
    isSystemField: true,
    euPermission: 'editTableByPrimaryOwner' as const,
    validate: { required: true, maxLength: definition.maxLength },
  };
  if (definition.type === 'hidden') {
    return { ...base, type: 'hidden', disabled: true, validate: { ...base.validate, unique: true } };
  }
  return { ...base, type: definition.type } as FormComponent;
}

/**
 * Checks that a form carries every system field, of a fitting type, required and limited to its length.
 * The builder refuses to save while this returns problems (spec 1 §5).
 */
export function checkSystemFields(form: FormDefinition): FormIssue[] {
  const found = new Map<string, { component: FormComponent; path: string }>();
  walkComponents(form.components, ({ component, path, ancestors }) => {
    // A system field holds one value of the application: one inside a container or grid row is not it.
    if (ancestors.some((a) => DATA_GROUP_TYPES.has(a.type))) return;
    if (BY_KEY.has(component.key) && !found.has(component.key)) found.set(component.key, { component, path });
  });
  const issues: FormIssue[] = [];
  for (const definition of SYSTEM_FIELDS) {
    const entry = found.get(definition.key);
    if (!entry) {
      issues.push({ path: 'components', code: 'systemField', message: MESSAGES.systemFieldMissing(definition.label) });
      continue;
    }
    const { component, path } = entry;
    if (!definition.types.includes(component.type)) {
      issues.push({
        path: `${path}.type`,
        code: 'systemField',
        message: MESSAGES.systemFieldWrongType(definition.label, definition.types.join(' or ')),
      });
    }
    if (component.validate?.required !== true) {
      issues.push({
        path: `${path}.validate.required`,
        code: 'systemField',
        message: MESSAGES.systemFieldNotRequired(definition.label),
      });
    }
    const maxLength = component.validate?.maxLength;
    if (maxLength === undefined || maxLength > definition.maxLength) {
      issues.push({
        path: `${path}.validate.maxLength`,
        code: 'systemField',
        message: MESSAGES.systemFieldMaxLength(definition.label, definition.maxLength),
      });
    }
  }
  return issues;
}
