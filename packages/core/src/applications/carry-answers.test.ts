import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../forms/form.schema';
import { carryAnswers } from './carry-answers';

const form = (components: unknown[]) => ({ display: 'form', components }) as unknown as FormDefinition;

const v2 = form([
  { type: 'textfield', key: 'CompanyName', label: 'Company name', input: true, validate: { required: true } },
  { type: 'number', key: 'employees', label: 'Employees', input: true },
  {
    type: 'select',
    key: 'entity',
    label: 'Entity',
    input: true,
    data: { values: [{ value: 'llc', label: 'LLC' }] },
  },
  { type: 'file', key: 'voidedCheck', label: 'Voided check', input: true },
  {
    type: 'container',
    key: 'bank',
    label: 'Bank',
    input: true,
    components: [
      { type: 'textfield', key: 'name', label: 'Bank name', input: true },
      { type: 'file', key: 'statement', label: 'Statement', input: true },
    ],
  },
]);

describe('carryAnswers', () => {
  it('keeps the answers the form still has and names the ones it left behind', () => {
    const carried = carryAnswers(v2, { CompanyName: 'Acme', removedField: 'x', employees: 4 });
    expect(carried.data).toMatchObject({ CompanyName: 'Acme', employees: 4 });
    expect(carried.data).not.toHaveProperty('removedField');
    expect(carried.dropped).toEqual(['removedField']);
  });

  it('leaves an answer the new form refuses behind instead of failing the move', () => {
    // 'sole' is no longer an option and the number field now holds text: both go, the rest stays
    const carried = carryAnswers(v2, { CompanyName: 'Acme', entity: 'sole', employees: 'many' });
    expect(carried.data).toMatchObject({ CompanyName: 'Acme' });
    expect(carried.dropped).toEqual(['employees', 'entity']);
  });

  it('does not enforce required fields (a half-filled application moves as it is)', () => {
    expect(carryAnswers(v2, { employees: 2 }).data).toMatchObject({ employees: 2 });
  });

  it('drops file answers at any depth when asked, and keeps them otherwise', () => {
    const file = [{ url: 'uploads/abc', name: 'check.pdf', size: 10, type: 'application/pdf' }];
    const answers = { CompanyName: 'Acme', voidedCheck: file, bank: { name: 'First', statement: file } };
    const copied = carryAnswers(v2, answers, { dropFiles: true });
    expect(copied.data).toMatchObject({ CompanyName: 'Acme', bank: { name: 'First' } });
    expect(copied.data).not.toHaveProperty('voidedCheck');
    expect(copied.data.bank).not.toHaveProperty('statement');
    expect(copied.dropped).toEqual(['voidedCheck']);
    // without dropFiles (a repopulate) the files stay where they are
    const moved = carryAnswers(v2, answers);
    expect(moved.data).toMatchObject({ voidedCheck: file, bank: { name: 'First', statement: file } });
    expect(moved.dropped).toEqual([]);
  });
});
