import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type CompiledField, type CompiledScope, compileForm } from '@under/core/forms/compile-form';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { isMaskedValue, maskValue } from '@under/core/forms/masking';
import { isPlainObject } from '@under/core/forms/path';
import { KEY_ID_PATTERN, type KeyRing } from './keys';

/**
 * Encrypted fields at rest (issue 12, decision 038). Every value of an `euEncrypted` field is stored as an envelope
 *
 *   enc:v1:<keyId>:<base64url(nonce | ciphertext | tag)>
 *
 * AES-256-GCM with a fresh 96-bit nonce per value; the associated data is `enc:v1:<keyId>`, so neither the version
 * nor the key id can be changed without the envelope failing to open. The plaintext starts with one type byte:
 * `s` (a string, as typed) or `j` (any other JSON value, e.g. a number, as JSON text), so values come back as the
 * type they were.
 *
 * Services hold plaintext only in memory: they `openData` the stored data, merge and validate the write (a masked
 * value sent back means "unchanged": `validateSubmission` puts the stored value back in its place), then
 * `sealData` before writing. Every read that leaves the server goes through `maskData`.
 */
export interface FieldCrypto {
  /** Seals the values of every `euEncrypted` field (any depth); envelopes that open stay; masked values stay. */
  sealData(form: FormDefinition, data: Record<string, unknown>): Record<string, unknown>;
  /**
   * Seals a write that came from outside (an applicant's or a team member's data, validated against the opened stored
   * data): every value is sealed, text shaped like an envelope too, so nobody can plant an envelope taken from another
   * application or field. Masked and empty values stay.
   */
  sealInput(form: FormDefinition, data: Record<string, unknown>): Record<string, unknown>;
  /** Opens every envelope of the form's encrypted fields (server side only: never send the result out). */
  openData(form: FormDefinition, stored: Record<string, unknown>): Record<string, unknown>;
  /** The encrypted fields' values masked by spec 1 §5 (`maskValue` of the plaintext): what every read returns. */
  maskData(form: FormDefinition, stored: Record<string, unknown>): Record<string, unknown>;
  /** Seals one string with the active key. */
  encryptValue(plain: string): string;
  /** Opens one envelope to its text (a non-string value gives its JSON text). Throws FieldCryptoError. */
  decryptValue(envelope: string): string;
  /** Whether a value has the envelope's shape (it may still fail to open). */
  isSealed(value: unknown): boolean;
}

/** What `createFieldCrypto` gives besides the services' API: key rotation (`npm run keys:rotate`). */
export interface KeyedFieldCrypto extends FieldCrypto {
  /** The key that seals new values. */
  readonly activeKeyId: string;
  /** The key id an envelope names, or undefined for anything else. */
  keyIdOf(value: unknown): string | undefined;
  /** An envelope under an older key, sealed again under the active key (same plaintext and type); else as it was. */
  reseal(envelope: string): string;
  /**
   * Any JSON value: every envelope string anywhere in it resealed under the active key; `changed` counts them.
   * Envelope-shaped strings that do not open (a lost key, or text someone typed into a plain field) stay as they
   * are and are counted in `failed`.
   */
  resealDeep(value: unknown): { value: unknown; changed: number; failed: number };
}

export class FieldCryptoError extends Error {}

export const ENVELOPE_PREFIX = 'enc:v1:';
const ENVELOPE = /^enc:v1:([A-Za-z0-9_-]{1,64}):([A-Za-z0-9_-]{38,})$/;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const TYPE_STRING = 0x73; // 's'
const TYPE_JSON = 0x6a; // 'j'
/** Encrypted values are scalars or small objects (an address); deeper JSON is refused rather than left plaintext. */
const MAX_VALUE_DEPTH = 32;

export function createFieldCrypto(ring: KeyRing): KeyedFieldCrypto {
  if (!KEY_ID_PATTERN.test(ring.activeKeyId) || !ring.keys.has(ring.activeKeyId)) {
    throw new FieldCryptoError('the active data-encryption key is missing');
  }
  for (const [id, key] of ring.keys) {
    if (!KEY_ID_PATTERN.test(id) || key.length !== 32) throw new FieldCryptoError(`bad data-encryption key ${id}`);
  }
  const active = ring.activeKeyId;

  const seal = (type: number, text: string, keyId = active): string => {
    const key = ring.keys.get(keyId) as Buffer;
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    cipher.setAAD(Buffer.from(`${ENVELOPE_PREFIX}${keyId}`, 'utf8'));
    const body = Buffer.concat([cipher.update(Buffer.from([type])), cipher.update(text, 'utf8'), cipher.final()]);
    const payload = Buffer.concat([nonce, body, cipher.getAuthTag()]);
    return `${ENVELOPE_PREFIX}${keyId}:${payload.toString('base64url')}`;
  };

  /** The type byte and text of an envelope; throws FieldCryptoError when it does not open. */
  const open = (envelope: string): { type: number; text: string } => {
    const match = ENVELOPE.exec(envelope);
    if (!match) throw new FieldCryptoError('not an encrypted value');
    const keyId = match[1] as string;
    const key = ring.keys.get(keyId);
    if (!key) throw new FieldCryptoError(`unknown data-encryption key id ${keyId}`);
    const payload = Buffer.from(match[2] as string, 'base64url');
    if (payload.length < NONCE_BYTES + 1 + TAG_BYTES) throw new FieldCryptoError('encrypted value too short');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, payload.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(`${ENVELOPE_PREFIX}${keyId}`, 'utf8'));
      decipher.setAuthTag(payload.subarray(payload.length - TAG_BYTES));
      const plain = Buffer.concat([
        decipher.update(payload.subarray(NONCE_BYTES, payload.length - TAG_BYTES)),
        decipher.final(),
      ]);
      const type = plain[0] as number;
      if (type !== TYPE_STRING && type !== TYPE_JSON) throw new FieldCryptoError('unknown encrypted value type');
      return { type, text: plain.subarray(1).toString('utf8') };
    } catch (err) {
      if (err instanceof FieldCryptoError) throw err;
      // GCM authentication failed: a changed byte, a different key, or a changed key id
      throw new FieldCryptoError('encrypted value does not open (changed or sealed with another key)');
    }
  };

  const isSealed = (value: unknown): value is string => typeof value === 'string' && ENVELOPE.test(value);

  const opens = (envelope: string): boolean => {
    try {
      open(envelope);
      return true;
    } catch {
      return false;
    }
  };

  const openValue = (envelope: string): unknown => {
    const { type, text } = open(envelope);
    return type === TYPE_STRING ? text : JSON.parse(text);
  };

  const sealLeaf = (value: unknown): unknown => {
    if (value === null || value === undefined) return value;
    if (typeof value === 'string') {
      if (value === '' || isMaskedValue(value)) return value;
      // an envelope that opens under our keys stays; text that only looks like one is someone's input: sealed
      if (isSealed(value) && opens(value)) return value;
      return seal(TYPE_STRING, value);
    }
    return seal(TYPE_JSON, JSON.stringify(value));
  };

  const sealInputLeaf = (value: unknown): unknown => {
    if (value === null || value === undefined) return value;
    if (typeof value === 'string') return value === '' || isMaskedValue(value) ? value : seal(TYPE_STRING, value);
    return seal(TYPE_JSON, JSON.stringify(value));
  };

  const openLeaf = (value: unknown): unknown => (isSealed(value) ? openValue(value) : value);

  const maskLeaf = (value: unknown): unknown => {
    if (value === null || value === undefined || value === '') return value;
    const plain = isSealed(value) ? openValue(value) : value;
    if (typeof plain === 'string') return isMaskedValue(plain) ? plain : maskValue(plain);
    if (typeof plain === 'number') return maskValue(plain);
    return maskValue(JSON.stringify(plain));
  };

  return {
    activeKeyId: active,
    sealData: (form, data) => mapEncrypted(form, data, sealLeaf),
    sealInput: (form, data) => mapEncrypted(form, data, sealInputLeaf),
    openData: (form, stored) => mapEncrypted(form, stored, openLeaf),
    maskData: (form, stored) => mapEncrypted(form, stored, maskLeaf),
    encryptValue: (plain) => seal(TYPE_STRING, plain),
    decryptValue: (envelope) => open(envelope).text,
    isSealed,
    keyIdOf: (value) => (typeof value === 'string' ? ENVELOPE.exec(value)?.[1] : undefined),
    reseal(envelope) {
      const match = ENVELOPE.exec(envelope);
      if (!match || match[1] === active) return envelope;
      const { type, text } = open(envelope);
      return seal(type, text);
    },
    resealDeep(value) {
      let changed = 0;
      let failed = 0;
      const walk = (v: unknown, depth: number): unknown => {
        if (typeof v === 'string') {
          if (!v.startsWith(ENVELOPE_PREFIX)) return v;
          const match = ENVELOPE.exec(v);
          if (!match || match[1] === active) return v;
          let opened: { type: number; text: string };
          try {
            opened = open(v);
          } catch (err) {
            if (!(err instanceof FieldCryptoError)) throw err;
            failed += 1;
            return v;
          }
          changed += 1;
          return seal(opened.type, opened.text);
        }
        if (depth > 200) throw new FieldCryptoError('value nested too deep');
        if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
        if (isPlainObject(v)) {
          const out: Record<string, unknown> = {};
          for (const [k, item] of Object.entries(v)) out[k] = walk(item, depth + 1);
          return out;
        }
        return v;
      };
      const next = walk(value, 0);
      return { value: next, changed, failed };
    },
  };
}

type Leaf = (value: unknown) => unknown;

/** A copy of `data` with `leaf` applied to every value of every encrypted field, however deep; the rest as it was. */
function mapEncrypted(form: FormDefinition, data: Record<string, unknown>, leaf: Leaf): Record<string, unknown> {
  if (!isPlainObject(data)) return data;
  return mapScope(compileForm(form), data, leaf);
}

/** Per compiled scope, its fields that can hold an encrypted value (the others `mapField` answers unchanged). */
const mappedFields = new WeakMap<CompiledScope, CompiledField[]>();
function fieldsToMap(scope: CompiledScope): CompiledField[] {
  let fields = mappedFields.get(scope);
  if (!fields) {
    fields = scope.fields.filter((field) => {
      if (field.encrypted) return true;
      if (field.scope && (field.group === 'container' || field.group === 'grid')) {
        return fieldsToMap(field.scope).length > 0;
      }
      const component = field.component;
      return field.type === 'address' && component.type === 'address'
        ? (component.components ?? []).some((p) => p.euEncrypted === true)
        : false;
    });
    mappedFields.set(scope, fields);
  }
  return fields;
}

function mapScope(scope: CompiledScope, obj: Record<string, unknown>, leaf: Leaf): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  // a long form's plain fields are skipped without a look (150 fields, 2 encrypted, on every autosave)
  for (const field of fieldsToMap(scope)) {
    if (!Object.hasOwn(obj, field.key)) continue;
    const value = obj[field.key];
    const next = mapField(field, value, leaf);
    if (next !== value) {
      out ??= { ...obj };
      out[field.key] = next;
    }
  }
  return out ?? obj;
}

function mapField(field: CompiledField, value: unknown, leaf: Leaf): unknown {
  if (field.encrypted) return mapDeep(value, leaf, 0);
  if (field.scope && field.group === 'container' && isPlainObject(value)) return mapScope(field.scope, value, leaf);
  if (field.scope && field.group === 'grid' && Array.isArray(value)) {
    const inner = field.scope;
    return value.map((row) => (isPlainObject(row) ? mapScope(inner, row, leaf) : row));
  }
  if (field.type === 'address' && isPlainObject(value)) return mapAddressParts(field, value, leaf);
  return value;
}

/** An address whose manual-mode parts are marked encrypted: those parts' values (in `address` or the value). */
function mapAddressParts(field: CompiledField, value: Record<string, unknown>, leaf: Leaf): unknown {
  const component = field.component;
  if (component.type !== 'address') return value;
  const parts = (component.components ?? []).filter((p) => p.euEncrypted === true).map((p) => p.key);
  if (parts.length === 0) return value;
  const nested = isPlainObject(value.address);
  const inner = (nested ? value.address : value) as Record<string, unknown>;
  const copy = { ...inner };
  for (const key of parts) {
    if (Object.hasOwn(copy, key)) copy[key] = mapDeep(copy[key], leaf, 0);
  }
  return nested ? { ...value, address: copy } : copy;
}

function mapDeep(value: unknown, leaf: Leaf, depth: number): unknown {
  if (depth > MAX_VALUE_DEPTH) throw new FieldCryptoError('encrypted field value nested too deep');
  if (Array.isArray(value)) return value.map((item) => mapDeep(item, leaf, depth + 1));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, item] of Object.entries(value)) out[k] = mapDeep(item, leaf, depth + 1);
    return out;
  }
  return leaf(value);
}
