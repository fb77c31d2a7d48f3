import { MESSAGES } from '../messages';
import type { FormIssue } from './form-checks';
import { translateScript } from './formio-script';
import type { JsonLogicRule } from './json-logic';
import { isPlainObject } from './path';

/**
 * Form.io's condition shapes turned into JSON Logic for the import (decision 028): the Form.io 5 builder's
 * `{ show, conjunction, conditions: [{ component, operator, value }] }`, the older `{ show, when, eq }` inside
 * `logic` triggers, and `logic` entries whose actions show, hide, require or disable the component or set its value
 * (decision 069: a value script of the one-line subset is translated, never run).
 */

/** What the translation needs to know about the form: each data component's type and where it sits. */
export interface ConditionScope {
  /** Type of the component with this key (the last key wins for duplicates in other scopes). */
  typeOf(key: string): string | undefined;
  /** Whether the component with this key holds several values (select `multiple`). */
  isMultiple(key: string): boolean;
  /** Data path of the enclosing containers and grids of the component being translated (`owners`). */
  scopePath: readonly string[];
}

export type Translation = { ok: true; rule: JsonLogicRule } | { ok: false; issue: FormIssue };

const refused = (path: string, message: string): Translation => ({
  ok: false,
  issue: { path, code: 'logic', message },
});

/** The JSON Logic `var` of a Form.io component path, as seen from the component being translated. */
function varOf(component: string, scope: ConditionScope): JsonLogicRule {
  const segments = component.split('.');
  const inScope = scope.scopePath.length > 0 && scope.scopePath.every((key, i) => segments[i] === key);
  if (inScope && segments.length > scope.scopePath.length) {
    return { var: `row.${segments.slice(scope.scopePath.length).join('.')}` };
  }
  // A plain key inside a grid may name a sibling in the same row (Form.io looks in the row first).
  if (scope.scopePath.length > 0 && segments.length === 1) {
    return { if: [{ missing: [`row.${component}`] }, { var: `data.${component}` }, { var: `row.${component}` }] };
  }
  return { var: `data.${component}` };
}

function comparable(value: unknown, type: string | undefined): unknown {
  if (type === 'checkbox' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** One `{ component, operator, value }` of a Form.io 5 condition. */
function translateOne(condition: unknown, scope: ConditionScope, path: string): Translation {
  if (!isPlainObject(condition) || typeof condition.component !== 'string' || condition.component === '') {
    return refused(
      path,
      MESSAGES.conditionOperatorUnsupported(String(isPlainObject(condition) ? condition.operator : '')),
    );
  }
  const component = condition.component;
  const key = component.split('.').at(-1) as string;
  const type = scope.typeOf(key);
  const operator = String(condition.operator ?? '');
  const target = varOf(component, scope);
  const value = comparable(condition.value, type);
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  const multiple = scope.isMultiple(key) || type === 'tags';
  const equals = (): JsonLogicRule => {
    if (type === 'selectboxes') {
      if (text === undefined || text.includes('.')) return undefined;
      return { '==': [{ var: `${(target as { var: string }).var}.${text}` }, true] };
    }
    if (multiple) return { in: [value, { merge: [target] }] };
    return { '==': [target, value] };
  };
  switch (operator) {
    case 'isEqual':
    case 'isNotEqual': {
      if (type === 'selectboxes' && typeof (target as { var?: unknown }).var !== 'string') {
        return refused(path, MESSAGES.conditionOperatorUnsupported(operator));
      }
      const rule = equals();
      if (rule === undefined) return refused(path, MESSAGES.conditionOperatorUnsupported(operator));
      return { ok: true, rule: operator === 'isEqual' ? rule : { '!': [rule] } };
    }
    case 'isEmpty':
      return { ok: true, rule: { '!': [target] } };
    case 'isNotEmpty':
      return { ok: true, rule: { '!!': [target] } };
    case 'greaterThan':
      return { ok: true, rule: { '>': [target, value] } };
    case 'greaterThanOrEqual':
      return { ok: true, rule: { '>=': [target, value] } };
    case 'lessThan':
      return { ok: true, rule: { '<': [target, value] } };
    case 'lessThanOrEqual':
      return { ok: true, rule: { '<=': [target, value] } };
    case 'includes':
      return { ok: true, rule: { in: [value, target] } };
    case 'notIncludes':
      return { ok: true, rule: { '!': [{ in: [value, target] }] } };
    case 'startsWith':
    case 'endsWith': {
      if (text === undefined) return refused(path, MESSAGES.conditionOperatorUnsupported(operator));
      const part =
        operator === 'startsWith' ? { substr: [target, 0, text.length] } : { substr: [target, -text.length] };
      return { ok: true, rule: { '==': [part, text] } };
    }
    default:
      return refused(path, MESSAGES.conditionOperatorUnsupported(operator));
  }
}

/** A show flag as Form.io writes it: true, false, 'true', 'false'; anything else reads as "show". */
function showOf(show: unknown): boolean {
  return !(show === false || show === 'false');
}

/**
 * `{ show, conjunction, conditions }` as one rule that is true when the component is shown. An empty list
 * means no condition (undefined).
 */
export function translateConditions(
  conditional: Record<string, unknown>,
  scope: ConditionScope,
  path: string,
): Translation | undefined {
  const list = conditional.conditions;
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const rules: JsonLogicRule[] = [];
  for (let i = 0; i < list.length; i++) {
    const one = translateOne(list[i], scope, `${path}.conditions[${i}]`);
    if (!one.ok) return one;
    rules.push(one.rule);
  }
  const joined = rules.length === 1 ? rules[0] : { [conditional.conjunction === 'any' ? 'or' : 'and']: rules };
  return { ok: true, rule: showOf(conditional.show) ? joined : { '!': [joined] } };
}

/** The older `{ show, when, eq }`, with the same reading as the engine's simple condition. */
function translateSimple(simple: Record<string, unknown>, scope: ConditionScope): JsonLogicRule | undefined {
  if (typeof simple.when !== 'string' || simple.when === '') return undefined;
  const type = scope.typeOf(simple.when.split('.').at(-1) as string);
  const eq = String(simple.eq ?? '');
  const target = varOf(simple.when, scope);
  let rule: JsonLogicRule;
  if (type === 'selectboxes' && typeof (target as { var?: unknown }).var === 'string' && !eq.includes('.')) {
    rule = { '==': [{ var: `${(target as { var: string }).var}.${eq}` }, true] };
  } else rule = { '==': [{ cat: [{ if: [{ '==': [target, null] }, '', target] }] }, eq] };
  return showOf(simple.show) ? rule : { '!': [rule] };
}

/** A `logic` trigger as a rule that is true when the trigger fires. */
function translateTrigger(trigger: unknown, scope: ConditionScope, path: string, warnings: FormIssue[]): Translation {
  if (!isPlainObject(trigger)) return refused(path, MESSAGES.logicUnsupported('no trigger'));
  switch (trigger.type) {
    case 'json':
      return { ok: true, rule: trigger.json };
    case 'simple': {
      const simple = isPlainObject(trigger.simple) ? trigger.simple : {};
      const fromList = translateConditions(simple, scope, `${path}.simple`);
      if (fromList) return fromList;
      const rule = translateSimple(simple, scope);
      return rule === undefined
        ? refused(`${path}.simple`, MESSAGES.logicUnsupported('an empty condition'))
        : { ok: true, rule };
    }
    case 'javascript': {
      const script = typeof trigger.javascript === 'string' ? trigger.javascript : '';
      const rule = translateScript(script, 'result');
      if (rule === undefined)
        return {
          ok: false,
          issue: { path: `${path}.javascript`, code: 'javascript', message: MESSAGES.javascriptRefused },
        };
      warnings.push({
        path: `${path}.javascript`,
        code: 'javascript',
        message: MESSAGES.javascriptTranslated('a logic trigger', JSON.stringify(rule)),
      });
      return { ok: true, rule };
    }
    default:
      return refused(`${path}.type`, MESSAGES.logicUnsupported(`a trigger of type '${String(trigger.type)}'`));
  }
}

const PROPERTIES: ReadonlySet<string> = new Set(['hidden', 'validate.required', 'disabled']);

/** One Form.io `logic` action in the shape the engine runs, or the problem by path. */
function translateAction(
  action: unknown,
  actionPath: string,
  warnings: FormIssue[],
): { ok: true; action: unknown } | { ok: false; issue: FormIssue } {
  const name = isPlainObject(action) && typeof action.name === 'string' ? { name: action.name } : {};
  if (isPlainObject(action) && action.type === 'value') {
    // Form.io runs `value` as JavaScript assigning `value`; a JSON Logic object (ours, re-imported) is kept.
    const script = action.value;
    if (script === null || isPlainObject(script) || typeof script === 'number' || typeof script === 'boolean') {
      return { ok: true, action: { ...name, type: 'value', value: script } };
    }
    const rule = typeof script === 'string' ? translateScript(script, 'value') : undefined;
    if (rule === undefined) {
      return {
        ok: false,
        issue: { path: `${actionPath}.value`, code: 'javascript', message: MESSAGES.javascriptRefused },
      };
    }
    warnings.push({
      path: `${actionPath}.value`,
      code: 'javascript',
      message: MESSAGES.javascriptTranslated('a logic value action', JSON.stringify(rule)),
    });
    return { ok: true, action: { ...name, type: 'value', value: rule } };
  }
  const property = isPlainObject(action) && isPlainObject(action.property) ? action.property.value : undefined;
  if (
    !isPlainObject(action) ||
    action.type !== 'property' ||
    typeof property !== 'string' ||
    !PROPERTIES.has(property)
  ) {
    const what =
      isPlainObject(action) && action.type === 'property'
        ? `an action on '${String(property)}'`
        : `an action of type '${isPlainObject(action) ? String(action.type) : ''}'`;
    return { ok: false, issue: { path: actionPath, code: 'logic', message: MESSAGES.logicUnsupported(what) } };
  }
  const state = action.state === true || action.state === 'true';
  return { ok: true, action: { ...name, type: 'property', property: { value: property, type: 'boolean' }, state } };
}

/**
 * Form.io `logic` entries in the shape the engine runs (`trigger.type: 'json'`, property actions on `hidden`,
 * `validate.required` or `disabled`, value actions as JSON Logic), or the problems by path.
 */
export function translateLogic(
  logic: unknown[],
  scope: ConditionScope,
  path: string,
  warnings: FormIssue[],
): { ok: true; logic: unknown[] } | { ok: false; issues: FormIssue[] } {
  const out: unknown[] = [];
  const issues: FormIssue[] = [];
  logic.forEach((entry, i) => {
    const entryPath = `${path}[${i}]`;
    if (!isPlainObject(entry)) {
      issues.push({ path: entryPath, code: 'logic', message: MESSAGES.logicUnsupported('not an object') });
      return;
    }
    const actions = Array.isArray(entry.actions) ? entry.actions : [];
    const kept: unknown[] = [];
    actions.forEach((action, j) => {
      const one = translateAction(action, `${entryPath}.actions[${j}]`, warnings);
      if (one.ok) kept.push(one.action);
      else issues.push(one.issue);
    });
    if (actions.length === 0) {
      issues.push({ path: `${entryPath}.actions`, code: 'logic', message: MESSAGES.logicUnsupported('no actions') });
      return;
    }
    const trigger = translateTrigger(entry.trigger, scope, `${entryPath}.trigger`, warnings);
    if (!trigger.ok) {
      issues.push(trigger.issue);
      return;
    }
    if (kept.length === actions.length) {
      out.push({
        ...(typeof entry.name === 'string' ? { name: entry.name } : {}),
        trigger: { type: 'json', json: trigger.rule },
        actions: kept,
      });
    }
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, logic: out };
}
