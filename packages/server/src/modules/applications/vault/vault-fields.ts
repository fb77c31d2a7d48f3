import { DATA_GROUP_TYPES, type FieldType, GRID_TYPES, NON_DATA_TYPES } from '@under/core/forms/field-types';
import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';
import { getSystemField } from '@under/core/forms/system-fields';

/** A field of a form that the vault can fill: where its value sits in the data and the dictionary key it stands for. */
export interface VaultField {
  /** The data path: container keys and the field's key, joined by dots. */
  path: string;
  /** The key the vault keeps it under (the dictionary entry's name, or the system field's key). */
  dictionaryKey: string;
  encrypted: boolean;
}

/** Values the vault never keeps: uploads and signatures belong to one application; a hidden value is the portal's. */
const NOT_REMEMBERED: ReadonlySet<FieldType> = new Set(['file', 'signature', 'hidden', 'password', 'button']);
/**
 * recordId is unique per application (spec 1 §3): carrying it over would clash. The Email answer is the address the
 * vault is keyed by, kept only as a hash: the applicant types it to unlock, so the page fills it from there.
 */
const NOT_REMEMBERED_KEYS: ReadonlySet<string> = new Set(['recordId', 'Email']);

/** The key a component names: its `bindingField` when it is a key, else its own key. */
function candidateKey(component: FormComponent): string {
  const binding = component.bindingField;
  return typeof binding === 'string' && binding.trim() ? binding.trim() : component.key;
}

/**
 * The fields of a form bound to a dictionary entry or to a system field (decision 039). A form made from the
 * library gives a bound field the entry's name as its key (templates/form-from-mapping.ts); a Form.io import may
 * name it in `bindingField`. `dictionary` answers the library's spelling of each name it holds (matched without
 * regard to case), so two institutions' forms meet on the same key. Fields inside repeated rows (grids) are left
 * out: a row of one application is not a row of another.
 */
export function vaultFieldsOf(form: FormDefinition, dictionary: ReadonlyMap<string, string>): VaultField[] {
  const fields: VaultField[] = [];
  const seen = new Set<string>();
  walkComponents(form.components, ({ component, ancestors }) => {
    if (ancestors.some((a) => GRID_TYPES.has(a.type))) return;
    if (NON_DATA_TYPES.has(component.type) || DATA_GROUP_TYPES.has(component.type)) return;
    if (NOT_REMEMBERED.has(component.type)) return;
    const key = candidateKey(component);
    if (NOT_REMEMBERED_KEYS.has(key)) return;
    const dictionaryKey = getSystemField(key)?.key ?? dictionary.get(key.toLowerCase());
    if (!dictionaryKey || seen.has(dictionaryKey)) return;
    seen.add(dictionaryKey);
    const containers = ancestors.filter((a) => DATA_GROUP_TYPES.has(a.type)).map((a) => a.key);
    fields.push({
      path: [...containers, component.key].join('.'),
      dictionaryKey,
      encrypted: component.euEncrypted === true,
    });
  });
  return fields;
}

/** The names a form could bind (every candidate key), for the library lookup. */
export function candidateKeysOf(form: FormDefinition): string[] {
  const keys = new Set<string>();
  walkComponents(form.components, ({ component }) => {
    keys.add(candidateKey(component));
  });
  return [...keys];
}

/** The value at a data path ('a.b.c'), if every step is an object. */
export function readPath(data: Record<string, unknown>, path: string): unknown {
  let here: unknown = data;
  for (const part of path.split('.')) {
    if (typeof here !== 'object' || here === null || Array.isArray(here)) return undefined;
    here = Object.hasOwn(here, part) ? (here as Record<string, unknown>)[part] : undefined;
  }
  return here;
}

/** A copy of `data` with the value at a data path replaced (objects on the way copied or made). */
export function writePath(data: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return data;
  if (rest.length === 0) return { ...data, [head]: value };
  const inner = data[head];
  const child =
    typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {};
  return { ...data, [head]: writePath(child, rest.join('.'), value) };
}
