import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../forms/form.schema';
import { answerPages } from './answer-pages';

const wizard = {
  display: 'wizard',
  components: [
    {
      type: 'panel',
      key: 'business',
      title: 'Business',
      components: [
        { type: 'textfield', key: 'CompanyName', label: 'Company name', input: true },
        {
          type: 'columns',
          key: 'cols',
          columns: [
            { components: [{ type: 'textfield', key: 'tax_id', label: 'EIN', input: true, euEncrypted: true }] },
            { components: [{ type: 'checkbox', key: 'seasonal', label: 'Seasonal', input: true }] },
          ],
        },
        { type: 'hidden', key: 'recordId', input: true },
        {
          type: 'select',
          key: 'entity',
          label: 'Entity',
          input: true,
          data: { values: [{ value: 'llc', label: 'Limited liability company' }] },
        },
        {
          type: 'radio',
          key: 'acct',
          label: 'Account',
          input: true,
          values: [{ value: 'checking', label: 'Checking' }],
        },
      ],
    },
    {
      type: 'panel',
      key: 'owners',
      title: 'Owners',
      components: [
        {
          type: 'datagrid',
          key: 'more_owners',
          label: 'Owner',
          input: true,
          components: [
            { type: 'textfield', key: 'name', label: 'Name', input: true },
            { type: 'textfield', key: 'ssn', label: 'SSN', input: true, euEncrypted: true },
          ],
        },
        {
          type: 'selectboxes',
          key: 'cards',
          label: 'Cards',
          input: true,
          values: [
            { value: 'visa', label: 'Visa' },
            { value: 'amex', label: 'American Express' },
          ],
        },
        {
          type: 'container',
          key: 'bank',
          input: true,
          components: [{ type: 'textfield', key: 'name', label: 'Bank', input: true }],
        },
        { type: 'signature', key: 'sig', label: 'Signature', input: true },
      ],
    },
  ],
} as unknown as FormDefinition;

describe('answerPages', () => {
  it('gives a wizard page by page, grid rows numbered, paths as reveal wants them, hidden fields left out', () => {
    const pages = answerPages(wizard, {
      CompanyName: 'Joe’s Diner',
      tax_id: '*****6789',
      seasonal: false,
      recordId: 'R-1',
      entity: 'llc',
      acct: 'checking',
      more_owners: [
        { name: 'Ann', ssn: '*****4321' },
        { name: 'Bo', ssn: '' },
      ],
      cards: { visa: true, amex: false },
      bank: { name: 'First' },
      sig: 'data:image/png;base64,AAAA',
    });
    expect(pages.map((p) => p.title)).toEqual(['Business', 'Owners']);
    expect(pages[0]?.rows).toEqual([
      { path: 'CompanyName', label: 'Company name', value: 'Joe’s Diner', encrypted: false, empty: false },
      { path: 'tax_id', label: 'EIN', value: '*****6789', encrypted: true, empty: false },
      { path: 'seasonal', label: 'Seasonal', value: 'No', encrypted: false, empty: false },
      { path: 'entity', label: 'Entity', value: 'Limited liability company', encrypted: false, empty: false },
      { path: 'acct', label: 'Account', value: 'Checking', encrypted: false, empty: false },
    ]);
    expect(pages[1]?.rows.map((r) => [r.path, r.label, r.value])).toEqual([
      ['more_owners[0].name', 'Owner 1 · Name', 'Ann'],
      ['more_owners[0].ssn', 'Owner 1 · SSN', '*****4321'],
      ['more_owners[1].name', 'Owner 2 · Name', 'Bo'],
      ['more_owners[1].ssn', 'Owner 2 · SSN', ''],
      ['cards', 'Cards', 'Visa'],
      ['bank.name', 'Bank', 'First'],
      ['sig', 'Signature', '[signature]'],
    ]);
    expect(pages[1]?.rows[3]?.empty).toBe(true);
  });

  it('a one-page form is one page under its title', () => {
    const form = {
      display: 'form',
      title: 'Quick form',
      components: [{ type: 'email', key: 'Email', label: 'Email', input: true }],
    };
    expect(answerPages(form as unknown as FormDefinition, { Email: 'a@b.co' })).toEqual([
      {
        title: 'Quick form',
        rows: [{ path: 'Email', label: 'Email', value: 'a@b.co', encrypted: false, empty: false }],
      },
    ]);
  });

  it('shows what the applicant saw: dates, money, phone and percentages formatted; the signature’s image on its row; masked values as masked', () => {
    const form = {
      display: 'form',
      components: [
        { type: 'datetime', key: 'dob', label: 'Date of birth', input: true },
        { type: 'datetime', key: 'meet', label: 'Meeting', input: true, enableTime: true },
        { type: 'currency', key: 'volume', label: 'Monthly volume', input: true },
        { type: 'currency', key: 'ticket', label: 'Average ticket', input: true, currency: 'EUR' },
        { type: 'number', key: 'share', label: 'Ownership', input: true, suffix: '%' },
        { type: 'phoneNumber', key: 'phone', label: 'Phone', input: true },
        { type: 'textfield', key: 'ssn', label: 'SSN', input: true, euEncrypted: true },
        { type: 'signature', key: 'sig', label: 'Signature', input: true },
      ],
    };
    const sig = 'data:image/png;base64,iVBORw0KGgo=';
    const [page] = answerPages(form as unknown as FormDefinition, {
      dob: '1980-03-07',
      meet: '2026-11-28T14:30:00',
      volume: 125000.5,
      ticket: '42',
      share: 45,
      phone: '5551234567',
      ssn: '*******89',
      sig,
    });
    expect(page?.rows.map((r) => [r.label, r.value])).toEqual([
      ['Date of birth', 'Mar/07/1980'],
      ['Meeting', 'Nov/28/2026 14:30'],
      ['Monthly volume', '$125,000.50'],
      ['Average ticket', '€42.00'],
      ['Ownership', '45%'],
      ['Phone', '(555) 123-4567'],
      ['SSN', '*******89'],
      ['Signature', '[signature]'],
    ]);
    expect(page?.rows.at(-1)?.image).toBe(sig);
    expect(page?.rows.filter((r) => r.image)).toHaveLength(1);
  });
});
