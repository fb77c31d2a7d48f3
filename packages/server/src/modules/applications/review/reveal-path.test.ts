import { build } from '@under/core/forms/fixtures/build-form';
import { describe, expect, it } from 'vitest';
import { findEncryptedValue } from './reveal-path';

const form = build([
  { type: 'textfield', key: 'ssn', label: 'SSN', euEncrypted: true },
  { type: 'textfield', key: 'taxIds', label: 'Tax ids', multiple: true, euEncrypted: true },
  { type: 'textfield', key: 'name', label: 'Name' },
  {
    type: 'container',
    key: 'bank',
    label: 'Bank',
    components: [{ type: 'textfield', key: 'routing', label: 'Routing', euEncrypted: true }],
  },
  {
    type: 'datagrid',
    key: 'owners',
    label: 'Owners',
    components: [{ type: 'textfield', key: 'ownerSsn', label: 'Owner SSN', euEncrypted: true }],
  },
  {
    type: 'address',
    key: 'home',
    label: 'Home',
    components: [
      { type: 'textfield', key: 'address1', label: 'Street', euEncrypted: true },
      { type: 'textfield', key: 'city', label: 'City' },
    ],
  },
]);

const data = {
  ssn: 'S',
  taxIds: ['T0', 'T1'],
  name: 'N',
  bank: { routing: 'R' },
  owners: [{ ownerSsn: 'O0' }, { ownerSsn: 'O1' }],
  home: { mode: 'manual', address: { address1: 'A1', city: 'C' } },
};

describe('findEncryptedValue', () => {
  it('finds values of encrypted fields at any depth', () => {
    expect(findEncryptedValue(form, data, 'ssn')).toEqual({ ok: true, value: 'S' });
    expect(findEncryptedValue(form, data, 'taxIds')).toEqual({ ok: true, value: ['T0', 'T1'] });
    expect(findEncryptedValue(form, data, 'taxIds[1]')).toEqual({ ok: true, value: 'T1' });
    expect(findEncryptedValue(form, data, 'bank.routing')).toEqual({ ok: true, value: 'R' });
    expect(findEncryptedValue(form, data, 'owners[1].ownerSsn')).toEqual({ ok: true, value: 'O1' });
    expect(findEncryptedValue(form, data, 'home.address1')).toEqual({ ok: true, value: 'A1' });
    expect(findEncryptedValue(form, {}, 'owners[3].ownerSsn')).toEqual({ ok: true, value: undefined });
  });

  it('refuses every path that is not an encrypted value', () => {
    for (const path of [
      '',
      'name',
      'bank',
      'owners',
      'owners.ownerSsn',
      'owners[0]',
      'home',
      'home.city',
      'nope',
      '[0]',
    ]) {
      expect(findEncryptedValue(form, data, path), path).toEqual({ ok: false });
    }
    expect(findEncryptedValue(form, data, 'constructor')).toEqual({ ok: false });
  });

  it('refuses paths within an encrypted value that name nothing there, and paths not written as the form writes them', () => {
    for (const path of [
      'ssn[0]',
      'ssn.length',
      'ssn.x.y',
      'taxIds[2]',
      'taxIds.length',
      'bank.routing[0]',
      'ssn.',
      '.ssn',
      '[ssn]',
      'ssn]',
      'ssn[x]',
      'bank..routing',
      'taxIds.1',
      'taxIds[01]',
    ]) {
      expect(findEncryptedValue(form, data, path), path).toEqual({ ok: false });
    }
    expect(findEncryptedValue(form, { ...data, ssn: { a: 'x' } }, 'ssn.a')).toEqual({ ok: true, value: 'x' });
    expect(findEncryptedValue(form, { ...data, ssn: { a: 'x' } }, 'ssn.constructor')).toEqual({ ok: false });
    expect(findEncryptedValue(form, data, '__proto__.ssn')).toEqual({ ok: false });
  });
});
