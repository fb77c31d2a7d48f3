import {
  VaultCodeBodySchema,
  VaultPrefillQuerySchema,
  VaultPrefillResponseSchema,
  VaultUnlockBodySchema,
  VaultUnlockResponseSchema,
} from '../../applications/vault.schema';
import { endpoint } from '../contract';

const tag = 'applicant-vault';

/** The applicant's vault: answers kept for the next application, unlocked by a code sent to the applicant's e-mail. */
export const VAULT_API = {
  requestCode: endpoint({
    method: 'POST',
    path: '/api/public/vault/code',
    body: VaultCodeBodySchema,
    status: 202,
    tag,
    summary: 'E-mail a one-time code that unlocks the saved answers; the same answer whether or not any are saved',
  }),
  unlock: endpoint({
    method: 'POST',
    path: '/api/public/vault/unlock',
    body: VaultUnlockBodySchema,
    response: VaultUnlockResponseSchema,
    tag,
    summary: 'Trade the e-mailed code for a short-lived vault token',
  }),
  prefill: endpoint({
    method: 'GET',
    path: '/api/public/vault/prefill',
    query: VaultPrefillQuerySchema,
    response: VaultPrefillResponseSchema,
    tag,
    summary: 'The saved answers for every field of a public form version bound to a dictionary entry (x-vault-token)',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/public/vault',
    status: 204,
    tag,
    summary: 'Delete every saved answer of the unlocked vault (x-vault-token)',
  }),
} as const;
