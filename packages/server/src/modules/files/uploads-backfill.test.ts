import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, pdfTemplates, uploads } from '../../db/schema/index';
import { bearer, registerCompany } from '../../test/accounts';
import { createTestApp, localPath, signIn, type TestApp, testDatabases } from '../../test/helpers';
import { makePdf } from '../../test/pdf-fixtures';

const BACKFILL = fileURLToPath(new URL('../../db/migrations/0007_uploads_backfill.sql', import.meta.url));
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(50, 7)]);
/** An install from before the uploads table: its templates and logos become attached uploads of their owners. */
describe.each(testDatabases())('uploads backfill migration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('attaches every template file and logo to its owner; a shared key goes to the oldest template', async () => {
    await t.services.auth.ensureAdmin({ email: 'backfill@under.test', password: 'Admin12345' });
    const admin = (await signIn(t, 'admin', 'backfill@under.test', 'Admin12345')).accessToken;
    const gen = (
      await t.app.inject({
        method: 'POST',
        url: '/api/pdf_templates/gen_presigned_url',
        headers: bearer(admin),
        payload: {},
      })
    ).json();
    await t.app.inject({ method: 'PUT', url: localPath(gen.uploadUrl), payload: Buffer.from(await makePdf()) });
    const first = (
      await t.app.inject({
        method: 'POST',
        url: '/api/pdf_templates',
        headers: bearer(admin),
        payload: { name: 'Old one', fileUrl: gen.fileUrl },
      })
    ).json();
    const company = await registerCompany(t);
    const logo = (
      await t.app.inject({ method: 'POST', url: '/api/companies/gen-upload-logo-url', headers: bearer(company.token) })
    ).json();
    await t.app.inject({ method: 'PUT', url: localPath(logo.uploadUrl), payload: PNG });
    await t.app.inject({
      method: 'PUT',
      url: `/api/companies-logo/${company.companyId}`,
      headers: bearer(company.token),
      payload: { fileUrl: logo.fileUrl },
    });

    // the state of an older install: no uploads rows, and a second template sharing the first one's file
    const [second] = await t.database.db
      .insert(pdfTemplates)
      .values({
        name: 'Shared copy',
        fileKey: gen.fileUrl,
        fileSize: 1,
        pages: [],
        createdAt: new Date(Date.now() + 1000),
      })
      .returning();
    await t.database.db.delete(uploads);
    expect((await t.app.inject({ url: localPath(first.downloadUrl) })).statusCode).toBe(404);

    for (const statement of readFileSync(BACKFILL, 'utf8').split('--> statement-breakpoint')) {
      await t.database.db.execute(sql.raw(statement));
    }
    const rows = await t.database.db.select().from(uploads);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.storageKey === gen.fileUrl)).toMatchObject({
      status: 'attached',
      ownerKind: 'pdf-template',
      ownerId: first.templateId,
    });
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, company.companyId));
    expect(rows.find((r) => r.storageKey === row?.logoFileUrl)).toMatchObject({
      status: 'attached',
      ownerKind: 'company-logo',
      ownerId: company.companyId,
    });
    expect((await t.app.inject({ url: localPath(first.downloadUrl) })).statusCode).toBe(200);
    expect(second).toBeDefined();
    expect(rows.some((r) => r.ownerId === second?.id)).toBe(false);
  });
});
