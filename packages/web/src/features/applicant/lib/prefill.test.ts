import { build } from '@under/core/forms/fixtures/build-form';
import { describe, expect, it } from 'vitest';
import { fillEmpty, labelsByKey, maskedOnly } from './prefill';

describe('vault prefill into the form data', () => {
  it('fills empty fields by dotted path, containers included, and never overwrites what the applicant typed', () => {
    const data = { LegalName: 'Typed Ltd', company: { legal_name: '' }, notes: 'n' };
    const out = fillEmpty(data, {
      LegalName: 'Vault Ltd',
      'company.legal_name': 'Vault Ltd',
      'company.ein': '*******89',
      Phone: '(555) 123-4567',
    });
    expect(out).toEqual({
      LegalName: 'Typed Ltd',
      company: { legal_name: 'Vault Ltd', ein: '*******89' },
      notes: 'n',
      Phone: '(555) 123-4567',
    });
    expect(data.company.legal_name).toBe('');
  });

  it('ignores paths through grids, non-objects or forbidden keys', () => {
    const data = { rows: [{ a: 1 }], text: 'x' };
    expect(fillEmpty(data, { 'rows[0].a': 2, 'text.part': 'y', '__proto__.polluted': 'z' })).toBe(data);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names a prefilled path by its field’s label', () => {
    const labelOf = labelsByKey(
      build([
        {
          type: 'container',
          key: 'company',
          label: 'Company',
          components: [{ type: 'textfield', key: 'legal_name', label: 'Legal business name' }],
        },
      ]),
    );
    expect(labelOf('company.legal_name')).toBe('Legal business name');
    expect(labelOf('unknown')).toBeUndefined();
  });

  it('keeps only masked answers as stored data', () => {
    expect(maskedOnly({ a: 'plain', 'b.c': '*****12', d: 4 })).toEqual({ 'b.c': '*****12' });
  });
});
