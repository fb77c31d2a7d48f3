import { z } from 'zod';
import { EmailSchema } from '../auth/credentials';
import { CODE_LENGTH } from '../constants';

/**
 * The applicant vault ("Fill it in once", issue 12; decision 039): answers an applicant chose to remember, keyed by
 * dictionary keys, unlocked on another institution's form by a code e-mailed to them. The institution never sees it.
 */

export {
  VAULT_CODE_MAX_ATTEMPTS,
  VAULT_CODE_TTL_MS,
  VAULT_TOKEN_HEADER,
  VAULT_TOKEN_TTL_MS,
} from './vault-constants';

export const VaultCodeBodySchema = z.strictObject({ email: EmailSchema });
export const VaultUnlockBodySchema = z.strictObject({
  email: EmailSchema,
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`)),
});
export const VaultUnlockResponseSchema = z.object({
  /** Opaque; stored only hashed. Sent back in the x-vault-token header. */
  vaultToken: z.string(),
  expiresAt: z.string(),
});
export type VaultUnlockResponse = z.output<typeof VaultUnlockResponseSchema>;

export const VaultPrefillQuerySchema = z.strictObject({
  customFormId: z.uuid(),
  version: z.coerce.number().int().min(1).optional(),
});

/** One prefilled field: where it sits in the form's data, the dictionary entry it came from, and when it was saved. */
export const VaultSourceSchema = z.object({
  path: z.string(),
  dictionaryKey: z.string(),
  savedAt: z.string(),
  /**
   * An encrypted field (`euEncrypted`): its value in `values` is masked; the server takes the real value from the
   * vault when the application is saved with the vault token (decision 039).
   */
  encrypted: z.boolean(),
});
export type VaultSource = z.output<typeof VaultSourceSchema>;

export const VaultPrefillResponseSchema = z.object({
  /** Data paths (dot-separated, containers included) to values, ready to merge into the form's data. */
  values: z.record(z.string(), z.unknown()),
  sources: z.array(VaultSourceSchema),
});
export type VaultPrefill = z.output<typeof VaultPrefillResponseSchema>;
