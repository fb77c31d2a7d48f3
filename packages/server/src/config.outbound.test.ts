import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('INTEGRATION_TEST_HOSTS', () => {
  const load = (INTEGRATION_TEST_HOSTS?: string, NODE_ENV?: string) =>
    loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'under-cfg-')), INTEGRATION_TEST_HOSTS, NODE_ENV });

  it('is empty by default, with the spec time-out and a body bound', () => {
    expect(load().outbound).toEqual({ testHosts: [], timeoutMs: 60_000, maxBodyBytes: 5 * 1024 * 1024 });
    expect(load('').outbound.testHosts).toEqual([]);
  });

  it('reads host:port pairs, trimmed and lower-cased', () => {
    expect(load(' 127.0.0.1:4010 , Sim.Test:4011').outbound.testHosts).toEqual(['127.0.0.1:4010', 'sim.test:4011']);
  });

  it('refuses a pair without a port, and any pair in production', () => {
    expect(() => load('127.0.0.1')).toThrow(/INTEGRATION_TEST_HOSTS/);
    expect(() => load('127.0.0.1:4010', 'production')).toThrow(/not allowed when NODE_ENV=production/);
  });

  it('refuses an address that is not loopback, in any spelling', () => {
    expect(() => load('127.0.0.1:4010,10.0.0.5:4010')).toThrow(/10\.0\.0\.5:4010 is a private address, not loopback/);
    expect(() => load('169.254.169.254:80')).toThrow(/link-local address/);
    expect(() => load('2852039166:80')).toThrow(/link-local address/);
    expect(() => load('8.8.8.8:80')).toThrow(/public address/);
  });
});
