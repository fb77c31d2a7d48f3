import type { LogicAction, LogicEntry } from '@under/core/forms/component.schema';
import { type JsonLogicRule, validateLogic } from '@under/core/forms/json-logic';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { parseRule, type RuleCondition, ruleFor } from './condition-logic';

/**
 * The builder's logic editor (decision 093): a field's calculated value and its logic actions as JSON Logic, read
 * with JSON.parse and checked with core's validateLogic, never run as code.
 */

/** What a logic action does while its condition holds. */
export const LOGIC_EFFECTS = ['value', 'disable', 'enable', 'require', 'optional', 'hide', 'show'] as const;
export type LogicEffect = (typeof LOGIC_EFFECTS)[number];

export interface SimpleLogic {
  when: RuleCondition;
  effect: LogicEffect;
  /** For `value`: the value as typed (text, a number, or a JSON Logic rule). */
  value: string;
}

const PROPERTY_EFFECTS: Record<
  Exclude<LogicEffect, 'value'>,
  { property: 'disabled' | 'validate.required' | 'hidden'; state: boolean }
> = {
  disable: { property: 'disabled', state: true },
  enable: { property: 'disabled', state: false },
  require: { property: 'validate.required', state: true },
  optional: { property: 'validate.required', state: false },
  hide: { property: 'hidden', state: true },
  show: { property: 'hidden', state: false },
};

export type Parsed = { rule: JsonLogicRule | undefined; error?: undefined } | { rule?: undefined; error: string };

const issuesText = (rule: JsonLogicRule, path: string): string | undefined => {
  const issues = validateLogic(rule, path);
  return issues.length ? issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ') : undefined;
};

/**
 * A calculated value as typed: empty is none; else JSON whose rule core accepts. A text or anything that is not
 * JSON (`data.a + data.b`) is refused with the message of a script: it would be JavaScript.
 */
export function parseCalculation(text: string): Parsed {
  if (!text.trim()) return { rule: undefined };
  let rule: unknown;
  try {
    rule = JSON.parse(text);
  } catch {
    return { error: MESSAGES.javascriptRefused };
  }
  if (typeof rule === 'string') return { error: MESSAGES.javascriptRefused };
  const error = issuesText(rule as JsonLogicRule, 'calculateValue');
  return error ? { error } : { rule: rule as JsonLogicRule };
}

/** What a set-value action writes into: a number field takes numbers, a checkbox true/false, any other text. */
export type ValueTarget = 'number' | 'boolean' | 'text';

export function valueTargetOf(type: string): ValueTarget {
  return type === 'number' || type === 'currency' ? 'number' : type === 'checkbox' ? 'boolean' : 'text';
}

/**
 * A set-value action's value as typed: a JSON Logic rule (an object) for any field; else, for a number field, a
 * number (anything else is refused, never turned into one), for a checkbox true/false, and otherwise the text
 * exactly as typed (`007` stays `007`: ZIP codes and account numbers keep their zeros).
 */
export function parseActionValue(text: string, target: ValueTarget = 'text'): Parsed {
  const trimmed = text.trim();
  if (!trimmed) return { rule: undefined };
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let rule: unknown;
    try {
      rule = JSON.parse(trimmed);
    } catch {
      return { error: MESSAGES.javascriptRefused };
    }
    const error = issuesText(rule as JsonLogicRule, 'value');
    return error ? { error } : { rule: rule as JsonLogicRule };
  }
  if (target === 'number')
    return /^-?\d+(\.\d+)?$/.test(trimmed) ? { rule: Number(trimmed) } : { error: UI_TEXT.builderLogicValueNotNumber };
  if (target === 'boolean' && (trimmed === 'true' || trimmed === 'false')) return { rule: trimmed === 'true' };
  // a bare text in a rule place reads as a script; the same text as an operation does not (as the import writes it)
  return { rule: { cat: [text] } };
}

/** The text a set-value action's value is shown as: the inverse of parseActionValue. */
export function actionValueText(rule: unknown): string {
  if (rule === undefined || rule === null) return '';
  if (typeof rule === 'number' || typeof rule === 'boolean') return String(rule);
  const cat = (rule as { cat?: unknown }).cat;
  if (Array.isArray(cat) && cat.length === 1 && typeof cat[0] === 'string' && Object.keys(rule).length === 1)
    return cat[0];
  return JSON.stringify(rule);
}

/** A logic entry the editor can show as "when <test>, <effect>"; anything else is `custom` (shown as JSON). */
export function logicToSimple(entry: LogicEntry): SimpleLogic | 'custom' {
  const when = parseRule(entry.trigger.json);
  const [action, ...more] = entry.actions;
  if (!when || !action || more.length) return 'custom';
  if (action.type === 'value') return { when, effect: 'value', value: actionValueText(action.value) };
  const effect = (Object.keys(PROPERTY_EFFECTS) as Exclude<LogicEffect, 'value'>[]).find(
    (e) => PROPERTY_EFFECTS[e].property === action.property.value && PROPERTY_EFFECTS[e].state === action.state,
  );
  return effect ? { when, effect, value: '' } : 'custom';
}

/** The logic entry of a simple one, or the problem with its value. */
export function simpleToLogic(
  simple: SimpleLogic,
  target: ValueTarget = 'text',
): { entry: LogicEntry } | { error: string } {
  const trigger = { type: 'json' as const, json: ruleFor(simple.when) };
  if (simple.effect === 'value') {
    const parsed = parseActionValue(simple.value, target);
    if (parsed.error !== undefined) return { error: parsed.error };
    const action: LogicAction = parsed.rule === undefined ? { type: 'value' } : { type: 'value', value: parsed.rule };
    return { entry: { trigger, actions: [action] } };
  }
  const { property, state } = PROPERTY_EFFECTS[simple.effect];
  return { entry: { trigger, actions: [{ type: 'property', property: { value: property, type: 'boolean' }, state }] } };
}
