import type { Conditional } from './component.schema';
import { END_USER_ROLES, type EndUserRole, NON_DATA_TYPES } from './field-types';
import { compileTextRules, compileValueChecker, TEXT_TYPES, type TextRules, type ValueChecker } from './field-values';
import type { FormComponent, FormDefinition } from './form.schema';
import { compilePattern } from './form-checks';
import { walkComponents } from './form-walk';
import { type CompiledLogic, compileLogic, isTruthy, LogicError } from './json-logic';
import { FORBIDDEN_KEYS, isPlainObject } from './path';
import { isFieldEditable } from './permissions';
import { getSystemField, isSystemField } from './system-fields';

/** What rules see: Form.io's names, `data` for the whole submission and `row` for the same (no grids here). */
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
  calculate: CompiledLogic | undefined;
  /** Calculated amounts are rounded to this many decimals, so 5 x 19.99 is 99.95 and not a decimal error. */
  decimalLimit: number | undefined;
  allowCalculateOverride: boolean;
  custom: CompiledLogic | undefined;
  customMessage: string | undefined;
  checkValue: ValueChecker;
  textRules: TextRules | undefined;
  parts: readonly CompiledAddressPart[];
}

/** Every component in document order; `parent` is the index of the enclosing layout, or -1. */
export interface CompiledNode {
  key: string;
  parent: number;
  condition: Condition | undefined;
  field: CompiledField | undefined;
}

export interface CompiledForm {
  nodes: readonly CompiledNode[];
  fields: readonly CompiledField[];
  /** True when some node has a condition, so visibility must be computed at all. */
  hasConditions: boolean;
}

const cache = new WeakMap<FormDefinition, CompiledForm>();

/**
 * Precompiles a parsed form (from `parseFormDefinition` or `importFormio`) for validation: conditions, rules,
 * patterns and permissions become functions once, cached per form object, so each validation is one flat pass.
 * Throws `LogicError` for a rule that `parseFormDefinition` would have refused.
 */
export function compileForm(form: FormDefinition): CompiledForm {
  const cached = cache.get(form);
  if (cached) return cached;
  const nodes: CompiledNode[] = [];
  const indexOf = new Map<FormComponent, number>();
  walkComponents(form.components, ({ component, ancestors }) => {
    const parentComponent = ancestors.at(-1);
    const parent = parentComponent ? (indexOf.get(parentComponent) ?? -1) : -1;
    indexOf.set(component, nodes.length);
    const holdsData = !NON_DATA_TYPES.has(component.type) && !FORBIDDEN_KEYS.has(component.key);
    nodes.push({
      key: component.key,
      parent,
      condition: compileCondition(component.conditional),
      field: holdsData ? compileField(component) : undefined,
    });
  });
  const compiled: CompiledForm = {
    nodes,
    fields: nodes.flatMap((n) => (n.field ? [n.field] : [])),
    hasConditions: nodes.some((n) => n.condition !== undefined),
  };
  cache.set(form, compiled);
  return compiled;
}

function labelOf(component: FormComponent): string {
  return component.label?.trim() || component.key;
}

function compileField(component: FormComponent): CompiledField {
  const label = labelOf(component);
  const system = getSystemField(component.key);
  const validate = component.validate;
  const pattern = validate?.pattern ? compilePattern(validate.pattern) : undefined;
  const editable = Object.fromEntries(END_USER_ROLES.map((role) => [role, isFieldEditable(component, role)])) as Record<
    EndUserRole,
    boolean
  >;
  return {
    key: component.key,
    label,
    type: component.type,
    component,
    // System fields are always required and at most 100 (recordId 30) characters, whatever the form says.
    required: validate?.required === true || system !== undefined,
    multiple: component.type !== 'file' && (component.multiple === true || validate?.multiple === true),
    clearOnHide: component.clearOnHide !== false,
    encrypted: component.euEncrypted === true,
    isSystem: isSystemField(component),
    editable,
    calculate: component.calculateValue === undefined ? undefined : compileLogic(component.calculateValue),
    decimalLimit:
      component.type === 'currency'
        ? (component.decimalLimit ?? 2)
        : component.type === 'number'
          ? component.decimalLimit
          : undefined,
    allowCalculateOverride: component.allowCalculateOverride === true,
    custom: validate?.custom === undefined ? undefined : compileLogic(validate.custom),
    customMessage: validate?.customMessage?.trim() || undefined,
    checkValue: compileValueChecker(component, label),
    textRules: TEXT_TYPES.has(component.type)
      ? compileTextRules(validate, label, pattern, system?.maxLength)
      : undefined,
    parts: component.type === 'address' ? compileAddressParts(component.components ?? []) : [],
  };
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
  return ({ data }) => {
    const value = Object.hasOwn(data, when) ? data[when] : undefined;
    let matches: boolean;
    if (isPlainObject(value)) matches = Object.hasOwn(value, eq) && value[eq] === true;
    else if (Array.isArray(value)) matches = value.some((v) => String(v) === eq);
    else matches = String(value ?? '') === eq;
    return show ? matches : !matches;
  };
}

/**
 * Initial data for a new submission: `customDefaultValue` (JSON Logic over the defaults so far) or
 * `defaultValue`, in document order. The renderer uses it; validation never invents values.
 */
export function getDefaultData(form: FormDefinition): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const ctx: LogicContext = { data, row: data };
  for (const field of compileForm(form).fields) {
    const { customDefaultValue, defaultValue } = field.component;
    if (customDefaultValue !== undefined) {
      try {
        data[field.key] = compileLogic(customDefaultValue)(ctx);
        continue;
      } catch (error) {
        if (!(error instanceof LogicError)) throw error;
      }
    }
    if (defaultValue !== undefined && defaultValue !== null) data[field.key] = defaultValue;
  }
  return data;
}
