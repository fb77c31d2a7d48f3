import type { VaultPrefill, VaultUnlockResponse } from '@under/core/applications/vault.schema';
import { VAULT_TOKEN_HEADER } from '@under/core/applications/vault-constants';

/**
 * The vault's calls (core/api/vault.contract.ts VAULT_API), written out here so that the applicant bundle does not
 * carry the contracts' zod schemas; vault-api.test.ts holds them to the contract.
 */
export const VAULT_ROUTES = {
  requestCode: { method: 'POST', path: '/api/public/vault/code' },
  unlock: { method: 'POST', path: '/api/public/vault/unlock' },
  prefill: { method: 'GET', path: '/api/public/vault/prefill' },
  remove: { method: 'DELETE', path: '/api/public/vault' },
} as const;

/** The header of the vault token (core's, from its zod-free module). */
export { VAULT_TOKEN_HEADER };

export interface VaultRequest {
  query?: object;
  body?: unknown;
  /** Per-call headers: the vault token. */
  headers?: Record<string, string>;
}

/**
 * How the components reach the API: the applicant pages' client (it sends x-api-key on every call and throws the
 * portal's HttpError, whose message is the server's) with per-call headers.
 */
export type VaultCall = <T>(route: { method: string; path: string }, input?: VaultRequest) => Promise<T>;

export function createVaultApi(call: VaultCall) {
  const withToken = (token: string) => ({ [VAULT_TOKEN_HEADER]: token });
  return {
    requestCode: (email: string) => call<void>(VAULT_ROUTES.requestCode, { body: { email } }),
    unlock: (email: string, code: string) => call<VaultUnlockResponse>(VAULT_ROUTES.unlock, { body: { email, code } }),
    prefill: (token: string, customFormId: string, version?: number) =>
      call<VaultPrefill>(VAULT_ROUTES.prefill, {
        query: version === undefined ? { customFormId } : { customFormId, version },
        headers: withToken(token),
      }),
    remove: (token: string) => call<void>(VAULT_ROUTES.remove, { headers: withToken(token) }),
  };
}
