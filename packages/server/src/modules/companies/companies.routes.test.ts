import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Caller, joinTeam, registerCompany } from '../../test/accounts';
import { createTestApp, localPath, signIn, type TestApp, testDatabases } from '../../test/helpers';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);

/** Every file under DATA_DIR/files, temporary ones included. */
async function filesOnDisk(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe.each(testDatabases())('companies and settings on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let b: Caller;
  let standardToken: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    a = await registerCompany(t, { membershipId: 'MEMBERSHIP_002', companyName: 'Alpha Bank' });
    b = await registerCompany(t, { companyName: 'Beta Bank' });
    standardToken = (await joinTeam(t, a)).token;
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
  const send = (method: 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), payload: payload as object });
  const filesRoot = () => path.join(t.config.dataDir, 'files');
  const upload = (url: string, payload: Buffer | Readable, contentType = 'image/png') =>
    t.app.inject({ method: 'PUT', url: localPath(url), headers: { 'content-type': contentType }, payload });

  describe('company, plan and subscription', () => {
    it('GET /api/companies/{companyId} answers the own company and 404 for another', async () => {
      const own = await get(`/api/companies/${a.companyId}`, a.token);
      expect(own.json()).toMatchObject({ id: a.companyId, name: 'Alpha Bank', status: 'active', logoUrl: null });
      expect((await get(`/api/companies/${a.companyId}`, standardToken)).statusCode).toBe(200);
      const other = await get(`/api/companies/${a.companyId}`, b.token);
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('The Account is not found.');
      expect((await get(`/api/companies/${a.companyId}/membership`, b.token)).statusCode).toBe(404);
      expect((await get(`/api/subscription?companyId=${a.companyId}`, b.token)).statusCode).toBe(404);
    });

    it('memberships, membership by company, subscription and summaries', async () => {
      const list = (await get('/api/memberships', a.token)).json();
      expect(list.map((m: { id: string }) => m.id)).toEqual([
        'MEMBERSHIP_001',
        'MEMBERSHIP_002',
        'MEMBERSHIP_003',
        'MEMBERSHIP_004',
        'MEMBERSHIP_005',
        'MEMBERSHIP_006',
      ]);
      expect((await get(`/api/companies/${a.companyId}/membership`, a.token)).json()).toMatchObject({
        id: 'MEMBERSHIP_002',
        name: 'Simple',
        userQuota: 3,
      });
      const sub = (await get('/api/subscription', a.token)).json();
      // the spec's Subscription fields; the billing module adds the plan's billing (decision 032)
      expect(sub).toMatchObject({
        userQuota: 3,
        activatedUser: 2,
        formQuota: 3,
        activatedForm: 0,
        accountStatus: 'active',
        membershipId: 'MEMBERSHIP_002',
      });
      expect((await get(`/api/subscription?companyId=${a.companyId}`, a.token)).json()).toEqual(sub);
      expect((await get('/api/subscription/summary', a.token)).json()).toMatchObject({
        membership: { id: 'MEMBERSHIP_002' },
        remainingUsers: 1,
        remainingForms: 3,
      });
      const summary = (await get('/api/companies/summary', a.token)).json();
      expect(summary).toMatchObject({
        company: { name: 'Alpha Bank' },
        membership: { name: 'Simple' },
        team: { active: 2, inactive: 0, invited: 0 },
      });
      const basic = (await get('/api/companies/summary', b.token)).json();
      expect(basic).toMatchObject({ membership: { id: 'MEMBERSHIP_001' }, team: { active: 1 } });
    });
  });

  describe('whitelist domains', () => {
    it('saves a valid list, normalized, and reads it back', async () => {
      const res = await send('POST', '/api/companies/whitelist-domains', a.token, {
        domains: ['Alpha.com', 'mail.alpha.co.uk', 'alpha.com'],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ domains: ['alpha.com', 'mail.alpha.co.uk'] });
      expect((await get('/api/companies/whitelist-domains', standardToken)).json()).toEqual(res.json());
      expect((await get('/api/companies/whitelist-domains', b.token)).json()).toEqual({ domains: [] });
    });

    it('one invalid domain rejects the whole list with the spec message and changes nothing', async () => {
      const res = await send('POST', '/api/companies/whitelist-domains', a.token, {
        domains: ['good.com', 'http://bad.com', 'other.org'],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Sorry, there is at least one invalid domain in your list. Please check and try again.',
      );
      expect((await get('/api/companies/whitelist-domains', a.token)).json().domains).toEqual([
        'alpha.com',
        'mail.alpha.co.uk',
      ]);
    });

    it('a STANDARD member cannot change the list', async () => {
      const res = await send('POST', '/api/companies/whitelist-domains', standardToken, { domains: [] });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('logo', () => {
    it('uploads a PNG to the signed URL, sets it, and serves it through a signed GET URL', async () => {
      const gen = await send('POST', '/api/companies/gen-upload-logo-url', a.token, { fileName: 'logo.png' });
      expect(gen.statusCode).toBe(200);
      const { uploadUrl, fileUrl, maxBytes } = gen.json();
      expect(maxBytes).toBe(25_000_000);
      expect(uploadUrl.startsWith(`${t.config.publicUrl}/api/files?token=`)).toBe(true);
      const put = await upload(uploadUrl, PNG, 'application/octet-stream');
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ ok: true, size: PNG.length });
      // the URL uploads once
      expect((await upload(uploadUrl, PNG)).statusCode).toBe(409);

      const set = await send('PUT', `/api/companies-logo/${a.companyId}`, a.token, { fileUrl });
      expect(set.statusCode).toBe(200);
      const company = (await get(`/api/companies/${a.companyId}`, a.token)).json();
      expect(company.logoUrl).toMatch(/\/api\/files\?token=/);
      const img = await t.app.inject({ url: localPath(company.logoUrl) });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.rawPayload.equals(PNG)).toBe(true);
      // a download URL does not upload, and an upload URL does not download
      expect((await upload(company.logoUrl, PNG)).statusCode).toBe(403);
      expect((await t.app.inject({ url: localPath(uploadUrl) })).statusCode).toBe(403);

      // replacing the logo deletes the previous file
      const next = (await send('POST', '/api/companies/gen-upload-logo-url', a.token)).json();
      expect((await upload(next.uploadUrl, JPEG, 'image/jpeg')).statusCode).toBe(200);
      await send('PUT', `/api/companies-logo/${a.companyId}`, a.token, { fileUrl: next.fileUrl });
      const files = await filesOnDisk(filesRoot());
      expect(files.some((f) => f.includes(fileUrl.split('/').pop()))).toBe(false);
      expect(files.some((f) => f.includes(next.fileUrl.split('/').pop()))).toBe(true);
    });

    it.each([
      ['not an image', Buffer.from('%PDF-1.7 not an image at all'), 415, 'File Type not support'],
      ['a GIF', Buffer.from('GIF89a.....'), 415, 'File Type not support'],
      ['empty', Buffer.alloc(0), 400, 'The file is empty. Please choose an image.'],
      [
        'over 25 MB',
        Buffer.concat([PNG, Buffer.alloc(25_000_001 - PNG.length)]),
        413,
        'File size allow maximum is 25MB',
      ],
    ])('refuses a file that is %s and leaves no file behind', async (_name, payload, status, message) => {
      const before = await filesOnDisk(filesRoot());
      const gen = (await send('POST', '/api/companies/gen-upload-logo-url', a.token)).json();
      const res = await upload(gen.uploadUrl, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
      expect(await filesOnDisk(filesRoot())).toEqual(before);
      const set = await send('PUT', `/api/companies-logo/${a.companyId}`, a.token, { fileUrl: gen.fileUrl });
      expect(set.statusCode).toBe(400);
      expect(set.json().message).toBe('The file was not uploaded. Please upload it again.');
    });

    it('cuts off a streamed upload without a length at 25 MB and leaves no file behind', async () => {
      const before = await filesOnDisk(filesRoot());
      const gen = (await send('POST', '/api/companies-logo/gen', a.token)).statusCode;
      expect(gen).toBe(404);
      const url = (await send('POST', '/api/companies/gen-upload-logo-url', a.token)).json().uploadUrl;
      const chunk = Buffer.alloc(1_000_000, 1);
      let sent = 0;
      const body = new Readable({
        read() {
          if (sent === 0) this.push(PNG);
          if (sent >= 30) return this.push(null);
          sent++;
          this.push(chunk);
        },
      });
      const res = await upload(url, body);
      expect(res.statusCode).toBe(413);
      expect(await filesOnDisk(filesRoot())).toEqual(before);
    });

    it('refuses to prepare an upload for a file name that is not png, jpeg or jpg', async () => {
      const res = await send('POST', '/api/companies/gen-upload-logo-url', a.token, { fileName: 'logo.gif' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path: 'fileName', message: 'File Type not support' });
      for (const fileName of ['a.PNG', 'b.jpeg', 'c.jpg']) {
        expect((await send('POST', '/api/companies/gen-upload-logo-url', a.token, { fileName })).statusCode).toBe(200);
      }
    });

    it('refuses expired and tampered URLs', async () => {
      const gen = (await send('POST', '/api/companies/gen-upload-logo-url', a.token)).json();
      const tampered = gen.uploadUrl.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
      expect((await upload(tampered, PNG)).statusCode).toBe(403);
      t.clock.offsetMs = 16 * 60_000;
      const late = await upload(gen.uploadUrl, PNG);
      t.clock.offsetMs = 0;
      expect(late.statusCode).toBe(403);
      expect(late.json().message).toBe('The URL is expired');
    });

    it("company B gets 404 on company A's logo and cannot use A's upload", async () => {
      const genA = (await send('POST', '/api/companies/gen-upload-logo-url', a.token)).json();
      await upload(genA.uploadUrl, PNG);
      const res = await send('PUT', `/api/companies-logo/${a.companyId}`, b.token, { fileUrl: genA.fileUrl });
      expect(res.statusCode).toBe(404);
      const own = await send('PUT', `/api/companies-logo/${b.companyId}`, b.token, { fileUrl: genA.fileUrl });
      expect(own.statusCode).toBe(400);
      expect(own.json().message).toBe('This file does not belong to your company logo upload.');
      const traversal = await send('PUT', `/api/companies-logo/${b.companyId}`, b.token, {
        fileUrl: `companies/${b.companyId}/logo/../../${a.companyId}/logo/x`,
      });
      expect(traversal.statusCode).toBe(400);
    });

    it('a STANDARD member cannot change the logo; admins of the other pool are refused', async () => {
      expect((await send('POST', '/api/companies/gen-upload-logo-url', standardToken)).statusCode).toBe(403);
      expect(
        (await send('PUT', `/api/companies-logo/${a.companyId}`, standardToken, { fileUrl: 'x' })).statusCode,
      ).toBe(403);
      await t.services.auth.ensureAdmin({ email: 'root@under.test', password: 'Admin12345' });
      const admin = await signIn(t, 'admin', 'root@under.test', 'Admin12345');
      expect((await get('/api/memberships', admin.accessToken)).statusCode).toBe(200);
      expect((await get(`/api/companies/${a.companyId}`, admin.accessToken)).statusCode).toBe(403);
    });
  });
});
