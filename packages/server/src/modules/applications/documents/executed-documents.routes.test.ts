import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDocumentRuns, applicationDocuments, applicationOwners } from '../../../db/schema';
import { bearer, type Caller } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress, uniqueEmail } from '../../../test/helpers';
import { insideBox, readPdfImages, readPdfText } from '../../../test/pdf-read';
import { signaturePng } from '../../../test/signing';
import { hashAccessCode, newAccessCode } from '../applicant/access-codes';
import { documentsSetup, FULL, field, finishedRun } from './documents.fixtures';

// Issue 21 §2: the executed documents of an application two owners signed. The institution's PDF carries each
// owner's e-signature in their own boxes (owner 1 the primary, owner 2 the additional owner), owner 2's initials,
// both signing dates; the applicant's own drawing stays where they drew it; the answers read as the applicant saw
// them; the certificate shows every signer's signature; all three still verify.

const EXTRA = [
  { type: 'textfield', key: 'bank_name', label: 'Bank name', input: true },
  {
    type: 'radio',
    key: 'entity_type',
    label: 'Entity type',
    input: true,
    values: [
      { value: 'sole', label: 'Sole proprietor' },
      { value: 'llc', label: 'Limited liability company' },
    ],
  },
  {
    type: 'selectboxes',
    key: 'accepted_cards',
    label: 'Cards accepted',
    input: true,
    values: [
      { value: 'visa', label: 'Visa' },
      { value: 'mastercard', label: 'Mastercard' },
      { value: 'amex', label: 'American Express' },
    ],
  },
  { type: 'datetime', key: 'date_established', label: 'Date established', input: true },
  { type: 'currency', key: 'monthly_volume', label: 'Monthly volume', input: true },
  { type: 'textfield', key: 'federal_tax_id', label: 'Federal Tax ID', input: true, euEncrypted: true },
  { type: 'signature', key: 'applicant_signature', label: 'Your signature', input: true },
];

// A real two-page PDF with signature lines: IRS Form 1040 (2010) from pdf.js's test suite (the corpus's README
// gives its source and licence). Its "Sign Here" block on page 2: "Your signature" and "Date", then "Spouse's
// signature" and "Date", then the paid preparer's signature; the firm's name under it.
const F1040 = new Uint8Array(
  readFileSync(fileURLToPath(new URL('../../../infra/pdf/fixtures/corpus/pdfjs/prefilled_f1040.pdf', import.meta.url))),
);
const BOXES = {
  bank: { page: 2, x: 160, y: 719, width: 220, height: 12 },
  primary: { page: 2, x: 101, y: 656, width: 172, height: 22 },
  primaryDate: { page: 2, x: 279, y: 660, width: 38, height: 16 },
  second: { page: 2, x: 101, y: 684, width: 172, height: 20 },
  secondDate: { page: 2, x: 279, y: 686, width: 38, height: 16 },
  drawn: { page: 2, x: 216, y: 706, width: 100, height: 13 },
  secondInitials: { page: 2, x: 500, y: 766, width: 80, height: 16 },
};

const MAPPING = [
  field('bank_name', 'text', BOXES.bank),
  // the starter dictionary's signature and date signed: no owner named, the primary's
  field('signature', 'signature', BOXES.primary),
  field('date_signed', 'date', BOXES.primaryDate),
  field('applicant_signature', 'signature', BOXES.drawn, {
    bindingField: { key: 'applicant_signature', type: 'signature' },
  }),
  // owner 2's signature, the date beside it (named for no one: it takes the signature's owner) and initials
  field('owner2_signature', 'signature', BOXES.second),
  field('date_2', 'date', BOXES.secondDate),
  field('owner2_initials', 'signature', BOXES.secondInitials),
];

// 4:1 the primary, 6:1 owner 2, 5:1 owner 2's initials, 2:1 the applicant's drawing in the form
const PRIMARY_SIGNATURE = signaturePng(600, 150);
const SECOND_SIGNATURE = signaturePng(900, 150);
const SECOND_INITIALS = signaturePng(500, 100);
const DRAWN = signaturePng(800, 400);

describe.each(testDatabases())('executed documents of two owners on %s', (kind) => {
  let t: TestApp;
  let formId: string;
  let a: Caller;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ formId, a } = await documentsSetup(t, {
      name: 'Executed Bank',
      extra: EXTRA,
      mapping: MAPPING,
      confirmPage: [],
      pdf: F1040,
      pages: 2,
    }));
  });
  afterAll(() => t.close());

  const key = () => ({ 'x-api-key': t.config.secrets.publicApiKey });
  async function bytesOf(storageKey: string) {
    const file = await t.storage.get(storageKey);
    const chunks: Buffer[] = [];
    for await (const c of file?.body ?? []) chunks.push(Buffer.from(c as Buffer));
    return new Uint8Array(Buffer.concat(chunks));
  }

  it('the confirm-page preview names whose each mapped signature, initials and date box is', async () => {
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/applications/confirm-page/${formId}`,
      headers: bearer(a.token),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { texts } = await readPdfText(new Uint8Array(confirm.rawPayload));
    const inBox = (b: { page?: number; x: number; y: number; width: number; height: number }) =>
      texts
        .filter(
          (x) =>
            x.page === (b.page ?? 1) && x.x >= b.x - 1 && x.x < b.x + b.width && x.y > b.y && x.y <= b.y + b.height + 1,
        )
        .map((x) => x.text)
        .join(' ');
    expect(inBox(BOXES.primary)).toContain('[signature – owner 1, primary applicant]');
    expect(inBox(BOXES.second)).toContain('[signature – owner 2]');
    expect(inBox(BOXES.secondDate)).toContain('owner 2');
    expect(inBox(BOXES.secondInitials)).toContain('owner 2');
  });

  it('each owner’s signature in their boxes, owner 2’s initials, both signing dates; answers as seen; a signature per signer on the certificate; all verify', async () => {
    const email = uniqueEmail('executed-primary');
    const ownerEmail = uniqueEmail('executed-owner');
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers: key(),
      payload: { customFormId: formId, email, data: {} },
      remoteAddress: uniqueAddress(),
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const { applicationId, code } = draft.json();
    await t.database.db.insert(applicationOwners).values({
      applicationId,
      kind: 'additionalOwner',
      role: 'sharedOwnerEndUser',
      email: ownerEmail,
      name: 'Grace Hopper',
      position: 0,
      codeHash: hashAccessCode(t.config.secrets.codeSecret, newAccessCode()),
      codeExpiresAt: new Date(Date.now() + 86_400_000),
      completedAt: new Date(),
    });
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/public/applications/${applicationId}/submit?code=${code}`,
      headers: key(),
      payload: {
        revision: 1,
        data: {
          ...FULL,
          entity_type: 'llc',
          accepted_cards: { visa: true, mastercard: true, amex: false },
          date_established: '2019-03-07',
          monthly_volume: 125000.5,
          federal_tax_id: '123456789',
          applicant_signature: DRAWN,
        },
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await t.mailer.settle();
    const request = [...t.mailer.sent]
      .reverse()
      .find((m) => m.to === ownerEmail && m.subject.startsWith('Please sign'));
    const ownerCode =
      request?.text.match(/\/application-form\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/([A-Za-z0-9_-]{40,})\//)?.[1] ?? '';
    expect(ownerCode).not.toBe('');

    const sign = async (who: string, linkCode: string, body: Record<string, unknown>) => {
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/public/applications/${applicationId}/sign-code?code=${linkCode}`,
        headers: key(),
      });
      expect(asked.statusCode, asked.body).toBe(202);
      await t.mailer.settle();
      const mail = [...t.mailer.sent].reverse().find((m) => m.to === who && m.subject.startsWith('Your signing code'));
      return t.app.inject({
        method: 'POST',
        url: `/api/public/applications/${applicationId}/sign?code=${linkCode}`,
        headers: key(),
        payload: { emailCode: mail?.subject.match(/(\d{6})/)?.[1], confirmed: true, email: who, ...body },
      });
    };
    const first = await sign(email, code, { signature: { kind: 'drawn', image: PRIMARY_SIGNATURE } });
    expect(first.statusCode, first.body).toBe(200);
    // the mapping has initials boxes of owner 2: their signing asks for initials
    const noInitials = await sign(ownerEmail, ownerCode, { signature: { kind: 'drawn', image: SECOND_SIGNATURE } });
    expect(noInitials.statusCode, noInitials.body).toBe(400);
    expect(noInitials.json()).toMatchObject({ code: 'sign/items-invalid', errors: [{ path: 'initials' }] });
    const last = await sign(ownerEmail, ownerCode, {
      signature: { kind: 'drawn', image: SECOND_SIGNATURE },
      initials: { kind: 'drawn', image: SECOND_INITIALS },
    });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ allSigned: true, signStatus: 'COMPLETED' });

    const [run] = await t.database.db
      .select()
      .from(applicationDocumentRuns)
      .where(eq(applicationDocumentRuns.applicationId, applicationId));
    expect((await finishedRun(t, run?.id as string)).status).toBe('done');
    const docs = await t.database.db
      .select()
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, applicationId));
    const bytes = async (k: string) => bytesOf(docs.find((d) => d.kind === k)?.storageKey as string);

    // the institution's PDF: every signature box its owner's image, inside the box
    const template = await bytes('template');
    const images = await readPdfImages(template);
    const ratioIn = (b: { page?: number; x: number; y: number; width: number; height: number }) => {
      const found = images.filter((i) => i.page === (b.page ?? 1) && insideBox(i, b));
      expect(found, JSON.stringify(b)).toHaveLength(1);
      return Math.round(((found[0]?.width ?? 0) / (found[0]?.height ?? 1)) * 10) / 10;
    };
    expect(ratioIn(BOXES.primary)).toBe(4);
    expect(ratioIn(BOXES.second)).toBe(6);
    expect(ratioIn(BOXES.secondInitials)).toBe(5);
    expect(ratioIn(BOXES.drawn)).toBe(2);
    // the signing dates in the template's date format (MM/dd/yyyy), the day each owner signed
    const today = new Date();
    const mmddyyyy = `${String(today.getUTCMonth() + 1).padStart(2, '0')}/${String(today.getUTCDate()).padStart(2, '0')}/${today.getUTCFullYear()}`;
    const { texts } = await readPdfText(template);
    const textIn = (b: { page?: number; x: number; y: number; width: number; height: number }) =>
      texts
        .filter(
          (x) =>
            x.page === (b.page ?? 1) && x.x >= b.x - 1 && x.x < b.x + b.width && x.y > b.y && x.y <= b.y + b.height + 1,
        )
        .map((x) => x.text)
        .join(' ');
    expect(textIn(BOXES.primaryDate)).toBe(mmddyyyy);
    expect(textIn(BOXES.secondDate)).toBe(mmddyyyy);
    expect(textIn(BOXES.bank)).toBe('Difference Savings');

    // the answers as the applicant saw them
    const answers = await bytes('additional');
    const answerText = (await readPdfText(answers)).texts.map((x) => x.text).join('\n');
    expect(answerText).toContain('Entity type: Limited liability company');
    expect(answerText).toContain('Cards accepted: Visa, Mastercard');
    expect(answerText).toContain('Date established: Mar/07/2019');
    expect(answerText).toContain('Monthly volume: $125,000.50');
    expect(answerText).toContain('Federal Tax ID: *******89');
    expect(answerText).not.toContain('123456789');
    expect(answerText).not.toContain('[signature or image]');
    expect(answerText).not.toMatch(/\{"|\d{4}-\d{2}-\d{2}T\d{2}:/);
    expect(answerText).toMatch(/submitted [A-Z][a-z]{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC/);
    // the applicant's drawn signature, as an image under its label
    expect(await readPdfImages(answers)).toHaveLength(1);

    // the certificate: each signer's signature beside their record (and owner 2's initials)
    const certificate = await bytes('certificate');
    const certImages = await readPdfImages(certificate);
    expect(certImages).toHaveLength(3);
    const certTexts = (await readPdfText(certificate)).texts;
    const at = (needle: string) => certTexts.find((x) => x.text.includes(needle));
    const primaryRecord = at(email);
    const ownerRecord = at(ownerEmail);
    expect(primaryRecord).toBeDefined();
    expect(ownerRecord).toBeDefined();
    // the primary's image lies between the primary's record and owner 2's; owner 2's two after theirs
    const between = certImages.filter(
      (i) => i.page === primaryRecord?.page && i.y > (primaryRecord?.y ?? 0) && i.y < (ownerRecord?.y ?? 0),
    );
    expect(between).toHaveLength(1);

    // all three sealed documents still verify
    expect(docs.map((d) => d.kind).sort()).toEqual(['additional', 'certificate', 'template']);
    for (const doc of docs) {
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/public/verify',
        headers: { ...key(), 'content-type': 'application/pdf' },
        payload: Buffer.from(await bytesOf(doc.storageKey)),
      });
      expect(verified.json(), doc.kind).toMatchObject({ issued: true, intact: true, applicationId });
    }
    // two signatures, a run of three documents and three verifications: minutes on a loaded 2-core machine
  }, 120_000);
});
