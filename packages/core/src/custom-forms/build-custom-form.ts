import type { FormComponent, FormDefinition } from '../forms/form.schema';
import { mapComponents, walkComponents } from '../forms/form-walk';
import { validateSubmission } from '../forms/validate-submission';
import { MESSAGES } from '../messages';
import type { CustomFormDocument, FieldDiff } from './custom-form.schema';

/**
 * The pure rules of a custom form (issue 11; decision 035): the form an applicant fills in is always rebuilt as the
 * master form's published fields followed by the client's own additions, so a client can never remove or rename a
 * master field whatever it sends; the client may only set defaults of master fields flagged editableByUc and say
 * which e-mail field carries the owner's e-mail.
 */

export interface PathProblem {
  path: string;
  message: string;
}

/** Every component of a list by key, in document order (layout components included). */
export function componentsByKey(components: readonly FormComponent[]): Map<string, FormComponent> {
  const out = new Map<string, FormComponent>();
  walkComponents(components, ({ component }) => {
    if (!out.has(component.key)) out.set(component.key, component);
  });
  return out;
}

/** Additions whose key a master component already has: 'This key already existed.' by path. */
export function keyCollisions(
  master: FormDefinition,
  additions: readonly FormComponent[],
  basePath: string,
): PathProblem[] {
  const masterKeys = componentsByKey(master.components);
  const problems: PathProblem[] = [];
  walkComponents(
    additions,
    ({ component, path }) => {
      if (masterKeys.has(component.key)) problems.push({ path: `${path}.key`, message: MESSAGES.keyExists });
    },
    basePath,
  );
  return problems;
}

/** A default value passes the field's own validation (required aside: an empty default is no default). */
export function isValidDefault(field: FormComponent, value: unknown): boolean {
  const validate = 'validate' in field && field.validate ? { ...field.validate, required: false } : undefined;
  const alone = { ...field, ...(validate ? { validate } : {}), conditional: undefined, hidden: false } as FormComponent;
  const result = validateSubmission({ version: 1, display: 'form', components: [alone] } as unknown as FormDefinition, {
    [field.key]: value,
  });
  return result.valid;
}

/** Checks the client's defaults and owner's e-mail field against the fields they name; problems by path. */
export function checkDocumentFields(
  master: FormDefinition,
  additions: readonly FormComponent[],
  doc: CustomFormDocument,
  basePath: string,
): PathProblem[] {
  const problems: PathProblem[] = [];
  const masterFields = componentsByKey(master.components);
  for (const [key, value] of Object.entries(doc.defaultValues)) {
    const field = masterFields.get(key);
    if (field?.editableByUc !== true || !isValidDefault(field, value)) {
      problems.push({ path: `${basePath}.defaultValues.${key}`, message: MESSAGES.invalidValue });
    }
  }
  if (doc.ownersEmailField !== null) {
    const field = masterFields.get(doc.ownersEmailField) ?? componentsByKey(additions).get(doc.ownersEmailField);
    if (field?.type !== 'email') {
      problems.push({ path: `${basePath}.ownersEmailField`, message: MESSAGES.invalidValue });
    }
  }
  const pages = new Set(additions.map((c) => c.key));
  doc.pageOrder.forEach((key, i) => {
    if (!pages.has(key)) problems.push({ path: `${basePath}.pageOrder.${i}`, message: MESSAGES.invalidValue });
  });
  return problems;
}

/** The client's top-level additions in its page order (pages not listed keep their place after the listed ones). */
export function orderedAdditions(additions: readonly FormComponent[], pageOrder: readonly string[]): FormComponent[] {
  const rank = new Map(pageOrder.map((key, i) => [key, i]));
  return additions
    .map((c, i) => ({ c, i }))
    .sort((a, b) => (rank.get(a.c.key) ?? pageOrder.length + a.i) - (rank.get(b.c.key) ?? pageOrder.length + b.i))
    .map(({ c }) => c);
}

/**
 * The form an applicant fills in: the master's components (defaults applied to editableByUc fields, the owner's
 * e-mail flag on the chosen field only) followed by the client's additions in page order.
 */
export function buildCustomForm(
  master: FormDefinition,
  additions: readonly FormComponent[],
  doc: CustomFormDocument,
): FormDefinition {
  const owner = doc.ownersEmailField;
  const withFlags = (c: FormComponent): FormComponent => {
    let next = c;
    if (Object.hasOwn(doc.defaultValues, c.key) && c.editableByUc === true) {
      next = { ...next, defaultValue: doc.defaultValues[c.key] } as FormComponent;
    }
    if (owner !== null && (c.isOwnersEmailField === true || c.key === owner)) {
      next = { ...next, isOwnersEmailField: c.key === owner } as FormComponent;
    }
    return next;
  };
  const components = [
    ...mapComponents(master.components, withFlags),
    ...mapComponents(orderedAdditions(additions, doc.pageOrder), withFlags),
  ];
  return { ...master, components };
}

/** What changed between two versions of a master form, field by field (by key; label and definition). */
export function diffMasterFields(before: FormDefinition, after: FormDefinition): FieldDiff {
  const a = componentsByKey(before.components);
  const b = componentsByKey(after.components);
  const label = (c: FormComponent) => c.label ?? c.key;
  const strip = (c: FormComponent) => {
    const { components: _c, columns: _col, ...rest } = c as FormComponent & { components?: unknown; columns?: unknown };
    return JSON.stringify(rest);
  };
  const diff: FieldDiff = { added: [], removed: [], changed: [] };
  for (const [key, c] of b) {
    const old = a.get(key);
    if (!old) diff.added.push({ key, label: label(c) });
    else if (strip(old) !== strip(c)) diff.changed.push({ key, label: label(c) });
  }
  for (const [key, c] of a) if (!b.has(key)) diff.removed.push({ key, label: label(c) });
  return diff;
}

/**
 * The client's part carried onto a new master version: additions, documents, T&Cs and layout are kept; a default
 * survives only on a field that still exists unchanged and editableByUc (a changed master field discards the local
 * edit, spec 1 §4); an owner's e-mail field that is gone is cleared.
 */
export function carryDocument(
  doc: CustomFormDocument,
  next: FormDefinition,
  additions: readonly FormComponent[],
  diff: FieldDiff,
): CustomFormDocument {
  const fields = componentsByKey(next.components);
  const changed = new Set(diff.changed.map((c) => c.key));
  const defaultValues = Object.fromEntries(
    Object.entries(doc.defaultValues).filter(([key, value]) => {
      const field = fields.get(key);
      return field?.editableByUc === true && !changed.has(key) && isValidDefault(field, value);
    }),
  );
  const owner = doc.ownersEmailField;
  const ownerField = owner === null ? undefined : (fields.get(owner) ?? componentsByKey(additions).get(owner));
  return { ...doc, defaultValues, ownersEmailField: ownerField?.type === 'email' ? owner : null };
}
