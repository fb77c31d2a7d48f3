import { describe, expect, it } from 'vitest';
import { getSystemField } from '../forms/system-fields';
import { DictionaryInputSchema } from './dictionary.schema';
import { humanizeKey } from './field-names';
import { dictionaryFormType, dictionaryPattern } from './form-from-mapping';
import { STARTER_DICTIONARY } from './starter-dictionary';

const byName = (name: string) => {
  const entry = STARTER_DICTIONARY.find((e) => e.name === name);
  if (!entry) throw new Error(`no entry ${name}`);
  return DictionaryInputSchema.parse(entry);
};
const matches = (name: string, value: string) => {
  const entry = byName(name);
  const pattern = dictionaryPattern(entry);
  const okPattern = pattern === undefined || new RegExp(`^(?:${pattern})$`).test(value);
  const okLength =
    (entry.minLength === undefined || value.length >= entry.minLength) &&
    (entry.maxLength === undefined || value.length <= entry.maxLength);
  return okPattern && okLength;
};

describe('the starter dictionary', () => {
  it('holds 60 to 80 valid entries with unique keys and labels people read', () => {
    expect(STARTER_DICTIONARY.length).toBeGreaterThanOrEqual(60);
    expect(STARTER_DICTIONARY.length).toBeLessThanOrEqual(80);
    for (const entry of STARTER_DICTIONARY) {
      expect(DictionaryInputSchema.safeParse(entry).success, entry.name).toBe(true);
      expect(entry.label, entry.name).not.toBe(entry.name);
      expect(entry.label, entry.name).not.toMatch(/_/);
    }
    const names = STARTER_DICTIONARY.map((e) => e.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('covers what a US merchant application asks', () => {
    for (const name of [
      'legal_name',
      'CompanyName',
      'federal_tax_id',
      'entity_type',
      'business_address',
      'mailing_address',
      'PhoneNumber',
      'Email',
      'website',
      'mcc',
      'years_in_business',
      'owner1_first_name',
      'owner1_last_name',
      'owner1_dob',
      'owner1_ssn',
      'owner1_ownership_percent',
      'owner1_home_address',
      'owner1_title',
      'bank_name',
      'bank_routing_number',
      'bank_account_number',
      'monthly_volume',
      'average_ticket',
      'highest_ticket',
      'card_present_percent',
      'keyed_percent',
      'ecommerce_percent',
      'signature',
      'date_signed',
    ])
      expect(() => byName(name)).not.toThrow();
  });

  it('encrypts identifiers and nothing a reviewer needs to read', () => {
    const encrypted = STARTER_DICTIONARY.filter((e) => e.encrypted).map((e) => e.name);
    expect(encrypted.sort()).toEqual(
      [
        'federal_tax_id',
        'owner1_ssn',
        'owner2_ssn',
        'bank_routing_number',
        'bank_account_number',
        'owner1_drivers_license',
        'owner2_drivers_license',
      ].sort(),
    );
  });

  it('validates: EIN and routing 9 digits, SSN pattern, percentages 0 to 100, ZIP and state', () => {
    expect(matches('federal_tax_id', '123456789')).toBe(true);
    expect(matches('federal_tax_id', '12345678')).toBe(false);
    expect(matches('federal_tax_id', '12-3456789')).toBe(false);
    expect(matches('bank_routing_number', '021000021')).toBe(true);
    expect(matches('bank_routing_number', '02100002')).toBe(false);
    expect(matches('owner1_ssn', '123-45-6789')).toBe(true);
    expect(matches('owner1_ssn', '000-45-6789')).toBe(false);
    expect(matches('business_zip', '94107')).toBe(true);
    expect(matches('business_zip', '94107-1234')).toBe(true);
    expect(matches('business_zip', '9410')).toBe(false);
    expect(matches('business_state', 'CA')).toBe(true);
    expect(matches('business_state', 'California')).toBe(false);
    expect(byName('keyed_percent')).toMatchObject({ type: 'number', minValue: 0, maxValue: 100 });
    expect(byName('owner1_ownership_percent')).toMatchObject({ minValue: 0, maxValue: 100, suffix: '%' });
    expect(byName('monthly_volume')).toMatchObject({ type: 'currency', minValue: 0 });
    expect(byName('date_signed')).toMatchObject({ type: 'date', dateFormat: 'MM/dd/yyyy' });
    expect(byName('entity_type').options?.map((o) => o.label)).toContain('LLC');
  });

  it('names the system fields by their keys, so binding to them never duplicates one; e-mail and phone by type', () => {
    expect(getSystemField(byName('CompanyName').name)?.label).toBe('DBA Name');
    expect(dictionaryFormType(byName('Email'))).toBe('email');
    expect(dictionaryFormType(byName('owner1_phone'))).toBe('phoneNumber');
    expect(humanizeKey('owner1_ssn')).toBe('Owner 1 SSN');
  });
});
