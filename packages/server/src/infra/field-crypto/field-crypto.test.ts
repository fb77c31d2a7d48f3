import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from '@under/core/forms/fixtures/build-form';
import { validateSubmission } from '@under/core/forms/validate-submission';
import { describe, expect, it } from 'vitest';
import { createFieldCrypto, FieldCryptoError } from './field-crypto';
import { fingerprintKeyId, type KeyRing, loadKeyRing, startRotation } from './keys';

const ring = (id = 'k1', key = randomBytes(32)): KeyRing => ({ activeKeyId: id, keys: new Map([[id, key]]) });

const form = build([
  { type: 'textfield', key: 'ssn', label: 'SSN', euEncrypted: true },
  { type: 'number', key: 'account', label: 'Account', euEncrypted: true },
  { type: 'textfield', key: 'name', label: 'Name' },
  {
    type: 'panel',
    key: 'page',
    title: 'Page',
    components: [
      {
        type: 'container',
        key: 'bank',
        label: 'Bank',
        components: [
          { type: 'textfield', key: 'routing', label: 'Routing', euEncrypted: true },
          { type: 'textfield', key: 'bankName', label: 'Bank name' },
        ],
      },
      {
        type: 'datagrid',
        key: 'owners',
        label: 'Owners',
        components: [
          { type: 'textfield', key: 'ownerName', label: 'Owner' },
          { type: 'textfield', key: 'ownerSsn', label: 'Owner SSN', euEncrypted: true },
          {
            type: 'datagrid',
            key: 'accounts',
            label: 'Accounts',
            components: [{ type: 'textfield', key: 'iban', label: 'IBAN', euEncrypted: true }],
          },
        ],
      },
    ],
  },
]);

const plain = {
  ssn: '987-65-4329',
  account: 12345678901,
  name: 'Jane',
  bank: { routing: '021000021', bankName: 'First' },
  owners: [
    { ownerName: 'A', ownerSsn: '111-22-3333', accounts: [{ iban: 'DE89370400440532013000' }] },
    { ownerName: 'B', ownerSsn: '444-55-6666', accounts: [] },
  ],
};

describe('field crypto', () => {
  it('seals every encrypted value at any depth and opens them back to the same types', () => {
    const crypto = createFieldCrypto(ring());
    const sealed = crypto.sealData(form, plain);
    const text = JSON.stringify(sealed);
    for (const secret of ['987-65-4329', '12345678901', '021000021', '111-22-3333', '444-55-6666', 'DE8937040']) {
      expect(text).not.toContain(secret);
    }
    expect(sealed.name).toBe('Jane');
    expect((sealed.bank as Record<string, unknown>).bankName).toBe('First');
    expect(crypto.isSealed(sealed.ssn)).toBe(true);
    expect(crypto.isSealed(sealed.account)).toBe(true);
    expect(String(sealed.ssn)).toMatch(/^enc:v1:k1:[A-Za-z0-9_-]+$/);
    const owners = sealed.owners as { accounts: { iban: unknown }[]; ownerSsn: unknown }[];
    expect(crypto.isSealed(owners[0]?.ownerSsn)).toBe(true);
    expect(crypto.isSealed(owners[0]?.accounts[0]?.iban)).toBe(true);
    expect(crypto.openData(form, sealed)).toEqual(plain);
    // the input is not changed
    expect(plain.ssn).toBe('987-65-4329');
  });

  it('leaves sealed values as they are and never seals a masked value', () => {
    const crypto = createFieldCrypto(ring());
    const sealed = crypto.sealData(form, plain);
    expect(crypto.sealData(form, sealed)).toEqual(sealed);
    const withMask = crypto.sealData(form, { ssn: '*********29' });
    expect(withMask.ssn).toBe('*********29');
  });

  it('a masked value sent back keeps the stored value through validation and sealing', () => {
    const crypto = createFieldCrypto(ring());
    const stored = crypto.sealData(form, plain);
    const masked = crypto.maskData(form, stored);
    const result = validateSubmission(
      form,
      { ...masked, name: 'Janet' },
      { previousData: crypto.openData(form, stored) },
    );
    const resealed = crypto.sealData(form, result.data);
    expect(crypto.openData(form, resealed).ssn).toBe('987-65-4329');
    expect(resealed.name).toBe('Janet');
  });

  it('seals text that only looks like an envelope (someone typed it) rather than keeping it', () => {
    const crypto = createFieldCrypto(ring());
    const fake = `enc:v1:k1:${'A'.repeat(60)}`;
    const sealed = crypto.sealData(form, { ssn: fake });
    expect(sealed.ssn).not.toBe(fake);
    expect(crypto.openData(form, sealed).ssn).toBe(fake);
  });

  it('sealInput seals an envelope that came in from outside, even one that opens (a value taken from elsewhere)', () => {
    const crypto = createFieldCrypto(ring());
    const elsewhere = crypto.sealData(form, { ssn: '111-22-3333' }).ssn as string;
    const planted = crypto.sealInput(form, { ssn: elsewhere, name: 'Jane' });
    expect(planted.ssn).not.toBe(elsewhere);
    // it stays the text that was sent, never the other application's value
    expect(crypto.openData(form, planted).ssn).toBe(elsewhere);
    expect(planted.name).toBe('Jane');
    expect(crypto.sealInput(form, { ssn: '*******33' }).ssn).toBe('*******33');
  });

  it('masks the plaintext by spec 1 §5 (1, 2 or 4 trailing characters), never showing the envelope', () => {
    const crypto = createFieldCrypto(ring());
    const sealed = crypto.sealData(form, {
      ssn: '1234',
      account: 1234567890,
      bank: { routing: '12345678901' },
      owners: [{ ownerSsn: 'abc' }, { ownerSsn: '12345' }],
    });
    const masked = crypto.maskData(form, sealed);
    expect(masked.ssn).toBe('***4');
    expect(masked.account).toBe('********90');
    expect((masked.bank as Record<string, unknown>).routing).toBe('*******8901');
    expect(masked.owners).toEqual([{ ownerSsn: '**c' }, { ownerSsn: '***45' }]);
    expect(JSON.stringify(masked)).not.toContain('enc:v1');
  });

  it('refuses an envelope with one changed byte', () => {
    const crypto = createFieldCrypto(ring());
    const envelope = crypto.encryptValue('987-65-4329');
    const [prefix, body] = [
      envelope.slice(0, envelope.lastIndexOf(':') + 1),
      envelope.slice(envelope.lastIndexOf(':') + 1),
    ];
    const bytes = Buffer.from(body, 'base64url');
    for (const at of [0, 12, 14, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at] = (changed[at] as number) ^ 0x01;
      expect(() => crypto.decryptValue(prefix + changed.toString('base64url'))).toThrow(FieldCryptoError);
    }
    expect(crypto.decryptValue(envelope)).toBe('987-65-4329');
  });

  it('refuses an unknown key id, a changed key id and another key under the same id', () => {
    const key1 = randomBytes(32);
    const key2 = randomBytes(32);
    const one = createFieldCrypto({
      activeKeyId: 'k1',
      keys: new Map([
        ['k1', key1],
        ['k2', key2],
      ]),
    });
    const envelope = one.encryptValue('secret-1');
    expect(() => createFieldCrypto(ring('k9')).decryptValue(envelope)).toThrow(/unknown data-encryption key id k1/);
    // the key id is bound as associated data: naming k2 with k1's payload does not open, even with k2 known
    expect(() => one.decryptValue(envelope.replace('enc:v1:k1:', 'enc:v1:k2:'))).toThrow(FieldCryptoError);
    expect(() => createFieldCrypto(ring('k1')).decryptValue(envelope)).toThrow(FieldCryptoError);
  });

  it('uses a fresh nonce for every value', () => {
    const crypto = createFieldCrypto(ring());
    const nonces = new Set<string>();
    const envelopes = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const envelope = crypto.encryptValue('same value');
      envelopes.add(envelope);
      nonces.add(
        Buffer.from(envelope.split(':')[3] as string, 'base64url')
          .subarray(0, 12)
          .toString('hex'),
      );
    }
    expect(nonces.size).toBe(2000);
    expect(envelopes.size).toBe(2000);
  });

  it('seals encrypted address parts and multiple values', () => {
    const addressForm = build([
      {
        type: 'address',
        key: 'home',
        label: 'Home',
        components: [
          { type: 'textfield', key: 'address1', label: 'Street', euEncrypted: true },
          { type: 'textfield', key: 'city', label: 'City' },
        ],
      },
      { type: 'textfield', key: 'taxIds', label: 'Tax ids', multiple: true, euEncrypted: true },
    ]);
    const crypto = createFieldCrypto(ring());
    const data = {
      home: { mode: 'manual', address: { address1: '1 Secret Rd', city: 'Town' } },
      taxIds: ['12-3456789', '98-7654321'],
    };
    const sealed = crypto.sealData(addressForm, data);
    expect(JSON.stringify(sealed)).not.toMatch(/Secret|3456789|7654321/);
    expect(JSON.stringify(sealed)).toContain('Town');
    expect(crypto.openData(addressForm, sealed)).toEqual(data);
    expect(crypto.maskData(addressForm, sealed).taxIds).toEqual(['********89', '********21']);
  });

  it('reseals under the active key, keeping the value and its type', () => {
    const old = randomBytes(32);
    const before = createFieldCrypto({ activeKeyId: 'old', keys: new Map([['old', old]]) });
    const sealed = before.sealData(form, plain);
    const after = createFieldCrypto({
      activeKeyId: 'new',
      keys: new Map([
        ['old', old],
        ['new', randomBytes(32)],
      ]),
    });
    const { value, changed } = after.resealDeep(sealed);
    expect(changed).toBe(6);
    expect(JSON.stringify(value)).not.toContain('enc:v1:old:');
    expect(after.openData(form, value as Record<string, unknown>)).toEqual(plain);
    expect(after.resealDeep(value).changed).toBe(0);
  });
});

describe('data-encryption keys', () => {
  it('generates a key once into DATA_DIR/keys.json (0600), keeps every key on rotation, newest active', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'under-keys-'));
    const first = loadKeyRing(dir, {});
    expect(statSync(path.join(dir, 'keys.json')).mode & 0o777).toBe(0o600);
    expect(loadKeyRing(dir, {}).activeKeyId).toBe(first.activeKeyId);
    const sealed = createFieldCrypto(first).encryptValue('987-65-4329');
    const added = startRotation(dir);
    const after = loadKeyRing(dir, {});
    expect(after.activeKeyId).toBe(added.id);
    expect([...after.keys.keys()]).toEqual([first.activeKeyId, added.id]);
    expect(createFieldCrypto(after).decryptValue(sealed)).toBe('987-65-4329');
    expect(readFileSync(path.join(dir, 'keys.json'), 'utf8')).toContain(first.activeKeyId);
  });

  it('takes DATA_ENCRYPTION_KEY (base64 of 32 bytes) as the active key, with its id or a fingerprint', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'under-keys-'));
    const key = randomBytes(32);
    const fromEnv = loadKeyRing(dir, { DATA_ENCRYPTION_KEY: key.toString('base64') });
    expect(fromEnv.activeKeyId).toBe(fingerprintKeyId(key));
    expect(
      loadKeyRing(dir, { DATA_ENCRYPTION_KEY: key.toString('base64'), DATA_ENCRYPTION_KEY_ID: 'prod-2026' })
        .activeKeyId,
    ).toBe('prod-2026');
    expect(() => loadKeyRing(dir, { DATA_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(/32 bytes/);
    expect(() =>
      loadKeyRing(dir, { DATA_ENCRYPTION_KEY: key.toString('base64'), DATA_ENCRYPTION_KEY_ID: 'a:b' }),
    ).toThrow(/DATA_ENCRYPTION_KEY_ID/);
    const previous = randomBytes(32);
    const withPrevious = loadKeyRing(dir, {
      DATA_ENCRYPTION_KEY: key.toString('base64'),
      DATA_ENCRYPTION_PREVIOUS_KEYS: `old-1:${previous.toString('base64')}`,
    });
    expect(withPrevious.keys.get('old-1')?.equals(previous)).toBe(true);
  });
});
