import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { CC_SYNC_WORDS } from '@under/core/integrations/cardconnect-sync-words';
import { FORM_INTEGRATION_STATUS_MAX, SYNCABILITY_WORDS } from '@under/core/integrations/form-integrations.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationConfigs, salesforceMappings } from '../../../db/schema/index';
import { createOutbound, DEFAULT_OUTBOUND_ALLOW } from '../../../infra/outbound/outbound';
import { consentInSimulator, type SalesforceSimulator, startSalesforceSimulator } from '../../../simulators/salesforce';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress, uniqueEmail } from '../../../test/helpers';
import { activeForm } from '../../applications/review/lists.fixtures';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { createSalesforceClient } from '../salesforce/salesforce.client';
import { leadMapping, until } from '../sync/sync.fixtures';

const EXTRA = [{ type: 'textfield', key: 'bank_name', label: 'Bank name', input: true }];
const FULL = {
  Firstname: 'Ada',
  Lastname: 'Lovelace',
  PhoneNumber: '(555) 123-4567',
  Email: 'ada@example.com',
  CompanyName: 'Analytical Engines',
  bank_name: 'First',
};

/**
 * The custom forms' integrations, integration permissions enforced, and the syncability check the sync runs
 * (issue #23 §3; decision 078). Salesforce is the loopback simulator (decision 072) behind the real client,
 * connection and mapping; company A connects to it only in the sync test.
 */
describe.each(testDatabases())('custom forms integrations on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let a: Caller;
  let b: Caller;
  let member: Caller;
  let masterId: string;
  let formId: string;
  let formB: string;
  let sim: SalesforceSimulator;

  beforeAll(async () => {
    sim = await startSalesforceSimulator();
    const outbound = createOutbound({
      allow: DEFAULT_OUTBOUND_ALLOW,
      testHosts: sim.testHosts,
      timeoutMs: 5_000,
      maxBodyBytes: 1_000_000,
    });
    t = await createTestApp(kind, { outbound, salesforce: createSalesforceClient(outbound) });
    admin = await adminToken(t);
    masterId = await publishedMaster(t, admin, { name: 'Form Integrations Bank', extra: EXTRA });
    a = await registerCompany(t, { companyName: 'Form Integrations A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'Form Integrations B', membershipId: 'MEMBERSHIP_006' });
    member = await joinTeam(t, a);
    formId = await activeForm(t, a, masterId, 'Integrations form');
    formB = await activeForm(t, b, masterId, 'Other company form');
  });
  afterAll(async () => {
    await t?.close();
    await sim?.stop();
  });

  const call = (caller: Caller | string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(typeof caller === 'string' ? caller : caller.token),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const patch = (caller: Caller, id: string, integrations: Record<string, boolean>) =>
    call(caller, 'PATCH', `/api/custom_forms/${id}/integrations`, { integrations });
  const statusList = (caller: Caller, customFormIds: string[]) =>
    call(caller, 'POST', '/api/custom_forms/integration_status', { customFormIds });
  const permit = (companyId: string, templateStatus: 'active' | 'inactive') =>
    call(admin, 'POST', '/api/integrations/config/permissions', [{ companyId, templateId: masterId, templateStatus }]);
  const salesforceOf = (body: { integrations: { integration: string }[] }) =>
    body.integrations.find((i) => i.integration === 'salesforce');
  const configOf = async (id: string) =>
    (await t.database.db.select().from(integrationConfigs).where(eq(integrationConfigs.formId, id))).find(
      (c) => c.integrationToActivate === 'salesforce',
    );

  it('PATCH integrations: a client ADMINISTRATOR of the form only; another company 404 and nothing changed', async () => {
    const off = await patch(a, formId, { salesforce: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(salesforceOf(off.json())).toEqual({
      integration: 'salesforce',
      active: false,
      permitted: true,
      state: 'not_connected',
      mapped: false,
      mode: null,
    });
    expect((await configOf(formId))?.activeIntegration).toBe(false);
    expect((await call(a, 'GET', `/api/custom_forms/${formId}`)).json().integrations).toEqual({ salesforce: false });
    // switching Salesforce makes that integration's config only (no CardConnect row)
    const kinds = await t.database.db.select().from(integrationConfigs).where(eq(integrationConfigs.formId, formId));
    expect(kinds.map((c) => c.integrationToActivate)).toEqual(['salesforce']);

    expect((await patch(member, formId, { salesforce: true })).statusCode).toBe(403);
    expect((await patch(b, formId, { salesforce: true })).statusCode).toBe(404);
    expect((await configOf(formId))?.activeIntegration).toBe(false);
    expect((await patch(a, randomUUID(), { salesforce: true })).statusCode).toBe(404);
    expect((await patch(a, formId, {})).statusCode).toBe(400);
    expect((await patch(a, formId, { salesForce: true })).statusCode).toBe(400);

    const on = await patch(a, formId, { salesforce: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(salesforceOf(on.json())).toMatchObject({ active: true });
    expect((await configOf(formId))?.activeIntegration).toBe(true);
    // a plan without the CRM turns nothing on
    const basic = await registerCompany(t, { companyName: 'Form Integrations Basic' });
    const basicForm = await activeForm(t, basic, masterId, 'Basic form');
    expect((await patch(basic, basicForm, { salesforce: true })).json().code).toBe(ERROR_CODES.upgradeRequired);
  });

  it('integration permissions: a withheld template refuses turning on, a config, a mapping; turning off still works', async () => {
    expect((await permit(a.companyId, 'inactive')).statusCode).toBe(200);
    try {
      const refused = await patch(a, formId, { salesforce: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: ERROR_CODES.integrationNotPermitted });
      expect(refused.json().message).toMatch(/not allowed/);
      const off = await patch(a, formId, { salesforce: false });
      expect(off.statusCode).toBe(200);
      expect(salesforceOf(off.json())).toMatchObject({ active: false, permitted: false });
      expect((await configOf(formId))?.activeIntegration).toBe(false);

      const config = await call(a, 'POST', '/api/integrations/config', {
        formId,
        integrationToActivate: 'cardconnect',
      });
      expect(config.json().code).toBe(ERROR_CODES.integrationNotPermitted);
      const inactiveConfig = await call(a, 'POST', '/api/integrations/config', {
        formId,
        integrationToActivate: 'cardconnect',
        activeIntegration: false,
      });
      expect(inactiveConfig.statusCode, inactiveConfig.body).toBe(200);

      const mapping = await call(a, 'PUT', `/api/salesforce/mapping/${formId}`, {
        object: 'Lead',
        mode: 'auto-sync',
        fields: [],
      });
      expect(mapping.statusCode).toBe(403);
      expect(mapping.json().code).toBe(ERROR_CODES.integrationNotPermitted);

      // another company's permission is its own: B's form of the same template is not affected
      expect(salesforceOf((await patch(b, formB, { salesforce: true })).json())).toMatchObject({ permitted: true });
    } finally {
      await permit(a.companyId, 'active');
    }
    expect((await patch(a, formId, { salesforce: true })).statusCode).toBe(200);
  });

  it('status list: the caller company’s forms only, bounded, with connection, mapping and mode', async () => {
    await t.database.db.insert(salesforceMappings).values({
      customFormId: formB,
      companyId: b.companyId,
      object: 'Lead',
      mode: 'manual-sync',
      fields: [],
    });
    const list = await statusList(a, [formB, formId, randomUUID()]);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((i: { customFormId: string }) => i.customFormId)).toEqual([formId]);
    expect(list.json().items[0].integrations.map((i: { integration: string }) => i.integration)).toEqual([
      'salesforce',
      'cardconnect',
      'worldpay',
      'tsys',
    ]);
    const mine = (await statusList(b, [formB, formId])).json().items;
    expect(mine).toHaveLength(1);
    expect(salesforceOf(mine[0])).toMatchObject({ mapped: true, mode: 'manual-sync', state: 'not_connected' });
    const tooMany = Array.from({ length: FORM_INTEGRATION_STATUS_MAX + 1 }, () => randomUUID());
    expect((await statusList(a, tooMany)).statusCode).toBe(400);
    expect((await statusList(a, [])).statusCode).toBe(400);
    expect((await statusList(member, [formId])).statusCode).toBe(200);
    expect(
      (await call(admin, 'POST', '/api/custom_forms/integration_status', { customFormIds: [formId] })).statusCode,
    ).toBe(403);
  });

  it('the sync runs the syncability check: a form not using Salesforce or a withheld template is not synced, in words', async () => {
    // company A connected to the simulator (add-info, consent, callback) and the form mapped, auto-sync
    const { consumerKey, consumerSecret } = sim.state.registerApp({
      callbackUrl: `${t.config.publicUrl}/api/salesforce/callback`,
    });
    const started = await call(a, 'POST', '/api/salesforce/add-info', {
      consumerKey,
      consumerSecret,
      salesForceDomain: sim.loginUrl,
    });
    expect(started.statusCode, started.body).toBe(200);
    const back = await consentInSimulator(started.json().authorizeUrl);
    expect((await t.app.inject({ url: `${back.pathname}${back.search}` })).headers.location).toBe(
      '/manage-integration?salesforce=connected',
    );
    expect((await call(a, 'PUT', `/api/salesforce/mapping/${formId}`, leadMapping())).statusCode).toBe(200);
    const reached = () => {
      const st = sim.state.stats();
      // an upsert that creates counts among creates (and upsertCreates)
      return (st.creates.Lead ?? 0) + (st.updates.Lead ?? 0);
    };
    const headers = { 'x-api-key': t.config.secrets.publicApiKey };
    const address = uniqueAddress();
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers,
      payload: { customFormId: formId, email: uniqueEmail('syncability'), data: { bank_name: 'One' } },
      remoteAddress: address,
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const { applicationId, code } = draft.json();
    const check = (companyId: string, token = admin) =>
      call(token, 'POST', `/api/admin/applications/${applicationId}/syncability?companyId=${companyId}`);
    // a draft is not syncable yet
    expect((await check(a.companyId)).json().integrations[0].reasons[0]).toBe(SYNCABILITY_WORDS.draft);

    expect((await patch(a, formId, { salesforce: false })).statusCode).toBe(200);
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/public/applications/${applicationId}/submit?code=${code}`,
      headers,
      payload: { data: FULL, revision: 1 },
      remoteAddress: address,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await t.events.drain();
    // auto-sync, connected and mapped, but the form does not use Salesforce: nothing queued
    const syncs = async () =>
      (await call(a, 'GET', `/api/applications/${applicationId}/syncs`)).json().items as {
        state: string;
        lastError: string | null;
      }[];
    expect(await syncs()).toEqual([]);
    const settled = (state: string) =>
      until(`sync ${state}`, async () => {
        const [s] = await syncs();
        return s?.state === state && s;
      });
    expect((await call(a, 'POST', `/api/salesforce/sync/${applicationId}`)).statusCode).toBe(202);
    expect((await settled('needs_attention')).lastError).toBe(SYNCABILITY_WORDS.formNotUsing);
    expect(reached()).toBe(0);

    // the form's inactive CardConnect config (made here, whatever ran before): its mode is manual
    const ccConfig = await call(a, 'POST', '/api/integrations/config', {
      formId,
      integrationToActivate: 'cardconnect',
      activeIntegration: false,
    });
    expect(ccConfig.statusCode, ccConfig.body).toBe(200);
    // the admin's check says the same
    const verdict = await check(a.companyId);
    expect(verdict.statusCode, verdict.body).toBe(200);
    expect(verdict.json()).toEqual({
      applicationId,
      integrations: [
        {
          integration: 'salesforce',
          syncable: false,
          mode: 'auto-sync',
          reasons: [SYNCABILITY_WORDS.formNotUsing],
        },
        // CardConnect too (decision 086): this company never set it up, nor does the form use it. Its mode is that
        // of the form's inactive CardConnect config made above (activeIntegration false: manual)
        {
          integration: 'cardconnect',
          syncable: false,
          mode: 'manual-sync',
          reasons: [CC_SYNC_WORDS.formNotUsing, CC_SYNC_WORDS.notConnected, CC_SYNC_WORDS.noMapping],
        },
      ],
    });
    expect((await check(b.companyId)).statusCode).toBe(404);
    expect((await check(a.companyId, a.token)).statusCode).toBe(403);
    expect((await call(admin, 'POST', `/api/admin/applications/${randomUUID()}/syncability`)).statusCode).toBe(400);

    // the form uses Salesforce again, but the platform withholds the template
    expect((await patch(a, formId, { salesforce: true })).statusCode).toBe(200);
    await permit(a.companyId, 'inactive');
    try {
      expect((await call(a, 'POST', `/api/salesforce/sync/${applicationId}`)).statusCode).toBe(202);
      await until('the second attempt', async () => (await syncs())[0]?.lastError === SYNCABILITY_WORDS.notPermitted);
      expect((await syncs())[0]?.state).toBe('needs_attention');
      expect(reached()).toBe(0);
      expect((await check(a.companyId)).json().integrations[0].reasons[0]).toBe(SYNCABILITY_WORDS.notPermitted);
    } finally {
      await permit(a.companyId, 'active');
    }
    // allowed and used: synced, one record
    expect((await call(a, 'POST', `/api/salesforce/sync/${applicationId}`)).statusCode).toBe(202);
    await settled('synced');
    expect(reached()).toBe(1);
    expect(sim.state.records('Lead')).toHaveLength(1);
  });
});
