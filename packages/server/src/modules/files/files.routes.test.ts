import { mkdtemp, readdir } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../infra/storage/s3';
import { type S3Simulator, startS3Simulator } from '../../infra/storage/s3-simulator';
import { bearer, type Caller, registerCompany } from '../../test/accounts';
import { createTestApp, localPath, type TestApp } from '../../test/helpers';

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

/** The same logo journey with the S3 driver, against the local S3 simulator (a test double, not S3). */
describe('logo upload with the S3 driver', () => {
  let t: TestApp;
  let sim: S3Simulator;
  beforeAll(async () => {
    const creds = { accessKeyId: 'UNDERKEY', secretAccessKey: 'under-secret', region: 'us-east-1' };
    sim = await startS3Simulator({ bucket: 'logos', ...creds });
    const tmpDir = await mkdtemp(path.join(tmpdir(), 'under-s3-'));
    t = await createTestApp('pglite', {
      storage: createS3Storage({ ...creds, bucket: 'logos', endpoint: sim.endpoint, tmpDir }),
    });
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  it('stores the checked upload in the bucket and serves it back through the signed URL', async () => {
    const admin = await registerCompany(t);
    const gen = (
      await t.app.inject({ method: 'POST', url: '/api/companies/gen-upload-logo-url', headers: bearer(admin.token) })
    ).json();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 3)]);
    const refused = await t.app.inject({
      method: 'PUT',
      url: localPath(gen.uploadUrl),
      payload: Buffer.from('not an image'),
    });
    expect(refused.statusCode).toBe(415);
    expect(sim.objects.size).toBe(0);
    // a refused upload spends its URL too (decision 022): the next try asks for a new one
    const again = await t.app.inject({ method: 'PUT', url: localPath(gen.uploadUrl), payload: jpeg });
    expect(again.statusCode).toBe(409);
    const next = (
      await t.app.inject({ method: 'POST', url: '/api/companies/gen-upload-logo-url', headers: bearer(admin.token) })
    ).json();
    const put = await t.app.inject({
      method: 'PUT',
      url: localPath(next.uploadUrl),
      headers: { 'content-type': 'image/jpeg' },
      payload: jpeg,
    });
    expect(put.statusCode).toBe(200);
    expect(sim.objects.get(next.fileUrl)?.contentType).toBe('image/jpeg');
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/companies-logo/${admin.companyId}`,
      headers: bearer(admin.token),
      payload: { fileUrl: next.fileUrl },
    });
    expect(set.statusCode).toBe(200);
    const img = await t.app.inject({ url: localPath(set.json().logoUrl) });
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.rawPayload.equals(jpeg)).toBe(true);
    expect(sim.refused).toBe(0);
  });
});
