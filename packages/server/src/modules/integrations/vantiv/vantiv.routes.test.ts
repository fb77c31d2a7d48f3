import { ERROR_CODES } from '@under/core/api/error.schema';
import { parseFormDefinition } from '@under/core/forms/form.schema';
import { maskValue } from '@under/core/forms/masking';
import { VANTIV_MESSAGES } from '@under/core/integrations/vantiv.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, integrationConnections, vantivStagings } from '../../../db/schema';
import { startVantivSimulator, type VantivSimulator } from '../../../simulators/vantiv';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/helpers';
import { type EncryptedForm, insertSealedApplication } from '../../../test/sealed-applications';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';

/**
 * Worldpay/Vantiv staging (issue #24 §2; decision 088) against the PayFac simulator, through the real client (XML
 * built and read with fast-xml-parser), the guarded outbound client and VANTIV_API_URL: the credentials kept sealed
 * and masked, a legal entity then a sub-merchant, `duplicate="true"` as "already staged", responseCode 20 as "for
 * review", the simulator's XML errors in words, an answer that cannot be sent named by its form label, faults as
 * "Connection Failed !", and the tenancy and role rules.
 */

const LABELS: Record<string, string> = {
  legal_name: 'Legal business name',
  CompanyName: 'DBA name (doing business as)',
  federal_tax_id: 'Federal Tax ID (EIN)',
  entity_type: 'Type of business entity',
  years_in_business: 'Years in business',
  business_address: 'Business street address',
  business_city: 'Business city',
  business_state: 'Business state',
  business_zip: 'Business ZIP code',
  PhoneNumber: 'Business phone',
  Email: 'Business e-mail',
  website: 'Website',
  mcc: 'Merchant category code (MCC)',
  owner1_first_name: 'Owner 1 first name',
  owner1_last_name: 'Owner 1 last name',
  owner1_title: 'Owner 1 title',
  owner1_dob: 'Owner 1 date of birth',
  owner1_ssn: 'Owner 1 Social Security Number',
  owner1_ownership_percent: 'Owner 1 ownership %',
  bank_routing_number: 'Bank routing number',
  bank_account_number: 'Bank account number',
  monthly_volume: 'Average monthly card volume',
  annual_volume: 'Annual card volume',
  highest_ticket: 'Highest ticket',
  current_processor: 'Current processor',
};
const ENCRYPTED = new Set(['owner1_ssn', 'bank_routing_number', 'bank_account_number']);
const SSN = '123-45-6780';
const ACCOUNT = '000123456789';

const ANSWERS: Record<string, unknown> = {
  legal_name: 'Vantiv Test Stores LLC',
  CompanyName: 'Test Stores',
  federal_tax_id: '12-3456789',
  entity_type: 'llc',
  years_in_business: 7,
  business_address: '1 Main Street',
  business_city: 'Columbus',
  business_state: 'oh',
  business_zip: '43004',
  PhoneNumber: '(614) 555-0100',
  Email: 'owner@teststores.example',
  website: 'https://teststores.example',
  mcc: '5999',
  owner1_first_name: 'Ada',
  owner1_last_name: 'Stone',
  owner1_title: 'Owner',
  owner1_dob: '1980-02-29',
  owner1_ssn: SSN,
  owner1_ownership_percent: 100,
  bank_routing_number: '021000021',
  bank_account_number: ACCOUNT,
  monthly_volume: 10000,
  highest_ticket: 1250.5,
  current_processor: 'Another bank',
};

describe.each(testDatabases())('Worldpay/Vantiv staging on %s', (kind) => {
  let t: TestApp;
  let sim: VantivSimulator;
  let a: Caller;
  let b: Caller;
  let form: EncryptedForm;

  beforeAll(async () => {
    sim = await startVantivSimulator({ port: 0 });
    t = await createTestApp(kind, {
      config: {
        outbound: { testHosts: sim.testHosts, timeoutMs: 3_000, maxBodyBytes: 1024 * 1024 },
        vantiv: { apiUrl: sim.url },
      },
    });
    a = await registerCompany(t, { companyName: 'Vantiv A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'Vantiv B', membershipId: 'MEMBERSHIP_006' });
    const admin = await adminToken(t);
    // the master form's system fields already hold CompanyName, PhoneNumber and Email
    const system = new Set(['CompanyName', 'PhoneNumber', 'Email']);
    const extra = Object.entries(LABELS)
      .filter(([key]) => !system.has(key))
      .map(([key, label]) => ({
        type: 'textfield',
        key,
        label,
        input: true,
        ...(ENCRYPTED.has(key) ? { euEncrypted: true } : {}),
      }));
    const masterId = await publishedMaster(t, admin, { name: 'Vantiv master', extra });
    const as = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: bearer(a.token), payload: payload as object });
    const created = await as('POST', '/api/custom_forms', { masterFormId: masterId, name: 'Vantiv form' });
    const customFormId = created.json().customFormId as string;
    await as('PATCH', `/api/custom_forms/${customFormId}/status`, { status: 'active' });
    const got = (await as('GET', `/api/custom_forms/${customFormId}`)).json();
    const parsed = parseFormDefinition(got.form);
    if (!parsed.ok) throw new Error(`form: ${JSON.stringify(parsed.errors)} ${created.body}`);
    form = { customFormId, version: got.version as number, form: parsed.form };
  });
  afterAll(async () => {
    await t.close();
    await sim.stop();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, caller: Caller = a) =>
    t.app.inject({ method, url, headers: bearer(caller.token), payload });
  const stage = (applicationId: string, caller: Caller = a) =>
    call('POST', '/api/vantiv/stage', { applicationId }, caller);
  const application = (data: Record<string, unknown> = ANSWERS) =>
    insertSealedApplication(t, { companyId: a.companyId, form, data });
  const faults = (f: object) => fetch(`${sim.url}/__sim/faults`, { method: 'POST', body: JSON.stringify(f) });
  const connect = (password = sim.password) =>
    call('POST', '/api/companies/vantiv', { username: sim.username, password });

  it('refuses to stage before the credentials are set; keeps them sealed, masked, write-only', async () => {
    const id = await application();
    const before = await stage(id);
    expect(before.statusCode).toBe(409);
    expect(before.json()).toMatchObject({
      code: ERROR_CODES.integrationNotConnected,
      message: VANTIV_MESSAGES.notConnected,
    });
    expect(sim.stats.calls).toBe(0);
    const saved = await connect();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      state: 'connected',
      username: maskValue(sim.username),
      password: maskValue(sim.password),
    });
    // a mask sent back keeps the stored value; a mask of something else is refused
    const kept = await call('POST', '/api/companies/vantiv', {
      username: sim.username,
      password: maskValue(sim.password),
    });
    expect(kept.statusCode).toBe(200);
    const wrongMask = await call('POST', '/api/companies/vantiv', { username: sim.username, password: '****x' });
    expect(wrongMask.statusCode).toBe(400);
    const rows = JSON.stringify(await t.database.db.select().from(integrationConnections));
    expect(rows).toContain('enc:');
    expect(rows).not.toContain(sim.password);
    // members read the state, never a mask; they may not set it
    const member = await joinTeam(t, a, 'STANDARD');
    expect((await call('GET', '/api/companies/vantiv', undefined, member)).json()).toMatchObject({
      state: 'connected',
      username: null,
      password: null,
    });
    const byMember = await call('POST', '/api/companies/vantiv', { username: 'x', password: 'y' }, member);
    expect(byMember.statusCode).toBe(403);
    expect((await call('GET', '/api/companies/vantiv', undefined, b)).json().state).toBe('not_connected');
  });

  it('stages a legal entity then a sub-merchant, stores the ids; staging again is "already staged"', async () => {
    const id = await application();
    const res = await stage(id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      applicationId: id,
      outcome: 'staged',
      message: VANTIV_MESSAGES.staged,
      responseCode: 10,
      problems: [],
    });
    const entity = sim.legalEntities.find((e) => e.legalEntityId === body.legalEntityId);
    expect(entity).toMatchObject({ name: 'Vantiv Test Stores LLC', taxId: '123456789' });
    expect(entity?.subMerchants).toEqual([
      { subMerchantId: body.subMerchantId, pspMerchantId: id.replace(/-/g, ''), merchantName: 'Test Stores' },
    ]);
    const [row] = (await t.database.db.select().from(vantivStagings)).filter((r) => r.applicationId === id);
    expect(row).toMatchObject({ legalEntityId: body.legalEntityId, subMerchantId: body.subMerchantId });
    const creates = sim.stats.legalEntities;
    const again = await stage(id);
    expect(again.json()).toMatchObject({
      outcome: 'already_staged',
      message: VANTIV_MESSAGES.alreadyStaged,
      legalEntityId: body.legalEntityId,
      subMerchantId: body.subMerchantId,
    });
    expect(sim.stats.legalEntities).toBe(creates);
    expect((await call('GET', `/api/vantiv/stage/${id}`)).json().outcome).toBe('already_staged');
    // nothing of the answers or the password in the stagings or the audit
    const stored = JSON.stringify([
      await t.database.db.select().from(vantivStagings),
      await t.database.db.select().from(auditEvents),
    ]);
    expect(stored).toContain('integration.vantiv-stage');
    for (const secret of [SSN, SSN.replace(/-/g, ''), ACCOUNT, sim.password]) expect(stored).not.toContain(secret);
  });

  it('a legal entity Worldpay holds for review creates no sub-merchant', async () => {
    const id = await application({ ...ANSWERS, legal_name: 'REVIEW Me Stores Inc' });
    const res = await stage(id);
    expect(res.json()).toMatchObject({
      outcome: 'for_review',
      message: VANTIV_MESSAGES.forReview,
      responseCode: 20,
      subMerchantId: null,
    });
    expect(sim.legalEntities.find((e) => e.name === 'REVIEW Me Stores Inc')?.subMerchants).toEqual([]);
  });

  it('names the form label of an answer that cannot be sent, and sends nothing', async () => {
    const calls = sim.stats.calls;
    const id = await application({
      ...ANSWERS,
      website: '',
      owner1_ownership_percent: 'most',
      owner1_dob: '31/31/1980',
    });
    const res = await stage(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('errors');
    expect(res.json().problems).toEqual([
      VANTIV_MESSAGES.cannotSend,
      'Owner 1 date of birth: a date for Worldpay.',
      'Owner 1 ownership %: a whole percentage 0 to 100 for Worldpay.',
      'Website: Worldpay requires it.',
    ]);
    expect(sim.stats.calls).toBe(calls);
  });

  it("shows Worldpay's XML validation errors in words, with no sealed value quoted", async () => {
    const id = await application({
      ...ANSWERS,
      legal_name: 'Quoted Errors Stores',
      mcc: '0000',
      bank_account_number: '999000111',
    });
    const res = await stage(id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ outcome: 'errors', message: VANTIV_MESSAGES.errors, subMerchantId: null });
    // the legal entity was made: its id is kept, so a corrected stage goes on with the same one
    expect(body.legalEntityId).toMatch(/^\d+$/);
    expect(body.problems).toEqual([
      'Merchant Category Code 0000 is not approved for this PayFac',
      "bankAccountNumber [removed] failed the bank's check",
    ]);
    const stored = JSON.stringify(await t.database.db.select().from(vantivStagings));
    expect(stored).not.toContain('999000111');
  });

  it('says Worldpay refused the password, and words a down or malformed Worldpay; nothing is stored', async () => {
    const id = await application();
    await connect('not-the-password');
    const refused = await stage(id);
    expect(refused.statusCode).toBe(424);
    expect(refused.json()).toMatchObject({ code: ERROR_CODES.integrationFailed, message: VANTIV_MESSAGES.refused });
    await connect();
    await faults({ fail: 1 });
    const down = await stage(id);
    expect(down.statusCode).toBe(424);
    expect(down.json().message).toBe('Connection Failed !');
    await faults({ malformed: 1 });
    expect((await stage(id)).statusCode).toBe(424);
    expect((await call('GET', `/api/vantiv/stage/${id}`)).json().outcome).toBeNull();
  });

  it('another company gets 404 and stages nothing; a STANDARD member of a form not granted gets 404', async () => {
    const id = await application();
    const calls = sim.stats.calls;
    const other = await stage(id, b);
    expect(other.statusCode).toBe(404);
    expect((await call('GET', `/api/vantiv/stage/${id}`, undefined, b)).statusCode).toBe(404);
    const member = await joinTeam(t, a, 'STANDARD');
    expect((await stage(id, member)).statusCode).toBe(404);
    expect(sim.stats.calls).toBe(calls);
  });

  it('lists Worldpay/Vantiv and TSYS/Transax beside CardConnect in /api/processors, with stable ids', async () => {
    const admin = await adminToken(t);
    const res = await t.app.inject({ url: '/api/processors', headers: bearer(admin) });
    expect(res.json()).toEqual([
      { id: 'cardconnect', name: 'CardConnect' },
      { id: 'processor_b', name: 'Worldpay/Vantiv' },
      { id: 'tsys', name: 'TSYS/Transax' },
    ]);
  });
});
