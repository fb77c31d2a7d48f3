import { ERROR_CODES } from '@under/core/api/error.schema';
import { MERCHANT_COMPONENTS_RAW } from '@under/core/integrations/fixtures/merchant-form';
import { LEAD_DESCRIBE } from '@under/core/integrations/fixtures/salesforce-lead';
import { SF_MAPPING_MESSAGES } from '@under/core/integrations/salesforce-mapping-messages';
import { MESSAGES } from '@under/core/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditEvents, salesforceMappings } from '../../../db/schema/index';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/helpers';
import { insertApplication } from '../../applications/review/lists.fixtures';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { IntegrationUnavailable, type SalesforceConnections } from '../ports';
import {
  type SalesforceClient,
  SalesforceError,
  type SalesforceSession,
  type SfObjectDescribe,
} from '../salesforce/salesforce.port';

/**
 * In-memory stand-ins for the ports other parts of issue #23 build (the connections and the Salesforce client):
 * a company is connected when the test says so, and the client answers a Lead describe and an object list.
 */
function memorySalesforce() {
  const connected = new Set<string>();
  const sessions: SalesforceSession[] = [];
  const state = { failure: undefined as SalesforceError | undefined };
  const describes = new Map<string, SfObjectDescribe>([['Lead', LEAD_DESCRIBE as unknown as SfObjectDescribe]]);
  const connections: SalesforceConnections = {
    async state(companyId) {
      return connected.has(companyId) ? 'connected' : 'not_connected';
    },
    async withSession(companyId, fn) {
      if (!connected.has(companyId)) throw new IntegrationUnavailable('not_connected');
      return fn({ accessToken: `token-of-${companyId}`, instanceUrl: 'https://acme.my.salesforce.com' });
    },
  };
  const refuse = async (): Promise<never> => {
    throw new Error('not used by the mapping');
  };
  const client: SalesforceClient = {
    authorizeUrl: () => {
      throw new Error('not used by the mapping');
    },
    exchangeCode: refuse,
    refresh: refuse,
    revoke: refuse,
    async listObjects(s) {
      sessions.push(s);
      if (state.failure) throw state.failure;
      return [
        { name: 'Lead', label: 'Lead', custom: false, createable: true },
        { name: 'Account', label: 'Account', custom: false, createable: true },
        { name: 'ApexClass', label: 'Apex Class', custom: false, createable: true },
        { name: 'Merchant__c', label: 'Merchant', custom: true, createable: true },
        { name: 'Report__c', label: 'Report', custom: true, createable: false },
      ];
    },
    async describe(s, object) {
      sessions.push(s);
      if (state.failure) throw state.failure;
      const found = describes.get(object);
      if (!found) throw new SalesforceError('not_found', `no object ${object}`, 404);
      return found;
    },
    upsert: refuse,
    create: refuse,
    update: refuse,
    findIds: refuse,
  };
  return { connected, sessions, state, connections, client };
}

const GOOD = {
  object: 'Lead',
  mode: 'auto-sync',
  externalIdField: 'Under_Application_Id__c',
  fields: [
    { formKey: 'last_name', sfField: 'LastName' },
    { formKey: 'business_name', sfField: 'Company' },
    { formKey: 'annual_revenue', sfField: 'AnnualRevenue' },
    { formKey: 'industry', sfField: 'Industry' },
    { formKey: 'established', sfField: 'Established__c' },
    { formKey: 'signature', sfField: 'Signature_Link__c' },
  ],
};

describe.each(testDatabases())('Salesforce mapping on %s', (kind) => {
  let t: TestApp;
  let sf: ReturnType<typeof memorySalesforce>;
  let a: Caller;
  let b: Caller;
  let formId: string;
  let masterId: string;

  const as =
    (caller: { token: string }) => (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: bearer(caller.token), payload: payload as object });

  async function createForm(caller: Caller) {
    const res = await as(caller)('POST', '/api/custom_forms', { masterFormId: masterId, name: 'Merchant form' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().customFormId as string;
  }

  beforeAll(async () => {
    sf = memorySalesforce();
    t = await createTestApp(kind, { salesforce: sf.client });
    // the companies' connections are this test's (the OAuth flow is the connections' tests' and the simulator's)
    Object.assign(t.services.integrations, { state: sf.connections.state, withSession: sf.connections.withSession });
    const admin = await adminToken(t);
    masterId = await publishedMaster(t, admin, { name: 'Mapping Bank', extra: MERCHANT_COMPONENTS_RAW });
    a = await registerCompany(t, { companyName: 'Company A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'Company B', membershipId: 'MEMBERSHIP_006' });
    formId = await createForm(a);
    sf.connected.add(a.companyId);
    sf.connected.add(b.companyId);
  });
  afterAll(() => t.close());

  describe('GET /api/sf-attributes', () => {
    it("answers the object's writable fields with the form types that may fill each", async () => {
      const res = await as(a)('GET', '/api/sf-attributes');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.object).toBe('Lead');
      const byName = new Map(body.attributes.map((f: { name: string }) => [f.name, f]));
      expect(byName.get('AnnualRevenue')).toMatchObject({
        type: 'currency',
        required: false,
        formTypes: ['number', 'currency'],
      });
      expect(byName.get('LastName')).toMatchObject({ required: true, length: 80 });
      expect(byName.get('Company')).toMatchObject({ required: true });
      expect(byName.get('Under_Application_Id__c')).toMatchObject({ externalId: true });
      expect(byName.get('Industry')).toMatchObject({
        picklistValues: [
          { value: 'Banking', label: 'Banking' },
          { value: 'Retail', label: 'Retail' },
          { value: 'Technology', label: 'Technology' },
        ],
      });
      expect(byName.has('Id')).toBe(false);
      expect(byName.has('CreatedDate')).toBe(false);
      // the company's own session
      expect(sf.sessions.at(-1)?.accessToken).toBe(`token-of-${a.companyId}`);
    });

    it('refuses a name that is not a Salesforce API name, and says when the object is not there', async () => {
      expect((await as(a)('GET', '/api/sf-attributes?object=Lead%2F..%2Fquery')).statusCode).toBe(400);
      const missing = await as(a)('GET', '/api/sf-attributes?object=Nope__c');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe(ERROR_CODES.salesforceObjectNotFound);
    });

    it('says in words when the company is not connected', async () => {
      const c = await registerCompany(t, { companyName: 'Company C', membershipId: 'MEMBERSHIP_006' });
      const res = await as(c)('GET', '/api/sf-attributes?object=Lead');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: ERROR_CODES.integrationUnavailable,
        message: 'Salesforce is not connected. Connect it on the Manage integrations page first.',
      });
    });

    it("keeps Salesforce's detail out of the answer when it fails", async () => {
      sf.state.failure = new SalesforceError('unavailable', 'upstream said: secret-detail-123', 503);
      try {
        const res = await as(a)('GET', '/api/sf-attributes?object=Lead');
        expect(res.statusCode).toBe(424);
        expect(res.json().code).toBe(ERROR_CODES.salesforceUnavailable);
        expect(res.body).not.toContain('secret-detail-123');
      } finally {
        sf.state.failure = undefined;
      }
    });

    it("gates on the plan's salesForce flag with the spec's text", async () => {
      const basic = await registerCompany(t, { companyName: 'Basic Co', membershipId: 'MEMBERSHIP_001' });
      sf.connected.add(basic.companyId);
      for (const url of ['/api/sf-attributes', '/api/sf-objects', `/api/salesforce/mapping/${formId}`]) {
        const res = await as(basic)('GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({ code: ERROR_CODES.upgradeRequired, message: MESSAGES.upgradeRequired });
      }
      expect(MESSAGES.upgradeRequired).toBe('You need to upgrade subscription to activate this feature');
    });
  });

  describe('GET /api/sf-objects', () => {
    it('lists Lead, Account and createable custom objects', async () => {
      const res = await as(a)('GET', '/api/sf-objects');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().objects.map((o: { name: string }) => o.name)).toEqual(['Account', 'Lead', 'Merchant__c']);
    });
  });

  describe('GET and PUT /api/salesforce/mapping/{customFormId}', () => {
    it('answers no mapping yet, with the fields of the form', async () => {
      const res = await as(a)('GET', `/api/salesforce/mapping/${formId}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ customFormId: formId, masterFormId: masterId, mapping: null, canEdit: true });
      const keys = body.formFields.map((f: { key: string }) => f.key);
      expect(keys).toEqual(expect.arrayContaining(['last_name', 'annual_revenue', 'business.dba']));
      expect(keys).not.toContain('secret');
    });

    it('saves a good mapping, audited, and gives it back', async () => {
      const res = await as(a)('PUT', `/api/salesforce/mapping/${formId}`, GOOD);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().mapping).toEqual(GOOD);
      const again = await as(a)('GET', `/api/salesforce/mapping/${formId}`);
      expect(again.json().mapping).toEqual(GOOD);
      expect(again.json().updatedAt).not.toBeNull();
      const events = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'custom-form.salesforce-mapping'), eq(auditEvents.targetId, formId)));
      expect(events.at(-1)?.details).toEqual({ object: 'Lead', mode: 'auto-sync', fields: GOOD.fields.length });
    });

    it('refuses unknown keys, unknown fields, incompatible pairs and a non-External-ID key, saving nothing', async () => {
      const res = await as(a)('PUT', `/api/salesforce/mapping/${formId}`, {
        object: 'Lead',
        mode: 'manual-sync',
        externalIdField: 'Email',
        fields: [
          { formKey: 'no_such_field', sfField: 'LastName' },
          { formKey: 'business_name', sfField: 'No_Such__c' },
          { formKey: 'business_name', sfField: 'AnnualRevenue' },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ERROR_CODES.salesforceMappingInvalid);
      expect(res.json().errors).toEqual([
        { path: 'externalIdField', message: 'The Salesforce field Email of Lead is not marked as an External ID' },
        { path: 'fields[0]', message: 'The form has no field no_such_field to map' },
        { path: 'fields[1]', message: 'The Salesforce object Lead has no field No_Such__c' },
        {
          path: 'fields[2]',
          message:
            'The Salesforce field AnnualRevenue (currency) takes number, currency fields; business_name is a text field',
        },
      ]);
      expect((await as(a)('GET', `/api/salesforce/mapping/${formId}`)).json().mapping).toEqual(GOOD);
    });

    it('takes POST as the same save (the spec\'s "PUT/POST")', async () => {
      const manual = { ...GOOD, mode: 'manual-sync' };
      const res = await as(a)('POST', `/api/salesforce/mapping/${formId}`, manual);
      expect(res.statusCode, res.body).toBe(200);
      expect((await as(a)('GET', `/api/salesforce/mapping/${formId}`)).json().mapping.mode).toBe('manual-sync');
      await as(a)('PUT', `/api/salesforce/mapping/${formId}`, GOOD);
    });

    it('refuses another company (404) and changes nothing', async () => {
      const before = await t.database.db
        .select()
        .from(salesforceMappings)
        .where(eq(salesforceMappings.customFormId, formId));
      const other = { ...GOOD, fields: GOOD.fields.slice(0, 2) };
      for (const [method, url, body] of [
        ['GET', `/api/salesforce/mapping/${formId}`, undefined],
        ['PUT', `/api/salesforce/mapping/${formId}`, other],
        ['POST', `/api/salesforce/mapping/${formId}`, other],
        ['POST', `/api/salesforce/mapping/${formId}/preview`, {}],
        ['POST', '/api/salesforce/create-mapper', { customFormId: formId, object: 'Lead' }],
      ] as const) {
        const res = await as(b)(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      const after = await t.database.db
        .select()
        .from(salesforceMappings)
        .where(eq(salesforceMappings.customFormId, formId));
      expect(after).toEqual(before);
    });

    it('lets a STANDARD member read but not save or propose', async () => {
      await as(a)('PATCH', `/api/global-master-form/${masterId}`, { global: true });
      const member = await joinTeam(t, a, 'STANDARD');
      const read = await as(member)('GET', `/api/salesforce/mapping/${formId}`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ canEdit: false, mapping: GOOD });
      expect((await as(member)('PUT', `/api/salesforce/mapping/${formId}`, GOOD)).statusCode).toBe(403);
      expect((await as(member)('POST', `/api/salesforce/mapping/${formId}`, GOOD)).statusCode).toBe(403);
      const propose = await as(member)('POST', '/api/salesforce/create-mapper', {
        customFormId: formId,
        object: 'Lead',
      });
      expect(propose.statusCode).toBe(403);
    });
  });

  describe('POST /api/salesforce/create-mapper', () => {
    it('proposes pairs by name and type and our External ID field, saving nothing', async () => {
      const target = await createForm(a);
      const res = await as(a)('POST', '/api/salesforce/create-mapper', { customFormId: target, object: 'Lead' });
      expect(res.statusCode, res.body).toBe(200);
      const { mapping } = res.json();
      expect(mapping).toMatchObject({ object: 'Lead', externalIdField: 'Under_Application_Id__c' });
      expect(mapping.fields).toEqual(
        expect.arrayContaining([
          // the form's system fields (Lastname, CompanyName, Email) come first and match by name
          { formKey: 'Lastname', sfField: 'LastName' },
          { formKey: 'CompanyName', sfField: 'Company' },
          { formKey: 'Email', sfField: 'Email' },
          { formKey: 'annual_revenue', sfField: 'AnnualRevenue' },
          { formKey: 'industry', sfField: 'Industry' },
        ]),
      );
      expect((await as(a)('GET', `/api/salesforce/mapping/${target}`)).json().mapping).toBeNull();
      // the proposal is a mapping the save accepts
      expect((await as(a)('PUT', `/api/salesforce/mapping/${target}`, mapping)).statusCode).toBe(200);
      await as(a)('PUT', `/api/salesforce/mapping/${formId}`, GOOD);
    });
  });

  describe('POST /api/salesforce/mapping/{customFormId}/preview', () => {
    it('builds the record of sample answers under the saved mapping', async () => {
      const res = await as(a)('POST', `/api/salesforce/mapping/${formId}/preview`, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        ok: true,
        source: 'sample',
        object: 'Lead',
        externalIdField: 'Under_Application_Id__c',
        record: { LastName: 'Last name', AnnualRevenue: 40000, Established__c: '2024-01-31' },
        problems: [],
      });
      expect(res.json().record.Signature_Link__c).toMatch(/\/applications\/preview$/);
    });

    it("uses an application's answers, and refuses another form's application", async () => {
      expect((await as(a)('PUT', `/api/salesforce/mapping/${formId}`, GOOD)).statusCode).toBe(200);
      const app = await insertApplication(t.database.db, { companyId: a.companyId, customFormId: formId });
      await t.database.db
        .update(applications)
        .set({ data: { last_name: 'Lovelace', business_name: 'Engines', annual_revenue: 12345 } })
        .where(eq(applications.id, app.id));
      const res = await as(a)('POST', `/api/salesforce/mapping/${formId}/preview`, { applicationId: app.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        ok: true,
        source: 'application',
        externalIdValue: app.id,
        record: { LastName: 'Lovelace', Company: 'Engines', AnnualRevenue: 12345, Industry: null },
      });
      const otherForm = await createForm(a);
      const other = await insertApplication(t.database.db, { companyId: a.companyId, customFormId: otherForm });
      const refused = await as(a)('POST', `/api/salesforce/mapping/${formId}/preview`, { applicationId: other.id });
      expect(refused.statusCode).toBe(404);
      // another company's user cannot read it through its own form either
      const bForm = await createForm(b);
      await as(b)('PUT', `/api/salesforce/mapping/${bForm}`, GOOD);
      const foreign = await as(b)('POST', `/api/salesforce/mapping/${bForm}/preview`, { applicationId: app.id });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).not.toContain('Lovelace');
    });

    it('shows the problems of given answers and of a draft mapping, in words', async () => {
      const draft = { ...GOOD, fields: GOOD.fields.filter((f) => f.sfField !== 'Company') };
      const res = await as(a)('POST', `/api/salesforce/mapping/${formId}/preview`, {
        mapping: draft,
        data: { last_name: 'Lovelace', annual_revenue: 'about 40k' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ok: false, source: 'data', record: { LastName: 'Lovelace' } });
      expect(res.json().problems.map((p: { message: string }) => p.message)).toEqual([
        "The Salesforce field AnnualRevenue expects a number; the form gives 'about 40k'",
        'The Salesforce field Company (Company) is required and no form field is mapped to it',
      ]);
    });
  });

  describe('SalesforceMappings (the sync engine port)', () => {
    it('answers the mapping and the record an application produces', async () => {
      const port = t.services.salesforceMappings;
      expect(await port.mappingFor(formId)).toEqual(GOOD);
      const outcome = await port.recordFor({
        customFormId: formId,
        applicationId: 'app-42',
        data: {
          last_name: 'Lovelace',
          business_name: 'Engines',
          annual_revenue: 40000,
          industry: 'banking',
          established: '03/05/2021',
          signature: 'data:image/png;base64,AAAA',
        },
        describe: LEAD_DESCRIBE as unknown as SfObjectDescribe,
      });
      expect(outcome).toEqual({
        ok: true,
        object: 'Lead',
        externalIdField: 'Under_Application_Id__c',
        record: {
          LastName: 'Lovelace',
          Company: 'Engines',
          AnnualRevenue: 40000,
          Industry: 'Banking',
          Established__c: '2021-03-05',
          Signature_Link__c: `${t.config.publicUrl.replace(/\/+$/, '')}/applications/app-42`,
        },
        sealedFields: [],
      });
    });

    it('never quotes an encrypted answer in the words the sync stores and shows', async () => {
      const form = await createForm(a);
      const mapping = {
        ...GOOD,
        fields: [...GOOD.fields, { formKey: 'employees', sfField: 'NumberOfEmployees' }],
      };
      expect((await as(a)('PUT', `/api/salesforce/mapping/${form}`, mapping)).statusCode).toBe(200);
      const bad = await t.services.salesforceMappings.recordFor({
        customFormId: form,
        applicationId: 'app-44',
        data: { last_name: 'Lovelace', business_name: 'Engines', employees: 'SECRET-741-22' },
        describe: LEAD_DESCRIBE as unknown as SfObjectDescribe,
      });
      expect(bad).toMatchObject({
        ok: false,
        problems: [
          {
            formKey: 'employees',
            sfField: 'NumberOfEmployees',
            message: SF_MAPPING_MESSAGES.encryptedRefused('NumberOfEmployees', 'Number of employees'),
          },
        ],
      });
      expect(JSON.stringify(bad)).not.toContain('SECRET-741-22');
      // a valid encrypted answer goes to Salesforce, its field named so the sync never keeps what Salesforce quotes
      const good = await t.services.salesforceMappings.recordFor({
        customFormId: form,
        applicationId: 'app-45',
        data: { last_name: 'Lovelace', business_name: 'Engines', employees: 12 },
        describe: LEAD_DESCRIBE as unknown as SfObjectDescribe,
      });
      expect(good).toMatchObject({ ok: true, record: { NumberOfEmployees: 12 }, sealedFields: ['NumberOfEmployees'] });
    });

    it('reports bad answers in words, and a form without a mapping', async () => {
      const port = t.services.salesforceMappings;
      const bad = await port.recordFor({
        customFormId: formId,
        applicationId: 'app-43',
        data: { last_name: 'Lovelace', business_name: 'Engines', annual_revenue: 'about 40k' },
        describe: LEAD_DESCRIBE as unknown as SfObjectDescribe,
      });
      expect(bad).toEqual({
        ok: false,
        object: 'Lead',
        problems: [
          {
            formKey: 'annual_revenue',
            sfField: 'AnnualRevenue',
            message: "The Salesforce field AnnualRevenue expects a number; the form gives 'about 40k'",
          },
        ],
      });
      const unmapped = await createForm(b);
      expect(await port.mappingFor(unmapped)).toBeNull();
      expect(
        await port.recordFor({
          customFormId: unmapped,
          applicationId: 'x',
          data: {},
          describe: LEAD_DESCRIBE as unknown as SfObjectDescribe,
        }),
      ).toMatchObject({ ok: false, problems: [{ message: 'This form has no Salesforce mapping' }] });
    });
  });
});
