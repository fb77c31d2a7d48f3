import { VAULT_API } from '@under/core/api/applications/vault.contract';
import { VAULT_TOKEN_HEADER as CORE_HEADER } from '@under/core/applications/vault.schema';
import { describe, expect, it, vi } from 'vitest';
import { createVaultApi, VAULT_ROUTES, VAULT_TOKEN_HEADER } from './vault-api';

describe('the vault calls', () => {
  it('are the contract’s', () => {
    for (const [name, route] of Object.entries(VAULT_ROUTES)) {
      const e = VAULT_API[name as keyof typeof VAULT_API];
      expect({ method: route.method, path: route.path }).toEqual({ method: e.method, path: e.path });
    }
    expect(Object.keys(VAULT_ROUTES).sort()).toEqual(Object.keys(VAULT_API).sort());
    expect(VAULT_TOKEN_HEADER).toBe(CORE_HEADER);
  });

  it('send the vault token as a header, never in the URL', async () => {
    const call = vi.fn(async () => ({ values: {}, sources: [] }));
    const api = createVaultApi(call as never);
    await api.prefill('vault_t', 'cf', 2);
    expect(call).toHaveBeenCalledWith(VAULT_ROUTES.prefill, {
      query: { customFormId: 'cf', version: 2 },
      headers: { 'x-vault-token': 'vault_t' },
    });
    await api.remove('vault_t');
    expect(call).toHaveBeenLastCalledWith(VAULT_ROUTES.remove, { headers: { 'x-vault-token': 'vault_t' } });
  });
});
