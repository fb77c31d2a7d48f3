import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdfPool, type PdfPool, PdfWorkError } from '../../infra/pdf/pdf-pool';
import { createTestApp, signIn, type TestApp } from '../../test/helpers';
import { makePdf } from '../../test/pdf-fixtures';

// A failure of the PDF service itself (a child that did not start, a closed pool) says nothing about the file: the
// upload is kept, and the same upload makes a template once the service works again.
describe('PDF templates when the PDF service fails', () => {
  let t: TestApp;
  let token: string;
  const real = createPdfPool({ size: 1 });
  let isFailing = true;
  const pool: PdfPool = {
    ...real,
    inspect: (bytes) =>
      isFailing ? Promise.reject(new PdfWorkError('failed', 'PDF process did not start')) : real.inspect(bytes),
  };
  beforeAll(async () => {
    t = await createTestApp('pglite', { pdfPool: pool });
    await t.services.auth.ensureAdmin({ email: 'pdf-fail@under.test', password: 'Admin12345' });
    token = (await signIn(t, 'admin', 'pdf-fail@under.test', 'Admin12345')).accessToken;
  });
  afterAll(async () => {
    await t.close();
    await real.close();
  });

  const api = (method: 'POST' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

  it('keeps the upload when inspection fails for a reason of its own, and uses it once the service is back', async () => {
    const { uploadUrl, fileUrl } = (await api('POST', '/api/pdf_templates/gen_presigned_url', {})).json();
    const u = new URL(uploadUrl);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${u.pathname}${u.search}`,
      headers: { 'content-type': 'application/pdf' },
      payload: await makePdf({ pages: 1 }),
    });
    expect(put.statusCode).toBe(200);

    const failed = await api('POST', '/api/pdf_templates', { name: 'Kept upload', fileUrl });
    expect(failed.statusCode).toBe(500);
    expect(await t.storage.stat(fileUrl)).toBeDefined();

    isFailing = false;
    const created = await api('POST', '/api/pdf_templates', { name: 'Kept upload', fileUrl });
    expect(created.statusCode, created.body).toBe(201);
  });
});
