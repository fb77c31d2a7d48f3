import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { VaultCrypto } from './vault.service';

/**
 * Tests only: real AES-256-GCM under a random key, in the envelope shape of the field encryption
 * ('enc:v1:<keyId>:<base64url nonce|tag|ciphertext>'), standing in until infra/field-crypto is on main.
 */
export function createTestVaultCrypto(): VaultCrypto {
  const key = randomBytes(32);
  const PREFIX = 'enc:v1:test:';
  return {
    encryptValue(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
    },
    decryptValue(envelope) {
      if (!envelope.startsWith(PREFIX)) throw new Error('not an envelope');
      const raw = Buffer.from(envelope.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
    isSealed: (value) => typeof value === 'string' && value.startsWith('enc:v1:'),
  };
}
