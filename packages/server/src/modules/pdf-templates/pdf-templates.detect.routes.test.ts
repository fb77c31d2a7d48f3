import { deflateSync } from 'node:zlib';
import type { DetectedField } from '@under/core/templates/detected-field.schema';
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../db/seed';
import { createPdfPool } from '../../infra/pdf/pdf-pool';
import { makeFlatApplicationPdf } from '../../test/flat-application-pdf';
import { createTestApp, registerClient, signIn, type TestApp, testDatabases } from '../../test/helpers';

/** A page drawing two million tiny lines: pdf.js must parse all of them before the detector can look. */
async function makeHeavyPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const ops = Buffer.from('0 0 m 1 1 l S\n'.repeat(2_000_000));
  const stream = doc.context.stream(deflateSync(ops), { Filter: 'FlateDecode' });
  page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

describe.each(testDatabases())('POST /api/pdf_templates/{templateId}/detect_fields on %s', (kind) => {
  let t: TestApp;
  let token: string;
  // a pool of its own, with room for a loaded machine (8 sessions on 2 cores) to start pdf.js in a fresh child
  const pool = createPdfPool({ size: 1, timeoutMs: 60_000 });
  beforeAll(async () => {
    t = await createTestApp(kind, { pdfPool: pool });
    // the starter dictionary, as a fresh install has it: the labels bind to its entries
    await seed({ db: t.database.db, auth: t.services.auth, admin: undefined, demo: false });
    await t.services.auth.ensureAdmin({ email: 'detect-admin@under.test', password: 'Admin12345' });
    token = (await signIn(t, 'admin', 'detect-admin@under.test', 'Admin12345')).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await pool.close();
  });

  const as = (bearer: string) => (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${bearer}` }, payload: payload as object });
  const api = (method: 'GET' | 'POST', url: string, payload?: unknown) => as(token)(method, url, payload);
  let counter = 0;
  async function createTemplate(bytes: Uint8Array) {
    const presigned = await api('POST', '/api/pdf_templates/gen_presigned_url', {});
    const u = new URL(presigned.json().uploadUrl);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${u.pathname}${u.search}`,
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from(bytes),
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await api('POST', '/api/pdf_templates', {
      name: `Flat ${kind} ${++counter}`,
      fileUrl: presigned.json().fileUrl,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().templateId as string;
  }

  it('finds the printed fields of a flat application and binds them to the dictionary, saving nothing', async () => {
    const templateId = await createTemplate(await makeFlatApplicationPdf());
    const res = await api('POST', `/api/pdf_templates/${templateId}/detect_fields`);
    expect(res.statusCode, res.body).toBe(200);
    const fields = res.json().fields as DetectedField[];
    const byKey = new Map(fields.map((f) => [f.suggestedKey, f]));
    expect(fields.length).toBeGreaterThanOrEqual(38);
    // a label and a line: the box sits on the line, right of the label, in mapping coordinates (top-left origin)
    expect(byKey.get('legal_name')).toMatchObject({ page: 1, type: 'text', label: 'Legal Name' });
    const legal = byKey.get('legal_name') as DetectedField;
    expect(legal.y + legal.height).toBeCloseTo(792 - 670, 0);
    expect(legal.x).toBeGreaterThan(80);
    expect(legal.x + legal.width).toBeCloseTo(570, 0);
    // "DBA" and "Fed Tax ID" are the dictionary's entries; the EIN comb is one field and comes encrypted
    expect(byKey.get('CompanyName')?.label).toBe('DBA');
    expect(byKey.get('federal_tax_id')).toMatchObject({
      combCells: 9,
      binding: { key: 'federal_tax_id', encrypted: true, required: true, dataType: 'text' },
    });
    // owner groups: the second owner's SSN and date of birth are owner 2's entries
    expect(byKey.get('owner2_ssn')).toMatchObject({ page: 2, owner: 2, combCells: 9 });
    expect(byKey.get('owner2_dob')).toMatchObject({ page: 2, type: 'date', owner: 2 });
    expect(byKey.get('owner1_dob')?.owner).toBe(1);
    // signature, date and checkbox boxes
    expect(byKey.get('signature')).toMatchObject({ type: 'signature', page: 2 });
    expect(byKey.get('date_signed')).toMatchObject({ type: 'date', page: 2 });
    expect(byKey.get('seasonal_business')).toMatchObject({ type: 'checkbox', width: 9, height: 9 });
    // a box with its label at the top: the room under the label, tall enough for several lines
    expect(byKey.get('business_description')).toMatchObject({ multiline: true });
    // an unmatched label gets a key made from its words
    expect(byKey.get('sole_proprietorship')?.type).toBe('checkbox');
    for (const f of fields) expect(f.confidence).toBeGreaterThan(0);
    // proposals only: the template's mapping is untouched
    expect((await api('GET', `/api/pdf_templates/${templateId}`)).json().fieldCount).toBe(0);
  }, 120_000);

  it('answers 404 for a template that does not exist and 400 for an id that is no uuid', async () => {
    const missing = await api('POST', '/api/pdf_templates/00000000-0000-4000-8000-000000000000/detect_fields');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('template/not-found');
    expect((await api('POST', '/api/pdf_templates/not-a-uuid/detect_fields')).statusCode).toBe(400);
  });

  it('refuses a client user and an anonymous caller', async () => {
    const email = await registerClient(t);
    const client = (await signIn(t, 'client', email)).accessToken;
    const templateId = await createTemplate(await makeFlatApplicationPdf());
    const res = await as(client)('POST', `/api/pdf_templates/${templateId}/detect_fields`);
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/pdf_templates/${templateId}/detect_fields` });
    expect(anonymous.statusCode).toBe(401);
  }, 120_000);

  it('refuses a page that draws too much before pdf.js reads it, and keeps answering', async () => {
    const templateId = await createTemplate(await makeHeavyPdf());
    const started = Date.now();
    const res = await api('POST', `/api/pdf_templates/${templateId}/detect_fields`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('pdf/too-complex');
    expect(Date.now() - started).toBeLessThan(30_000);
    const after = await api(
      'POST',
      `/api/pdf_templates/${await createTemplate(await makeFlatApplicationPdf())}/detect_fields`,
    );
    expect(after.statusCode).toBe(200);
  }, 180_000);
});
