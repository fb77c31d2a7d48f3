import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('storage settings', () => {
  const dir = () => mkdtempSync(path.join(tmpdir(), 'under-cfg-'));

  it('defaults to the local driver with a generated, kept STORAGE_SECRET', () => {
    const d = dir();
    const first = loadConfig({ DATA_DIR: d });
    expect(first.storage).toEqual({ driver: 'local' });
    expect(first.secrets.storageSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: d }).secrets.storageSecret).toBe(first.secrets.storageSecret);
    expect(loadConfig({ DATA_DIR: d, STORAGE_SECRET: 'k'.repeat(32) }).secrets.storageSecret).toBe('k'.repeat(32));
  });

  it('adds the storage secret to a data dir of an older version and keeps its other secrets', () => {
    const d = dir();
    writeFileSync(
      path.join(d, 'secrets.json'),
      JSON.stringify({ publicApiKey: 'a'.repeat(24), codeSecret: 'c'.repeat(32) }),
    );
    const config = loadConfig({ DATA_DIR: d });
    expect(config.secrets.publicApiKey).toBe('a'.repeat(24));
    expect(config.secrets.codeSecret).toBe('c'.repeat(32));
    const kept = JSON.parse(readFileSync(path.join(d, 'secrets.json'), 'utf8'));
    expect(kept.storageSecret).toBe(config.secrets.storageSecret);
  });

  it('names the missing S3 settings and refuses a short secret', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), STORAGE_DRIVER: 's3', S3_BUCKET: 'files' })).toThrow(
      /S3_ACCESS_KEY_ID: required when STORAGE_DRIVER=s3[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: dir(), STORAGE_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir(), STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });

  it('reads a complete S3 configuration', () => {
    const config = loadConfig({
      DATA_DIR: dir(),
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'under-files',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.storage).toEqual({
      driver: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'under-files',
        region: 'us-east-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
      },
    });
  });
});
