import { CC_SYNC_WORDS } from '@under/core/integrations/cardconnect-sync-words';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, integrationSyncs } from '../../../db/schema';
import { createOutbound, DEFAULT_OUTBOUND_ALLOW } from '../../../infra/outbound/outbound';
import { type CardConnectSimulator, type CcSimUser, startCardConnectSimulator } from '../../../simulators/cardconnect';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress, uniqueEmail } from '../../../test/helpers';
import { activeForm } from '../../applications/review/lists.fixtures';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { createCardConnectClient, parsedErrors } from '../cardconnect/cardconnect.client';
import { type CardConnectClient, CardConnectError } from '../cardconnect/cardconnect.port';
import { until } from './sync.fixtures';

const SSN = '741-22-9031';
const EXTRA = [
  { type: 'textfield', key: 'dba', label: 'Doing business as', input: true },
  { type: 'textfield', key: 'opened', label: 'Business opened on', input: true },
  { type: 'textfield', key: 'shop_phone', label: 'Shop phone', input: true },
  { type: 'textfield', key: 'ssn', label: 'Owner social security number', input: true, euEncrypted: true },
  {
    type: 'address',
    key: 'shop',
    label: 'Shop address',
    input: true,
    components: [
      { type: 'textfield', key: 'address1', label: 'Street', input: true },
      { type: 'textfield', key: 'city', label: 'City', input: true },
      { type: 'textfield', key: 'state', label: 'State', input: true },
      { type: 'textfield', key: 'zip', label: 'ZIP', input: true },
    ],
  },
];
const MAPPING = [
  { formKey: 'CompanyName', attribute: 'merchant.legalBusinessName' },
  { formKey: 'dba', attribute: 'merchant.dbaName' },
  { formKey: 'opened', attribute: 'merchant.businessStartDate' },
  { formKey: 'shop_phone', attribute: 'merchant.demographic.businessPhone' },
  { formKey: 'ssn', attribute: 'merchant.ownership.owner.ownerSSN' },
  { formKey: 'Lastname', attribute: 'merchant.ownership.owner.ownerName' },
  { formKey: 'Email', attribute: 'merchant.ownership.owner.ownerEmail' },
  { formKey: 'shop', attribute: 'merchant.demographic.businessAddress' },
  { formKey: 'pseudo.applicationId', attribute: 'merchant.akaBusinessName' },
];
const FULL = {
  Firstname: 'Ada',
  Lastname: 'Lovelace',
  PhoneNumber: '(555) 123-4567',
  Email: 'ada@example.com',
  CompanyName: 'Analytical Engines LLC',
  dba: 'Engines',
  opened: '2019-03-07',
  shop_phone: '(555) 765-4321',
  ssn: SSN,
  shop: { mode: 'manual', address: { address1: '1 Loom Street', city: 'London', state: 'New York', zip: '10001' } },
};

/**
 * The sync to CardConnect (issue #24 §1; decision 086) through the app: `POST /api/applications/{id}/sync-to-cc`,
 * the durable engine's worker (pg-boss), the real CoPilot client on the outbound client, and the loopback simulator
 * (not CardConnect). The template's mapping is the platform admin's; the company's credentials are sealed.
 */
describe.each(testDatabases())('the sync to CardConnect on %s', (kind) => {
  let t: TestApp;
  let sim: CardConnectSimulator;
  let user: CcSimUser;
  let a: Caller;
  let b: Caller;
  let formId: string;
  let masterId: string;
  /** Errors the next creates answer instead of the simulator (a provider field error on a mapped field). */
  const createErrors: CardConnectError[] = [];
  /** The next create reaches the simulator but its answer is lost (a timeout after the provider made it). */
  const lose = { nextCreate: false };
  /** Errors the next calls of one kind answer instead of the simulator (after the withdraw: a failed update…). */
  const inject: Record<'status' | 'updateMerchant' | 'requestSignature', CardConnectError[]> = {
    status: [],
    updateMerchant: [],
    requestSignature: [],
  };

  beforeAll(async () => {
    sim = await startCardConnectSimulator();
    user = sim.state.registerUser({ salesCodes: ['API1'], templateIds: ['4242'] });
    const outbound = createOutbound({
      allow: DEFAULT_OUTBOUND_ALLOW,
      testHosts: sim.testHosts,
      timeoutMs: 1_500,
      maxBodyBytes: 1_000_000,
    });
    const real = createCardConnectClient(outbound, { apiUrl: sim.apiUrl, tokenUrl: sim.tokenUrl });
    const client: CardConnectClient = {
      ...real,
      async createMerchant(tk, body) {
        const injected = createErrors.shift();
        if (injected) throw injected;
        const made = await real.createMerchant(tk, body);
        if (lose.nextCreate) {
          lose.nextCreate = false;
          throw new CardConnectError('unavailable', 'timeout after 1500 ms');
        }
        return made;
      },
      async status(tk, id) {
        const injected = inject.status.shift();
        if (injected) throw injected;
        return real.status(tk, id);
      },
      async updateMerchant(tk, id, body) {
        const injected = inject.updateMerchant.shift();
        if (injected) throw injected;
        return real.updateMerchant(tk, id, body);
      },
      async requestSignature(tk, id) {
        const injected = inject.requestSignature.shift();
        if (injected) throw injected;
        return real.requestSignature(tk, id);
      },
    };
    t = await createTestApp(kind, {
      outbound,
      cardConnect: client,
      config: { cardConnect: { apiUrl: sim.apiUrl, tokenUrl: sim.tokenUrl } },
    });
    const admin = await adminToken(t);
    masterId = await publishedMaster(t, admin, { name: 'CC Sync Bank', extra: EXTRA });
    const mapped = await t.app.inject({
      method: 'POST',
      url: `/api/card-connect/mapper/${masterId}`,
      headers: bearer(admin),
      payload: { fields: MAPPING },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    a = await registerCompany(t, { companyName: 'CC Sync A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'CC Sync B', membershipId: 'MEMBERSHIP_006' });
    formId = await activeForm(t, a, masterId, 'CC sync form');
    const integrated = await t.app.inject({
      method: 'POST',
      url: '/api/companies/card-connect',
      headers: bearer(a.token),
      payload: {
        username: user.username,
        password: user.password,
        saleCode: 'API1',
        pricingTemplateId: '4242',
        clientSecretKey: user.clientSecret,
        clientId: user.clientId,
      },
    });
    expect(integrated.statusCode, integrated.body).toBe(200);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await sim?.stop();
  });
  beforeEach(async () => {
    sim.state.failNext(0);
    sim.state.slow(0);
    sim.state.lowerCaseErrorField(false);
    createErrors.length = 0;
    lose.nextCreate = false;
    for (const q of Object.values(inject)) q.length = 0;
    await configure(false);
  });

  async function configure(autoSync: boolean) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/config',
      headers: bearer(a.token),
      payload: { formId, integrationToActivate: 'cardconnect', autoSync, activeIntegration: true },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const headers = () => ({ 'x-api-key': t.config.secrets.publicApiKey });
  async function submitted(data: Record<string, unknown> = FULL) {
    const address = uniqueAddress();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers: headers(),
      payload: { customFormId: formId, email: uniqueEmail('cc'), data: {} },
      remoteAddress: address,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { applicationId, code } = res.json();
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/public/applications/${applicationId}/submit?code=${code}`,
      headers: headers(),
      payload: { data, revision: 1 },
      remoteAddress: address,
    });
    expect(done.statusCode, done.body).toBe(200);
    await t.events.drain();
    return applicationId as string;
  }
  const syncToCc = (id: string, caller: Caller = a, form = formId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/applications/${id}/sync-to-cc`,
      headers: bearer(caller.token),
      payload: { formId: form },
    });
  const ccSync = async (id: string) =>
    (
      (await t.app.inject({ url: `/api/applications/${id}/syncs`, headers: bearer(a.token) })).json().items as {
        integration: string;
        state: string;
        recordId: string | null;
        lastError: string | null;
        attempts: number;
      }[]
    ).find((s) => s.integration === 'cardconnect');
  const settled = (
    id: string,
    state: string,
    after?: (s: NonNullable<Awaited<ReturnType<typeof ccSync>>>) => boolean,
  ) =>
    until(
      `cardconnect ${state} for ${id}`,
      async () => {
        const s = await ccSync(id);
        return s && s.state === state && (!after || after(s)) ? s : null;
      },
      60_000,
    );
  const merchantsOf = (id: string) => sim.state.merchants().filter((m) => m.merchant.akaBusinessName === id);
  async function edit(id: string, data: Record<string, unknown>) {
    const detail = (await t.app.inject({ url: `/api/applications/${id}`, headers: bearer(a.token) })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/applications/${id}`,
      headers: bearer(a.token),
      payload: { data: { ...FULL, ...data }, revision: detail.revision },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.events.drain();
  }

  it('manual: the first sync creates the merchant with converted values, later ones update the whole object', async () => {
    const id = await submitted();
    // manual sync: the submit queued nothing for CardConnect
    expect(await ccSync(id)).toBeUndefined();
    const res = await syncToCc(id);
    expect(res.statusCode, res.body).toBe(202);
    const first = await settled(id, 'synced');
    const [m] = merchantsOf(id);
    expect(m, JSON.stringify(sim.state.merchants().map((x) => x.merchant))).toBeDefined();
    expect(first.recordId).toBe(m?.merchantId);
    expect(m?.templateId).toBe('4242');
    expect(m?.merchant).toMatchObject({
      salesCode: 'API1',
      legalBusinessName: 'Analytical Engines LLC',
      dbaName: 'Engines',
      businessStartDate: '03/07/2019',
      demographic: {
        businessPhone: '555-765-4321',
        businessAddress: { address1: '1 Loom Street', city: 'London', stateCd: 'NY', zip: '10001', countryCd: 'US' },
      },
      // the encrypted answer opened for the call only
      ownership: { owner: { ownerSSN: SSN, ownerName: 'Lovelace', ownerEmail: 'ada@example.com' } },
    });
    const [row] = await t.database.db.select().from(integrationSyncs).where(eq(integrationSyncs.applicationId, id));
    expect(row).toMatchObject({ kind: 'cardconnect', providerRecordId: m?.merchantId, createPending: false });
    expect(JSON.stringify(row)).not.toContain(SSN);

    // an edit, then Sync again: an update of the same merchant, the whole object sent (nothing set to null)
    const before = sim.state.stats();
    await edit(id, { dba: 'Engines Two' });
    expect((await syncToCc(id)).statusCode).toBe(202);
    await settled(id, 'synced', () => sim.state.stats().updates > before.updates);
    expect(sim.state.stats().creates).toBe(before.creates);
    expect(merchantsOf(id)).toHaveLength(1);
    expect(merchantsOf(id)[0]?.merchant).toMatchObject({
      dbaName: 'Engines Two',
      businessStartDate: '03/07/2019',
      ownership: { owner: { ownerSSN: SSN } },
    });
    const audits = await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, id));
    expect(audits.filter((e) => e.action === 'application.sync-request')).toHaveLength(2);
  });

  it('while out for signature the request is withdrawn, the merchant updated, and sent out for signature again', async () => {
    const id = await submitted();
    await syncToCc(id);
    const { recordId } = await settled(id, 'synced');
    const client = createCardConnectClient(
      createOutbound({ allow: DEFAULT_OUTBOUND_ALLOW, testHosts: sim.testHosts, timeoutMs: 5_000, maxBodyBytes: 1e6 }),
      { apiUrl: sim.apiUrl, tokenUrl: sim.tokenUrl },
    );
    const token = await client.token(user);
    await client.requestSignature(token, recordId as string);
    expect(sim.state.merchant(recordId as string)?.boardingProcessStatusCd).toBe('OFS');
    const before = sim.state.stats().updates;
    await edit(id, { dba: 'Engines Signed' });
    await syncToCc(id);
    await settled(id, 'synced', () => sim.state.stats().updates > before);
    const m = sim.state.merchant(recordId as string);
    expect(m?.merchant.dbaName).toBe('Engines Signed');
    expect(m?.boardingProcessStatusCd).toBe('OFS');
    expect(m?.signatureStatusCd).toBe('PENDING');
  });

  /** An application synced, then sent out for signature at CoPilot (OFS), then edited. */
  async function outForSignature(dba: string) {
    const id = await submitted();
    await syncToCc(id);
    const { recordId } = await settled(id, 'synced');
    const client = createCardConnectClient(
      createOutbound({ allow: DEFAULT_OUTBOUND_ALLOW, testHosts: sim.testHosts, timeoutMs: 5_000, maxBodyBytes: 1e6 }),
      { apiUrl: sim.apiUrl, tokenUrl: sim.tokenUrl },
    );
    await client.requestSignature(await client.token(user), recordId as string);
    expect(sim.state.merchant(recordId as string)?.boardingProcessStatusCd).toBe('OFS');
    await edit(id, { dba });
    return { id, merchantId: recordId as string };
  }
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(integrationSyncs).where(eq(integrationSyncs.applicationId, id)))[0];

  it('an update failing after the withdraw (retried): the next attempt still sends it out for signature again', async () => {
    const { id, merchantId } = await outForSignature('Engines Withdrawn');
    inject.updateMerchant.push(new CardConnectError('unavailable', 'status 503', 503));
    await syncToCc(id);
    await until('the failed update queued a retry', async () => {
      const r = await rowOf(id);
      return r?.state === 'queued' && r.attempts >= 1 ? r : null;
    });
    expect(sim.state.merchant(merchantId)?.boardingProcessStatusCd).toBe('INPROG');
    expect((await rowOf(id))?.signatureOwed).toBe(true);
    // the retry (now rather than in a minute): the merchant is in progress, but the signature is still owed
    await syncToCc(id);
    await settled(id, 'synced', () => sim.state.merchant(merchantId)?.merchant.dbaName === 'Engines Withdrawn');
    expect(sim.state.merchant(merchantId)?.boardingProcessStatusCd).toBe('OFS');
    expect((await rowOf(id))?.signatureOwed).toBe(false);
  });

  it('a signature request refused after the update: needs attention, and Sync again requests it', async () => {
    const { id, merchantId } = await outForSignature('Engines Refused');
    inject.requestSignature.push(
      new CardConnectError('invalid_data', '1105', 400, [
        { code: '1105', message: 'dbaName has invalid length.', errorField: 'merchant.dbaName', status: 'BAD_REQUEST' },
      ]),
    );
    await syncToCc(id);
    const s = await settled(id, 'needs_attention');
    expect(s.lastError).toContain('The merchant was updated');
    expect(sim.state.merchant(merchantId)?.boardingProcessStatusCd).toBe('INPROG');
    await syncToCc(id);
    await settled(id, 'synced');
    expect(sim.state.merchant(merchantId)?.boardingProcessStatusCd).toBe('OFS');
  });

  it('a stored merchant no longer found: needs attention, nothing created; Sync again creates one', async () => {
    const id = await submitted();
    await syncToCc(id);
    const { recordId } = await settled(id, 'synced');
    const creates = sim.state.stats().creates;
    inject.status.push(new CardConnectError('not_found', 'status 404', 404));
    await syncToCc(id);
    const s = await settled(id, 'needs_attention');
    expect(s.lastError).toBe(CC_SYNC_WORDS.merchantGone(recordId as string));
    expect(sim.state.stats().creates).toBe(creates);
    // a later event does not create either: only a person's Sync again
    await configure(true);
    await edit(id, { dba: 'Engines Gone' });
    await until('the edit ran the sync again', async () => {
      const r = await rowOf(id);
      return r && r.run >= 3 && r.state === 'needs_attention';
    });
    expect(sim.state.stats().creates).toBe(creates);
    await syncToCc(id);
    const again = await settled(id, 'synced');
    expect(sim.state.stats().creates).toBe(creates + 1);
    expect(again.recordId).not.toBe(recordId);
  });

  it("a refused field's message is shown only for a mapped plain answer (sub-fields, leaves, indexes)", async () => {
    const id = await submitted();
    const err = (errorField: string, message: string) => ({ code: '1105', message, errorField, status: 'BAD_REQUEST' });
    createErrors.push(
      new CardConnectError('invalid_data', '1105', 400, [
        err('ownerSSN', `ownerSSN ${SSN} is not valid.`),
        err('merchant.ownership.owners[0].ownerSSN', `SSN ${SSN} is not valid.`),
        err('merchant.taxId', `taxId ${SSN} is not valid.`),
        err('merchant.demographic.businessAddress.zip', 'zip is too short.'),
      ]),
    );
    await syncToCc(id);
    const s = await settled(id, 'needs_attention');
    expect(s.lastError).not.toContain(SSN);
    expect(s.lastError).toContain('Owner social security number: the value of an encrypted answer');
    expect(s.lastError).toContain(`: ${CC_SYNC_WORDS.valueRefused}`);
    expect(s.lastError).toContain('Shop address: zip is too short.');
    expect(JSON.stringify(await rowOf(id))).not.toContain(SSN);
  });

  it('a value that cannot be converted: needs attention with its label and help text, nothing sent; fixed, it syncs', async () => {
    const id = await submitted({ ...FULL, opened: 'next spring' });
    const creates = sim.state.stats().creates;
    await syncToCc(id);
    const s = await settled(id, 'needs_attention');
    expect(s.lastError).toBe(CC_SYNC_WORDS.invalidValues(['Business opened on: Value must be parsed to MM/DD/YYYY']));
    expect(sim.state.stats().creates).toBe(creates);
    await edit(id, { opened: '3/7/2019' });
    await syncToCc(id);
    await settled(id, 'synced');
    expect(merchantsOf(id)).toHaveLength(1);
  });

  it("CardConnect's field errors name the form's labels; an encrypted answer's message is withheld", async () => {
    const id = await submitted();
    createErrors.push(
      new CardConnectError('invalid_data', '1105 ownerSSN 741-22-9031 is not valid', 400, [
        {
          code: '1105',
          message: `ownerSSN ${SSN} is not valid.`,
          errorField: 'merchant.ownership.owner.ownerSSN',
          status: 'BAD_REQUEST',
        },
        { code: '1105', message: 'dbaName has invalid length.', errorField: 'merchant.dbaName', status: 'BAD_REQUEST' },
      ]),
    );
    await syncToCc(id);
    const s = await settled(id, 'needs_attention');
    expect(s.lastError).toContain('Owner social security number: ');
    expect(s.lastError).toContain('Doing business as: dbaName has invalid length.');
    expect(s.lastError).not.toContain(SSN);
    const [row] = await t.database.db.select().from(integrationSyncs).where(eq(integrationSyncs.applicationId, id));
    expect(JSON.stringify(row)).not.toContain(SSN);
    // a refused create is certain: nothing pending, Sync again creates
    expect(row?.createPending).toBe(false);
    await syncToCc(id);
    await settled(id, 'synced');
    expect(merchantsOf(id)).toHaveLength(1);
  });

  it("CoPilot's errors with a NUL byte and a huge answer still end the sync in bounded words (never a refused write)", async () => {
    const id = await submitted();
    const huge = Array.from({ length: 500 }, (_, i) => ({
      code: `11${i}\u0000`,
      message: `dbaName has\u0000 invalid length.${'x'.repeat(10_000)}`,
      errorField: i === 0 ? 'merchant.dbaName' : `merchant.f\u0000${'y'.repeat(10_000)}`,
      status: 'BAD_REQUEST',
    }));
    createErrors.push(new CardConnectError('invalid_data', '1105', 400, parsedErrors({ errors: huge })));
    await syncToCc(id);
    const s = await settled(id, 'needs_attention');
    expect(s.lastError).toContain('Doing business as: dbaName has');
    expect(s.lastError).not.toContain('\u0000');
    const [row] = await t.database.db.select().from(integrationSyncs).where(eq(integrationSyncs.applicationId, id));
    expect(JSON.stringify(row).length).toBeLessThan(20_000);
  });

  it('a create whose answer is lost (timeout): needs attention to check CoPilot, never created again by itself', async () => {
    const id = await submitted();
    lose.nextCreate = true;
    await syncToCc(id);
    const s = await settled(id, 'needs_attention');
    expect(s.lastError).toBe(CC_SYNC_WORDS.uncertainCreate);
    // the provider did make it
    expect(merchantsOf(id)).toHaveLength(1);
    const [row] = await t.database.db.select().from(integrationSyncs).where(eq(integrationSyncs.applicationId, id));
    expect(row).toMatchObject({ createPending: true, providerRecordId: null });
    // a later event (an edit) does not create a second merchant: still waiting for a person
    await configure(true);
    await edit(id, { dba: 'Engines After Timeout' });
    await until('the edit ran the sync again', async () => {
      const [r] = await t.database.db.select().from(integrationSyncs).where(eq(integrationSyncs.applicationId, id));
      return r && r.run >= 2 && r.state === 'needs_attention';
    });
    await t.services.integrationSyncs.sweep();
    expect((await ccSync(id))?.lastError).toBe(CC_SYNC_WORDS.uncertainCreate);
    expect(merchantsOf(id)).toHaveLength(1);
    // a person's Sync again (they were told to check CoPilot first) creates: the simulator has no delete, so the
    // duplicate the words warn of is left here
    expect((await syncToCc(id)).statusCode).toBe(202);
    const again = await settled(id, 'synced');
    expect(merchantsOf(id)).toHaveLength(2);
    expect(again.recordId).toBe(merchantsOf(id)[1]?.merchantId);
  });

  it('auto-sync on submit when the form says so; tenancy: another company and an ungranted member get 404', async () => {
    await configure(true);
    const id = await submitted();
    const s = await settled(id, 'synced');
    expect(s.recordId).toBe(merchantsOf(id)[0]?.merchantId);
    const count = sim.state.merchants().length;
    const rowsBefore = await t.database.db
      .select()
      .from(integrationSyncs)
      .where(eq(integrationSyncs.applicationId, id));
    expect((await syncToCc(id, b)).statusCode).toBe(404);
    const member = await joinTeam(t, a, 'STANDARD');
    expect((await syncToCc(id, member)).statusCode).toBe(404);
    // the application's form, not another
    expect((await syncToCc(id, a, masterId)).statusCode).toBe(400);
    const rowsAfter = await t.database.db.select().from(integrationSyncs).where(eq(integrationSyncs.applicationId, id));
    expect(rowsAfter).toEqual(rowsBefore);
    expect(sim.state.merchants()).toHaveLength(count);
  });
});
