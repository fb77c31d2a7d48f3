import { compileForm, computeFieldValue, KEEP_VALUE } from '@under/core/forms/compile-form';
import { LogicEntrySchema } from '@under/core/forms/component.schema';
import { MESSAGES } from '@under/core/messages';
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

  it('reads a set-value action as text, a number, true/false or a rule, and shows it back as typed', () => {
    expect(parseActionValue('Approved')).toEqual({ rule: { cat: ['Approved'] } });
    expect(parseActionValue('12.5')).toEqual({ rule: 12.5 });
    expect(parseActionValue('true')).toEqual({ rule: true });
    expect(parseActionValue('{"*": [{"var": "data.monthly"}, 12]}')).toEqual({
      rule: { '*': [{ var: 'data.monthly' }, 12] },
    });
    expect(parseActionValue('{"*": [').error).toBe(MESSAGES.javascriptRefused);
    for (const typed of ['Approved', '12.5', 'true', '{"*":[{"var":"data.monthly"},12]}'])
      expect(actionValueText(parseActionValue(typed).rule)).toBe(typed);
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
