import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('TRUST_PROXY', () => {
  const load = (TRUST_PROXY?: string) =>
    loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'under-cfg-')), TRUST_PROXY });

  it('believes no proxy by default', () => {
    expect(load().trustProxy).toBe(false);
    expect(load('').trustProxy).toBe(false);
    expect(load('false').trustProxy).toBe(false);
  });

  it('reads true, a number of hops, or a list of addresses and networks', () => {
    expect(load('true').trustProxy).toBe(true);
    expect(load('1').trustProxy).toBe(1);
    expect(load('127.0.0.1, 10.0.0.0/8,::1').trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
  });

  it('names the variable on a bad value', () => {
    expect(() => load('my-balancer')).toThrow(/TRUST_PROXY/);
  });
});
