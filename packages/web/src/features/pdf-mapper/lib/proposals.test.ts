import type { DetectedField } from '@under/core/templates/detected-field.schema';
import type { Dictionary } from '@under/core/templates/dictionary.schema';
import { checkMapping } from '@under/core/templates/mapping-rules';
import type { PdfField } from '@under/core/templates/pdf-field.schema';
import { describe, expect, it } from 'vitest';
import { acceptProposals, toProposals } from './proposals';

const ein: Dictionary = {
  id: 'd-ein',
  type: 'text',
  name: 'federal_tax_id',
  label: 'Federal Tax ID (EIN)',
  require: true,
  encrypted: true,
  createdAt: '',
  updatedAt: '',
};
const base = { page: 1, x: 100, y: 100, width: 200, height: 16, confidence: 0.8 } as const;
const detected: DetectedField[] = [
  {
    ...base,
    type: 'text',
    label: 'Fed Tax ID',
    suggestedKey: 'federal_tax_id',
    binding: {
      dictionaryId: 'd-ein',
      key: 'federal_tax_id',
      label: ein.label,
      dataType: 'text',
      required: true,
      encrypted: true,
    },
  },
  { ...base, y: 140, type: 'date', label: 'Date', suggestedKey: 'date' },
  {
    ...base,
    y: 180,
    width: 9,
    height: 9,
    type: 'radio',
    label: 'Terminated?',
    optionValue: 'Yes',
    suggestedKey: 'terminated',
  },
  {
    ...base,
    x: 150,
    y: 180,
    width: 9,
    height: 9,
    type: 'radio',
    label: 'Terminated?',
    optionValue: 'No',
    suggestedKey: 'terminated',
  },
];

describe('acceptProposals', () => {
  it('makes fields of the mapping that save as they are: binding, required, encrypted, radio choices', () => {
    const proposals = toProposals(detected);
    const existing: PdfField[] = [];
    const fields = acceptProposals(existing, proposals, proposals, [ein]);
    expect(fields[0]).toMatchObject({
      key: 'federal_tax_id',
      required: true,
      euEncrypted: true,
      bindingField: { key: 'federal_tax_id', dictionaryId: 'd-ein' },
    });
    expect(fields[1]).toMatchObject({ type: 'date', dateFormat: 'MM/dd/yyyy' });
    expect(fields[2]?.key).toBe(fields[3]?.key);
    expect(fields[2]?.options).toEqual([
      { label: 'Yes', value: 'Yes' },
      { label: 'No', value: 'No' },
    ]);
    expect(fields.map((f) => f.optionValue).slice(2)).toEqual(['Yes', 'No']);
    expect(checkMapping(fields, [{ page: 1, width: 612, height: 792, rotation: 0 }])).toEqual([]);
  });

  it('gives a text box bound to an amount the amount type, so the binding fits', () => {
    const volume: Dictionary = {
      ...ein,
      id: 'd-vol',
      type: 'currency',
      name: 'monthly_volume',
      label: 'Volume',
      encrypted: false,
    };
    const proposals = toProposals([
      {
        ...base,
        type: 'text',
        label: 'Average Monthly Volume',
        suggestedKey: 'monthly_volume',
        binding: {
          dictionaryId: 'd-vol',
          key: 'monthly_volume',
          label: 'Volume',
          dataType: 'currency',
          required: true,
          encrypted: false,
        },
      },
    ]);
    const [field] = acceptProposals([], proposals, proposals, [volume]);
    expect(field).toMatchObject({
      type: 'currency',
      required: true,
      bindingField: { key: 'monthly_volume', dictionaryId: 'd-vol' },
    });
  });

  it('keeps keys unique against the mapping already there', () => {
    const proposals = toProposals(detected.slice(1, 2));
    const first = acceptProposals([], proposals, proposals, []);
    const again = acceptProposals(first, toProposals(detected.slice(1, 2)), proposals, []);
    expect(again[0]?.key).toBe('date_2');
  });
});
