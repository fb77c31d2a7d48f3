import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterForms } from '../../../db/schema/index';
import { bearer, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/helpers';
import { makePdf } from '../../../test/pdf-fixtures';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';

const EXTRA = [
  { type: 'textfield', key: 'legal_name', label: 'Legal name', input: true },
  { type: 'day', key: 'started', label: 'Business started', input: true },
  { type: 'phoneNumber', key: 'biz_phone', label: 'Business phone', input: true },
];

describe.each(testDatabases())('CardConnect mapper on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let masterId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await adminToken(t);
    masterId = await publishedMaster(t, admin, { name: 'CC mapper master', extra: EXTRA });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it("answers an empty mapping with the form's fields, the pseudo-fields first", async () => {
    const res = await call('GET', `/api/card-connect/mapper/${masterId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ masterFormId: masterId, formName: 'CC mapper master', fields: [], updatedAt: null });
    const keys = view.formFields.map((f: { key: string }) => f.key);
    expect(keys.slice(0, 4)).toEqual([
      'pseudo.formName',
      'pseudo.submitDate',
      'pseudo.formVersion',
      'pseudo.applicationId',
    ]);
    expect(keys).toEqual(expect.arrayContaining(['legal_name', 'started', 'biz_phone']));
  });

  it('saves {fields: [{formKey, attribute}]} and answers it back', async () => {
    const fields = [
      { formKey: 'legal_name', attribute: 'merchant.legalBusinessName' },
      { formKey: 'started', attribute: 'merchant.businessStartDate' },
      { formKey: 'biz_phone', attribute: 'merchant.demographic.businessPhone' },
      { formKey: 'pseudo.applicationId', attribute: 'merchant.akaBusinessName' },
    ];
    const saved = await call('POST', `/api/card-connect/mapper/${masterId}`, admin, { fields });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().fields).toEqual(fields);
    const got = (await call('GET', `/api/card-connect/mapper/${masterId}`, admin)).json();
    expect(got.fields).toEqual(fields);
    expect(got.updatedAt).not.toBeNull();
  });

  it('refuses unknown form keys and attributes, a pseudo-field as the target and an attribute mapped twice', async () => {
    const res = await call('POST', `/api/card-connect/mapper/${masterId}`, admin, {
      fields: [
        { formKey: 'nope', attribute: 'merchant.dbaName' },
        { formKey: 'legal_name', attribute: 'merchant.madeUp' },
        { formKey: 'legal_name', attribute: 'pseudo.formName' },
        { formKey: 'started', attribute: 'merchant.dbaName' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'fields.0.formKey',
      'fields.1.attribute',
      'fields.2.attribute',
      'fields.3.attribute',
    ]);
  });

  it('is the platform admin’s: a client gets 403, an unknown master form 404', async () => {
    const client = await registerCompany(t, { companyName: 'Mapper Client Bank' });
    expect((await call('GET', `/api/card-connect/mapper/${masterId}`, client.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/card-connect/mapper/${masterId}`, client.token, { fields: [] })).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/card-connect/mapper/${randomUUID()}`, admin)).statusCode).toBe(404);
  });

  /** A PDF template uploaded through its signed URL. */
  async function template(name: string): Promise<string> {
    const url = (await call('POST', '/api/pdf_templates/gen_presigned_url', admin, {})).json();
    const u = new URL(url.uploadUrl);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${u.pathname}${u.search}`,
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from(await makePdf({ pages: 1 })),
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await call('POST', '/api/pdf_templates', admin, { name, fileUrl: url.fileUrl });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().templateId;
  }
  /** A master form made from the template (the same fields as the fixture's). */
  async function masterOf(templateId: string, name: string): Promise<string> {
    const id = await publishedMaster(t, admin, { name, extra: EXTRA });
    await t.database.db.update(masterForms).set({ templateId }).where(eq(masterForms.id, id));
    return id;
  }

  it('a template clone with isCloneCcMapper carries the CardConnect mapping to its master forms; without, none', {
    timeout: 120_000,
  }, async () => {
    const source = await template(`CC source ${kind}`);
    const sourceMaster = await masterOf(source, 'CC source master');
    const fields = [
      { formKey: 'legal_name', attribute: 'merchant.legalBusinessName' },
      { formKey: 'started', attribute: 'merchant.businessStartDate' },
    ];
    expect((await call('POST', `/api/card-connect/mapper/${sourceMaster}`, admin, { fields })).statusCode).toBe(200);

    const withMapping = await call('POST', `/api/templates/${source}/clone`, admin, { isCloneCcMapper: true });
    expect(withMapping.statusCode, withMapping.body).toBe(201);
    const without = await call('POST', `/api/templates/${source}/clone`, admin, { isCloneCcMapper: false });
    expect(without.statusCode, without.body).toBe(201);

    const copied = await masterOf(withMapping.json().templateId, 'CC clone master');
    const bare = await masterOf(without.json().templateId, 'CC bare master');
    expect((await call('GET', `/api/card-connect/mapper/${copied}`, admin)).json().fields).toEqual(fields);
    expect((await call('GET', `/api/card-connect/mapper/${bare}`, admin)).json().fields).toEqual([]);

    // the copy is the clone's own: a later change of the source's mapping does not reach it
    await call('POST', `/api/card-connect/mapper/${sourceMaster}`, admin, { fields: fields.slice(0, 1) });
    expect((await call('GET', `/api/card-connect/mapper/${copied}`, admin)).json().fields).toEqual(fields);
    // and a clone of the clone (no master form saved its own yet) carries it on
    const again = await call('POST', `/api/templates/${withMapping.json().templateId}/clone`, admin, {
      isCloneCcMapper: true,
    });
    const third = await masterOf(again.json().templateId, 'CC third master');
    expect((await call('GET', `/api/card-connect/mapper/${third}`, admin)).json().fields).toEqual(fields);
  });
});
