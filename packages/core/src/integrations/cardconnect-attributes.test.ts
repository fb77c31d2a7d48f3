import { describe, expect, it } from 'vitest';
import { CC_ATTRIBUTE_TYPES, CC_ATTRIBUTES, CcAttributesSchema } from './cardconnect-attributes';

const byName = (name: string) => {
  const a = CC_ATTRIBUTES.find((x) => x.name === name);
  if (!a) throw new Error(`no attribute ${name}`);
  return a;
};

describe('CardConnect attributes (spec 2 §5)', () => {
  it('are valid, uniquely named, and use every one of the spec types', () => {
    expect(CcAttributesSchema.parse(CC_ATTRIBUTES)).toHaveLength(CC_ATTRIBUTES.length);
    expect(new Set(CC_ATTRIBUTES.map((a) => a.name)).size).toBe(CC_ATTRIBUTES.length);
    expect(new Set(CC_ATTRIBUTES.map((a) => a.type))).toEqual(new Set(CC_ATTRIBUTE_TYPES));
  });

  it('include the four pseudo-fields as strings', () => {
    const pseudo = CC_ATTRIBUTES.filter((a) => a.pseudo);
    expect(pseudo.map((a) => a.label)).toEqual(['Form name', 'Submit date', 'Form version', 'Application ID']);
    for (const a of pseudo) expect(a.type).toBe('string');
  });

  it("word the spec's help texts", () => {
    expect(byName('merchant.dbaName')).toMatchObject({
      type: 'string',
      maxLength: 100,
      helpText: 'No more than 100 characters',
    });
    expect(byName('merchant.legalBusinessName').helpText).toBe('No more than 500 characters');
    expect(byName('merchant.ownership.ownerOwnershipPct')).toMatchObject({
      type: 'number',
      integerDigits: 3,
      percent: true,
      helpText: 'Must from 0 to 100%',
    });
    expect(byName('merchant.processing.modeOfTransaction.eCommercePct').helpText).toBe('Must from 0 to 100%');
    expect(byName('merchant.businessStartDate').helpText).toBe('Value must be parsed to MM/DD/YYYY');
    expect(byName('merchant.ownership.owner.ownerDob').type).toBe('date');
    expect(byName('merchant.processing.volumeDetails.averageMonthlyVolume')).toMatchObject({
      type: 'decimal',
      integerDigits: 18,
      fractionDigits: 2,
      helpText: 'No more than 18 digits before decimal and 2 digits after decimal',
    });
    expect(byName('merchant.processing.platformDetails.currencyCode')).toMatchObject({
      type: 'enumeration',
      values: [{ code: 'USD', name: 'US Dollar' }],
      helpText: 'Only USD',
    });
    expect(byName('merchant.bankDetail.depositBank.bankAcctTypeCd').helpText).toBe('Only one of: BIZ, GL, SAVINGS');
    expect(byName('merchant.ownership.ownershipTypeCd').values.map((v) => v.code)).toContain('INDIVSOLE');
    expect(byName('merchant.demographic.businessPhone')).toMatchObject({ phone: true, maxLength: 12 });
    expect(byName('merchant.demographic.businessAddress').type).toBe('address');
    expect(byName('merchant.webLeadFlg').type).toBe('boolean');
  });
});
