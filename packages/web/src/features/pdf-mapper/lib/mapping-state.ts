import type { Dictionary } from '@under/core/templates/dictionary.schema';
import { dictionaryFormType } from '@under/core/templates/form-from-mapping';
import {
  checkMapping,
  isBindingAllowed,
  type MappingProblem,
  toKey,
  typeMismatchMessage,
} from '@under/core/templates/mapping-rules';
import type { PdfField, PdfFieldType, PdfPage } from '@under/core/templates/pdf-field.schema';
import { clampRect, duplicateRect, type Rect } from './geometry';

/** Pure edits of a mapping (the page keeps the list in state; these say what each action does to it). */

export function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `f${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

const isGrouped = (type: PdfFieldType) => type === 'radio' || type === 'checkboxList';

/** The first `${type}_N` key no field uses. */
export function freeKey(fields: readonly PdfField[], base: string): string {
  const taken = new Set(fields.map((f) => f.key));
  for (let i = 1; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
}

/** Whether a key is still the one the mapper made up (then binding renames it after the bound entry). */
export function isGeneratedKey(field: PdfField): boolean {
  return new RegExp(`^${field.type}_\\d+$`).test(field.key);
}

export function createField(fields: readonly PdfField[], type: PdfFieldType, page: number, rect: Rect): PdfField {
  const base: PdfField = {
    id: newId(),
    key: freeKey(fields, type),
    type,
    page,
    ...rect,
    renderOrder: fields.length,
    required: false,
    euPermission: 'editTableByAllOwner',
    euEncrypted: false,
  };
  if (isGrouped(type)) return { ...base, options: [{ label: 'Option 1', value: 'option1' }], optionValue: 'option1' };
  if (type === 'replica') {
    const source = fields.find((f) => f.type !== 'replica');
    return source ? { ...base, replicaOf: source.key } : base;
  }
  return base;
}

/**
 * A copy beside the original. A radio or checkbox-list box joins the same group (same key) as a new choice;
 * any other box gets a key of its own.
 */
export function duplicateField(fields: readonly PdfField[], field: PdfField, page: PdfPage): PdfField {
  const rect = duplicateRect(field, page);
  const copy: PdfField = { ...field, ...rect, id: newId(), renderOrder: fields.length };
  if (!isGrouped(field.type)) return { ...copy, key: freeKey(fields, toKey(field.key.replace(/_\d+$/, ''))) };
  const options = [...(field.options ?? [])];
  const used = new Set(fields.filter((f) => f.key === field.key).map((f) => f.optionValue));
  let option = options.find((o) => !used.has(o.value));
  if (!option) {
    let n = options.length + 1;
    while (options.some((o) => o.value === `option${n}`)) n++;
    option = { label: `Option ${n}`, value: `option${n}` };
    options.push(option);
  }
  // every box of the group carries the same choices
  return { ...copy, options, optionValue: option.value };
}

/**
 * Applies a change to one field. Options of a group stay the same on all its boxes; a new key is carried to the
 * other boxes of its group and to the replicas that repeat it, so a rename never leaves one dangling.
 */
export function updateField(fields: readonly PdfField[], id: string, patch: Partial<PdfField>): PdfField[] {
  const target = fields.find((f) => f.id === id);
  if (!target) return [...fields];
  const updated = { ...target, ...patch };
  const renamed = patch.key !== undefined && patch.key !== target.key ? target.key : null;
  return fields.map((f) => {
    if (f.id === id) return updated;
    let next = f;
    const isSameGroup = isGrouped(updated.type) && f.type === updated.type && f.key === (renamed ?? updated.key);
    if (isSameGroup && renamed !== null) next = { ...next, key: updated.key };
    if (isSameGroup && patch.options) next = { ...next, options: patch.options };
    if (renamed !== null && f.replicaOf === renamed) next = { ...next, replicaOf: updated.key };
    return next;
  });
}

export function moveField(fields: readonly PdfField[], id: string, rect: Rect, page: PdfPage): PdfField[] {
  return updateField(fields, id, clampRect(rect, page));
}

export function removeField(fields: readonly PdfField[], id: string): PdfField[] {
  return fields.filter((f) => f.id !== id);
}

export type BindingChoice = { kind: 'dictionary'; entry: Dictionary } | { kind: 'form'; key: string; type: string };

/** The binding of a choice, or the message naming both types when they do not match (spec 1 §5). */
export function bindingFor(
  field: PdfField,
  choice: BindingChoice,
): { ok: true; binding: NonNullable<PdfField['bindingField']> } | { ok: false; message: string } {
  const binding =
    choice.kind === 'dictionary'
      ? { key: choice.entry.name, type: dictionaryFormType(choice.entry), dictionaryId: choice.entry.id }
      : { key: choice.key, type: choice.type };
  if (!isBindingAllowed(field.type, binding.type))
    return { ok: false, message: typeMismatchMessage(field.type, binding.type) };
  return { ok: true, binding };
}

/** The problems of the mapping by field id (core's checks, the same the server runs). */
export function problemsById(fields: readonly PdfField[], pages: readonly PdfPage[]): Map<string, MappingProblem[]> {
  return groupProblems(fields, checkMapping(fields, pages));
}

/** Problems whose path is `data.N…` attached to the N-th field; the rest under ''. */
export function groupProblems(
  fields: readonly PdfField[],
  problems: readonly MappingProblem[],
): Map<string, MappingProblem[]> {
  const byId = new Map<string, MappingProblem[]>();
  for (const problem of problems) {
    const index = /^data\.(\d+)/.exec(problem.path)?.[1];
    const id = index === undefined ? '' : (fields[Number(index)]?.id ?? '');
    byId.set(id, [...(byId.get(id) ?? []), problem]);
  }
  return byId;
}

/** AcroForm fields offered as the starting mapping, with fresh ids. */
export function fromAcroFields(acroFields: readonly PdfField[]): PdfField[] {
  return acroFields.map((f, i) => ({ ...f, id: newId(), renderOrder: i }));
}
