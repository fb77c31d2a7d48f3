import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Caller, registerCompany } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/helpers';

/** Over a real socket: the limit holds for a chunked upload that never says how long it is. */
describe('PUT /api/files over HTTP', () => {
  let t: TestApp;
  let admin: Caller;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    admin = await registerCompany(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const uploadUrl = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/companies/gen-upload-logo-url',
      headers: bearer(admin.token),
    });
    const u = new URL(res.json().uploadUrl);
    return `${base}${u.pathname}${u.search}`;
  };

  /** Sends `total` bytes in 1 MB chunks (chunked encoding); resolves with the status, or the socket error. */
  function stream(
    url: string,
    first: Buffer,
    total: number,
  ): Promise<{ status?: number; body?: string; sent: number }> {
    return new Promise((resolve) => {
      let sent = 0;
      const req = request(url, { method: 'PUT', headers: { 'content-type': 'image/png' } }, (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode, body, sent }));
      });
      req.on('error', () => resolve({ sent }));
      const chunk = Buffer.alloc(1_000_000, 7);
      const pump = () => {
        while (sent < total) {
          const piece = sent === 0 ? first : chunk;
          sent += piece.length;
          if (!req.write(piece)) return req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
  }

  it('answers 413 to a 30 MB chunked upload and keeps no file', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const result = await stream(await uploadUrl(), png, 30_000_000);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body ?? '{}').message).toBe('File size allow maximum is 25MB');
    const files = await readdir(path.join(t.config.dataDir, 'files'), { recursive: true }).catch(() => []);
    expect(files.filter((f) => !f.endsWith('.tmp') && f !== '.tmp')).toEqual([]);
  });

  it('accepts a 2 MB chunked PNG', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const result = await stream(await uploadUrl(), png, 2_000_000);
    expect(result.status).toBe(200);
  });
});
