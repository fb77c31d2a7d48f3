import { signaturePng as png } from '../../../test/signing';

export { png };

import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { expect } from 'vitest';
import { applicationDocumentRuns, masterForms, pdfTemplates } from '../../../db/schema';
import { bearer, type Caller, registerCompany } from '../../../test/accounts';
import { type TestApp, uniqueAddress, uniqueEmail } from '../../../test/helpers';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';

// Test support for the generated documents (issue 13): a form on a master form with a one-page PDF template
// (the bank name mapped, the primary's signature and e-mail on the confirm page), and an application signed on it.

const EXTRA = [{ type: 'textfield', key: 'bank_name', label: 'Bank name', input: true }];
export const FULL = {
  Firstname: 'Ada',
  Lastname: 'Lovelace',
  PhoneNumber: '(555) 123-4567',
  Email: 'ada@example.com',
  CompanyName: 'Analytical Engines',
  bank_name: 'Difference Savings',
};
export const BOX = { x: 72, y: 100, width: 220, height: 18 };
export const field = (
  key: string,
  type: string,
  at: { x: number; y: number; width: number; height: number; page?: number },
  extra: Record<string, unknown> = {},
) => ({
  id: key,
  key,
  type,
  page: 1,
  ...at,
  renderOrder: 0,
  required: false,
  euPermission: 'editTableByAllOwner',
  euEncrypted: false,
  ...extra,
});

/** Company A with an active form on a master form whose template is mapped; company B to be refused. */
export async function documentsSetup(
  t: TestApp,
  opts: {
    name?: string;
    extra?: unknown[];
    mapping?: unknown[];
    confirmPage?: unknown[];
    /** A real PDF of this many US Letter pages (else blank pages made here). */
    pdf?: Uint8Array;
    pages?: number;
  } = {},
): Promise<{ a: Caller; b: Caller; formId: string }> {
  const admin = await adminToken(t);
  const masterId = await publishedMaster(t, admin, { name: opts.name ?? 'Documents Bank', extra: opts.extra ?? EXTRA });
  // the master form's PDF: one page, the bank name mapped, the primary's signature and e-mail on the confirm page
  const doc = await PDFDocument.create();
  for (let p = 0; p < (opts.pages ?? 1); p++) doc.addPage([612, 792]);
  const pdf = opts.pdf ?? (await doc.save());
  const fileKey = `templates/test/${Date.now()}.pdf`;
  await t.storage.put(fileKey, Readable.from(Buffer.from(pdf)), {
    maxBytes: 1_000_000,
    contentType: 'application/pdf',
  });
  const [template] = await t.database.db
    .insert(pdfTemplates)
    .values({
      name: `Docs template ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      fileKey,
      fileSize: pdf.byteLength,
      pages: Array.from({ length: opts.pages ?? 1 }, (_, i) => ({ page: i + 1, width: 612, height: 792, rotation: 0 })),
      mapping: (opts.mapping ?? [field('bank_name', 'text', BOX)]) as never,
      mappingFieldsVersion: 1,
      confirmPage: (opts.confirmPage as never) ?? [
        { id: 'c1', item: 'signature', owner: 'primaryApplicant', page: 1, x: 72, y: 300, width: 250, height: 60 },
        { id: 'c2', item: 'email', owner: 'primaryApplicant', page: 1, x: 72, y: 400, width: 250, height: 18 },
        // the first additional owner's boxes (printed only when the application has one)
        { id: 'c3', item: 'signature', owner: 1, page: 1, x: 330, y: 300, width: 250, height: 60 },
        { id: 'c4', item: 'email', owner: 1, page: 1, x: 330, y: 400, width: 250, height: 18 },
      ],
    })
    .returning();
  await t.database.db.update(masterForms).set({ templateId: template?.id }).where(eq(masterForms.id, masterId));
  const a = await registerCompany(t, { companyName: 'Documents A', membershipId: 'MEMBERSHIP_006' });
  const b = await registerCompany(t, { companyName: 'Documents B', membershipId: 'MEMBERSHIP_006' });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/custom_forms',
    headers: bearer(a.token),
    payload: { masterFormId: masterId, name: 'Documents form' },
  });
  const formId: string = created.json().customFormId;
  await t.app.inject({
    method: 'PATCH',
    url: `/api/custom_forms/${formId}/status`,
    headers: bearer(a.token),
    payload: { status: 'active' },
  });
  return { a, b, formId };
}

const key = (t: TestApp) => ({ 'x-api-key': t.config.secrets.publicApiKey });

/** Started, submitted and signed by its only owner: the documents' run is written. */
export async function signedApplication(t: TestApp, formId: string) {
  const email = uniqueEmail('docs');
  const draft = await t.app.inject({
    method: 'POST',
    url: '/api/public/applications/drafts',
    headers: key(t),
    payload: { customFormId: formId, email, data: {} },
    remoteAddress: uniqueAddress(),
  });
  const { applicationId, code } = draft.json();
  const submitted = await t.app.inject({
    method: 'POST',
    url: `/api/public/applications/${applicationId}/submit?code=${code}`,
    headers: key(t),
    payload: { data: FULL, revision: 1 },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  await t.app.inject({
    method: 'POST',
    url: `/api/public/applications/${applicationId}/sign-code?code=${code}`,
    headers: key(t),
  });
  await t.mailer.settle();
  const mail = [...t.mailer.sent].reverse().find((m) => m.to === email && m.subject.startsWith('Your signing code'));
  const emailCode = mail?.subject.match(/(\d{6})/)?.[1];
  const signed = await t.app.inject({
    method: 'POST',
    url: `/api/public/applications/${applicationId}/sign?code=${code}`,
    headers: key(t),
    payload: { emailCode, signature: { kind: 'drawn', image: png(600) }, confirmed: true, email },
  });
  expect(signed.statusCode, signed.body).toBe(200);
  expect(signed.json().allSigned).toBe(true);
  const [run] = await t.database.db
    .select()
    .from(applicationDocumentRuns)
    .where(eq(applicationDocumentRuns.applicationId, applicationId));
  return { applicationId: applicationId as string, email, code: code as string, runId: run?.id as string };
}
/** The run as the job leaves it: polled until done or failed (pg-boss runs it, retries included). */
export async function finishedRun(t: TestApp, runId: string) {
  for (let i = 0; i < 600; i++) {
    const [run] = await t.database.db
      .select()
      .from(applicationDocumentRuns)
      .where(eq(applicationDocumentRuns.id, runId));
    if (run && (run.status === 'done' || run.status === 'failed')) return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the documents run did not finish');
}
