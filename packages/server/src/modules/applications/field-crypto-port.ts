import type { FormDefinition } from '@under/core/forms/form.schema';

/**
 * The field encryption the applications module needs (issue 12: `euEncrypted` values sealed at rest with
 * AES-256-GCM). The implementation is infra/field-crypto (helper E's `createFieldCrypto`), created once in app.ts
 * and given to the service; this port only names the calls, so the module never holds a default that would store
 * plaintext.
 */
export interface FieldCrypto {
  /** The values of encrypted fields (at any depth) become envelopes; envelopes already sealed stay. */
  sealData(form: FormDefinition, data: Record<string, unknown>): Record<string, unknown>;
  /** Back to plaintext, server-side only (validation, the vault). */
  openData(form: FormDefinition, stored: Record<string, unknown>): Record<string, unknown>;
  /** What every read returns: encrypted values masked (spec 1 §5). */
  maskData(form: FormDefinition, stored: Record<string, unknown>): Record<string, unknown>;
  encryptValue(plain: string): string;
  decryptValue(envelope: string): string;
  isSealed(value: unknown): boolean;
}

/**
 * What app.ts wires while no real field crypto is given: every call fails, so an application can never be stored
 * with plaintext encrypted fields by mistake (the lead wires infra/field-crypto at merge).
 */
export function unavailableFieldCrypto(): FieldCrypto {
  const fail = (): never => {
    throw new Error('field encryption is not configured (infra/field-crypto)');
  };
  return { sealData: fail, openData: fail, maskData: fail, encryptValue: fail, decryptValue: fail, isSealed: fail };
}
