import type { Conditional } from '@under/core/forms/component.schema';

/** What the condition editor offers: pick a field, an operator and a value; never code. */
export const OPERATORS = [
  { value: 'equals', label: 'is equal to', needsValue: true },
  { value: 'notEquals', label: 'is not equal to', needsValue: true },
  { value: 'isEmpty', label: 'is empty', needsValue: false },
  { value: 'isNotEmpty', label: 'is not empty', needsValue: false },
  { value: 'greaterThan', label: 'is greater than', needsValue: true },
  { value: 'lessThan', label: 'is less than', needsValue: true },
  { value: 'contains', label: 'contains', needsValue: true },
] as const;
export type Operator = (typeof OPERATORS)[number]['value'];

export interface SimpleCondition {
  action: 'show' | 'hide';
  when: string;
  operator: Operator;
  value: string;
}

type Rule = Record<string, unknown>;

/**
 * A compared value is a number only when it reads back exactly as typed (`12`, `-3.5`); `007`, `0123` or `1.50` stay
 * the text typed, so no zero is lost and the editor shows what was typed (issue 25).
 */
export const exactNumber = (value: string): number | undefined =>
  /^-?\d+(\.\d+)?$/.test(value) && String(Number(value)) === value ? Number(value) : undefined;
const numeric = (value: string): number | string => exactNumber(value) ?? value;

/** The test of a condition, without its show/hide action: what a logic action's trigger holds. */
export type RuleCondition = Omit<SimpleCondition, 'action'>;

/** The JSON Logic of a test: truthy when the field meets it. */
export function ruleFor({ when, operator, value }: RuleCondition): Rule {
  const field = { var: `data.${when}` };
  switch (operator) {
    case 'equals':
      return { '==': [field, value] };
    case 'notEquals':
      return { '!=': [field, value] };
    case 'isEmpty':
      return { '!': [field] };
    case 'isNotEmpty':
      return { '!!': [field] };
    case 'greaterThan':
      return { '>': [field, numeric(value)] };
    case 'lessThan':
      return { '<': [field, numeric(value)] };
    case 'contains':
      return { in: [value, field] };
  }
}

/** The JSON Logic (`conditional.json`) for a condition: truthy shows the field. */
export function conditionToConditional(condition: SimpleCondition): Conditional {
  const rule = ruleFor(condition);
  return { json: condition.action === 'hide' ? { '!': [rule] } : rule };
}

const OPS: Record<string, Operator> = {
  '==': 'equals',
  '!=': 'notEquals',
  '!': 'isEmpty',
  '!!': 'isNotEmpty',
  '>': 'greaterThan',
  '<': 'lessThan',
};

function fieldOf(arg: unknown): string | undefined {
  if (typeof arg !== 'object' || arg === null || !('var' in arg)) return undefined;
  const name = (arg as { var: unknown }).var;
  return typeof name === 'string' && name.startsWith('data.') ? name.slice(5) : undefined;
}

/** Reads a test back from JSON Logic this editor writes; anything else is undefined. */
export function parseRule(rule: unknown): RuleCondition | undefined {
  if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) return undefined;
  const entries = Object.entries(rule);
  if (entries.length !== 1) return undefined;
  const [op, args] = entries[0] as [string, unknown];
  const list = Array.isArray(args) ? args : [args];
  if (op === 'in') {
    const when = fieldOf(list[1]);
    return when && typeof list[0] === 'string' ? { when, operator: 'contains', value: list[0] } : undefined;
  }
  const operator = OPS[op];
  const when = fieldOf(list[0]);
  if (!operator || !when) return undefined;
  const needsValue = OPERATORS.find((o) => o.value === operator)?.needsValue;
  if (!needsValue) return list.length === 1 ? { when, operator, value: '' } : undefined;
  const value = list[1];
  return list.length === 2 && ['string', 'number', 'boolean'].includes(typeof value)
    ? { when, operator, value: String(value) }
    : undefined;
}

/**
 * Reads a component's condition back into the editor: Form.io's `{ show, when, eq }` and the JSON Logic this editor
 * writes. Anything else is `custom` (shown as JSON, editable as JSON, never as code).
 */
export function conditionalToCondition(conditional: Conditional | undefined): SimpleCondition | 'none' | 'custom' {
  if (!conditional) return 'none';
  if (conditional.json !== undefined) {
    const json = conditional.json as Rule;
    const negated =
      typeof json === 'object' && json !== null && '!' in json
        ? parseRule((json['!'] as unknown[])?.[0] ?? json['!'])
        : undefined;
    const direct = parseRule(json);
    // `{ '!': [field] }` is "is empty", not "hide when field is set"; prefer the direct reading.
    if (direct) return { action: 'show', ...direct };
    if (negated) return { action: 'hide', ...negated };
    return 'custom';
  }
  if (conditional.when && typeof conditional.show === 'boolean') {
    return {
      action: conditional.show ? 'show' : 'hide',
      when: conditional.when,
      operator: 'equals',
      value: String(conditional.eq ?? ''),
    };
  }
  return 'none';
}
