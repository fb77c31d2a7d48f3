import { describe, expect, it } from 'vitest';
import { compileForm, computeFieldValue, KEEP_VALUE } from './compile-form';
import { build } from './fixtures/build-form';
import { buildMerchantCalculationsForm, MIX_MESSAGE } from './fixtures/merchant-calculations';
import { parseFormDefinition } from './form.schema';
import { importFormio } from './import-formio';
import { validateSubmission } from './validate-submission';

/** Calculated values and value logic (decision 069): one rule, recomputed by the server whatever was sent. */
describe('calculated values on a merchant application', () => {
  const form = buildMerchantCalculationsForm();
  const base = { monthlyVolume: 50_000, cardPresent: 60, keyed: 20, ecommerce: 20, website: '' };

  it('computes totals, a fee from volume and each owner share, overwriting tampered values', () => {
    const sent = {
      ...base,
      annualVolume: undefined,
      monthlyFee: 1,
      mixTotal: 100,
      owners: [
        { name: 'Ann', ownership: 60, othersLeave: 99 },
        { name: 'Bob', ownership: 40 },
      ],
    };
    const result = validateSubmission(form, sent, { role: 'primaryOwnerEndUser' });
    expect(result.errors).toEqual([]);
    expect(result.data).toMatchObject({
      annualVolume: 600_000,
      monthlyFee: 1450,
      mixTotal: 100,
      owners: [
        { name: 'Ann', ownership: 60, othersLeave: 40 },
        { name: 'Bob', ownership: 40, othersLeave: 60 },
      ],
    });
    // the fee tier changes above 100,000 and is rounded to cents
    expect(validateSubmission(form, { ...base, monthlyVolume: 123_456.78 }).data.monthlyFee).toBe(3086.42);
  });

  it('refuses a processing mix that does not add up to 100, whatever total was sent', () => {
    const result = validateSubmission(form, { ...base, keyed: 30, mixTotal: 100 });
    expect(result.errors).toEqual([{ path: 'mixTotal', code: 'custom', message: MIX_MESSAGE }]);
    expect(validateSubmission(form, { ...base, mixTotal: 40 }).errors).toEqual([]);
  });

  it('keeps a manual override only where the component allows it', () => {
    const result = validateSubmission(form, { ...base, annualVolume: 580_000, monthlyFee: 5 });
    expect(result.data.annualVolume).toBe(580_000);
    expect(result.data.monthlyFee).toBe(1450);
  });

  it('leaves a calculated value out while its inputs are missing (NaN is not a value)', () => {
    const result = validateSubmission(form, { cardPresent: 100, annualVolume: undefined, monthlyFee: 12 });
    expect(result.data).not.toHaveProperty('monthlyFee');
    expect(result.data).not.toHaveProperty('annualVolume');
  });

  it('runs value and property logic actions: sets the refund policy, requires the website', () => {
    const online = { ...base, cardPresent: 20, ecommerce: 60, refundPolicy: 'none' };
    const result = validateSubmission(form, online);
    expect(result.data.refundPolicy).toBe('within30');
    expect(result.errors).toEqual([{ path: 'website', code: 'required', message: 'Website is required' }]);
    // while the trigger does not hold, the applicant's choice stands and the website is optional
    const shop = validateSubmission(form, { ...base, refundPolicy: 'none' });
    expect(shop.errors).toEqual([]);
    expect(shop.data.refundPolicy).toBe('none');
  });

  it('disables by logic for the renderer, from the component attribute when no trigger holds', () => {
    const refund = compileForm(form).fields.find((f) => f.key === 'refundPolicy');
    expect(refund?.disabledWhen?.({ data: { ecommerce: 60 }, row: {} }, false)).toBe(true);
    expect(refund?.disabledWhen?.({ data: { ecommerce: 10 }, row: {} }, false)).toBe(false);
    expect(compileForm(form).fields.find((f) => f.key === 'website')?.disabledWhen).toBeUndefined();
  });

  it('computeFieldValue: the last holding value action wins, then the calculation, else KEEP_VALUE', () => {
    const two = build([
      { type: 'number', key: 'n' },
      {
        type: 'textfield',
        key: 't',
        calculateValue: { cat: ['calc ', { var: 'data.n' }] },
        logic: [
          {
            trigger: { type: 'json', json: { '>': [{ var: 'data.n' }, 1] } },
            actions: [{ type: 'value', value: { cat: ['big'] } }],
          },
          {
            trigger: { type: 'json', json: { '>': [{ var: 'data.n' }, 5] } },
            actions: [{ type: 'value', value: { cat: ['huge'] } }],
          },
          { trigger: { type: 'json', json: { var: 'data.missing.deep' } }, actions: [{ type: 'value' }] },
        ],
      },
      {
        type: 'textfield',
        key: 'u',
        logic: [
          { trigger: { type: 'json', json: { var: 'data.n' } }, actions: [{ type: 'value', value: { cat: ['set'] } }] },
        ],
      },
    ]);
    const [, t, u] = compileForm(two).fields;
    if (!t || !u) throw new Error('fields');
    const at = (n: unknown) => ({ data: { n }, row: { n } });
    expect(computeFieldValue(t, at(1), 'typed')).toBe('calc 1');
    expect(computeFieldValue(t, at(3), undefined)).toBe('big');
    expect(computeFieldValue(t, at(9), undefined)).toBe('huge');
    expect(computeFieldValue(u, at(0), 'typed')).toBe(KEEP_VALUE);
    expect(computeFieldValue(u, at(1), 'typed')).toBe('set');
    expect(validateSubmission(two, { n: 0, u: 'typed' }).data.u).toBe('typed');
    expect(validateSubmission(two, { n: 2, u: 'typed' }).data.u).toBe('set');
  });

  it('checks value action rules like every rule: unknown operators and JavaScript are refused', () => {
    const bad = (value: unknown) =>
      parseFormDefinition({
        components: [
          {
            type: 'textfield',
            key: 'x',
            logic: [{ trigger: { type: 'json', json: true }, actions: [{ type: 'value', value }] }],
          },
        ],
      });
    const unknown = bad({ method: ['x', 'constructor'] });
    expect(unknown.ok).toBe(false);
    expect(unknown.errors[0]).toMatchObject({ path: 'components[0].logic[0].actions[0].value.method', code: 'logic' });
    expect(bad('value = 1').ok).toBe(false);
    expect(bad({ '+': [1, 2] }).ok).toBe(true);
  });
});

describe('Form.io import of calculations and value logic', () => {
  it('translates one-line JavaScript calculations and value actions, never running them', () => {
    const result = importFormio({
      components: [
        { type: 'number', key: 'cardPresent', input: true },
        { type: 'number', key: 'keyed', input: true },
        { type: 'number', key: 'ecommerce', input: true },
        {
          type: 'number',
          key: 'total',
          input: true,
          calculateValue: 'value = (data.cardPresent || 0) + (data.keyed || 0) + (data.ecommerce || 0);',
        },
        { type: 'currency', key: 'volume', input: true },
        { type: 'currency', key: 'fee', input: true, calculateValue: 'value = (data.volume || 0) * 0.03' },
        { type: 'textfield', key: 'kind', input: true, calculateValue: "value = data.keyed > 50 ? 'moto' : 'retail';" },
        {
          type: 'textfield',
          key: 'note',
          input: true,
          logic: [
            {
              name: 'online',
              trigger: { type: 'javascript', javascript: 'result = data.ecommerce > 50;' },
              actions: [
                { name: 'set', type: 'value', value: "value = 'Online business';" },
                {
                  name: 'lock',
                  type: 'property',
                  property: { label: 'Disabled', value: 'disabled', type: 'boolean' },
                  state: true,
                },
              ],
            },
          ],
        },
      ],
    });
    expect(result.errors).toEqual([]);
    const byKey = Object.fromEntries((result.form?.components ?? []).map((c) => [c.key, c]));
    expect(byKey.total?.calculateValue).toEqual({
      '+': [
        { or: [{ var: 'data.cardPresent' }, 0] },
        { or: [{ var: 'data.keyed' }, 0] },
        { or: [{ var: 'data.ecommerce' }, 0] },
      ],
    });
    expect(byKey.fee?.calculateValue).toEqual({ '*': [{ or: [{ var: 'data.volume' }, 0] }, 0.03] });
    expect(byKey.kind?.calculateValue).toEqual({ if: [{ '>': [{ var: 'data.keyed' }, 50] }, 'moto', 'retail'] });
    expect(byKey.note?.logic).toEqual([
      {
        name: 'online',
        trigger: { type: 'json', json: { '>': [{ var: 'data.ecommerce' }, 50] } },
        actions: [
          { name: 'set', type: 'value', value: { cat: ['Online business'] } },
          { name: 'lock', type: 'property', property: { value: 'disabled', type: 'boolean' }, state: true },
        ],
      },
    ]);
    expect(result.warnings.map((w) => w.path)).toContain('components[7].logic[0].actions[0].value');
    if (!result.form) throw new Error('no form');
    const data = validateSubmission(result.form, {
      cardPresent: 10,
      keyed: 30,
      ecommerce: 60,
      volume: 1000,
      note: 'x',
    }).data;
    expect(data).toMatchObject({ total: 100, fee: 30, kind: 'retail', note: 'Online business' });
  });

  it('refuses what it cannot read, by path, with the script left unread', () => {
    const calculation = importFormio({
      components: [
        {
          type: 'textfield',
          key: 'a',
          input: true,
          calculateValue: "value = instance.root.getComponent('x').dataValue;",
        },
      ],
    });
    expect(calculation.errors.map((e) => [e.path, e.code])).toEqual([['components[0].calculateValue', 'javascript']]);
    const action = importFormio({
      components: [
        {
          type: 'textfield',
          key: 'b',
          input: true,
          logic: [
            { trigger: { type: 'json', json: true }, actions: [{ type: 'value', value: 'value = data.a.trim();' }] },
          ],
        },
      ],
    });
    expect(action.errors.map((e) => [e.path, e.code])).toEqual([
      ['components[0].logic[0].actions[0].value', 'javascript'],
    ]);
  });
});
