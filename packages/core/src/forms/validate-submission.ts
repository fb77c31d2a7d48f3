import { ENGINE_MESSAGES as MESSAGES } from '../messages-engine';
import {
  type CompiledField,
  type CompiledScope,
  compileForm,
  computeFieldValue,
  KEEP_VALUE,
  type LogicContext,
} from './compile-form';
import type { EndUserRole } from './field-types';
import {
  type FieldIssue,
  hasOnlyAsciiText,
  isEmptyValue,
  isSmallJson,
  MAX_MULTIPLE_VALUES,
  MAX_TEXT_LENGTH,
  type SubmissionErrorCode,
  type ValueCheck,
} from './field-values';
import type { FormDefinition } from './form.schema';
import { isTruthy, LogicError } from './json-logic';
import { isMaskedValue, maskValue } from './masking';
import { isPlainObject } from './path';
import { canEditField } from './permissions';

/** Who is saving, and what was saved before (for the permission rule of spec 1 §6). */
export interface SubmissionContext {
  /** The end user's role; without one (client staff, builder preview) no end-user permission applies. */
  role?: EndUserRole;
  /** The application's data as stored before this save; read-only fields are compared with it. */
  previousData?: Record<string, unknown>;
  /**
   * A draft's save: required fields are not enforced (an applicant saves half a form), every other rule is, and a
   * write to a field the role may not edit is still refused by path.
   */
  partial?: boolean;
  /**
   * One owner completing their part: only the required fields `role` may edit are required (an additional owner
   * answers for their own fields, not for the primary's). Ignored without a role.
   */
  requiredOnlyEditable?: boolean;
  /**
   * The application is not submitted yet: encrypted fields follow their euPermission like any other field (spec 1
   * §6 makes them read-only to owners once submitted, except for the submit-new role; decision 036).
   */
  unsubmitted?: boolean;
  /**
   * The caller's owner section (decision 059): 1 for the primary applicant, 2, 3, ... for the additional owners in
   * the order they were named. A shared owner may write in their own section only; without one, in none.
   */
  ownerSection?: number;
  /**
   * A draft keeps what was typed (issue 21 "nothing typed is ever lost"): a value that breaks a rule of its format
   * (pattern, length, number, date, the author's rule …) is stored as typed and reported in `kept`, not refused.
   * Still refused: a value of the wrong JSON type or size, a file or signature that is not one, an option that is
   * not offered, and a write the role may not make. Submit (no `keepTyped`) refuses them all.
   */
  keepTyped?: boolean;
}

export interface SubmissionError {
  /** The field key, with `[i]` for one of several values or `.part` for an address part. */
  path: string;
  code: SubmissionErrorCode;
  message: string;
}

export interface SubmissionResult {
  valid: boolean;
  /** The data to store: visible fields only, calculated values recomputed, unknown keys dropped. */
  data: Record<string, unknown>;
  errors: SubmissionError[];
  /** With `keepTyped`: the problems of values stored as typed (they stop a submit, not a save). */
  kept: SubmissionError[];
}

/** Problems of a typed value's form: with `keepTyped` the value is kept as typed. */
const TYPED_VALUE_CODES: ReadonlySet<SubmissionErrorCode> = new Set<SubmissionErrorCode>([
  'required',
  'minLength',
  'maxLength',
  'minWords',
  'maxWords',
  'pattern',
  'email',
  'phone',
  'number',
  'integer',
  'min',
  'max',
  'decimal',
  'currency',
  'date',
  'day',
  'time',
  'minSelected',
  'maxSelected',
  'nonAscii',
  'custom',
  'logic',
]);

/** Codes whose message a form author's `customMessage` must not replace: they are about access, not the value. */
const OWN_MESSAGE_CODES: ReadonlySet<SubmissionErrorCode> = new Set(['notEditable', 'logic', 'unknownType']);

const own = (source: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(source, key) ? source[key] : undefined;

/** Most rows a grid value may have. */
export const MAX_GRID_ROWS = 1_000;
/** Most rows of all grids of one submission together: grids inside grid rows would otherwise multiply the work. */
export const MAX_SUBMISSION_ROWS = 5_000;

/** Rows still allowed, and the grid values refused for too many rows (kept as submitted, reported, not walked). */
interface RowBudget {
  left: number;
  oversized: WeakSet<object>;
}

interface Run {
  root: Record<string, unknown>;
  role: EndUserRole | undefined;
  /** Whether the role may change a field (the compiled rule, or encrypted fields opened while unsubmitted). */
  canEdit: (field: CompiledField) => boolean;
  partial: boolean;
  requiredOnlyEditable: boolean;
  keepTyped: boolean;
  errors: SubmissionError[];
  kept: SubmissionError[];
  /** Visibility of each node, per scope object (the submission, a container value, a grid row). */
  visibleOf: Map<object, boolean[]>;
  rows: RowBudget;
}

const tooManyRows = (rows: unknown[], run: Run): boolean => rows.length > MAX_GRID_ROWS || run.rows.oversized.has(rows);

/**
 * Validates a submission against a parsed form; the same pure function runs in the browser and on the server.
 * Hidden fields are ignored and dropped, calculated values recomputed, masked encrypted values kept as before,
 * and a change to a field the role may not edit is refused by name. Fields no applicant sees (`hidden: true`,
 * inside a hidden component, or of type `hidden`) are never required. Containers and grids are validated scope
 * by scope, with errors at paths such as `owners[2].ssn`. Never throws for any `data`.
 */
export function validateSubmission(
  form: FormDefinition,
  data: unknown,
  context: SubmissionContext = {},
): SubmissionResult {
  if (!isPlainObject(data)) {
    return {
      valid: false,
      data: {},
      errors: [{ path: '', code: 'invalid', message: MESSAGES.submissionNotObject }],
      kept: [],
    };
  }
  const compiled = compileForm(form);
  const previous = isPlainObject(context.previousData) ? context.previousData : {};
  const rows: RowBudget = { left: MAX_SUBMISSION_ROWS, oversized: new WeakSet() };
  const role = context.role;
  const editor = { role, ownerSection: context.ownerSection, unsubmitted: context.unsubmitted === true };
  const canEdit = (field: CompiledField): boolean => canEditField(field, editor);
  const working = buildWorking(compiled, data, previous, canEdit, rows);
  const run: Run = {
    root: working,
    role,
    canEdit,
    partial: context.partial === true,
    requiredOnlyEditable: context.requiredOnlyEditable === true && role !== undefined,
    keepTyped: context.keepTyped === true,
    errors: [],
    kept: [],
    visibleOf: new Map(),
    rows,
  };
  evaluateScope(compiled, working, run, '');
  const out = validateScope(compiled, working, previous, run, '');
  return { valid: run.errors.length === 0, data: out, errors: run.errors, kept: run.kept };
}

/** The values of one scope as submitted, masked and left-out read-only values replaced by the stored ones. */
function buildWorking(
  scope: CompiledScope,
  source: Record<string, unknown>,
  previous: Record<string, unknown>,
  canEdit: (field: CompiledField) => boolean,
  budget: RowBudget,
): Record<string, unknown> {
  const working: Record<string, unknown> = {};
  for (const field of scope.fields) {
    let value = own(source, field.key);
    const before = own(previous, field.key);
    // A masked value is the mask we sent out: it means "unchanged", never new text (spec 1 §5). Only the mask of
    // the value stored at this place: a grid row moved or removed must not take another row's value.
    if (field.encrypted && isMaskedValue(value)) value = maskOfStored(before) === value ? before : undefined;
    else if (field.type === 'address' && isPlainObject(value)) value = keepMaskedAddressParts(field, value, before);
    // Read-only inputs are often left out of a post (disabled inputs are); that is not a change.
    if (value === undefined && !canEdit(field)) value = before;
    if (field.scope && field.group === 'container' && isPlainObject(value)) {
      value = buildWorking(field.scope, value, isPlainObject(before) ? before : {}, canEdit, budget);
    } else if (field.scope && field.group === 'grid' && Array.isArray(value)) {
      if (value.length > Math.min(MAX_GRID_ROWS, budget.left)) budget.oversized.add(value);
      else {
        budget.left -= value.length;
        const inner = field.scope;
        const rowsBefore = Array.isArray(before) ? before : [];
        value = value.map((row, i) => {
          const rowBefore = rowsBefore[i];
          return isPlainObject(row)
            ? buildWorking(inner, row, isPlainObject(rowBefore) ? rowBefore : {}, canEdit, budget)
            : row;
        });
      }
    }
    if (value !== undefined) working[field.key] = value;
  }
  return working;
}

/** Visibility and calculated values of one scope object, in document order, then of its containers and rows. */
function evaluateScope(scope: CompiledScope, obj: Record<string, unknown>, run: Run, prefix: string): void {
  const ctx: LogicContext = { data: run.root, row: obj };
  const { nodes } = scope;
  const visible: boolean[] = new Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as (typeof nodes)[number];
    const shown = (node.parent < 0 || visible[node.parent] === true) && (!node.condition || node.condition(ctx));
    visible[i] = shown;
    const field = node.field;
    if (!field) continue;
    if (!shown) {
      if (field.clearOnHide) delete obj[field.key];
      continue;
    }
    if (field.calculate || field.setValue) {
      // A submitted calculated value is never trusted: it is computed again here and overwrites what came, unless
      // the component allows a manual override and a value came (decision 069).
      try {
        const result = computeFieldValue(field, ctx, obj[field.key]);
        if (result === undefined) delete obj[field.key];
        else if (result !== KEEP_VALUE) obj[field.key] = result;
      } catch (error) {
        if (!(error instanceof LogicError)) throw error;
        run.errors.push({ path: prefix + field.key, code: 'logic', message: MESSAGES.fieldLogicFailed(field.label) });
      }
    }
    if (!field.scope) continue;
    const value = obj[field.key];
    if (field.group === 'container' && isPlainObject(value)) {
      evaluateScope(field.scope, value, run, `${prefix}${field.key}.`);
    } else if (field.group === 'grid' && Array.isArray(value) && !tooManyRows(value, run)) {
      for (let r = 0; r < value.length; r++) {
        const row = value[r];
        if (isPlainObject(row)) evaluateScope(field.scope, row, run, `${prefix}${field.key}[${r}].`);
      }
    }
  }
  run.visibleOf.set(obj, visible);
}

/** The mask of a stored value (a masked value masks to itself), or undefined for no text to mask. */
const maskOfStored = (before: unknown): string | undefined =>
  typeof before === 'string' || typeof before === 'number' ? maskValue(before) : undefined;

/**
 * An address whose parts are encrypted one by one (not the whole field): a masked part is the mask we sent out of
 * the stored part, so it means "unchanged" like a masked field; any other masked text counts as empty. Parts sit in
 * the value or under its `address` (Form.io's manual mode).
 */
function keepMaskedAddressParts(
  field: CompiledField,
  value: Record<string, unknown>,
  before: unknown,
): Record<string, unknown> {
  const component = field.component;
  if (component.type !== 'address') return value;
  const parts = (component.components ?? []).filter((p) => p.euEncrypted === true).map((p) => p.key);
  if (parts.length === 0) return value;
  const nested = isPlainObject(value.address);
  const inner = (nested ? value.address : value) as Record<string, unknown>;
  const stored = isPlainObject(before) ? before : {};
  const storedInner = (isPlainObject(stored.address) ? stored.address : stored) as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of parts) {
    const part = own(inner, key);
    if (!isMaskedValue(part)) continue;
    copy ??= { ...inner };
    const previous = own(storedInner, key);
    if (maskOfStored(previous) === part) copy[key] = previous;
    else delete copy[key];
  }
  if (!copy) return value;
  return nested ? { ...value, address: copy } : copy;
}

/** Validates the shown fields of one scope object; returns the values to store. */
function validateScope(
  scope: CompiledScope,
  obj: Record<string, unknown>,
  previous: Record<string, unknown>,
  run: Run,
  prefix: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // A starting value made up for a container or grid left out has not been evaluated yet.
  if (!run.visibleOf.has(obj)) evaluateScope(scope, obj, run, prefix);
  const visible = run.visibleOf.get(obj) ?? [];
  const ctx: LogicContext = { data: run.root, row: obj };
  const { nodes } = scope;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as (typeof nodes)[number];
    const field = node.field;
    if (!field) continue;
    if (!visible[i]) {
      if (!field.clearOnHide && Object.hasOwn(obj, field.key)) keepHidden(field, obj, previous, run, prefix, out);
      continue;
    }
    const required =
      !run.partial &&
      !node.forcedHidden &&
      (!run.requiredOnlyEditable || run.canEdit(field)) &&
      (field.requiredWhen ? field.requiredWhen(ctx, field.required) : field.required);
    const value = obj[field.key];
    const before = own(previous, field.key);
    if (field.scope) validateGroup(field, field.scope, value, before, required, run, prefix, out);
    else validateField(field, value, ctx, run, previous, required, prefix, out);
  }
  return out;
}

function validateGroup(
  field: CompiledField,
  scope: CompiledScope,
  value: unknown,
  before: unknown,
  required: boolean,
  run: Run,
  prefix: string,
  out: Record<string, unknown>,
): void {
  const path = prefix + field.key;
  const report = (code: SubmissionErrorCode, message: string, at = path) => {
    run.errors.push({ path: at, code, message });
  };
  // As Form.io: a container left out is an empty object, and a datagrid left out its one starting row, so the
  // fields inside are still checked (an editgrid starts with no row).
  const starting =
    value !== undefined
      ? undefined
      : field.group === 'container'
        ? {}
        : field.component.type === 'datagrid' && field.component.initEmpty !== true && !required
          ? [{}]
          : undefined;
  if (starting !== undefined) {
    validateGroup(field, scope, starting, before, required, run, prefix, out);
    return;
  }
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
    // emptying a group would remove values the role may not change: refused, the stored value kept
    if (holdsLockedValue(scope, before, run)) {
      report('notEditable', MESSAGES.fieldNotEditable(field.label));
      out[field.key] = before;
      return;
    }
    if (required) report('required', MESSAGES.fieldRequired(field.label));
    else if (field.minRows !== undefined && field.minRows > 0 && !run.partial)
      report('minLength', MESSAGES.fieldMinRows(field.label, field.minRows));
    else if (value !== undefined && value !== null) out[field.key] = value;
    return;
  }
  if (field.group === 'container') {
    if (!isPlainObject(value)) {
      report('type', MESSAGES.fieldType(field.label));
      return;
    }
    out[field.key] = validateScope(scope, value, isPlainObject(before) ? before : {}, run, `${path}.`);
    return;
  }
  if (!Array.isArray(value) || tooManyRows(value, run)) {
    if (Array.isArray(value)) report('tooLong', MESSAGES.fieldTooLong(field.label));
    else report('type', MESSAGES.fieldType(field.label));
    return;
  }
  if (field.minRows !== undefined && value.length < field.minRows && !run.partial)
    report('minLength', MESSAGES.fieldMinRows(field.label, field.minRows));
  if (field.maxRows !== undefined && value.length > field.maxRows)
    report('maxLength', MESSAGES.fieldMaxRows(field.label, field.maxRows));
  const rowsBefore = Array.isArray(before) ? before : [];
  // rows removed (at the end, or in the middle: the rest shift up) that hold values the role may not change
  if (value.length < rowsBefore.length && holdsLockedValue(scope, rowsBefore.slice(value.length), run)) {
    report('notEditable', MESSAGES.fieldNotEditable(field.label));
    out[field.key] = before;
    return;
  }
  const rows: Record<string, unknown>[] = [];
  for (let r = 0; r < value.length; r++) {
    const row = value[r];
    if (!isPlainObject(row)) {
      report('type', MESSAGES.fieldType(field.label), `${path}[${r}]`);
      continue;
    }
    const rowBefore = rowsBefore[r];
    rows.push(validateScope(scope, row, isPlainObject(rowBefore) ? rowBefore : {}, run, `${path}[${r}].`));
  }
  out[field.key] = rows;
}

/** A field the role may not change (calculated and disabled values are the form's, never the role's). */
const isLocked = (field: CompiledField, run: Run): boolean =>
  run.role !== undefined && !run.canEdit(field) && !field.calculate && field.component.disabled !== true;

/** Whether a group's scope has, at any depth, a field the role may not change. */
function scopeHasLocked(scope: CompiledScope, run: Run): boolean {
  return scope.fields.some((f) => (f.scope ? scopeHasLocked(f.scope, run) : isLocked(f, run)));
}

/** Whether a stored group value (an object, or rows) holds a non-empty value of a field the role may not change. */
function holdsLockedValue(scope: CompiledScope, before: unknown, run: Run): boolean {
  if (run.role === undefined) return false;
  const objects = Array.isArray(before) ? before : [before];
  for (const obj of objects) {
    if (!isPlainObject(obj)) continue;
    for (const f of scope.fields) {
      const v = own(obj, f.key);
      if (v === undefined || v === null || v === '') continue;
      if (f.scope ? holdsLockedValue(f.scope, v, run) : isLocked(f, run)) return true;
    }
  }
  return false;
}

/**
 * A hidden field that keeps its value (clearOnHide false): the role's own fields keep what was sent; a field (or a
 * group holding fields) the role may not change keeps the stored value, and a different one sent is refused by path
 * (hiding a field must not open it to writes).
 */
function keepHidden(
  field: CompiledField,
  obj: Record<string, unknown>,
  previous: Record<string, unknown>,
  run: Run,
  prefix: string,
  out: Record<string, unknown>,
): void {
  const locked = field.scope ? scopeHasLocked(field.scope, run) : isLocked(field, run);
  if (!locked) {
    out[field.key] = obj[field.key];
    return;
  }
  const before = own(previous, field.key);
  if (JSON.stringify(obj[field.key] ?? null) !== JSON.stringify(before ?? null)) {
    reportIssue(run.errors, field, prefix, { code: 'notEditable', message: MESSAGES.fieldNotEditable(field.label) });
  }
  if (before !== undefined) out[field.key] = before;
}

function validateField(
  field: CompiledField,
  value: unknown,
  ctx: LogicContext,
  run: Run,
  previous: Record<string, unknown>,
  required: boolean,
  prefix: string,
  out: Record<string, unknown>,
): void {
  const { errors } = run;
  if (!run.canEdit(field) && !field.calculate) {
    const before = own(previous, field.key);
    if (!sameValue(field, value, before)) {
      reportIssue(errors, field, prefix, { code: 'notEditable', message: MESSAGES.fieldNotEditable(field.label) });
      if (before !== undefined) out[field.key] = before;
      return;
    }
  }

  // The browser knows a stored encrypted value only masked (spec 1 §5): it was checked when it was saved, and the
  // mask cannot match the field's format. Kept as it is here; the server opens the real value and checks that.
  if (field.encrypted && isMaskedValue(value) && sameValue(field, value, own(previous, field.key))) {
    out[field.key] = value;
    return;
  }

  if (isEmptyValue(value, field.type)) {
    if (required)
      reportIssue(errors, field, prefix, { code: 'required', message: MESSAGES.fieldRequired(field.label) });
    // Form.io runs a custom rule on an empty value too (authors write `!input || ...` for optional fields).
    // a draft keeps an empty value without running the author's rule on it (it is checked on submit)
    else if (run.partial || !field.custom || runCustom(field, value ?? '', ctx, errors, prefix)) {
      if (value !== undefined && value !== null) out[field.key] = value;
    }
    return;
  }

  const checked = field.multiple ? checkMultiple(field, value) : field.checkValue(value);
  if (!checked.ok) {
    if (!keepTyped(run, field, prefix, checked.issues, value, out)) {
      for (const issue of checked.issues) reportIssue(errors, field, prefix, issue);
    }
    return;
  }
  const normalized = checked.value;
  const issues =
    field.multiple && Array.isArray(normalized)
      ? normalized.flatMap((item, i) => textIssues(field, item, `[${i}]`, run.partial))
      : textIssues(field, normalized, '', run.partial);
  if (issues.length > 0) {
    if (!keepTyped(run, field, prefix, issues, normalized, out)) {
      for (const issue of issues) reportIssue(errors, field, prefix, issue);
    }
    return;
  }

  if (field.custom) {
    const found: SubmissionError[] = [];
    if (!runCustom(field, normalized, ctx, found, prefix)) {
      if (!keepTyped(run, field, '', found, normalized, out)) errors.push(...found);
      return;
    }
  }
  out[field.key] = normalized;
}

/**
 * With `keepTyped`: a value whose only problems are of its form, and that is bounded JSON, is stored as typed and its
 * problems are reported in `kept` (true). Anything else is for the caller to refuse (false).
 */
function keepTyped(
  run: Run,
  field: CompiledField,
  prefix: string,
  issues: readonly (FieldIssue | SubmissionError)[],
  value: unknown,
  out: Record<string, unknown>,
): boolean {
  if (!run.keepTyped || issues.length === 0 || !issues.every((i) => TYPED_VALUE_CODES.has(i.code))) return false;
  const bounded =
    (typeof value === 'string' && value.length <= MAX_TEXT_LENGTH) ||
    (typeof value !== 'string' && isSmallJson(value, 4));
  if (!bounded) return false;
  for (const issue of issues) {
    if ('path' in issue) run.kept.push(issue);
    else reportIssue(run.kept, field, prefix, issue);
  }
  out[field.key] = value;
  return true;
}

function reportIssue(errors: SubmissionError[], field: CompiledField, prefix: string, issue: FieldIssue): void {
  const message =
    field.customMessage && !OWN_MESSAGE_CODES.has(issue.code) && issue.code !== 'custom'
      ? field.customMessage
      : issue.message;
  errors.push({ path: prefix + field.key + (issue.suffix ?? ''), code: issue.code, message });
}

/** Runs `validate.custom`; false when it reported a problem. */
function runCustom(
  field: CompiledField,
  value: unknown,
  ctx: LogicContext,
  errors: SubmissionError[],
  prefix: string,
): boolean {
  const report = (issue: FieldIssue) => reportIssue(errors, field, prefix, issue);
  try {
    const result = field.custom?.({ ...ctx, input: value, value } as LogicContext);
    if (typeof result === 'string' && result !== '') {
      report({ code: 'custom', message: result });
      return false;
    }
    if (!isTruthy(result)) {
      report({ code: 'custom', message: field.customMessage ?? MESSAGES.fieldCustom(field.label) });
      return false;
    }
    return true;
  } catch (error) {
    if (!(error instanceof LogicError)) throw error;
    report({ code: 'logic', message: MESSAGES.fieldLogicFailed(field.label) });
    return false;
  }
}

function checkMultiple(field: CompiledField, value: unknown): ValueCheck {
  if (!Array.isArray(value)) return { ok: false, issues: [{ code: 'type', message: MESSAGES.fieldType(field.label) }] };
  if (value.length > MAX_MULTIPLE_VALUES) {
    return { ok: false, issues: [{ code: 'tooLong', message: MESSAGES.fieldTooLong(field.label) }] };
  }
  const values: unknown[] = [];
  const issues: FieldIssue[] = [];
  value.forEach((item, i) => {
    const result = field.checkValue(item);
    if (result.ok) values.push(result.value);
    else for (const issue of result.issues) issues.push({ ...issue, suffix: `[${i}]${issue.suffix ?? ''}` });
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: values };
}

/** Text rules for text fields; ASCII and part rules for addresses. */
function textIssues(field: CompiledField, value: unknown, suffix: string, partial = false): FieldIssue[] {
  if (field.textRules) {
    if (typeof value !== 'string') return [];
    const issue = field.textRules(value);
    return issue ? [{ ...issue, suffix }] : [];
  }
  if (field.type !== 'address') return [];
  if (!hasOnlyAsciiText(value)) return [{ code: 'nonAscii', message: MESSAGES.fieldNonAscii(field.label), suffix }];
  if (!isPlainObject(value) || field.parts.length === 0) return [];
  const inner = isPlainObject(value.address) ? value.address : value;
  const issues: FieldIssue[] = [];
  for (const part of field.parts) {
    const partValue = own(inner, part.key);
    const partSuffix = `${suffix}.${part.key}`;
    if (isEmptyValue(partValue, 'textfield')) {
      if (part.required && !partial)
        issues.push({ code: 'required', message: MESSAGES.fieldRequired(part.label), suffix: partSuffix });
    } else if (typeof partValue !== 'string') {
      issues.push({ code: 'type', message: MESSAGES.fieldType(part.label), suffix: partSuffix });
    } else {
      const issue = part.textRules(partValue);
      if (issue) issues.push({ ...issue, suffix: partSuffix });
    }
  }
  return issues;
}

/** Compares a submitted value with the stored one after normalising both (numeric text, select-box defaults). */
function sameValue(field: CompiledField, value: unknown, before: unknown): boolean {
  if (isEmptyValue(value, field.type) && isEmptyValue(before, field.type)) return true;
  const normalise = (v: unknown) => {
    const result = field.checkValue(v);
    return result.ok ? result.value : v;
  };
  return jsonEquals(normalise(value), normalise(before), 0);
}

function jsonEquals(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (depth > 10 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) =>
      Object.hasOwn(b, k) &&
      jsonEquals((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth + 1),
  );
}
