import { describe, expect, it } from 'vitest';
import { parseFormDefinition } from '../forms/form.schema';
import { walkComponents } from '../forms/form-walk';
import { SSN_SOURCE } from '../forms/regex-samples';
import { checkSystemFields } from '../forms/system-fields';
import { humanizeKey } from './field-names';
import type { DictionaryEntry } from './form-from-mapping';
import { dictionaryFormType, entryFitsBox, formFromMapping, readableLabel, readingOrder } from './form-from-mapping';
import { PdfFieldSchema } from './pdf-field.schema';

const f = (o: Record<string, unknown>) =>
  PdfFieldSchema.parse({ type: 'text', page: 1, x: 40, y: 40, width: 200, height: 18, ...o, id: o.id ?? o.key });
const box = (o: Record<string, unknown>) => f({ type: 'checkbox', width: 10, height: 10, ...o });

const entry = (o: Partial<DictionaryEntry> & Pick<DictionaryEntry, 'id' | 'type' | 'name' | 'label'>) => o;
const ENTRIES = {
  ein: entry({
    id: 'd-ein',
    type: 'text',
    name: 'ein',
    label: 'Federal Tax ID (EIN)',
    encrypted: true,
    require: true,
    minLength: 9,
    maxLength: 9,
    data: { pattern: '\\d{9}' },
  }),
  entity: entry({
    id: 'd-entity',
    type: 'radio',
    name: 'entity_type',
    label: 'Type of business entity',
    require: true,
    options: [
      { label: 'Sole proprietorship', value: 'sole_proprietorship' },
      { label: 'Partnership', value: 'partnership' },
      { label: 'LLC', value: 'llc' },
      { label: 'Corporation', value: 'corporation' },
      { label: 'Non-profit', value: 'non_profit' },
    ],
  }),
  ssn: entry({
    id: 'd-ssn',
    type: 'text',
    name: 'owner1_ssn',
    label: 'Owner Social Security Number',
    encrypted: true,
    data: { pattern: SSN_SOURCE },
  }),
  dob: entry({ id: 'd-dob', type: 'date', name: 'owner1_dob', label: 'Owner date of birth', dateFormat: 'MM/dd/yyyy' }),
  routing: entry({
    id: 'd-routing',
    type: 'text',
    name: 'bank_routing_number',
    label: 'Bank routing number',
    encrypted: true,
    data: { pattern: '\\d{9}' },
  }),
  account: entry({
    id: 'd-account',
    type: 'text',
    name: 'bank_account_number',
    label: 'Bank account number',
    encrypted: true,
  }),
  ownership: entry({
    id: 'd-own',
    type: 'number',
    name: 'owner1_ownership_percent',
    label: 'Ownership %',
    minValue: 0,
    maxValue: 100,
    suffix: '%',
  }),
  volume: entry({
    id: 'd-volume',
    type: 'currency',
    name: 'monthly_volume',
    label: 'Average monthly card volume',
    minValue: 0,
    decimalLimit: 2,
  }),
};
const bind = (e: DictionaryEntry, type: string) => ({ key: e.name, type, dictionaryId: e.id });

/** The 3-page merchant application: 34 mapped boxes, listed out of reading order on purpose. */
const APPLICATION = [
  // page 3: bank, processing, signature (listed first: order must come from the pages)
  f({ page: 3, key: 'bank_name', y: 60 }),
  f({ page: 3, key: 'routing_number', y: 90, bindingField: bind(ENTRIES.routing, 'textfield') }),
  f({ page: 3, key: 'account_number', y: 90, x: 300, bindingField: bind(ENTRIES.account, 'textfield') }),
  f({ page: 3, key: 'monthly_volume', type: 'currency', y: 130, bindingField: bind(ENTRIES.volume, 'currency') }),
  f({ page: 3, key: 'average_ticket', type: 'currency', y: 130, x: 300 }),
  f({ page: 3, key: 'highest_ticket', type: 'currency', y: 160 }),
  f({ page: 3, key: 'card_present_pct', type: 'number', y: 190 }),
  f({ page: 3, key: 'keyed_pct', type: 'number', y: 190, x: 260 }),
  f({ page: 3, key: 'ecommerce_pct', type: 'number', y: 190, x: 480, width: 100 }),
  f({ page: 3, key: 'Signature1', type: 'signature', y: 700, height: 30, required: true }),
  f({ page: 3, key: 'date_signed', y: 706, x: 300 }),
  f({ page: 3, key: 'legal_name_again', type: 'replica', replicaOf: 'legal_name', y: 20 }),
  // page 2: the owner
  f({ page: 2, key: 'owner_first', y: 60, bindingField: { key: 'Firstname', type: 'textfield' } }),
  f({ page: 2, key: 'owner_last', y: 60, x: 300, bindingField: { key: 'Lastname', type: 'textfield' } }),
  f({ page: 2, key: 'owner_title', y: 90 }),
  f({ page: 2, key: 'owner_dob', type: 'date', y: 120, bindingField: bind(ENTRIES.dob, 'datetime') }),
  f({ page: 2, key: 'owner_ssn', y: 120, x: 300, bindingField: bind(ENTRIES.ssn, 'textfield') }),
  f({ page: 2, key: 'ownership_pct', type: 'number', y: 150, bindingField: bind(ENTRIES.ownership, 'number') }),
  f({ page: 2, key: 'home_address', y: 180, label: 'Home street address (no P.O. boxes)' }),
  f({ page: 2, key: 'home_city', y: 210, width: 150 }),
  f({ page: 2, key: 'home_state', y: 211, x: 200, width: 60 }),
  f({ page: 2, key: 'home_zip', y: 209, x: 280, width: 80 }),
  // page 1: the business
  f({ key: 'legal_name', y: 60 }),
  f({ key: 'dba', y: 90, bindingField: { key: 'CompanyName', type: 'textfield' } }),
  f({ key: 'ein', y: 120, bindingField: bind(ENTRIES.ein, 'textfield') }),
  // four separate checkboxes on one line, a little above the text baseline: bound to one radio entry
  box({ key: 'type_corp', x: 330, y: 152, bindingField: bind(ENTRIES.entity, 'radio') }),
  box({ key: 'type_sole', x: 40, y: 153, bindingField: bind(ENTRIES.entity, 'radio') }),
  box({ key: 'type_llc', x: 240, y: 152, bindingField: bind(ENTRIES.entity, 'radio') }),
  box({ key: 'type_partnership', x: 140, y: 153, label: 'Partnership', bindingField: bind(ENTRIES.entity, 'radio') }),
  f({ key: 'business_address', y: 180, label: 'Business street address' }),
  f({ key: 'business_phone', y: 210, bindingField: { key: 'PhoneNumber', type: 'phoneNumber' } }),
  f({ key: 'email', y: 210, x: 300, bindingField: { key: 'Email', type: 'email' } }),
  f({ key: 'mcc', type: 'number', y: 240 }),
  f({ key: 'date_established', type: 'date', y: 240, x: 300, dateFormat: 'MM/yy' }),
];

type Loose = Record<string, unknown> & { key: string; type: string };
const flat = (components: readonly unknown[]) => {
  const out: Loose[] = [];
  walkComponents(components as never, ({ component }) => {
    out.push(component as unknown as Loose);
  });
  return out;
};

describe('formFromMapping: the 3-page merchant application', () => {
  const { form, bindingFields, dictionaryIds } = formFromMapping(APPLICATION, Object.values(ENTRIES));
  const pages = form.components as unknown as { key: string; type: string; title: string; components: Loose[] }[];
  const byKey = (key: string) => flat(form.components).find((c) => c.key === key);

  it('has 34 boxes and makes a valid wizard with every system field once', () => {
    expect(APPLICATION).toHaveLength(34);
    expect(parseFormDefinition(form).errors).toEqual([]);
    expect(checkSystemFields(form)).toEqual([]);
    expect(form.display).toBe('wizard');
    const keys = flat(form.components).map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has one titled page per PDF page, fields in reading order', () => {
    expect(pages.map((p) => [p.type, p.title])).toEqual([
      ['panel', 'Page 1'],
      ['panel', 'Page 2'],
      ['panel', 'Page 3'],
    ]);
    expect(pages.map((p) => p.components.map((c) => c.key))).toEqual([
      [
        'recordId',
        'legal_name',
        'CompanyName',
        'ein',
        'entity_type',
        'business_address',
        'PhoneNumber',
        'Email',
        'mcc',
        'date_established',
      ],
      [
        'Firstname',
        'Lastname',
        'owner_title',
        'owner1_dob',
        'owner1_ssn',
        'owner1_ownership_percent',
        'home_address',
        'home_city',
        'home_state',
        'home_zip',
      ],
      [
        'bank_name',
        'bank_routing_number',
        'bank_account_number',
        'monthly_volume',
        'average_ticket',
        'highest_ticket',
        'card_present_pct',
        'keyed_pct',
        'ecommerce_pct',
        'Signature1',
        'date_signed',
      ],
    ]);
  });

  it('labels: the entry’s, else the tooltip, else a label made from the key', () => {
    expect(byKey('legal_name')?.label).toBe('Legal name');
    expect(byKey('business_address')?.label).toBe('Business street address');
    expect(byKey('home_zip')?.label).toBe('Home ZIP');
    expect(byKey('card_present_pct')?.label).toBe('Card present pct');
    expect(byKey('owner1_ssn')?.label).toBe('Owner Social Security Number');
    expect(byKey('CompanyName')?.label).toBe('DBA Name');
    expect(byKey('Email')?.label).toBe('Email');
  });

  it('a bound field takes the entry’s type, validation, options and encryption', () => {
    expect(byKey('ein')).toMatchObject({
      type: 'textfield',
      label: 'Federal Tax ID (EIN)',
      euEncrypted: true,
      validate: { required: true, minLength: 9, maxLength: 9, pattern: '\\d{9}' },
    });
    expect(byKey('owner1_ssn')).toMatchObject({ euEncrypted: true, validate: { pattern: SSN_SOURCE } });
    expect(byKey('bank_routing_number')?.euEncrypted).toBe(true);
    expect(byKey('bank_account_number')?.euEncrypted).toBe(true);
    expect(byKey('owner1_ownership_percent')).toMatchObject({
      type: 'number',
      suffix: '%',
      validate: { min: 0, max: 100 },
    });
    expect(byKey('monthly_volume')).toMatchObject({ type: 'currency', currency: 'USD', decimalLimit: 2 });
    expect(byKey('legal_name')?.euEncrypted).toBe(false);
    expect(dictionaryIds.sort()).toEqual(
      Object.values(ENTRIES)
        .map((e) => e.id)
        .sort(),
    );
  });

  it('separate checkboxes bound to one radio entry make one radio, one value per box, in reading order', () => {
    expect(byKey('entity_type')).toMatchObject({
      type: 'radio',
      label: 'Type of business entity',
      validate: { required: true },
      values: [
        { label: 'Sole proprietorship', value: 'sole_proprietorship' },
        { label: 'Partnership', value: 'partnership' },
        { label: 'LLC', value: 'llc' },
        { label: 'Corporation', value: 'corporation' },
      ],
    });
    for (const key of ['type_sole', 'type_llc', 'type_corp', 'type_partnership']) expect(byKey(key)).toBeUndefined();
  });

  it('signatures become signature components; dates datetime with the PDF’s format', () => {
    expect(byKey('Signature1')).toMatchObject({ type: 'signature', validate: { required: true } });
    expect(byKey('date_established')).toMatchObject({ type: 'datetime', format: 'MM/yy', enableTime: false });
    expect(byKey('owner1_dob')).toMatchObject({ type: 'datetime', format: 'MM/dd/yyyy' });
    expect(byKey('date_signed')).toMatchObject({ type: 'datetime', format: 'MM/dd/yyyy' });
  });

  it('no replica, no duplicate system field, bindings for every mapped field', () => {
    expect(byKey('legal_name_again')).toBeUndefined();
    const all = flat(form.components);
    expect(all.filter((c) => c.key === 'Email' || c.key === 'CompanyName')).toHaveLength(2);
    expect(all.filter((c) => /dba|email/i.test(c.key) && !c.isSystemField)).toEqual([]);
    expect(bindingFields).toHaveLength(30);
    expect(bindingFields).toContainEqual({ name: 'entity_type', type: 'radio' });
    expect(bindingFields).toContainEqual({ name: 'Email', type: 'email' });
  });
});

describe('formFromMapping: groups and plain boxes', () => {
  it('radio boxes sharing a key (AcroForm import) make one radio with their values; a checkbox list selectboxes', () => {
    const { form } = formFromMapping([
      f({ id: 'r2', key: 'kind', type: 'radio', optionValue: 'corp', x: 200, width: 12, height: 12 }),
      f({ id: 'r1', key: 'kind', type: 'radio', optionValue: 'llc', width: 12, height: 12 }),
      f({ id: 'c1', key: 'cards', type: 'checkboxList', optionValue: 'visa', y: 80, options: [] }),
      f({
        id: 'c2',
        key: 'cards',
        type: 'checkboxList',
        optionValue: 'amex',
        y: 80,
        x: 300,
        options: [{ label: 'American Express', value: 'amex' }],
      }),
      f({ key: 'ok', type: 'checkbox', y: 120 }),
      f({ key: 'logo', type: 'image', y: 150 }),
    ]);
    expect(parseFormDefinition(form).errors).toEqual([]);
    const [page] = form.components as unknown as { components: Loose[] }[];
    const mapped = page?.components.filter((c) => !c.isSystemField) ?? [];
    expect(mapped.map((c) => [c.key, c.type])).toEqual([
      ['kind', 'radio'],
      ['cards', 'selectboxes'],
      ['ok', 'checkbox'],
      ['logo', 'file'],
    ]);
    expect(mapped[0]?.values).toEqual([
      { label: 'LLC', value: 'llc' },
      { label: 'Corp', value: 'corp' },
    ]);
    expect(mapped[1]?.values).toEqual([
      { label: 'Visa', value: 'visa' },
      { label: 'American Express', value: 'amex' },
    ]);
    expect(form.components).toHaveLength(1);
  });

  it('a box keyed like a system field is that field; two boxes bound to one entry make one field', () => {
    const { form } = formFromMapping(
      [
        f({ key: 'Email', type: 'text' }),
        f({ key: 'ein_p1', bindingField: bind(ENTRIES.ein, 'textfield') }),
        f({ key: 'ein_p2', page: 2, bindingField: bind(ENTRIES.ein, 'textfield') }),
      ],
      [ENTRIES.ein],
    );
    const all = flat(form.components);
    expect(all.filter((c) => c.key === 'Email')).toHaveLength(1);
    expect(all.filter((c) => c.key === 'ein')).toHaveLength(1);
    expect(form.components).toHaveLength(1);
    expect(checkSystemFields(form)).toEqual([]);
  });

  it('an entry bound but no longer in the dictionary keeps the binding’s key and type', () => {
    const { form, dictionaryIds } = formFromMapping([
      f({ key: 'x', bindingField: { key: 'gone_entry', type: 'email', dictionaryId: 'd-gone' } }),
    ]);
    expect(flat(form.components).find((c) => c.key === 'gone_entry')?.type).toBe('email');
    expect(dictionaryIds).toEqual([]);
  });

  it('an empty mapping still gives one page with the system fields', () => {
    const { form } = formFromMapping([]);
    expect(form.components).toHaveLength(1);
    expect(checkSystemFields(form)).toEqual([]);
  });
});

describe('reading order', () => {
  it('rows by vertical overlap of at least half the smaller box, left to right; a tall box does not merge rows', () => {
    const order = readingOrder([
      f({ key: 'tall', x: 300, y: 100, height: 60 }),
      f({ key: 'b', x: 40, y: 120 }),
      f({ key: 'a', x: 40, y: 100 }),
      f({ key: 'c', x: 40, y: 140 }),
      f({ key: 'tight', x: 300, y: 170 }),
      f({ key: 'left_lower', x: 40, y: 181 }), // overlaps `tight` by 7 of 18: another row
      f({ key: 'p2', page: 2, y: 0 }),
    ]);
    expect(order.map((b) => b.key)).toEqual(['a', 'tall', 'b', 'c', 'tight', 'left_lower', 'p2']);
  });
});

describe('names', () => {
  it.each([
    ['legal_name', 'Legal name'],
    ['ownerSSN', 'Owner SSN'],
    ['owner_ssn', 'Owner SSN'],
    ['DBAName', 'DBA name'],
    ['owner1_dob', 'Owner 1 DOB'],
    ['type_sole', 'Type sole'],
    ['Signature1', 'Signature 1'],
  ])('%s reads "%s"', (key, label) => expect(humanizeKey(key)).toBe(label));

  it('an AcroForm name is not a label: the tooltip is, else the name’s last part made readable', () => {
    expect(readableLabel({ key: 'legal_name', name: 'legal_name', label: 'legal_name' })).toBe('Legal name');
    expect(
      readableLabel({
        key: 'topmostSubform_0_Page1_0_owner_ssn_0',
        name: 'topmostSubform[0].Page1[0].owner_ssn[0]',
        label: 'topmostSubform[0].Page1[0].owner_ssn[0]',
      }),
    ).toBe('Owner SSN');
    expect(readableLabel({ key: 'Business_Name', name: 'Business Name', label: 'Business Name' })).toBe(
      'Business Name',
    );
    expect(readableLabel({ key: 'f1', name: 'f1', label: 'Legal name of the business' })).toBe(
      'Legal name of the business',
    );
    expect(readableLabel({ key: 'ownerSSN' })).toBe('Owner SSN');
    expect(readableLabel({ key: 'entity_type', name: 'entity type', label: 'entity type' })).toBe('Entity type');
    expect(readableLabel({ key: 'owner_name', name: 'owner.name', label: 'owner.name' })).toBe('Owner name');
  });

  it('entries fit the boxes their form type matches (and a lone checkbox a choice entry)', () => {
    expect(dictionaryFormType({ type: 'text', data: { pattern: SSN_SOURCE } })).toBe('textfield');
    expect(entryFitsBox('text', ENTRIES.ein)).toBe(true);
    expect(entryFitsBox('checkbox', ENTRIES.entity)).toBe(true);
    expect(entryFitsBox('checkbox', ENTRIES.ein)).toBe(false);
    expect(entryFitsBox('date', ENTRIES.dob)).toBe(true);
    expect(entryFitsBox('text', ENTRIES.dob)).toBe(false);
    expect(entryFitsBox('signature', ENTRIES.ein)).toBe(false);
  });
});
