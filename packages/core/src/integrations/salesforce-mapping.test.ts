import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldType } from '../forms/field-types';
import { MERCHANT_COMPONENTS } from './fixtures/merchant-form';
import { LEAD_DESCRIBE, LEAD_FIELDS } from './fixtures/salesforce-lead';
import {
  buildRecord,
  type Conversion,
  checkMapping,
  compatibility,
  convertValue,
  formTypesFor,
  isRequiredSfField,
  type MappableField,
  mappableFields,
  nameWords,
  proposeMapping,
  SF_TYPE_MATRIX,
  type SfFieldLike,
  sampleAnswers,
} from './salesforce-mapping';

const sf = (name: string): SfFieldLike => {
  const f = LEAD_FIELDS.find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name}`);
  return f;
};
const formField = (key: string): MappableField => {
  const f = mappableFields(MERCHANT_COMPONENTS).find((x) => x.key === key);
  if (!f) throw new Error(`no form field ${key}`);
  return f;
};
const ctx = { applicationId: 'app-1', linkTo: (key: string) => `https://portal.test/applications/app-1#${key}` };
const convert = (key: string, answer: unknown, sfName: string | SfFieldLike): Conversion =>
  convertValue(formField(key), answer, typeof sfName === 'string' ? sf(sfName) : sfName, ctx);

describe('the type matrix (spec 2 §5 with decision 075)', () => {
  // the spec's pairs, in the wire names of Salesforce's describe
  const SPEC: [string, FieldType[]][] = [
    ['string', ['textfield', 'textarea', 'email', 'phoneNumber', 'hidden']],
    ['textarea', ['textfield', 'textarea', 'email', 'phoneNumber', 'hidden']],
    ['int', ['number']],
    ['double', ['number', 'currency']],
    ['currency', ['number', 'currency']],
    ['date', ['day', 'datetime']],
    ['datetime', ['day', 'datetime']],
    ['boolean', ['checkbox']],
    ['url', ['signature', 'file']],
    ['email', ['email']],
    ['phone', ['phoneNumber']],
    ['picklist', ['select', 'radio']],
  ];
  it.each(SPEC)('lets %s take the spec types %j', (type, formTypes) => {
    for (const t of formTypes) expect(SF_TYPE_MATRIX[type]).toContain(t);
  });

  it('keeps number, date and boolean fields to their own kinds', () => {
    expect(SF_TYPE_MATRIX.int).toEqual(['number']);
    expect(SF_TYPE_MATRIX.boolean).toEqual(['checkbox']);
    expect(SF_TYPE_MATRIX.currency).not.toContain('textfield');
    expect(SF_TYPE_MATRIX.string).not.toContain('password');
    expect(SF_TYPE_MATRIX.reference).toBeUndefined();
  });

  it('offers no form type for read-only or unmappable Salesforce fields', () => {
    expect(formTypesFor(sf('Id'))).toEqual([]);
    expect(formTypesFor(sf('CreatedDate'))).toEqual([]);
    expect(formTypesFor(sf('OwnerId'))).toEqual([]);
    expect(formTypesFor(sf('AnnualRevenue'))).toEqual(['number', 'currency']);
  });

  it('calls required what is not nillable, createable and not defaulted on create', () => {
    const required = LEAD_FIELDS.filter(isRequiredSfField).map((f) => f.name);
    expect(required).toEqual(['LastName', 'Company']);
  });
});

describe('mappableFields', () => {
  it('lists data fields by their path, without layouts, grids, passwords', () => {
    const keys = mappableFields(MERCHANT_COMPONENTS).map((f) => f.key);
    expect(keys).toContain('business.dba');
    expect(keys).toContain('last_name');
    expect(keys).not.toContain('page1');
    expect(keys).not.toContain('business');
    expect(keys).not.toContain('owners');
    expect(keys).not.toContain('owner_name');
    expect(keys).not.toContain('secret');
  });
});

describe('compatibility', () => {
  it('accepts the pairs of the matrix', () => {
    expect(compatibility(formField('annual_revenue'), sf('AnnualRevenue'))).toEqual({ ok: true });
    expect(compatibility(formField('employees'), sf('NumberOfEmployees'))).toEqual({ ok: true });
    expect(compatibility(formField('established'), sf('Established__c'))).toEqual({ ok: true });
    expect(compatibility(formField('submitted_at'), sf('Established__c'))).toEqual({ ok: true });
    expect(compatibility(formField('opt_out'), sf('HasOptedOutOfEmail'))).toEqual({ ok: true });
    expect(compatibility(formField('signature'), sf('Signature_Link__c'))).toEqual({ ok: true });
    expect(compatibility(formField('id_document'), sf('Website'))).toEqual({ ok: true });
    expect(compatibility(formField('email'), sf('Email'))).toEqual({ ok: true });
    expect(compatibility(formField('phone'), sf('Phone'))).toEqual({ ok: true });
    expect(compatibility(formField('business.dba'), sf('Company'))).toEqual({ ok: true });
  });

  it('refuses an incompatible pair with the reason in words', () => {
    expect(compatibility(formField('business_name'), sf('AnnualRevenue'))).toEqual({
      ok: false,
      reason:
        'The Salesforce field AnnualRevenue (currency) takes number, currency fields; business_name is a text field',
    });
    expect(compatibility(formField('annual_revenue'), sf('Company'))).toMatchObject({ ok: false });
    expect(compatibility(formField('last_name'), sf('Email'))).toMatchObject({ ok: false });
    expect(compatibility(formField('opt_out'), sf('Company'))).toMatchObject({ ok: false });
  });

  it('refuses read-only and reference fields', () => {
    expect(compatibility(formField('last_name'), sf('Id'))).toEqual({
      ok: false,
      reason: 'The Salesforce field Id cannot be written (it is read-only in Salesforce)',
    });
    expect(compatibility(formField('last_name'), sf('OwnerId'))).toEqual({
      ok: false,
      reason: 'The Salesforce field OwnerId is of type reference, which no form field can fill',
    });
  });

  it("checks a choice field's options against the active picklist values (case aside)", () => {
    // 'banking' matches Banking by case; Retail exactly
    expect(compatibility(formField('industry'), sf('Industry'))).toEqual({ ok: true });
    expect(compatibility(formField('sector'), sf('Industry'))).toEqual({
      ok: false,
      reason: "The options 'crypto' of sector are not values of the Salesforce picklist Industry",
    });
    // 'pos' matches by the label? no: POS by case of the value
    expect(compatibility(formField('products'), sf('Products__c'))).toEqual({ ok: true });
  });
});

describe('convertValue', () => {
  it('says in words when a number field gets text', () => {
    expect(convert('annual_revenue', 'about 40k', 'AnnualRevenue')).toEqual({
      kind: 'problem',
      message: "The Salesforce field AnnualRevenue expects a number; the form gives 'about 40k'",
    });
  });

  it('reads numbers, numeric text with separators and currency signs', () => {
    expect(convert('annual_revenue', 40000, 'AnnualRevenue')).toEqual({ kind: 'value', value: 40000 });
    expect(convert('annual_revenue', '$40,000', 'AnnualRevenue')).toEqual({ kind: 'value', value: 40000 });
    expect(convert('annual_revenue', '1,2,3', 'AnnualRevenue')).toMatchObject({ kind: 'problem' });
  });

  it('rounds to the scale and refuses digits beyond the precision', () => {
    expect(convert('ownership', 12.345, 'Ownership_Pct__c')).toEqual({ kind: 'value', value: 12.35 });
    expect(convert('ownership', 1234.5, 'Ownership_Pct__c')).toEqual({
      kind: 'problem',
      message:
        "The Salesforce field Ownership_Pct__c takes at most 3 digits before the decimal point; the form gives '1234.5'",
    });
  });

  it('wants whole numbers for int fields', () => {
    expect(convert('employees', 12, 'NumberOfEmployees')).toEqual({ kind: 'value', value: 12 });
    expect(convert('employees', 4.5, 'NumberOfEmployees')).toEqual({
      kind: 'problem',
      message: "The Salesforce field NumberOfEmployees expects a whole number; the form gives '4.5'",
    });
  });

  it('turns days and date/times into YYYY-MM-DD for date fields', () => {
    expect(convert('established', '03/05/2021', 'Established__c')).toEqual({ kind: 'value', value: '2021-03-05' });
    expect(convert('submitted_at', '2024-02-29T23:30:00-05:00', 'Established__c')).toEqual({
      kind: 'value',
      value: '2024-02-29',
    });
    expect(convert('established', '02/30/2021', 'Established__c')).toEqual({
      kind: 'problem',
      message: "The Salesforce field Established__c expects a full date; the form gives '02/30/2021'",
    });
    expect(convert('established', '00/05/2021', 'Established__c')).toMatchObject({ kind: 'problem' });
  });

  it('reads a day-first day as day-first', () => {
    const dayFirst = {
      ...formField('established'),
      component: { ...formField('established').component, dayFirst: true },
    };
    expect(convertValue(dayFirst as MappableField, '03/05/2021', sf('Established__c'), ctx)).toEqual({
      kind: 'value',
      value: '2021-05-03',
    });
  });

  it('turns date/times into ISO instants, a time without offset read as UTC', () => {
    expect(convert('submitted_at', '2024-02-29T23:30:00-05:00', 'Submitted_At__c')).toEqual({
      kind: 'value',
      value: '2024-03-01T04:30:00.000Z',
    });
    expect(convert('submitted_at', '2024-02-29T23:30', 'Submitted_At__c')).toEqual({
      kind: 'value',
      value: '2024-02-29T23:30:00.000Z',
    });
    expect(convert('established', '12/31/2020', 'Submitted_At__c')).toEqual({
      kind: 'value',
      value: '2020-12-31T00:00:00.000Z',
    });
    expect(convert('submitted_at', '2024-02-29T25:00', 'Submitted_At__c')).toMatchObject({ kind: 'problem' });
  });

  it('sends checkboxes as booleans, an unticked one as false', () => {
    expect(convert('opt_out', true, 'HasOptedOutOfEmail')).toEqual({ kind: 'value', value: true });
    expect(convert('opt_out', false, 'HasOptedOutOfEmail')).toEqual({ kind: 'value', value: false });
    expect(convert('opt_out', undefined, 'HasOptedOutOfEmail')).toEqual({ kind: 'omit' });
  });

  it("sends the picklist's own value and refuses one that is not active", () => {
    expect(convert('industry', 'banking', 'Industry')).toEqual({ kind: 'value', value: 'Banking' });
    expect(convert('industry', 'Telecom', 'Industry')).toEqual({
      kind: 'problem',
      message: "The Salesforce field Industry does not accept 'Telecom'; its values are Banking, Retail, Technology",
    });
  });

  it('joins select boxes into a multi-select picklist value', () => {
    expect(convert('products', { pos: true, Online: true }, 'Products__c')).toEqual({
      kind: 'value',
      value: 'POS;Online',
    });
    expect(convert('products', { pos: false, Online: true }, 'Products__c')).toEqual({
      kind: 'value',
      value: 'Online',
    });
    expect(convert('products', { pos: false, Online: false }, 'Products__c')).toEqual({ kind: 'value', value: null });
  });

  it('checks text against the field length', () => {
    expect(convert('notes', 'short', 'Notes__c')).toEqual({ kind: 'value', value: 'short' });
    expect(convert('notes', 'x'.repeat(21), 'Notes__c')).toEqual({
      kind: 'problem',
      message: 'The Salesforce field Notes__c holds at most 20 characters; the form gives 21',
    });
  });

  it('sends files and signatures as the link the context gives', () => {
    expect(convert('signature', 'data:image/png;base64,AAAA', 'Signature_Link__c')).toEqual({
      kind: 'value',
      value: 'https://portal.test/applications/app-1#signature',
    });
    expect(convert('id_document', [{ name: 'id.pdf', url: 'x' }], 'Website')).toEqual({
      kind: 'value',
      value: 'https://portal.test/applications/app-1#id_document',
    });
    const none = convertValue(formField('signature'), 'data:image/png;base64,AAAA', sf('Signature_Link__c'), {
      applicationId: 'a',
      linkTo: () => null,
    });
    expect(none).toEqual({
      kind: 'problem',
      message: "The Salesforce field Signature_Link__c expects a link; the form's file has none",
    });
  });

  it('sends an empty answer as null to a nillable field and leaves it out of a field that cannot be null', () => {
    expect(convert('business_name', '', 'FirstName')).toEqual({ kind: 'value', value: null });
    expect(convert('business_name', '   ', 'Company')).toEqual({ kind: 'omit' });
    expect(convert('annual_revenue', undefined, 'AnnualRevenue')).toEqual({ kind: 'value', value: null });
  });

  it('keeps every number within the precision it was given (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -999_999_999, max: 999_999_999 }),
        fc.integer({ min: 0, max: 99 }),
        (whole, cents) => {
          const n = whole + Math.sign(whole || 1) * (cents / 100);
          const out = convert('annual_revenue', n, { ...sf('AnnualRevenue'), scale: 2 });
          expect(out).toEqual({ kind: 'value', value: Number(n.toFixed(2)) });
        },
      ),
    );
  });

  it('gives back every valid day as the same date (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), (d) => {
        const y = d.getUTCFullYear();
        const m = String(d.getUTCMonth() + 1).padStart(2, '0');
        const day = String(d.getUTCDate()).padStart(2, '0');
        expect(convert('established', `${m}/${day}/${y}`, 'Established__c')).toEqual({
          kind: 'value',
          value: `${y}-${m}-${day}`,
        });
      }),
    );
  });
});

const FULL_MAPPING = {
  object: 'Lead',
  externalIdField: 'Under_Application_Id__c',
  fields: [
    { formKey: 'last_name', sfField: 'LastName' },
    { formKey: 'business_name', sfField: 'Company' },
    { formKey: 'email', sfField: 'Email' },
    { formKey: 'annual_revenue', sfField: 'AnnualRevenue' },
    { formKey: 'employees', sfField: 'NumberOfEmployees' },
    { formKey: 'industry', sfField: 'Industry' },
    { formKey: 'established', sfField: 'Established__c' },
    { formKey: 'opt_out', sfField: 'HasOptedOutOfEmail' },
    { formKey: 'signature', sfField: 'Signature_Link__c' },
    { formKey: 'business.dba', sfField: 'Description' },
  ],
};
const DATA = {
  last_name: 'Lovelace',
  business_name: 'Analytical Engines Ltd',
  email: 'ada@example.com',
  annual_revenue: 40000,
  employees: 12,
  industry: 'banking',
  established: '03/05/2021',
  opt_out: false,
  signature: 'data:image/png;base64,AAAA',
  business: { dba: 'AEL' },
};

describe('buildRecord', () => {
  it('builds the record with converted values, the external id kept out of the body', () => {
    const out = buildRecord({
      components: MERCHANT_COMPONENTS,
      data: DATA,
      mapping: FULL_MAPPING,
      describe: LEAD_DESCRIBE,
      ctx,
    });
    expect(out).toEqual({
      ok: true,
      object: 'Lead',
      externalIdField: 'Under_Application_Id__c',
      externalIdValue: 'app-1',
      record: {
        LastName: 'Lovelace',
        Company: 'Analytical Engines Ltd',
        Email: 'ada@example.com',
        AnnualRevenue: 40000,
        NumberOfEmployees: 12,
        Industry: 'Banking',
        Established__c: '2021-03-05',
        HasOptedOutOfEmail: false,
        Signature_Link__c: 'https://portal.test/applications/app-1#signature',
        Description: 'AEL',
      },
    });
  });

  it('reports required Salesforce fields that no mapping fills', () => {
    const mapping = { ...FULL_MAPPING, fields: FULL_MAPPING.fields.filter((f) => f.sfField !== 'Company') };
    const out = buildRecord({ components: MERCHANT_COMPONENTS, data: DATA, mapping, describe: LEAD_DESCRIBE, ctx });
    expect(out).toEqual({
      ok: false,
      object: 'Lead',
      problems: [
        {
          formKey: null,
          sfField: 'Company',
          path: 'fields',
          message: 'The Salesforce field Company (Company) is required and no form field is mapped to it',
        },
      ],
      record: expect.objectContaining({ LastName: 'Lovelace', AnnualRevenue: 40000 }),
    });
  });

  it('reports a required field whose answer is empty, and every bad value, together', () => {
    const out = buildRecord({
      components: MERCHANT_COMPONENTS,
      data: { ...DATA, last_name: '', annual_revenue: 'about 40k' },
      mapping: FULL_MAPPING,
      describe: LEAD_DESCRIBE,
      ctx,
    });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problems.map((p) => p.message)).toEqual([
      "The Salesforce field LastName (Last Name) is required; the form's field last_name is empty",
      "The Salesforce field AnnualRevenue expects a number; the form gives 'about 40k'",
    ]);
    expect(out.problems[1]).toMatchObject({ formKey: 'annual_revenue', sfField: 'AnnualRevenue', path: 'fields[3]' });
  });

  it('reports a mapping that names a field the form or the object no longer has', () => {
    const mapping = {
      ...FULL_MAPPING,
      fields: [...FULL_MAPPING.fields, { formKey: 'gone', sfField: 'Phone' }, { formKey: 'phone', sfField: 'Gone__c' }],
    };
    const out = buildRecord({ components: MERCHANT_COMPONENTS, data: DATA, mapping, describe: LEAD_DESCRIBE, ctx });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problems.map((p) => p.message)).toEqual([
      'The form has no field gone to map',
      'The Salesforce object Lead has no field Gone__c',
    ]);
  });

  it('works without an External ID (create-then-update)', () => {
    const out = buildRecord({
      components: MERCHANT_COMPONENTS,
      data: DATA,
      mapping: { ...FULL_MAPPING, externalIdField: null },
      describe: LEAD_DESCRIBE,
      ctx,
    });
    expect(out).toMatchObject({ ok: true, externalIdField: null });
  });
});

describe('checkMapping', () => {
  it('accepts a good mapping', () => {
    expect(checkMapping(MERCHANT_COMPONENTS, FULL_MAPPING, LEAD_DESCRIBE)).toEqual([]);
  });

  it('refuses an externalIdField not marked External ID, a field mapped twice, and the external id mapped', () => {
    const problems = checkMapping(
      MERCHANT_COMPONENTS,
      {
        object: 'Lead',
        externalIdField: 'Company',
        fields: [
          { formKey: 'last_name', sfField: 'LastName' },
          { formKey: 'business_name', sfField: 'LastName' },
          { formKey: 'business_name', sfField: 'Company' },
          { formKey: 'annual_revenue', sfField: 'Email' },
        ],
      },
      LEAD_DESCRIBE,
    );
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['externalIdField', 'The Salesforce field Company of Lead is not marked as an External ID'],
      ['fields[1]', 'The Salesforce field LastName is mapped more than once'],
      ['fields[2]', "The Salesforce field Company holds the application's id: no form field may be mapped to it"],
      ['fields[3]', 'The Salesforce field Email (email) takes email fields; annual_revenue is a currency field'],
    ]);
  });
});

describe('proposeMapping', () => {
  it('pairs fields by name, label and type and proposes our External ID field', () => {
    const proposal = proposeMapping(MERCHANT_COMPONENTS, LEAD_DESCRIBE);
    expect(proposal.externalIdField).toBe('Under_Application_Id__c');
    expect(proposal.fields).toEqual(
      expect.arrayContaining([
        { formKey: 'last_name', sfField: 'LastName' },
        { formKey: 'business_name', sfField: 'Company' },
        { formKey: 'email', sfField: 'Email' },
        { formKey: 'phone', sfField: 'Phone' },
        { formKey: 'website', sfField: 'Website' },
        { formKey: 'annual_revenue', sfField: 'AnnualRevenue' },
        { formKey: 'employees', sfField: 'NumberOfEmployees' },
        { formKey: 'industry', sfField: 'Industry' },
        { formKey: 'established', sfField: 'Established__c' },
        { formKey: 'notes', sfField: 'Notes__c' },
      ]),
    );
    // the proposal is itself a mapping the save accepts
    expect(checkMapping(MERCHANT_COMPONENTS, { object: 'Lead', ...proposal }, LEAD_DESCRIBE)).toEqual([]);
  });

  it('proposes no External ID field when the object has none', () => {
    const fields = LEAD_FIELDS.filter((f) => !f.externalId);
    expect(proposeMapping(MERCHANT_COMPONENTS, { name: 'Lead', fields }).externalIdField).toBeNull();
  });

  it('makes sample answers that the proposal turns into a complete record', () => {
    const proposal = proposeMapping(MERCHANT_COMPONENTS, LEAD_DESCRIBE);
    const data = sampleAnswers(MERCHANT_COMPONENTS);
    expect(data.business).toEqual({ dba: 'DBA' });
    const out = buildRecord({
      components: MERCHANT_COMPONENTS,
      data,
      mapping: { object: 'Lead', ...proposal },
      describe: LEAD_DESCRIBE,
      ctx,
    });
    expect(out).toMatchObject({
      ok: true,
      record: { LastName: 'Last name', Industry: 'Banking', AnnualRevenue: 40000 },
    });
  });

  it('splits names into words', () => {
    expect(nameWords('Annual_Revenue__c')).toEqual(['annual', 'revenue']);
    expect(nameWords('NumberOfEmployees')).toEqual(['number', 'of', 'employees']);
  });
});
