import { compileForm, computeFieldValue, KEEP_VALUE } from '@under/core/forms/compile-form';
import { LogicEntrySchema } from '@under/core/forms/component.schema';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { describe, expect, it } from 'vitest';
import { buildForm } from '../../../test/form-test-utils';
import { actionValueText, logicToSimple, parseActionValue, parseCalculation, simpleToLogic } from './logic-rules';

describe('logic editor rules', () => {
  it('keeps a calculation only when it is JSON Logic core accepts; text and code are refused, never run', () => {
    expect(parseCalculation('')).toEqual({ rule: undefined });
    expect(parseCalculation('{"+": [{"var": "data.a"}, {"var": "data.b"}]}')).toEqual({
      rule: { '+': [{ var: 'data.a' }, { var: 'data.b' }] },
    });
    expect(parseCalculation('data.a + data.b')).toEqual({ error: MESSAGES.javascriptRefused });
    expect(parseCalculation('"data.a"')).toEqual({ error: MESSAGES.javascriptRefused });
    expect(parseCalculation('{"eval": ["1"]}').error).toContain('calculateValue.eval');
    expect(parseCalculation('{"var": "constructor.prototype"}').error).toBeTruthy();
  });

  it('reads a set-value action by its field: text as typed, a number for a number field, true/false for a checkbox, or a rule', () => {
    // a text field keeps what was typed: zeros, digits and words alike; a number is never made from its text
    expect(parseActionValue('Approved')).toEqual({ rule: { cat: ['Approved'] } });
    expect(parseActionValue('007', 'text')).toEqual({ rule: { cat: ['007'] } });
    expect(parseActionValue('0123', 'text')).toEqual({ rule: { cat: ['0123'] } });
    expect(parseActionValue('12.5', 'text')).toEqual({ rule: { cat: ['12.5'] } });
    expect(parseActionValue('true', 'text')).toEqual({ rule: { cat: ['true'] } });
    // a number field takes a number, and refuses a text rather than store it
    expect(parseActionValue('12.5', 'number')).toEqual({ rule: 12.5 });
    expect(parseActionValue('0120', 'number')).toEqual({ rule: 120 });
    expect(parseActionValue('twelve', 'number')).toEqual({ error: UI_TEXT.builderLogicValueNotNumber });
    expect(parseActionValue('true', 'boolean')).toEqual({ rule: true });
    expect(parseActionValue('{"*": [{"var": "data.monthly"}, 12]}', 'number')).toEqual({
      rule: { '*': [{ var: 'data.monthly' }, 12] },
    });
    expect(parseActionValue('{"*": [').error).toBe(MESSAGES.javascriptRefused);
    for (const [typed, target] of [
      ['Approved', 'text'],
      ['007', 'text'],
      ['12.5', 'number'],
      ['true', 'boolean'],
      ['{"*":[{"var":"data.monthly"},12]}', 'number'],
    ] as const)
      expect(actionValueText(parseActionValue(typed, target).rule)).toBe(typed);
  });

  it('writes entries the schema keeps and the engine runs, and reads them back', () => {
    const made = simpleToLogic({
      when: { when: 'kind', operator: 'equals', value: 'llc' },
      effect: 'value',
      value: '{"*": [{"var": "data.monthly"}, 12]}',
    });
    if (!('entry' in made)) throw new Error(made.error);
    expect(LogicEntrySchema.parse(made.entry)).toEqual(made.entry);
    expect(logicToSimple(made.entry)).toEqual({
      when: { when: 'kind', operator: 'equals', value: 'llc' },
      effect: 'value',
      value: '{"*":[{"var":"data.monthly"},12]}',
    });
    const form = compileForm(
      buildForm([
        { type: 'textfield', key: 'kind', label: 'Kind' },
        { type: 'number', key: 'monthly', label: 'Monthly' },
        { type: 'number', key: 'annual', label: 'Annual', logic: [made.entry] },
      ]),
    );
    const annual = form.fields.find((f) => f.key === 'annual');
    if (!annual) throw new Error('no field');
    const ctx = (data: Record<string, unknown>) => ({ data, row: data });
    expect(computeFieldValue(annual, ctx({ kind: 'llc', monthly: 10 }), undefined)).toBe(120);
    expect(computeFieldValue(annual, ctx({ kind: 'sole', monthly: 10 }), 5)).toBe(KEEP_VALUE);

    for (const effect of ['disable', 'enable', 'require', 'optional', 'hide', 'show'] as const) {
      const property = simpleToLogic({ when: { when: 'kind', operator: 'isNotEmpty', value: '' }, effect, value: '' });
      if (!('entry' in property)) throw new Error(property.error);
      expect(LogicEntrySchema.parse(property.entry)).toEqual(property.entry);
      expect(logicToSimple(property.entry)).toMatchObject({ effect });
    }
    // two actions, or a trigger the condition editor does not write: shown as JSON
    expect(
      logicToSimple({ trigger: { type: 'json', json: { and: [true, true] } }, actions: [{ type: 'value', value: 1 }] }),
    ).toBe('custom');
  });
});
