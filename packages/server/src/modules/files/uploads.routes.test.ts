import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@under/core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfTemplates, uploads } from '../../db/schema/index';
import { bearer, type Caller, registerCompany } from '../../test/accounts';
import { createTestApp, localPath, PARALLEL_POOL_SIZE, signIn, type TestApp, testDatabases } from '../../test/helpers';
import { makePdf } from '../../test/pdf-fixtures';
import { SWEEP_CRON, SWEEP_QUEUE, UNATTACHED_UPLOAD_TTL_MS } from './files.service';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);

/** Every stored file (meta files and temporary files left out). */
async function storedFiles(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && !e.name.endsWith('.meta.json') && !e.parentPath.includes('.tmp'))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

/** Decision 022: an upload URL stores one file, a file has one owner, an old download URL never serves new bytes. */
describe.each(testDatabases())('single-use uploads on %s', (kind) => {
  let t: TestApp;
  let company: Caller;
  let adminToken: string;
  let otherAdminToken: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { poolSize: PARALLEL_POOL_SIZE });
    company = await registerCompany(t);
    await t.services.auth.ensureAdmin({ email: 'files-admin@under.test', password: 'Admin12345' });
    await t.services.auth.ensureAdmin({ email: 'files-admin2@under.test', password: 'Admin12345' });
    adminToken = (await signIn(t, 'admin', 'files-admin@under.test', 'Admin12345')).accessToken;
    otherAdminToken = (await signIn(t, 'admin', 'files-admin2@under.test', 'Admin12345')).accessToken;
  });
  afterAll(() => t.close());

  const filesRoot = () => path.join(t.config.dataDir, 'files');
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'GET', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), payload: payload as object });
  const put = (uploadUrl: string, payload: Buffer, contentType = 'image/png') =>
    t.app.inject({ method: 'PUT', url: localPath(uploadUrl), headers: { 'content-type': contentType }, payload });
  const logoUpload = async () => (await send('POST', '/api/companies/gen-upload-logo-url', company.token)).json();
  const pdfUpload = async (token = adminToken) =>
    (await send('POST', '/api/pdf_templates/gen_presigned_url', token, {})).json();
  async function uploadedPdf(token = adminToken, pages = 1) {
    const gen = await pdfUpload(token);
    const res = await put(gen.uploadUrl, Buffer.from(await makePdf({ pages })), 'application/pdf');
    expect(res.statusCode, res.body).toBe(200);
    return gen as { uploadUrl: string; fileUrl: string };
  }
  let names = 0;
  async function template(fileUrl: string) {
    const res = await send('POST', '/api/pdf_templates', adminToken, { name: `Files ${kind} ${++names}`, fileUrl });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { templateId: string; fileUrl: string; downloadUrl: string };
  }

  it('five parallel PUTs to one URL: exactly one stores the file, the others are refused', async () => {
    const gen = await logoUpload();
    const bodies = [PNG, JPEG, PNG, JPEG, PNG];
    const results = await Promise.all(bodies.map((b, i) => put(gen.uploadUrl, b, i % 2 ? 'image/jpeg' : 'image/png')));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(MESSAGES.urlExpired);
    // the bytes stored are those of the one PUT that won, and they do not change afterwards
    const winner = bodies[results.findIndex((r) => r.statusCode === 200)] as Buffer;
    const set = await send('PUT', `/api/companies-logo/${company.companyId}`, company.token, { fileUrl: gen.fileUrl });
    expect(set.statusCode).toBe(200);
    const img = await t.app.inject({ url: localPath(set.json().logoUrl) });
    expect(img.rawPayload.equals(winner)).toBe(true);
  });

  it('a used upload URL stays used after its file is deleted (replaced logo)', async () => {
    const first = await logoUpload();
    expect((await put(first.uploadUrl, PNG)).statusCode).toBe(200);
    await send('PUT', `/api/companies-logo/${company.companyId}`, company.token, { fileUrl: first.fileUrl });
    const second = await logoUpload();
    expect((await put(second.uploadUrl, JPEG, 'image/jpeg')).statusCode).toBe(200);
    await send('PUT', `/api/companies-logo/${company.companyId}`, company.token, { fileUrl: second.fileUrl });
    expect(await storedFiles(filesRoot())).not.toContain(first.fileUrl);

    const again = await put(first.uploadUrl, PNG);
    expect(again.statusCode).toBe(409);
    expect(await storedFiles(filesRoot())).not.toContain(first.fileUrl);
    // nor can the deleted key be attached again
    const reattach = await send('PUT', `/api/companies-logo/${company.companyId}`, company.token, {
      fileUrl: first.fileUrl,
    });
    expect(reattach.statusCode).toBe(400);
  });

  it('an old logo URL answers 404 after the logo is replaced, never the new bytes', async () => {
    const first = await logoUpload();
    await put(first.uploadUrl, PNG);
    const oldUrl = (
      await send('PUT', `/api/companies-logo/${company.companyId}`, company.token, { fileUrl: first.fileUrl })
    ).json().logoUrl;
    expect((await t.app.inject({ url: localPath(oldUrl) })).rawPayload.equals(PNG)).toBe(true);
    const second = await logoUpload();
    await put(second.uploadUrl, JPEG, 'image/jpeg');
    const newUrl = (
      await send('PUT', `/api/companies-logo/${company.companyId}`, company.token, { fileUrl: second.fileUrl })
    ).json().logoUrl;
    // the old upload URL cannot put new bytes behind the old key either
    expect((await put(first.uploadUrl, JPEG, 'image/jpeg')).statusCode).toBe(409);
    const old = await t.app.inject({ url: localPath(oldUrl) });
    expect(old.statusCode).toBe(404);
    expect(old.rawPayload.includes(JPEG)).toBe(false);
    expect((await t.app.inject({ url: localPath(newUrl) })).rawPayload.equals(JPEG)).toBe(true);
  });

  it('two templates cannot share one file, on create or on replace', async () => {
    const shared = await uploadedPdf();
    const first = await template(shared.fileUrl);
    const second = await send('POST', '/api/pdf_templates', adminToken, {
      name: `Files ${kind} dup`,
      fileUrl: shared.fileUrl,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'file/in-use', message: MESSAGES.fileInUse });
    const other = await template((await uploadedPdf()).fileUrl);
    const replace = await send('PATCH', `/api/pdf_templates/${other.templateId}/replace-pdf-file`, adminToken, {
      fileUrl: shared.fileUrl,
    });
    expect(replace.statusCode).toBe(409);
    // the refused attempts changed nothing: each template still has its own file
    expect((await send('GET', `/api/pdf_templates/${other.templateId}`, adminToken)).json().fileUrl).toBe(
      other.fileUrl,
    );
    expect((await t.app.inject({ url: localPath(first.downloadUrl) })).statusCode).toBe(200);
  });

  it('two creates racing with one upload: one template, one 409', async () => {
    const up = await uploadedPdf();
    const results = await Promise.all(
      [1, 2].map((i) =>
        send('POST', '/api/pdf_templates', adminToken, { name: `Files ${kind} race ${i}`, fileUrl: up.fileUrl }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const owners = await t.database.db.select().from(pdfTemplates).where(eq(pdfTemplates.fileKey, up.fileUrl));
    expect(owners).toHaveLength(1);
  });

  it('replacing one template never deletes a file another template still points at', async () => {
    const a = await template((await uploadedPdf()).fileUrl);
    const b = await template((await uploadedPdf()).fileUrl);
    // a share left by the old code (before uploads had one owner): b points at a's file
    await t.database.db.update(pdfTemplates).set({ fileKey: a.fileUrl }).where(eq(pdfTemplates.id, b.templateId));
    const next = await uploadedPdf(adminToken, 2);
    const replaced = await send('PATCH', `/api/pdf_templates/${b.templateId}/replace-pdf-file`, adminToken, {
      fileUrl: next.fileUrl,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await storedFiles(filesRoot())).toContain(a.fileUrl);
    const aNow = (await send('GET', `/api/pdf_templates/${a.templateId}`, adminToken)).json();
    expect((await t.app.inject({ url: localPath(aNow.downloadUrl) })).statusCode).toBe(200);
  });

  it('an old template download URL answers 404 after a replace, never the new bytes', async () => {
    const before = await template((await uploadedPdf()).fileUrl);
    const oldBytes = (await t.app.inject({ url: localPath(before.downloadUrl) })).rawPayload;
    expect(oldBytes.subarray(0, 5).toString()).toBe('%PDF-');
    const next = await uploadedPdf(adminToken, 3);
    const res = await send('PATCH', `/api/pdf_templates/${before.templateId}/replace-pdf-file`, adminToken, {
      fileUrl: next.fileUrl,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().template.fileUrl).not.toBe(before.fileUrl);
    expect((await t.app.inject({ url: localPath(before.downloadUrl) })).statusCode).toBe(404);
    expect(await storedFiles(filesRoot())).not.toContain(before.fileUrl);
    const current = await t.app.inject({ url: localPath(res.json().template.downloadUrl) });
    expect(current.statusCode).toBe(200);
  });

  it('an upload issued to someone else, or for something else, cannot be attached', async () => {
    const theirs = await uploadedPdf(otherAdminToken);
    const res = await send('POST', '/api/pdf_templates', adminToken, {
      name: `Files ${kind} theirs`,
      fileUrl: theirs.fileUrl,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'file/not-yours', message: MESSAGES.pdfFileUrlInvalid });
    // the refused attempt did not discard the other admin's upload
    expect(await storedFiles(filesRoot())).toContain(theirs.fileUrl);

    const logo = await logoUpload();
    await put(logo.uploadUrl, PNG);
    const asTemplate = await send('POST', '/api/pdf_templates', adminToken, {
      name: `Files ${kind} logo`,
      fileUrl: logo.fileUrl,
    });
    expect(asTemplate.statusCode).toBe(400);
    const pdf = await uploadedPdf();
    const asLogo = await send('PUT', `/api/companies-logo/${company.companyId}`, company.token, {
      fileUrl: pdf.fileUrl,
    });
    expect(asLogo.statusCode).toBe(400);
    expect(asLogo.json().message).toBe(MESSAGES.fileUrlInvalid);
  });

  it('a cloned template gets its own file: replacing the clone keeps the original', async () => {
    const original = await template((await uploadedPdf()).fileUrl);
    const clone = await send('POST', `/api/templates/${original.templateId}/clone`, adminToken, {
      isCloneCcMapper: false,
    });
    expect(clone.statusCode, clone.body).toBe(201);
    expect(clone.json().fileUrl).not.toBe(original.fileUrl);
    const next = await uploadedPdf();
    await send('PATCH', `/api/pdf_templates/${clone.json().templateId}/replace-pdf-file`, adminToken, {
      fileUrl: next.fileUrl,
    });
    expect((await t.app.inject({ url: localPath(original.downloadUrl) })).statusCode).toBe(200);
  });

  it('the sweep removes uploads never attached after 24 hours, file and row, and nothing else', async () => {
    const attached = await logoUpload();
    await put(attached.uploadUrl, PNG);
    const set = await send('PUT', `/api/companies-logo/${company.companyId}`, company.token, {
      fileUrl: attached.fileUrl,
    });
    const stale = await logoUpload();
    await put(stale.uploadUrl, PNG);
    const neverPut = await logoUpload();

    // 23 hours later, a fresh upload (issued by the service: the test's session would have expired)
    t.clock.offsetMs = 23 * 60 * 60_000;
    const fresh = await t.services.files.issueUpload({
      purpose: 'company-logo',
      caller: { userId: company.userId, companyId: company.companyId },
    });
    expect((await put(fresh.uploadUrl, JPEG, 'image/jpeg')).statusCode).toBe(200);

    t.clock.offsetMs = UNATTACHED_UPLOAD_TTL_MS + 60_000;
    const result = await t.services.files.sweep();
    t.clock.offsetMs = 0;
    expect(result.deleted).toBeGreaterThanOrEqual(2);
    const files = await storedFiles(filesRoot());
    expect(files).not.toContain(stale.fileUrl);
    expect(files).toContain(attached.fileUrl);
    expect(files).toContain(fresh.fileUrl);
    const rowOf = async (key: string) =>
      (await t.database.db.select().from(uploads).where(eq(uploads.storageKey, key)))[0];
    expect(await rowOf(stale.fileUrl)).toBeUndefined();
    expect(await rowOf(neverPut.fileUrl)).toBeUndefined();
    expect((await rowOf(attached.fileUrl))?.status).toBe('attached');
    expect((await rowOf(fresh.fileUrl))?.status).toBe('uploaded');
    // the swept upload can no longer be attached; the attached logo still downloads
    const late = await send('PUT', `/api/companies-logo/${company.companyId}`, company.token, {
      fileUrl: stale.fileUrl,
    });
    expect(late.statusCode).toBe(400);
    expect((await t.app.inject({ url: localPath(set.json().logoUrl) })).statusCode).toBe(200);
  });

  it('the sweep is scheduled in the job queue, and a queued sweep removes a stale upload', async () => {
    const stale = await logoUpload();
    await put(stale.uploadUrl, PNG);
    const boss = await t.jobs.start();
    expect((await boss.getSchedules()).map((x) => [x.name, x.cron])).toContainEqual([SWEEP_QUEUE, SWEEP_CRON]);
    t.clock.offsetMs = UNATTACHED_UPLOAD_TTL_MS + 60_000;
    try {
      await t.jobs.send(SWEEP_QUEUE, {});
      // the row goes last, after the file
      const rowOf = async () =>
        (await t.database.db.select().from(uploads).where(eq(uploads.storageKey, stale.fileUrl)))[0];
      const deadline = Date.now() + 20_000;
      while (await rowOf()) {
        if (Date.now() > deadline) throw new Error('the queued sweep did not run');
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      t.clock.offsetMs = 0;
    }
    expect(await storedFiles(filesRoot())).not.toContain(stale.fileUrl);
  });
});
