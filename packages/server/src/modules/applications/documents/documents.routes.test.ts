import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationDocumentRuns,
  applicationDocuments,
  applicationOwners,
  applications,
  auditEvents,
  customForms,
  masterForms,
} from '../../../db/schema';
import { bearer, type Caller, joinTeam } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress, uniqueEmail } from '../../../test/helpers';
import { hashAccessCode, newAccessCode } from '../applicant/access-codes';
import { BOX, documentsSetup, FULL, finishedRun, png, signedApplication } from './documents.fixtures';

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function textsOf(bytes: Uint8Array) {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, standardFontDataUrl }).promise;
  const out: { page: number; text: string; x: number; y: number }[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const viewport = page.getViewport({ scale: 1 });
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const [, , , , e, f] = item.transform as number[];
      const [x, y] = viewport.convertToViewportPoint(e, f);
      out.push({ page: p, text: item.str, x, y });
    }
  }
  await doc.destroy();
  return out;
}

describe.each(testDatabases())('generated documents on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let b: Caller;
  let formId: string;
  const written: string[] = [];
  let crashAfter: string | undefined;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      afterDocument: async (slot: string) => {
        written.push(slot);
        if (crashAfter === slot) {
          crashAfter = undefined;
          throw new Error('crash injected after a document');
        }
      },
    });
    ({ a, b, formId } = await documentsSetup(t));
  });
  afterAll(() => t.close());

  const key = () => ({ 'x-api-key': t.config.secrets.publicApiKey });

  const documentsOf = (applicationId: string) =>
    t.database.db.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, applicationId));
  async function bytesOf(storageKey: string) {
    const file = await t.storage.get(storageKey);
    const chunks: Buffer[] = [];
    for await (const c of file?.body ?? []) chunks.push(Buffer.from(c as Buffer));
    return new Uint8Array(Buffer.concat(chunks));
  }

  it('the filled template (values in their boxes, the signer’s e-mail) and an audit certificate, written once', async () => {
    const f = await signedApplication(t, formId);
    expect((await finishedRun(t, f.runId)).status).toBe('done');
    await t.services.documents.handleRun(f.runId); // done: nothing more
    const docs = await documentsOf(f.applicationId);
    expect(docs.map((d) => d.kind).sort()).toEqual(['additional', 'certificate', 'template']);
    const template = docs.find((d) => d.kind === 'template');
    const texts = await textsOf(await bytesOf(template?.storageKey as string));
    const bank = texts.find((x) => x.text.includes('Difference Savings'));
    expect(bank).toBeDefined();
    // inside its box (top-left origin, baseline within the box's height)
    expect(bank?.x).toBeGreaterThanOrEqual(BOX.x - 1);
    expect(bank?.x).toBeLessThan(BOX.x + BOX.width);
    expect(bank?.y).toBeGreaterThan(BOX.y);
    expect(bank?.y).toBeLessThanOrEqual(BOX.y + BOX.height + 1);
    expect(texts.some((x) => x.text.includes(f.email))).toBe(true);
    const certificate = await textsOf(await bytesOf(docs.find((d) => d.kind === 'certificate')?.storageKey as string));
    const all = certificate.map((x) => x.text).join(' ');
    expect(all).toContain('Audit certificate');
    expect(all).toContain(f.email);
    expect(all).toContain(template?.sha256.slice(0, 16) as string);
    const [run] = await t.database.db
      .select()
      .from(applicationDocumentRuns)
      .where(eq(applicationDocumentRuns.id, f.runId));
    expect(run?.status).toBe('done');
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, f.applicationId), eq(auditEvents.action, 'application.document-generate')));
    expect(events).toHaveLength(3);
    // sealed: the verify API says we issued it, for which application, and that it is unchanged
    const sealed = Buffer.from(await bytesOf(template?.storageKey as string));
    const verify = (
      payload: Buffer,
      headers: Record<string, string> = { ...key(), 'content-type': 'application/pdf' },
    ) => t.app.inject({ method: 'POST', url: '/api/public/verify', headers, payload });
    const ok = await verify(sealed);
    expect(ok.statusCode, ok.body).toBe(200);
    const [app] = await t.database.db.select().from(applications).where(eq(applications.id, f.applicationId));
    expect(ok.json()).toMatchObject({
      issued: true,
      intact: true,
      applicationId: f.applicationId,
      applicationNumber: app?.number,
      documentName: template?.name,
      reason: null,
    });
    const changed = Buffer.from(sealed);
    const at = changed.indexOf('Difference Savings') > 0 ? changed.indexOf('/Type /Catalog') + 3 : 100;
    changed[at] = (changed[at] as number) ^ 0x01;
    expect((await verify(changed)).json()).toMatchObject({ intact: false });
    const notPdf = await verify(Buffer.from('\x89PNG not a pdf'), { ...key(), 'content-type': 'image/png' });
    expect(notPdf.statusCode).toBe(400);
    expect((await verify(sealed, { 'content-type': 'application/pdf' })).statusCode).toBe(401);
    // the institution lists them; another company cannot
    const list = await t.app.inject({
      url: `/api/applications/${f.applicationId}/documents`,
      headers: bearer(a.token),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 3, generation: { state: 'done', generation: 1 } });
    const other = await t.app.inject({
      url: `/api/applications/${f.applicationId}/documents`,
      headers: bearer(b.token),
    });
    expect(other.statusCode).toBe(404);
  });

  it('the Agreements list: the company’s sealed documents across applications, searchable; never another company’s', async () => {
    const f = await signedApplication(t, formId);
    expect((await finishedRun(t, f.runId)).status).toBe('done');
    const agreements = async (caller: Caller, q = '') =>
      (await t.app.inject({ url: `/api/agreements${q}`, headers: bearer(caller.token) })).json();
    const mine = await agreements(a);
    const ofF = mine.items.filter((d: { applicationId: string }) => d.applicationId === f.applicationId);
    expect(ofF.map((d: { kind: string }) => d.kind).sort()).toEqual(['additional', 'certificate', 'template']);
    expect(ofF[0]).toMatchObject({ formName: 'Documents form', sealed: true, applicationNumber: expect.any(Number) });
    const number = ofF[0].applicationNumber as number;
    // searched by the applicant company or the document's name (3 to 50 characters)
    const byCompany = await agreements(a, '?q=analytical');
    expect(byCompany.items.map((d: { applicationId: string }) => d.applicationId)).toContain(f.applicationId);
    expect(
      byCompany.items.every((d: { applicantCompanyName: string }) => /analytical/i.test(d.applicantCompanyName)),
    ).toBe(true);
    // by its number, through the document's name ("Application 7 – …"; a number of 3+ digits also matches exactly)
    const found = await agreements(a, `?q=${encodeURIComponent(`Application ${number} –`)}`);
    expect(found.items.map((d: { applicationId: string }) => d.applicationId)).toContain(f.applicationId);
    expect(found.items.every((d: { applicationNumber: number }) => d.applicationNumber === number)).toBe(true);
    expect(
      (await agreements(a, '?q=audit%20certificate')).items.every((d: { kind: string }) => d.kind === 'certificate'),
    ).toBe(true);
    expect((await agreements(a, '?q=audit%20certificate')).total).toBeGreaterThan(0);
    expect((await agreements(a, '?q=zzzz-nothing')).total).toBe(0);
    // deleted documents leave the list
    const certificate = ofF.find((d: { kind: string }) => d.kind === 'certificate');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/applications/${f.applicationId}/documents/${certificate.documentId}`,
      headers: bearer(a.token),
    });
    expect(del.statusCode, del.body).toBe(204);
    expect(
      (await agreements(a)).items.some((d: { documentId: string }) => d.documentId === certificate.documentId),
    ).toBe(false);
    // company B sees none of A's; a STANDARD member of A without the form sees none either
    expect(JSON.stringify(await agreements(b))).not.toContain(f.applicationId);
    const member = await joinTeam(t, a);
    expect((await agreements(member)).total).toBe(0);
    // granted the form's master form, the member sees them
    const [form] = await t.database.db.select().from(customForms).where(eq(customForms.id, formId));
    const granted = await t.app.inject({
      method: 'POST',
      url: `/api/granted-master-form/${form?.masterFormId}`,
      headers: bearer(a.token),
      payload: { userIds: [member.userId] },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(JSON.stringify(await agreements(member))).toContain(f.applicationId);
    expect((await t.app.inject({ url: '/api/agreements?q=ab', headers: bearer(a.token) })).statusCode).toBe(400);
  });

  it('download URLs, the applicant’s list, the preview, the confirm page, regenerate and delete', async () => {
    const f = await signedApplication(t, formId);
    expect((await finishedRun(t, f.runId)).status).toBe('done');
    const list = (
      await t.app.inject({ url: `/api/applications/${f.applicationId}/documents`, headers: bearer(a.token) })
    ).json();
    const template = list.items.find((d: { kind: string }) => d.kind === 'template');
    const url = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${f.applicationId}/documents/${template.documentId}/download-url`,
      headers: bearer(a.token),
    });
    expect(url.statusCode, url.body).toBe(200);
    const path = new URL(url.json().url).pathname + new URL(url.json().url).search;
    const file = await t.app.inject({ url: path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment;');
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(template.sha256);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/applications/${f.applicationId}/documents/${template.documentId}/download-url`,
          headers: bearer(b.token),
        })
      ).statusCode,
    ).toBe(404);
    // the applicant's own list, with URLs
    const code = f.code;
    const mine = await t.app.inject({
      url: `/api/public/applications/${f.applicationId}/documents?code=${code}`,
      headers: key(),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().items).toHaveLength(3);
    // the preview: the filled template, marked, not sealed
    const preview = await t.app.inject({
      url: `/api/public/applications/${f.applicationId}/preview?code=${code}`,
      headers: key(),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const previewTexts = (await textsOf(new Uint8Array(preview.rawPayload))).map((x) => x.text).join(' ');
    expect(previewTexts).toContain('Preview - not signed');
    expect(previewTexts).toContain('Difference Savings');
    // the confirm page: the template's pages with the boxes named
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/applications/confirm-page/${formId}`,
      headers: bearer(a.token),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await textsOf(new Uint8Array(confirm.rawPayload))).map((x) => x.text).join(' ')).toContain('signature');
    // regenerate: generation 2, done by its job
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${f.applicationId}/documents/generate`,
      headers: bearer(a.token),
    });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().generation).toBe(2);
    const [second] = await t.database.db
      .select()
      .from(applicationDocumentRuns)
      .where(
        and(eq(applicationDocumentRuns.applicationId, f.applicationId), eq(applicationDocumentRuns.generation, 2)),
      );
    expect((await finishedRun(t, second?.id as string)).status).toBe('done');
    // delete one: gone from the list, its URL dead
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/applications/${f.applicationId}/documents/${template.documentId}`,
      headers: bearer(a.token),
    });
    expect(del.statusCode).toBe(204);
    const after = (
      await t.app.inject({ url: `/api/applications/${f.applicationId}/documents`, headers: bearer(a.token) })
    ).json();
    expect(after.total).toBe(5);
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
  });

  it('a primary and an additional owner both sign: each one’s confirm-page boxes carry their own e-mail, in place', async () => {
    const email = uniqueEmail('primary-docs');
    const ownerEmail = uniqueEmail('owner-docs');
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers: key(),
      payload: { customFormId: formId, email, data: {} },
      remoteAddress: uniqueAddress(),
    });
    const { applicationId, code } = draft.json();
    const ownerCode = newAccessCode();
    await t.database.db.insert(applicationOwners).values({
      applicationId,
      kind: 'additionalOwner',
      role: 'sharedOwnerEndUser',
      email: ownerEmail,
      name: 'Co Owner',
      position: 0,
      codeHash: hashAccessCode(t.config.secrets.codeSecret, ownerCode),
      codeExpiresAt: new Date(Date.now() + 86_400_000),
      completedAt: new Date(),
    });
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/public/applications/${applicationId}/submit?code=${code}`,
      headers: key(),
      payload: { data: FULL, revision: 1 },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    // the owner was mailed a fresh link to sign: its code replaces the one above
    await t.mailer.settle();
    const request = [...t.mailer.sent]
      .reverse()
      .find((m) => m.to === ownerEmail && m.subject.startsWith('Please sign'));
    const freshCode =
      request?.text.match(/\/application-form\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/([A-Za-z0-9_-]{40,})\//)?.[1] ?? '';
    const sign = async (who: string, linkCode: string, body: Record<string, unknown> = {}) => {
      await t.app.inject({
        method: 'POST',
        url: `/api/public/applications/${applicationId}/sign-code?code=${linkCode}`,
        headers: key(),
      });
      await t.mailer.settle();
      const mail = [...t.mailer.sent].reverse().find((m) => m.to === who && m.subject.startsWith('Your signing code'));
      return t.app.inject({
        method: 'POST',
        url: `/api/public/applications/${applicationId}/sign?code=${linkCode}`,
        headers: key(),
        payload: {
          emailCode: mail?.subject.match(/(\d{6})/)?.[1],
          signature: { kind: 'drawn', image: png(640) },
          confirmed: true,
          email: who,
          ...body,
        },
      });
    };
    expect((await sign(email, code)).json()).toMatchObject({ allSigned: false });
    const last = await sign(ownerEmail, freshCode);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ allSigned: true, signStatus: 'COMPLETED' });
    const [run] = await t.database.db
      .select()
      .from(applicationDocumentRuns)
      .where(eq(applicationDocumentRuns.applicationId, applicationId));
    expect((await finishedRun(t, run?.id as string)).status).toBe('done');
    const template = (await documentsOf(applicationId)).find((d) => d.kind === 'template');
    const texts = await textsOf(await bytesOf(template?.storageKey as string));
    const at = (text: string) => texts.find((x) => x.text.includes(text));
    const primaryBox = { x: 72, y: 400, width: 250, height: 18 };
    const ownerBox = { x: 330, y: 400, width: 250, height: 18 };
    for (const [text, box] of [
      [email, primaryBox],
      [ownerEmail, ownerBox],
      ['Difference Savings', BOX],
    ] as const) {
      const found = at(text);
      expect(found, text).toBeDefined();
      expect(found?.x).toBeGreaterThanOrEqual(box.x - 1);
      expect(found?.x).toBeLessThan(box.x + box.width);
      expect(found?.y).toBeGreaterThan(box.y);
      expect(found?.y).toBeLessThanOrEqual(box.y + box.height + 1);
    }
    // sealed: the verify API says we issued it, unchanged
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/public/verify',
      headers: { ...key(), 'content-type': 'application/pdf' },
      payload: Buffer.from(await bytesOf(template?.storageKey as string)),
    });
    expect(verified.json()).toMatchObject({ issued: true, intact: true, applicationId });
  });

  it('a run that crashes after its first document completes on retry, each document exactly once', async () => {
    const [master] = (await t.database.db.select().from(masterForms)).filter((m) => m.templateId);
    const slot = `template:${master?.templateId}`;
    written.length = 0;
    crashAfter = slot;
    const f = await signedApplication(t, formId);
    const run = await finishedRun(t, f.runId);
    expect(run.status).toBe('done');
    expect(run.attempts).toBe(2);
    const docs = await documentsOf(f.applicationId);
    expect(docs.map((d) => d.slot).sort()).toEqual(['additional', 'certificate', slot]);
    expect(written.filter((s) => s === slot)).toHaveLength(1);
    // a lost job (a restart) is found by the sweep; a done run is left alone
    await t.database.db
      .update(applicationDocumentRuns)
      .set({ status: 'queued', startedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(applicationDocumentRuns.id, f.runId));
    await t.services.documents.sweep();
    expect((await finishedRun(t, f.runId)).status).toBe('done');
    expect(await documentsOf(f.applicationId)).toHaveLength(3);
  });
});
