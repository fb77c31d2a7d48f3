import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('VANTIV_API_URL', () => {
  const load = (env: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'under-cfg-')), ...env });

  it("defaults to Worldpay's PayFac production host, takes its pre-live or a simulator, refuses a non-URL", () => {
    expect(load().vantiv).toEqual({ apiUrl: 'https://payfac.vantivcnp.com' });
    expect(load({ VANTIV_API_URL: 'https://payfac.vantivprelive.com' }).vantiv.apiUrl).toBe(
      'https://payfac.vantivprelive.com',
    );
    expect(load({ VANTIV_API_URL: '' }).vantiv.apiUrl).toBe('https://payfac.vantivcnp.com');
    expect(() => load({ VANTIV_API_URL: 'payfac.vantivcnp.com' })).toThrow(/VANTIV_API_URL/);
  });
});
