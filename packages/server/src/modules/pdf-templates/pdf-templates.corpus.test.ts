import { readFileSync } from 'node:fs';
import { MESSAGES } from '@under/core/messages';
import type { PdfField } from '@under/core/templates/pdf-field.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdfPool } from '../../infra/pdf/pdf-pool';
import { createTestApp, signIn, type TestApp, testDatabases } from '../../test/helpers';

// Every file of the PDF corpus (real PDFs from pdf.js's and pdf-lib's test suites, fixtures/corpus/README.md) goes
// the admin's way through the HTTP API and the real PDF pool: upload, inspection and AcroForm import (create), the
// offered starting mapping saved as it is, and the review PDF. Each file has the outcome its manifest names; no step
// ever answers 5xx, and a refusal always carries its named message.

const CORPUS = new URL('../../infra/pdf/fixtures/corpus/', import.meta.url);

interface Expected {
  class: string;
  expect: 'accepted' | 'refused';
  pages?: number;
  fields?: number;
  refusal?: string;
  message?: keyof typeof MESSAGES;
}

const manifest = JSON.parse(readFileSync(new URL('manifest.json', CORPUS), 'utf8')) as Record<string, Expected>;
const files = Object.keys(manifest);

describe.each(testDatabases())('the PDF corpus on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const pool = createPdfPool({ size: 2 });
  beforeAll(async () => {
    t = await createTestApp(kind, { pdfPool: pool });
    await t.services.auth.ensureAdmin({ email: 'corpus@under.test', password: 'Admin12345' });
    token = (await signIn(t, 'admin', 'corpus@under.test', 'Admin12345')).accessToken;
  });
  afterAll(async () => {
    await t.close();
    await pool.close();
  });

  const api = (method: 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });

  it(`${files.length} real PDFs: the expected outcome each, never a 5xx, refusals with their message`, async () => {
    expect(files.length).toBeGreaterThanOrEqual(100);
    const outcomes: string[] = [];
    const statuses: number[] = [];
    let n = 0;
    // two files at a time, one per PDF child
    const queue = [...files];
    const lane = async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) await runFile(file);
    };
    const runFile = async (file: string) => {
      const expected = manifest[file] as Expected;
      const bytes = readFileSync(new URL(file, CORPUS));
      const { uploadUrl, fileUrl } = (await api('POST', '/api/pdf_templates/gen_presigned_url', {})).json();
      const u = new URL(uploadUrl);
      const put = await t.app.inject({
        method: 'PUT',
        url: `${u.pathname}${u.search}`,
        headers: { 'content-type': 'application/pdf' },
        payload: bytes,
      });
      expect(put.statusCode, `${file}: upload`).toBe(200);
      const created = await api('POST', '/api/pdf_templates', { name: `Corpus ${++n}`, fileUrl });
      statuses.push(created.statusCode);
      if (expected.expect === 'refused') {
        const message = MESSAGES[expected.message as keyof typeof MESSAGES];
        expect({ file, status: created.statusCode, message: created.json().message }).toEqual({
          file,
          status: 422,
          message,
        });
        outcomes.push(`${file}: refused ${expected.refusal}`);
        return;
      }
      expect(created.statusCode, `${file}: ${created.body}`).toBe(201);
      const template = created.json() as { templateId: string; pages: unknown[]; acroFields: PdfField[] };
      expect({ file, pages: template.pages.length, fields: template.acroFields.length }).toEqual({
        file,
        pages: expected.pages,
        fields: expected.fields,
      });
      if (template.acroFields.length) {
        // the offered starting mapping saves as it is (replicas, groups, keys unique)
        const saved = await api('POST', `/api/pdf_templates/${template.templateId}/mapping_fields`, {
          data: template.acroFields,
        });
        statuses.push(saved.statusCode);
        expect(saved.statusCode, `${file}: mapping ${saved.body.slice(0, 500)}`).toBe(200);
      }
      const review = await api('POST', `/api/pdf_templates/${template.templateId}/review`, { values: {} });
      statuses.push(review.statusCode);
      expect(review.statusCode, `${file}: review ${review.body.slice(0, 300)}`).toBe(200);
      expect(review.rawPayload.subarray(0, 5).toString('latin1'), file).toBe('%PDF-');
      outcomes.push(`${file}: accepted`);
    };
    await Promise.all([lane(), lane()]);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(outcomes).toHaveLength(files.length);
  }, 600_000);
});
