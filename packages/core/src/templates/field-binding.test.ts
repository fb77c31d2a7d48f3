import { describe, expect, it } from 'vitest';
import { type BindableEntry, bindLabel, keyFromLabel, ownerOf } from './field-binding';
import { STARTER_DICTIONARY } from './starter-dictionary';

const entries: BindableEntry[] = STARTER_DICTIONARY.map((e) => ({
  name: e.name,
  label: e.label,
  type: e.type,
  require: e.require,
  encrypted: e.encrypted,
}));
const key = (label: string, context = {}) => bindLabel(label, entries, context).key;

describe('bindLabel', () => {
  it('binds the abbreviations merchant applications print to their entries', () => {
    expect(key('Fed Tax ID')).toBe('federal_tax_id');
    expect(key('TIN:')).toBe('federal_tax_id');
    expect(key('Federal Tax ID #')).toBe('federal_tax_id');
    expect(key('EIN')).toBe('federal_tax_id');
    expect(key('DBA')).toBe('CompanyName');
    expect(key('D/B/A Name')).toBe('CompanyName');
    expect(key('DOB')).toBe('owner1_dob');
    expect(key('Legal Name')).toBe('legal_name');
    expect(key('E-mail Address')).toBe('Email');
    expect(key('Bank Routing #')).toBe('bank_routing_number');
    expect(key('ABA Number')).toBe('bank_routing_number');
    expect(key('Account Number')).toBe('bank_account_number');
  });

  it('reads "given name" and "family name" (or surname) as first and last name', () => {
    expect(key('Given Name')).toBe('owner1_first_name');
    expect(key('Family Name')).toBe('owner1_last_name');
    expect(key('Surname')).toBe('owner1_last_name');
  });

  it('gives the entry its type, validation and encryption', () => {
    const r = bindLabel('Federal Tax ID', entries);
    expect(r.binding).toMatchObject({ key: 'federal_tax_id', dataType: 'text', encrypted: true, required: true });
    expect(r.score).toBeGreaterThan(0.6);
  });

  it('chooses the owner the row or the section names', () => {
    expect(key('Owner 2 SSN')).toBe('owner2_ssn');
    expect(key('Social Security Number', { section: 'Principal #2 information' })).toBe('owner2_ssn');
    expect(key('Date of Birth', { owner: 2 })).toBe('owner2_dob');
    expect(key('Home Address', { section: 'Owner / Officer 1' })).toBe('owner1_home_address');
  });

  it('binds signature and date boxes only to entries of their kind', () => {
    expect(key('Signature', { type: 'signature' })).toBe('signature');
    expect(key('Date', { type: 'date' })).toBe('date_signed');
    expect(key('Seasonal business', { type: 'checkbox' })).toBe('seasonal_business');
    expect(bindLabel('Legal Name', entries, { type: 'checkbox' }).binding).toBeUndefined();
  });

  it('gives an unmatched label a key made from its words', () => {
    const r = bindLabel('Favourite colour of the logo:', entries);
    expect(r).toEqual({ key: 'favourite_colour_of_the_logo', score: 0 });
    expect(keyFromLabel('***')).toBe('field');
  });
});

describe('ownerOf', () => {
  it('reads the owner a heading names', () => {
    expect(ownerOf('OWNER 2')).toBe(2);
    expect(ownerOf('Principal #1')).toBe(1);
    expect(ownerOf('Second owner')).toBe(2);
    expect(ownerOf('Business information')).toBeUndefined();
  });
});
