import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@under/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp, testDatabases } from '../../test/helpers';
import {
  ALL_TYPES,
  MALFORMED_PDFS,
  makeAcroFormPdf,
  makeBombPdf,
  makeEncryptedPdf,
  makePdf,
  makeTruncatedPdf,
  makeZeroPng,
  PNG_BYTES,
} from '../../test/pdf-fixtures';
import { readPdfText } from '../../test/pdf-read';
import { canRender, renderPage } from '../../test/pdf-render';

// a real 1x1 PNG (red pixel)
const PNG_SIGNATURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

async function filesOnDisk(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe.each(testDatabases())('PDF templates on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.services.auth.ensureAdmin({ email: 'pdf-admin@under.test', password: 'Admin12345' });
    token = (await signIn(t, 'admin', 'pdf-admin@under.test', 'Admin12345')).accessToken;
  });
  afterAll(() => t.close());

  const auth = () => ({ authorization: `Bearer ${token}` });
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: auth(), payload: payload as object });
  const filesRoot = () => path.join(t.config.dataDir, 'files');

  async function uploadUrl() {
    const res = await api('POST', '/api/pdf_templates/gen_presigned_url', {});
    expect(res.statusCode).toBe(200);
    return res.json() as { uploadUrl: string; fileUrl: string; maxBytes: number; maxPages: number };
  }
  async function upload(bytes: Buffer) {
    const { uploadUrl: url, fileUrl } = await uploadUrl();
    const u = new URL(url);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${u.pathname}${u.search}`,
      headers: { 'content-type': 'application/pdf' },
      payload: bytes,
    });
    return { res, fileUrl };
  }
  let counter = 0;
  async function createTemplate(bytes: Buffer, name = `Bank ${kind} ${++counter}`) {
    const { res, fileUrl } = await upload(bytes);
    expect(res.statusCode, res.body).toBe(200);
    return api('POST', '/api/pdf_templates', { name, fileUrl });
  }

  it('uploads a PDF through a signed URL and creates a template with its pages', async () => {
    const res = await createTemplate(await makePdf({ pages: 3, rotate: { 2: 90 } }), 'Alpha Bank application');
    expect(res.statusCode, res.body).toBe(201);
    const tpl = res.json();
    expect(tpl).toMatchObject({ name: 'Alpha Bank application', status: 'active', pageCount: 3, fieldCount: 0 });
    expect(tpl.pages[1]).toEqual({ page: 2, width: 792, height: 612, rotation: 90 });
    const detail = await api('GET', `/api/pdf_templates/${tpl.templateId}`);
    expect(detail.json()).toMatchObject({ templateId: tpl.templateId, pages: tpl.pages });
    // the viewer's signed download URL serves the file
    const u = new URL(detail.json().downloadUrl);
    const file = await t.app.inject({ url: `${u.pathname}${u.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps names unique, whatever their case', async () => {
    await createTemplate(await makePdf({ pages: 1 }), 'Unique Name');
    const check = await api('POST', '/api/create_form_check/name', { value: 'unique name' });
    expect(check.statusCode).toBe(409);
    expect(check.json().message).toBe(MESSAGES.templateNameUsed);
    expect((await api('POST', '/api/create_form_check/name', { value: 'Free name' })).json()).toEqual({
      available: true,
    });
    const again = await createTemplate(await makePdf({ pages: 1 }), 'UNIQUE NAME');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.templateNameUsed);
  });

  it('lists templates with search and pages', async () => {
    await createTemplate(await makePdf({ pages: 1 }), 'Zeta Credit Union');
    const all = (await api('GET', '/api/pdf_templates?pageSize=2')).json();
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const found = (await api('GET', '/api/pdf_templates?q=zeta')).json();
    expect(found.items.map((i: { name: string }) => i.name)).toEqual(['Zeta Credit Union']);
    expect((await api('GET', '/api/pdf_templates?q=100%25')).json().items).toEqual([]);
  });

  it('offers the AcroForm fields of the PDF as a starting mapping', async () => {
    const res = await createTemplate(await makeAcroFormPdf());
    expect(res.statusCode).toBe(201);
    const keys = res.json().acroFields.map((f: { key: string }) => f.key);
    expect(keys).toEqual(['Business_Name', 'agree', 'entity_type', 'entity_type', 'owner_name']);
    // the offer is a valid mapping as it is
    const saved = await api('POST', `/api/pdf_templates/${res.json().templateId}/mapping_fields`, {
      data: res.json().acroFields,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  describe('bad uploads are refused with a clear message and leave nothing behind', () => {
    it('not a PDF, or a PNG renamed .pdf: refused while streaming', async () => {
      const before = await filesOnDisk(filesRoot());
      for (const bytes of [Buffer.from('hello, this is text, not a PDF at all'), PNG_BYTES]) {
        const { res } = await upload(bytes);
        expect(res.statusCode).toBe(415);
        expect(res.json().message).toBe(MESSAGES.fileTypeNotSupported);
      }
      expect(await filesOnDisk(filesRoot())).toEqual(before);
    });

    it('26 MB: refused while streaming', async () => {
      const before = await filesOnDisk(filesRoot());
      const big = Buffer.concat([await makePdf({ pages: 1 }), Buffer.alloc(26_000_000, 32)]);
      const { res } = await upload(big);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(MESSAGES.fileTooLarge);
      expect(await filesOnDisk(filesRoot())).toEqual(before);
    });

    it.each([
      ['51 pages', () => makePdf({ pages: 51 }), MESSAGES.pdfTooManyPages],
      ['encrypted', makeEncryptedPdf, MESSAGES.pdfEncrypted],
      ['truncated', makeTruncatedPdf, MESSAGES.pdfDamaged],
      ['a decompression bomb', makeBombPdf, MESSAGES.pdfTooComplex],
      ['a decompression bomb in an object stream', () => makeBombPdf({ inObjectStream: true }), MESSAGES.pdfTooComplex],
      [
        'a bomb under two FlateDecode layers (1.6 KB to 256 MiB)',
        () => makeBombPdf({ layers: 2 }),
        MESSAGES.pdfTooComplex,
      ],
      [
        'a bomb under three FlateDecode layers (1 GiB)',
        () => makeBombPdf({ layers: 3, mib: 1024 }),
        MESSAGES.pdfTooComplex,
      ],
      [
        'an object stream under two FlateDecode layers',
        () => makeBombPdf({ layers: 2, inObjectStream: true }),
        MESSAGES.pdfTooComplex,
      ],
      // the catalog and page tree broken in one way each (a /Parent loop was refused before)
      ...Object.entries(MALFORMED_PDFS)
        .filter(([name]) => name !== 'a /Parent loop')
        .map(([name, make]) => [name, async () => make(), MESSAGES.pdfDamaged] as const),
    ] as const)('%s: refused at creation, the upload deleted', async (_name, make, message) => {
      const before = await filesOnDisk(filesRoot());
      const started = Date.now();
      const res = await createTemplate(await make());
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(message);
      expect(await filesOnDisk(filesRoot())).toEqual(before);
    });
  });

  describe('mapping and review', () => {
    let templateId: string;
    beforeAll(async () => {
      templateId = (await createTemplate(await makePdf({ pages: 2, rotate: { 2: 90 } }), 'Mapped template')).json()
        .templateId;
    });

    it('refuses an empty mapping with the spec text', async () => {
      const res = await api('POST', `/api/pdf_templates/${templateId}/mapping_fields`, { data: [] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.mappingEmpty);
    });

    it('refuses fields outside their page, duplicate keys and type mismatches, by path', async () => {
      const res = await api('POST', `/api/pdf_templates/${templateId}/mapping_fields`, {
        data: [
          { id: 'a', key: 'a', type: 'text', page: 1, x: 500, y: 10, width: 200, height: 18 },
          {
            id: 'b',
            key: 'b',
            type: 'checkbox',
            page: 1,
            x: 0,
            y: 0,
            width: 25,
            height: 25,
            bindingField: { key: 'x', type: 'textfield' },
          },
          { id: 'c', key: 'b', type: 'text', page: 2, x: 0, y: 0, width: 20, height: 18 },
        ],
      });
      expect(res.statusCode).toBe(400);
      const errors = res.json().errors as { path: string; message: string }[];
      expect(errors.map((e) => e.path)).toEqual(['data.0', 'data.1.bindingField', 'data.2.key']);
      expect(errors[1]?.message).toContain('Checkbox');
      expect(errors[1]?.message).toContain('Text field');
    });

    it('saves a mapping of every type and reads it back, the version growing', async () => {
      const res = await api('POST', `/api/pdf_templates/${templateId}/mapping_fields`, { data: ALL_TYPES });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().mappingFieldsVersion).toBe(1);
      const back = (await api('GET', `/api/pdf_templates/${templateId}/mapping_fields`)).json();
      expect(back.data).toHaveLength(ALL_TYPES.length);
      expect(back.data[0]).toMatchObject({ key: 'dba_name', required: false, euPermission: 'editTableByAllOwner' });
      // the mapped-PDF list: only templates with fields, with their mapping version
      const mapped = (await api('GET', '/api/pdf_templates?mapped=true&pageSize=100')).json();
      expect(mapped.items.map((i: { templateId: string }) => i.templateId)).toContain(templateId);
      expect(mapped.items.every((i: { fieldCount: number }) => i.fieldCount > 0)).toBe(true);
      expect(mapped.items.find((i: { templateId: string }) => i.templateId === templateId).mappingFieldsVersion).toBe(
        1,
      );
      const unmapped = (await api('GET', '/api/pdf_templates?mapped=false&pageSize=100')).json();
      expect(unmapped.total).toBeGreaterThan(0);
      expect(unmapped.items.every((i: { fieldCount: number }) => i.fieldCount === 0)).toBe(true);
    });

    it('review: every value sits inside its box, on the rotated page too', async () => {
      const values = {
        dba_name: 'Ünder Café & Söhne',
        employees: '42',
        volume: '15000',
        opened: '2024-03-05',
        long_text: 'A very long value that cannot possibly fit in this small box at the preferred size',
      };
      const res = await api('POST', `/api/pdf_templates/${templateId}/review`, { values });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const { texts } = await readPdfText(res.rawPayload);
      const expected: [string, string][] = [
        ['dba_name', 'Ünder Café & Söhne'],
        ['employees', '42'],
        ['volume', '$15,000.00'],
        ['opened', '03/05/2024'],
        ['agree', '✓'],
        ['dba_again', 'Ünder Café & Söhne'],
      ];
      for (const [key, text] of expected) {
        const box = ALL_TYPES.find((f) => f.key === key);
        const found = texts.find((x) => x.text === text && x.page === box?.page);
        expect(found, `${key}: ${text} in ${JSON.stringify(texts)}`).toBeTruthy();
        if (!box || !found) continue;
        expect(found.x).toBeGreaterThanOrEqual(box.x);
        expect(found.x + found.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
        expect(found.y).toBeGreaterThan(box.y);
        expect(found.y).toBeLessThanOrEqual(box.y + box.height);
      }
      const long = texts.find((x) => x.page === 2 && x.text.startsWith('A very long'));
      expect(long).toBeTruthy();
      expect((long?.x ?? 0) + (long?.width ?? 0)).toBeLessThanOrEqual(300 + 120 + 0.5);
      // one checkbox-list sample box ticked (visa), the other not
      expect(texts.filter((x) => x.text === '✓')).toHaveLength(2);
    });

    it.runIf(canRender)('review rendered by poppler: ink inside the boxes, none beside them', async () => {
      const res = await api('POST', `/api/pdf_templates/${templateId}/review`, { values: { entity: 'corp' } });
      const page1 = await renderPage(res.rawPayload, 1);
      expect([page1.width, page1.height]).toEqual([612, 792]);
      const box = (id: string) => {
        const f = ALL_TYPES.find((x) => x.id === id);
        if (!f) throw new Error(id);
        return f;
      };
      expect(page1.darkIn(box('f7'))).toBeGreaterThan(20); // the chosen radio (corp) has its dot
      expect(page1.darkIn(box('f6'))).toBe(0); // the other radio is empty
      expect(page1.darkIn(box('f5'))).toBeGreaterThan(5); // checkbox tick
      expect(page1.darkIn(box('f8'))).toBeGreaterThan(5); // checkbox list: the sample ticks the first box
      expect(page1.darkIn(box('f9'))).toBe(0);
      const page2 = await renderPage(res.rawPayload, 2);
      // the rotated page is displayed landscape, and the signature sits inside its box there
      expect([page2.width, page2.height]).toEqual([792, 612]);
      expect(page2.darkIn(box('f11'))).toBeGreaterThan(20);
      expect(page2.darkIn({ x: 72, y: 360, width: 200, height: 100 })).toBe(0);
    });

    it('prints png and jpeg image data only', async () => {
      for (const logo of ['https://example.com/logo.png', 'data:image/gif;base64,R0lGODlhAQABAAAAACw=']) {
        const res = await api('POST', `/api/pdf_templates/${templateId}/review`, { values: { logo } });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual([{ path: 'values.logo', message: MESSAGES.invalidValue }]);
      }
      const png = `data:image/png;base64,${PNG_SIGNATURE.toString('base64')}`;
      const ok = await api('POST', `/api/pdf_templates/${templateId}/review`, { values: { signature: png } });
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it('refuses a PNG value that would decode to more than the pixel limit, by its path', async () => {
      const logo = `data:image/png;base64,${makeZeroPng(9000, 9000).toString('base64')}`;
      const res = await api('POST', `/api/pdf_templates/${templateId}/review`, { values: { logo } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'values.logo', message: MESSAGES.invalidValue }]);
    });

    it('draft PDF: only the given values', async () => {
      const res = await api('POST', `/api/pdf_templates/${templateId}/draft_pdf`, { values: { employees: '7' } });
      expect(res.statusCode).toBe(200);
      const { texts } = await readPdfText(res.rawPayload);
      expect(texts.map((x) => x.text).filter((x) => x !== 'Application page 1' && x !== 'Application page 2')).toEqual([
        '7',
      ]);
    });

    it('previews an unsaved mapping, checked against the pages', async () => {
      const data = [{ id: 'u', key: 'unsaved', type: 'text', page: 1, x: 300, y: 500, width: 200, height: 18 }];
      const res = await api('POST', `/api/pdf_templates/${templateId}/draft_pdf`, {
        data,
        values: { unsaved: 'Preview' },
      });
      expect(res.statusCode).toBe(200);
      const { texts } = await readPdfText(res.rawPayload);
      const found = texts.find((x) => x.text === 'Preview');
      expect(found?.x).toBeGreaterThanOrEqual(300);
      expect(found?.y).toBeGreaterThan(500);
      expect(found?.y).toBeLessThanOrEqual(518);
      const outside = await api('POST', `/api/pdf_templates/${templateId}/review`, { data: [{ ...data[0], page: 9 }] });
      expect(outside.statusCode).toBe(400);
    });

    it('general and per-page settings, and the confirm-page mapper', async () => {
      const defaults = (await api('GET', `/api/pdf_templates/${templateId}/general-setting`)).json();
      expect(defaults).toEqual({
        general: { defaultFontSize: 10, dateFormat: 'MM/dd/yyyy', visible: true },
        pages: {},
      });
      const put = await api('PUT', `/api/pdf_templates/${templateId}/general-setting`, {
        general: { defaultFontSize: 9, dateFormat: 'MM/dd/yyyy', visible: false },
        pages: { '2': { fontSize: 8 } },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect((await api('GET', `/api/pdf_templates/${templateId}/general-setting`)).json().pages).toEqual({
        '2': { fontSize: 8 },
      });
      expect(
        (await api('PUT', `/api/pdf_templates/${templateId}/general-setting`, { pages: { '7': {} } })).statusCode,
      ).toBe(400);
      // the review prints with them: the template's date format and font size, a page's own size first
      await api('PUT', `/api/pdf_templates/${templateId}/general-setting`, {
        general: { defaultFontSize: 9, dateFormat: 'MMM d, yyyy', visible: true },
        pages: { '2': { fontSize: 8 } },
      });
      const review = await api('POST', `/api/pdf_templates/${templateId}/review`, {
        values: { opened: '2026-01-05', employees: '12', dba_name: 'Harbor Cafe' },
      });
      expect(review.statusCode).toBe(200);
      const { texts } = await readPdfText(review.rawPayload);
      expect(texts.find((t) => t.text === 'Jan 5, 2026')?.page).toBe(1);
      expect(texts.find((t) => t.page === 1 && t.text === '12')?.height).toBeCloseTo(9, 0);
      expect(texts.find((t) => t.page === 2 && t.text === 'Harbor Cafe')?.height).toBeCloseTo(8, 0);
      const items = [
        { id: 's1', item: 'signature', page: 2, x: 72, y: 400, width: 200, height: 40 },
        { id: 'e1', item: 'email', owner: 1, page: 2, x: 300, y: 400, width: 200, height: 18 },
      ];
      const saved = await api('POST', `/api/pdf_templates/${templateId}/confirm-page-mapper`, { items });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await api('GET', `/api/pdf_templates/${templateId}/confirm-page-mapper`)).json().items).toEqual([
        { ...items[0], owner: 'primaryApplicant' },
        items[1],
      ]);
      const bad = await api('POST', `/api/pdf_templates/${templateId}/confirm-page-mapper`, {
        items: [{ id: 'x', item: 'initials', page: 1, x: 600, y: 0, width: 50, height: 20 }],
      });
      expect(bad.statusCode).toBe(400);
    });

    it('replacing the file keeps fields on pages that remain and reports the rest', async () => {
      const { fileUrl } = await upload(await makePdf({ pages: 1 }));
      const old = (await api('GET', `/api/pdf_templates/${templateId}`)).json().fileUrl;
      const res = await api('PATCH', `/api/pdf_templates/${templateId}/replace-pdf-file`, { fileUrl });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().removedFields.map((f: { key: string }) => f.key)).toEqual([
        'signature',
        'dba_again',
        'long_text',
      ]);
      expect(res.json().template).toMatchObject({ pageCount: 1, fieldCount: ALL_TYPES.length - 3, fileUrl });
      expect(await t.storage.stat(old)).toBeUndefined();
    });

    it('clones with or without the mapping, under the _Copy name', async () => {
      const withMapping = await api('POST', `/api/templates/${templateId}/clone`, { isCloneCcMapper: true });
      expect(withMapping.statusCode, withMapping.body).toBe(201);
      expect(withMapping.json()).toMatchObject({ name: 'Mapped template_Copy', fieldCount: ALL_TYPES.length - 3 });
      const bare = await api('POST', `/api/templates/${templateId}/clone`, { isCloneCcMapper: false });
      expect(bare.json()).toMatchObject({ name: 'Mapped template_Copy2', fieldCount: 0 });
      const named = await api('POST', `/api/templates/${templateId}/clone`, {
        name: 'Mapped template',
        isCloneCcMapper: false,
      });
      expect(named.statusCode).toBe(409);
    });

    it('archives a template: it leaves the default list', async () => {
      const res = await api('PATCH', `/api/pdf_templates/${templateId}/archive`, {});
      expect(res.json().status).toBe('archived');
      const list = (await api('GET', '/api/pdf_templates?q=Mapped template&pageSize=100')).json();
      expect(list.items.map((i: { templateId: string }) => i.templateId)).not.toContain(templateId);
      expect((await api('GET', '/api/pdf_templates?status=archived')).json().total).toBe(1);
    });

    it('answers 404 for an unknown template', async () => {
      const res = await api('GET', '/api/pdf_templates/00000000-0000-4000-8000-000000000000');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGES.templateNotFound);
    });
  });
});
