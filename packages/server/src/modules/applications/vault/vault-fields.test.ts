import type { FormDefinition } from '@under/core/forms/form.schema';
import { describe, expect, it } from 'vitest';
import { readPath, vaultFieldsOf, writePath } from './vault-fields';

const form = (components: unknown[]) => ({ version: 1, display: 'form', components }) as unknown as FormDefinition;
const dictionary = new Map([
  ['legalname', 'LegalName'],
  ['federaltaxid', 'FederalTaxId'],
]);

describe('vaultFieldsOf', () => {
  it('finds fields bound by key or bindingField, system fields, through panels and containers', () => {
    const fields = vaultFieldsOf(
      form([
        { type: 'textfield', key: 'Firstname', label: 'First', input: true },
        { type: 'email', key: 'Email', label: 'Email', input: true },
        { type: 'hidden', key: 'recordId', label: 'recordId', input: true },
        {
          type: 'panel',
          key: 'p',
          title: 'P',
          input: false,
          components: [
            {
              type: 'container',
              key: 'biz',
              label: 'Biz',
              input: true,
              components: [
                { type: 'textfield', key: 'name', bindingField: 'LEGALNAME', label: 'Name', input: true },
                { type: 'textfield', key: 'FederalTaxId', label: 'EIN', input: true, euEncrypted: true },
              ],
            },
          ],
        },
        { type: 'textfield', key: 'notes', label: 'Notes', input: true },
      ]),
      dictionary,
    );
    expect(fields).toEqual([
      { path: 'Firstname', dictionaryKey: 'Firstname', encrypted: false },
      { path: 'biz.name', dictionaryKey: 'LegalName', encrypted: false },
      { path: 'biz.FederalTaxId', dictionaryKey: 'FederalTaxId', encrypted: true },
    ]);
  });

  it('leaves out fields in repeated rows, uploads, and a second field of the same key', () => {
    const fields = vaultFieldsOf(
      form([
        {
          type: 'datagrid',
          key: 'owners',
          label: 'Owners',
          input: true,
          components: [{ type: 'textfield', key: 'LegalName', label: 'Name', input: true }],
        },
        { type: 'file', key: 'federaltaxid', label: 'Upload', input: true },
        { type: 'textfield', key: 'LegalName', label: 'Name', input: true },
        { type: 'textfield', key: 'other', bindingField: 'LegalName', label: 'Again', input: true },
      ]),
      dictionary,
    );
    expect(fields).toEqual([{ path: 'LegalName', dictionaryKey: 'LegalName', encrypted: false }]);
  });
});

describe('data paths', () => {
  it('reads and writes through containers without touching the original', () => {
    const data = { a: { b: 1 }, c: 2 };
    expect(readPath(data, 'a.b')).toBe(1);
    expect(readPath(data, 'c.d')).toBeUndefined();
    const next = writePath(data, 'a.x', 3);
    expect(next).toEqual({ a: { b: 1, x: 3 }, c: 2 });
    expect(data).toEqual({ a: { b: 1 }, c: 2 });
    expect(writePath({}, 'n.m', 'v')).toEqual({ n: { m: 'v' } });
  });
});
