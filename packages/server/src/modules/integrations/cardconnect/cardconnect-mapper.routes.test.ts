import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/helpers';
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
    expect(view).toMatchObject({ masterFormId: masterId, fields: [], updatedAt: null });
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
});
