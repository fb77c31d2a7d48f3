import type { Conditional } from './component.schema';
import { DATA_GROUP_TYPES, END_USER_ROLES, type EndUserRole, GRID_TYPES, NON_DATA_TYPES } from './field-types';
import {
  compileInputMask,
  compileTextRules,
  compileValueChecker,
  TEXT_TYPES,
  type TextRules,
  type ValueChecker,
} from './field-values';
import type { FormComponent, FormDefinition } from './form.schema';
import { compilePattern } from './form-checks';
import { walkComponents } from './form-walk';
import { type IdentifierFormat, identifierFormatOf } from './identifier-formats';
import { type CompiledLogic, compileLogic, getPath, isTruthy, LogicError } from './json-logic';
import { FORBIDDEN_KEYS, isPlainObject } from './path';
import { componentOwnerSection, isFieldEditable } from './permissions';
import { getSystemField, isSystemField } from './system-fields';

/**
 * What rules see: Form.io's names, `data` for the whole submission and `row` for the object the component's
 * value sits in: the grid row or container value inside a datagrid, editgrid or container, else `data` itself.
 */
export interface LogicContext {
  data: Record<string, unknown>;
  row: Record<string, unknown>;
}

export type Condition = (ctx: LogicContext) => boolean;

/** One manual-mode part of an address (address1, city, ...). */
export interface CompiledAddressPart {
  key: string;
  label: string;
  required: boolean;
  textRules: TextRules;
}

/** A field that holds data, with every rule turned into a function once. */
export interface CompiledField {
  key: string;
  label: string;
  type: FormComponent['type'];
  component: FormComponent;
  required: boolean;
  multiple: boolean;
  clearOnHide: boolean;
  encrypted: boolean;
  isSystem: boolean;
  editable: Readonly<Record<EndUserRole, boolean>>;
  /** The owner section the field belongs to (its key's or an enclosing component's; decision 059), if any. */
  ownerSection: number | undefined;
  calculate: CompiledLogic | undefined;
  /** Calculated amounts are rounded to this many decimals, so 5 x 19.99 is 99.95 and not a decimal error. */
  decimalLimit: number | undefined;
  allowCalculateOverride: boolean;
  /**
   * `logic` value actions (decision 069): the value of the last action whose trigger holds, or `KEEP_VALUE` when
   * none holds. Undefined when the component has no value action.
   */
  setValue: CompiledLogic | undefined;
  /** `logic` entries that disable the component (or enable it) while their trigger holds: presentation only. */
  disabledWhen: ((ctx: LogicContext, fallback: boolean) => boolean) | undefined;
  custom: CompiledLogic | undefined;
  customMessage: string | undefined;
  checkValue: ValueChecker;
  textRules: TextRules | undefined;
  parts: readonly CompiledAddressPart[];
  /** `logic` entries that make the field required (or not) while their trigger holds. */
  requiredWhen: ((ctx: LogicContext, fallback: boolean) => boolean) | undefined;
  /** A container (an object value) or a grid (an array of row objects); `scope` compiles their components. */
  group: 'container' | 'grid' | undefined;
  scope: CompiledScope | undefined;
  /** Rows a grid must have at least / may have at most (`validate.minLength` / `maxLength`, as Form.io). */
  minRows: number | undefined;
  maxRows: number | undefined;
}

/** Every component of one scope in document order; `parent` is the index of the enclosing layout, or -1. */
export interface CompiledNode {
  key: string;
  parent: number;
  /** The `conditional` and any `logic` entry acting on `hidden`, as one condition: true shows the component. */
  condition: Condition | undefined;
  field: CompiledField | undefined;
  /**
   * Hidden by the author (`hidden: true`), itself or through an enclosing component: never shown to the
   * applicant, so never "required" (its value, set by the portal, is kept and type-checked).
   */
  forcedHidden: boolean;
}

/** The components whose values share one object: the submission, a container's value, or one grid row. */
export interface CompiledScope {
  nodes: readonly CompiledNode[];
  fields: readonly CompiledField[];
  /** True when some node has a condition, so visibility must be computed at all. */
  hasConditions: boolean;
}

export interface CompiledForm extends CompiledScope {
  /** Node index of a top-scope component (-1 for components inside containers and grids, and unknown ones). */
  indexOf(component: FormComponent): number;
  /** Node index of any component within its own scope (the submission, a container, a grid row); -1 if unknown. */
  indexInScope(component: FormComponent): number;
}

const cache = new WeakMap<FormDefinition, CompiledForm>();

interface ScopeBuilder {
  nodes: CompiledNode[];
  /** Whether the container or grid that owns this scope is hidden by its author. */
  forcedHidden: boolean;
}

/**
 * Precompiles a parsed form (from `parseFormDefinition` or `importFormio`) for validation: conditions, rules,
 * patterns and permissions become functions once, cached per form object, so each validation is one flat pass
 * per scope. Throws `LogicError` for a rule that `parseFormDefinition` would have refused.
 */
export function compileForm(form: FormDefinition): CompiledForm {
  const cached = cache.get(form);
  if (cached) return cached;
  const root: ScopeBuilder = { nodes: [], forcedHidden: false };
  const scopeOf = new Map<FormComponent, ScopeBuilder>();
  const innerScope = new Map<FormComponent, ScopeBuilder>();
  const indexOf = new Map<FormComponent, number>();
  walkComponents(form.components, ({ component, ancestors }) => {
    const parentComponent = ancestors.at(-1);
    let scope = root;
    let parent = -1;
    if (parentComponent) {
      const inner = innerScope.get(parentComponent);
      if (inner) scope = inner;
      else {
        scope = scopeOf.get(parentComponent) ?? root;
        parent = indexOf.get(parentComponent) ?? -1;
      }
    }
    const parentHidden = parent >= 0 ? (scope.nodes[parent] as CompiledNode).forcedHidden : scope.forcedHidden;
    const forcedHidden = parentHidden || (component.hidden === true && component.validateWhenHidden !== true);
    scopeOf.set(component, scope);
    indexOf.set(component, scope.nodes.length);
    const holdsData = !NON_DATA_TYPES.has(component.type) && !FORBIDDEN_KEYS.has(component.key);
    const node: CompiledNode = {
      key: component.key,
      parent,
      condition: compileNodeCondition(component),
      field: holdsData ? compileField(component, componentOwnerSection(component, ancestors)) : undefined,
      forcedHidden,
    };
    scope.nodes.push(node);
    if (DATA_GROUP_TYPES.has(component.type)) innerScope.set(component, { nodes: [], forcedHidden });
  });
  // Scopes are filled during the walk; the fields' scope objects are attached once complete.
  for (const [component, builder] of innerScope) {
    const owner = scopeOf.get(component);
    const field = owner?.nodes[indexOf.get(component) ?? -1]?.field;
    if (field) (field as { scope: CompiledScope | undefined }).scope = finishScope(builder);
  }
  const top = finishScope(root);
  const compiled: CompiledForm = {
    ...top,
    indexOf: (component) => (scopeOf.get(component) === root ? (indexOf.get(component) ?? -1) : -1),
    indexInScope: (component) => indexOf.get(component) ?? -1,
  };
  cache.set(form, compiled);
  return compiled;
}

function finishScope(builder: ScopeBuilder): CompiledScope {
  const { nodes } = builder;
  return {
    nodes,
    fields: nodes.flatMap((n) => (n.field ? [n.field] : [])),
    hasConditions: nodes.some((n) => n.condition !== undefined),
  };
}

/** The `conditional` and the `logic` entries that act on `hidden`, as one condition (true shows). */
function compileNodeCondition(component: FormComponent): Condition | undefined {
  const condition = compileCondition(component.conditional);
  const hides = compileLogicProperty(component, 'hidden');
  if (!hides) return condition;
  return (ctx) => (!condition || condition(ctx)) && !hides(ctx, false);
}

/**
 * Form.io applies `logic` entries in order, each whose trigger holds setting the property to its state; the
 * component's own value stands when none holds. Returns undefined when no entry acts on the property.
 */
function compileLogicProperty(
  component: FormComponent,
  property: 'hidden' | 'validate.required' | 'disabled',
): ((ctx: LogicContext, fallback: boolean) => boolean) | undefined {
  const steps: { trigger: CompiledLogic; state: boolean }[] = [];
  for (const entry of component.logic ?? []) {
    if (entry.trigger.json === undefined) continue;
    const trigger = compileLogic(entry.trigger.json);
    for (const action of entry.actions) {
      if (action.type === 'property' && action.property.value === property)
        steps.push({ trigger, state: action.state });
    }
  }
  if (steps.length === 0) return undefined;
  return (ctx, fallback) => {
    let value = fallback;
    for (const step of steps) {
      try {
        if (isTruthy(step.trigger(ctx))) value = step.state;
      } catch (error) {
        if (!(error instanceof LogicError)) throw error;
      }
    }
    return value;
  };
}

/** Marks "no value action applies: leave the value as it is" (decision 069). */
export const KEEP_VALUE: unique symbol = Symbol('keep value');

/**
 * Form.io's value actions in order: each entry whose trigger holds sets the value to its rule's result, so the
 * last one that holds wins; none holding leaves the value alone. A trigger that fails counts as not holding;
 * a value rule that fails throws `LogicError` as a calculation does.
 */
function compileValueActions(component: FormComponent): CompiledLogic | undefined {
  const steps: { trigger: CompiledLogic; value: CompiledLogic }[] = [];
  for (const entry of component.logic ?? []) {
    if (entry.trigger.json === undefined) continue;
    const trigger = compileLogic(entry.trigger.json);
    for (const action of entry.actions) {
      if (action.type === 'value') steps.push({ trigger, value: compileLogic(action.value ?? null) });
    }
  }
  if (steps.length === 0) return undefined;
  return (ctx) => {
    let fired: CompiledLogic | undefined;
    for (const step of steps) {
      try {
        if (isTruthy(step.trigger(ctx))) fired = step.value;
      } catch (error) {
        if (!(error instanceof LogicError)) throw error;
      }
    }
    return fired ? fired(ctx) : KEEP_VALUE;
  };
}

/**
 * The value a field's value actions or calculation give it now (decision 069), the same on the client and the
 * server: `KEEP_VALUE` when neither applies (no rule, no trigger holding, or a manual override of a calculation
 * the component allows); undefined for nothing yet (missing inputs, NaN); numbers rounded to the field's
 * decimals. Throws `LogicError` for a rule that fails.
 */
export function computeFieldValue(field: CompiledField, ctx: LogicContext, current: unknown): unknown {
  let result: unknown = field.setValue ? field.setValue(ctx) : KEEP_VALUE;
  if (result === KEEP_VALUE) {
    if (!field.calculate || (field.allowCalculateOverride && current !== undefined)) return KEEP_VALUE;
    result = field.calculate(ctx);
  }
  // Arithmetic on missing inputs gives NaN, which means "nothing to show yet", not a wrong value.
  if (result === undefined || result === null || (typeof result === 'number' && !Number.isFinite(result))) {
    return undefined;
  }
  if (typeof result === 'number' && field.decimalLimit !== undefined) return Number(result.toFixed(field.decimalLimit));
  return result;
}

function labelOf(component: FormComponent): string {
  return component.label?.trim() || component.key;
}

function compileField(component: FormComponent, ownerSection: number | undefined): CompiledField {
  const label = labelOf(component);
  const system = getSystemField(component.key);
  const validate = component.validate;
  const pattern = validate?.pattern ? compilePattern(validate.pattern) : undefined;
  const format = identifierFormatOf(component);
  const editable = Object.fromEntries(END_USER_ROLES.map((role) => [role, isFieldEditable(component, role)])) as Record<
    EndUserRole,
    boolean
  >;
  const group = GRID_TYPES.has(component.type)
    ? 'grid'
    : DATA_GROUP_TYPES.has(component.type)
      ? 'container'
      : undefined;
  return {
    key: component.key,
    label,
    type: component.type,
    component,
    // System fields are always required and at most 100 (recordId 30) characters, whatever the form says; a
    // `hidden` field (recordId among them) is set by the portal, never by the applicant, so it is never required.
    required:
      component.type !== 'hidden' &&
      (validate?.required === true || system !== undefined || dayPartRequired(component)),
    multiple: component.type !== 'file' && (component.multiple === true || validate?.multiple === true),
    clearOnHide: component.clearOnHide !== false,
    encrypted: component.euEncrypted === true,
    isSystem: isSystemField(component),
    editable,
    ownerSection,
    calculate: component.calculateValue === undefined ? undefined : compileLogic(component.calculateValue),
    decimalLimit:
      component.type === 'currency'
        ? (component.decimalLimit ?? 2)
        : component.type === 'number'
          ? component.decimalLimit
          : undefined,
    allowCalculateOverride: component.allowCalculateOverride === true,
    setValue: compileValueActions(component),
    disabledWhen: compileLogicProperty(component, 'disabled'),
    custom: validate?.custom === undefined ? undefined : compileLogic(validate.custom),
    customMessage: validate?.customMessage?.trim() || undefined,
    checkValue: withFormat(compileValueChecker(component, label), format, label),
    textRules: TEXT_TYPES.has(component.type)
      ? formatTextRules(format, label)(
          validate,
          label,
          pattern,
          system?.maxLength,
          // Masks of text fields only: a phone number follows spec 1 §5's rule, whatever mask it shows.
          component.type === 'textfield' && component.allowMultipleMasks !== true
            ? compileInputMask(component.inputMask)
            : undefined,
        )
      : undefined,
    parts: component.type === 'address' ? compileAddressParts(component.components ?? []) : [],
    requiredWhen: component.type === 'hidden' ? undefined : compileLogicProperty(component, 'validate.required'),
    group,
    scope: undefined,
    minRows: group === 'grid' ? validate?.minLength : undefined,
    maxRows: group === 'grid' ? validate?.maxLength : undefined,
  };
}

/** Codes of a value not written in a format's form: described by the form expected, not by a count. */
const FORMAT_CODES: ReadonlySet<string> = new Set(['minLength', 'maxLength', 'pattern', 'phone']);

/** A checker that first turns typed text into the format's stored form (`12-3456789` -> `123456789`). */
function withFormat(check: ValueChecker, format: IdentifierFormat | undefined, label: string): ValueChecker {
  if (!format) return check;
  return (value) => {
    const result = check(typeof value === 'string' ? format.normalise(value) : value);
    if (result.ok) return result;
    const issues = result.issues.map((i) => (FORMAT_CODES.has(i.code) ? { ...i, message: format.message(label) } : i));
    return { ok: false, issues };
  };
}

/** Text rules whose length and pattern problems say the format expected, with an example. */
const formatTextRules =
  (format: IdentifierFormat | undefined, label: string) =>
  (...args: Parameters<typeof compileTextRules>): TextRules => {
    const rules = compileTextRules(...args);
    if (!format) return rules;
    return (text) => {
      const issue = rules(text);
      return issue && FORMAT_CODES.has(issue.code) ? { ...issue, message: format.message(label) } : issue;
    };
  };

/** Form.io requires a day value when any of its shown parts is required. */
function dayPartRequired(component: FormComponent): boolean {
  if (component.type !== 'day' || !component.fields) return false;
  return Object.values(component.fields).some((part) => part?.required === true && part.hide !== true);
}

function compileAddressParts(parts: readonly FormComponent[]): CompiledAddressPart[] {
  return parts
    .filter((part) => !FORBIDDEN_KEYS.has(part.key))
    .map((part) => {
      const label = labelOf(part);
      const pattern = part.validate?.pattern ? compilePattern(part.validate.pattern) : undefined;
      return {
        key: part.key,
        label,
        required: part.validate?.required === true,
        textRules: compileTextRules(part.validate, label, pattern),
      };
    });
}

/**
 * Form.io's two condition forms: `conditional.json` (JSON Logic, truthy shows) or the simple
 * `{ show, when, eq }`, where `eq` is compared with the string form of the value and, for select boxes,
 * with the ticked option. A rule that runs out of budget leaves the field shown, so it is still validated.
 */
export function compileCondition(conditional: Conditional | undefined): Condition | undefined {
  if (!conditional) return undefined;
  if (conditional.json !== undefined) {
    const rule = compileLogic(conditional.json);
    return (ctx) => {
      try {
        return isTruthy(rule(ctx));
      } catch (error) {
        if (error instanceof LogicError) return true;
        throw error;
      }
    };
  }
  const { when, show } = conditional;
  if (!when || typeof show !== 'boolean') return undefined;
  const eq = String(conditional.eq ?? '');
  return ({ data, row }) => {
    // Inside a grid or container Form.io looks in the row first, then in the whole submission by path.
    const value = row !== data && Object.hasOwn(row, when) ? row[when] : lookup(data, when);
    let matches: boolean;
    if (isPlainObject(value)) matches = Object.hasOwn(value, eq) && value[eq] === true;
    else if (Array.isArray(value)) matches = value.some((v) => String(v) === eq);
    else matches = String(value ?? '') === eq;
    return show ? matches : !matches;
  };
}

function lookup(data: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(data, path)) return data[path];
  return path.includes('.') ? (getPath(data, path, undefined) ?? undefined) : undefined;
}

/**
 * Initial data for a new submission: `customDefaultValue` (JSON Logic over the defaults so far) or
 * `defaultValue`, in document order. The renderer uses it; validation never invents values.
 */
export function getDefaultData(form: FormDefinition): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  fillDefaults(compileForm(form), data, data);
  return data;
}

/**
 * Defaults of one scope into `target`. A container starts as the object of its components' defaults; a datagrid
 * with one row of them (as Form.io shows it) unless `initEmpty`; an editgrid with no row.
 */
function fillDefaults(scope: CompiledScope, data: Record<string, unknown>, target: Record<string, unknown>): void {
  const ctx: LogicContext = { data, row: target };
  for (const field of scope.fields) {
    const { customDefaultValue, defaultValue } = field.component;
    if (customDefaultValue !== undefined) {
      try {
        target[field.key] = compileLogic(customDefaultValue)(ctx);
        continue;
      } catch (error) {
        if (!(error instanceof LogicError)) throw error;
      }
    }
    if (defaultValue !== undefined && defaultValue !== null && !(field.group && !isGroupValue(field, defaultValue))) {
      target[field.key] = defaultValue;
      continue;
    }
    if (!field.scope) continue;
    if (field.group === 'container') {
      const inner: Record<string, unknown> = {};
      fillDefaults(field.scope, data, inner);
      target[field.key] = inner;
    } else if (field.component.type === 'datagrid' && field.component.initEmpty !== true) {
      const row: Record<string, unknown> = {};
      fillDefaults(field.scope, data, row);
      target[field.key] = [row];
    } else {
      target[field.key] = [];
    }
  }
}

function isGroupValue(field: CompiledField, value: unknown): boolean {
  return field.group === 'grid' ? Array.isArray(value) && value.length > 0 : isPlainObject(value);
}
