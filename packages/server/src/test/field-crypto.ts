import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';
import { maskValue } from '@under/core/forms/masking';
import type { FieldCrypto } from '../modules/applications/field-crypto-port';

const PREFIX = 'enc:v1:test:';

/**
 * A field crypto for tests only (AES-256-GCM under a random key per app, envelopes `enc:v1:test:…`): the real one
 * is infra/field-crypto, wired in app.ts. Values of encrypted fields are sealed wherever their key appears in the
 * data (top level, containers, grid rows).
 */
export function createTestFieldCrypto(): FieldCrypto {
  const key = randomBytes(32);
  const encryptValue = (plain: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  };
  const decryptValue = (envelope: string) => {
    const raw = Buffer.from(envelope.slice(PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  };
  const isSealed = (v: unknown) => typeof v === 'string' && v.startsWith(PREFIX);
  const encryptedKeys = (form: FormDefinition) => {
    const keys = new Set<string>();
    walkComponents(form.components, ({ component }) => {
      if (component.euEncrypted === true) keys.add(component.key);
    });
    return keys;
  };
  const mapData = (data: unknown, keys: Set<string>, fn: (v: unknown) => unknown): unknown => {
    if (Array.isArray(data)) return data.map((v) => mapData(v, keys, fn));
    if (data === null || typeof data !== 'object') return data;
    return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, keys.has(k) ? fn(v) : mapData(v, keys, fn)]));
  };
  const apply = (form: FormDefinition, data: Record<string, unknown>, fn: (v: unknown) => unknown) =>
    mapData(data, encryptedKeys(form), fn) as Record<string, unknown>;
  return {
    encryptValue,
    decryptValue,
    isSealed,
    sealData: (form, data) =>
      apply(form, data, (v) =>
        v === null || v === undefined || v === '' || isSealed(v) ? v : encryptValue(String(v)),
      ),
    openData: (form, stored) => apply(form, stored, (v) => (isSealed(v) ? decryptValue(v as string) : v)),
    maskData: (form, stored) => apply(form, stored, (v) => (isSealed(v) ? maskValue(decryptValue(v as string)) : v)),
  };
}
