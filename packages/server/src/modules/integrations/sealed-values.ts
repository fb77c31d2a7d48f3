import { maskValue } from '@under/core/forms/masking';
import type { FieldCrypto } from '../../infra/field-crypto/field-crypto';

/** A sealed value opened (server side only), or undefined when there is none. */
export function openSecret(fieldCrypto: FieldCrypto, sealed: string | undefined): string | undefined {
  return sealed ? fieldCrypto.decryptValue(sealed) : undefined;
}

/**
 * Spec 2 §5: credentials are write-only, answered as masks, and a mask sent back (holding '*') means "unchanged".
 * Answers the value to keep: the one typed, or the stored one when `sent` is exactly its mask; null when `sent` is
 * a mask of nothing stored (the caller refuses it in its own words).
 */
export function keptOrTyped(fieldCrypto: FieldCrypto, sent: string, sealedStored: string | undefined): string | null {
  if (!sent.includes('*')) return sent;
  const plain = openSecret(fieldCrypto, sealedStored);
  return plain && maskValue(plain) === sent ? plain : null;
}

/** A sealed credential as an admin sees it: its mask, or null when there is none (spec 2 §5; members get null). */
export function maskedSecret(fieldCrypto: FieldCrypto, sealed: string | undefined): string | null {
  const plain = openSecret(fieldCrypto, sealed);
  return plain ? maskValue(plain) : null;
}
