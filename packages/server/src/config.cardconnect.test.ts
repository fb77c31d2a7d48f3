import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('CARDCONNECT_API_URL and CARDCONNECT_TOKEN_URL', () => {
  const load = (env: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'under-cfg-')), ...env });

  it("default to the provider's production API and Keycloak token endpoint", () => {
    expect(load().cardConnect).toEqual({
      apiUrl: 'https://api.cardconnect.com',
      tokenUrl: 'https://accounts.cardconnect.com/auth/realms/cardconnect/protocol/openid-connect/token',
    });
  });

  it('take the test environment or a simulator, and refuse what is not a URL', () => {
    expect(
      load({
        CARDCONNECT_API_URL: 'http://127.0.0.1:4030',
        CARDCONNECT_TOKEN_URL: 'http://127.0.0.1:4030/auth/realms/cardconnect/protocol/openid-connect/token',
      }).cardConnect.apiUrl,
    ).toBe('http://127.0.0.1:4030');
    expect(() => load({ CARDCONNECT_API_URL: 'api.cardconnect.com' })).toThrow(/CARDCONNECT_API_URL/);
  });
});
