import { compileCondition } from '@under/core/forms/compile-form';
import { validateLogic } from '@under/core/forms/json-logic';
import { describe, expect, it } from 'vitest';
import { conditionalToCondition, conditionToConditional, OPERATORS, type SimpleCondition } from './condition-logic';

const ctx = (data: Record<string, unknown>) => ({ data, row: data });

describe('condition editor logic', () => {
  it('produces JSON Logic that core accepts and evaluates', () => {
    const conditional = conditionToConditional({ action: 'show', when: 'kind', operator: 'equals', value: 'llc' });
    expect(conditional).toEqual({ json: { '==': [{ var: 'data.kind' }, 'llc'] } });
    expect(validateLogic(conditional.json, 'conditional.json')).toEqual([]);
    const show = compileCondition(conditional);
    expect(show?.(ctx({ kind: 'llc' }))).toBe(true);
    expect(show?.(ctx({ kind: 'sole' }))).toBe(false);
  });

  it('hides by negating the rule, and compares numbers as numbers', () => {
    const hide = compileCondition(
      conditionToConditional({ action: 'hide', when: 'count', operator: 'greaterThan', value: '3' }),
    );
    expect(hide?.(ctx({ count: 5 }))).toBe(false);
    expect(hide?.(ctx({ count: 2 }))).toBe(true);
  });

  it('compares with a number only when it reads back as typed: leading zeros stay the text typed', () => {
    const zip = conditionToConditional({ action: 'show', when: 'zip', operator: 'greaterThan', value: '0123' });
    expect(zip).toEqual({ json: { '>': [{ var: 'data.zip' }, '0123'] } });
    expect(conditionalToCondition(zip)).toMatchObject({ value: '0123' });
    for (const typed of ['007', '1.50', '-0', '12', '-3.5'])
      expect(
        conditionalToCondition(
          conditionToConditional({ action: 'show', when: 'n', operator: 'lessThan', value: typed }),
        ),
      ).toMatchObject({ value: typed });
    expect(conditionToConditional({ action: 'show', when: 'n', operator: 'lessThan', value: '12' }).json).toEqual({
      '<': [{ var: 'data.n' }, 12],
    });
  });

  it('reads back every operator it writes, and Form.io simple conditions', () => {
    for (const op of OPERATORS) {
      for (const action of ['show', 'hide'] as const) {
        const condition: SimpleCondition = { action, when: 'f', operator: op.value, value: op.needsValue ? 'x' : '' };
        expect(conditionalToCondition(conditionToConditional(condition))).toEqual(condition);
      }
    }
    expect(conditionalToCondition({ show: true, when: 'a', eq: 'yes' })).toEqual({
      action: 'show',
      when: 'a',
      operator: 'equals',
      value: 'yes',
    });
    expect(conditionalToCondition({ json: { and: [true, false] } })).toBe('custom');
    expect(conditionalToCondition(undefined)).toBe('none');
  });
});
