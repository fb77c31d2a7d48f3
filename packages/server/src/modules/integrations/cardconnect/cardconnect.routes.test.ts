import { ERROR_CODES } from '@under/core/api/error.schema';
import { maskValue } from '@under/core/forms/masking';
import { CARDCONNECT_MESSAGES } from '@under/core/integrations/cardconnect-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, integrationConnections } from '../../../db/schema/index';
import { createOutbound, DEFAULT_OUTBOUND_ALLOW } from '../../../infra/outbound/outbound';
import { type CardConnectSimulator, type CcSimUser, startCardConnectSimulator } from '../../../simulators/cardconnect';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, signIn, type TestApp, testDatabases } from '../../../test/helpers';

const ADMIN_EMAIL = 'cardconnect-admin@under.test';

// The real client on the real outbound client, against the loopback simulator (not CardConnect).
describe.each(testDatabases())('CardConnect credentials on %s', (kind) => {
  let t: TestApp;
  let sim: CardConnectSimulator;
  let user: CcSimUser;

  beforeAll(async () => {
    sim = await startCardConnectSimulator();
    user = sim.state.registerUser({
      username: 'bank-api-user',
      password: 'Copilot-Pass-1',
      clientId: 'merchapi-bank',
      clientSecret: 'Client-Secret-Key-77',
      salesCodes: ['API1'],
      templateIds: ['4242'],
    });
    t = await createTestApp(kind, {
      outbound: createOutbound({
        allow: DEFAULT_OUTBOUND_ALLOW,
        testHosts: sim.testHosts,
        timeoutMs: 5_000,
        maxBodyBytes: 1_000_000,
      }),
      config: { cardConnect: { apiUrl: sim.apiUrl, tokenUrl: sim.tokenUrl } },
    });
    await t.services.auth.ensureAdmin({ email: ADMIN_EMAIL, password: 'Admin12345' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sim?.stop();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const body = (over: object = {}) => ({
    username: user.username,
    password: user.password,
    saleCode: 'API1',
    pricingTemplateId: '4242',
    clientSecretKey: user.clientSecret,
    clientId: user.clientId,
    ...over,
  });
  const integrate = (c: Caller, over: object = {}) => call('POST', '/api/companies/card-connect', c.token, body(over));
  const rowOf = async (companyId: string) =>
    (
      await t.database.db.select().from(integrationConnections).where(eq(integrationConnections.companyId, companyId))
    ).find((r) => r.kind === 'cardconnect');

  it('checks the credentials with a token before keeping them, seals them and answers masks only', async () => {
    const a = await registerCompany(t, { companyName: 'Card Bank' });
    expect((await call('GET', '/api/companies/card-connect', a.token)).json()).toMatchObject({
      state: 'not_connected',
      password: null,
    });
    const tokensBefore = sim.state.stats().tokenCalls;
    const res = await integrate(a);
    expect(res.statusCode, res.body).toBe(200);
    expect(sim.state.stats().tokenCalls).toBe(tokensBefore + 1);
    expect(res.json()).toMatchObject({
      state: 'connected',
      username: maskValue(user.username),
      password: maskValue(user.password),
      saleCode: maskValue('API1'),
      pricingTemplateId: maskValue('4242'),
      clientSecretKey: maskValue(user.clientSecret),
      clientId: maskValue(user.clientId),
      turnedOffAt: null,
    });
    const row = await rowOf(a.companyId);
    expect(Object.keys(row?.secrets ?? {}).sort()).toEqual([
      'clientId',
      'clientSecretKey',
      'password',
      'pricingTemplateId',
      'saleCode',
      'username',
    ]);
    for (const v of Object.values(row?.secrets ?? {})) expect(v).toMatch(/^enc:v1:/);
    const audit = JSON.stringify(await t.database.db.select().from(auditEvents));
    for (const secret of [user.password, user.clientSecret]) {
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(res.body).not.toContain(secret);
      expect(audit).not.toContain(secret);
    }
    // the sync's view: the credentials opened, for this company only
    expect(await t.services.cardConnect.setupFor(a.companyId)).toEqual({
      credentials: {
        username: user.username,
        password: user.password,
        clientId: user.clientId,
        clientSecret: user.clientSecret,
      },
      saleCode: 'API1',
      templateId: '4242',
    });
    // the integrations overview shows it on
    const overview = (await call('GET', '/api/integrations', a.token)).json();
    expect(overview.integrations.find((i: { kind: string }) => i.kind === 'cardconnect')).toMatchObject({
      available: true,
      state: 'connected',
    });
  });

  it('keeps nothing when the provider refuses, and says whether the user or the client was refused', async () => {
    const a = await registerCompany(t, { companyName: 'Refused Bank' });
    const wrongPassword = await integrate(a, { password: 'not-it' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({
      code: ERROR_CODES.cardConnectInvalidCredentials,
      message: CARDCONNECT_MESSAGES.invalidCredentials,
    });
    const wrongSecret = await integrate(a, { clientSecretKey: 'not-it' });
    expect(wrongSecret.json().code).toBe(ERROR_CODES.cardConnectInvalidClient);
    sim.state.failNext(1);
    const down = await integrate(a);
    expect(down.statusCode).toBe(424);
    expect(down.json().message).toBe('Connection Failed !');
    expect(await rowOf(a.companyId)).toBeUndefined();
  });

  it("refuses a pricing template id over 19 characters with the spec's message, and names missing fields", async () => {
    const a = await registerCompany(t, { companyName: 'Long Template Bank' });
    const tokensBefore = sim.state.stats().tokenCalls;
    const long = await integrate(a, { pricingTemplateId: '1'.repeat(20) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toContainEqual({
      path: 'pricingTemplateId',
      message: 'Pricing template ID max 19 characters',
    });
    const missing = await integrate(a, { saleCode: '  ' });
    expect(missing.json().errors).toContainEqual({ path: 'saleCode', message: 'Sale code is required' });
    expect(sim.state.stats().tokenCalls).toBe(tokensBefore);
    // 19 is allowed: checked with the provider and kept
    expect((await integrate(a, { pricingTemplateId: '1'.repeat(19) })).statusCode).toBe(200);
  });

  it('turns off with status inactive (admins mailed), and Edit with the masks sent back turns it on again', async () => {
    const a = await registerCompany(t, { companyName: 'Off Bank' });
    expect((await integrate(a)).statusCode).toBe(200);
    const sentBefore = t.mailer.sent.length;
    const off = await call('PATCH', '/api/companies/card-connect/status', a.token, { status: 'inactive' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ state: 'turned_off', password: maskValue(user.password) });
    expect(off.json().turnedOffAt).not.toBeNull();
    expect(await t.services.cardConnect.setupFor(a.companyId)).toBeNull();
    await t.mailer.settle();
    const mails = t.mailer.sent.slice(sentBefore).filter((m) => m.to === ADMIN_EMAIL);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Off Bank turned off CardConnect');
    expect(mails[0]?.text).not.toContain(user.password);
    const again = await call('PATCH', '/api/companies/card-connect/status', a.token, { status: 'inactive' });
    expect(again.json()).toMatchObject({
      code: ERROR_CODES.integrationTurnedOff,
      message: CARDCONNECT_MESSAGES.alreadyTurnedOff,
    });
    expect((await call('PATCH', '/api/companies/card-connect/status', a.token, { status: 'active' })).statusCode).toBe(
      400,
    );
    // Edit: the form sends the masks back for what was not changed
    const view = off.json();
    const edit = await call('POST', '/api/companies/card-connect', a.token, {
      username: view.username,
      password: view.password,
      saleCode: view.saleCode,
      pricingTemplateId: view.pricingTemplateId,
      clientSecretKey: view.clientSecretKey,
      clientId: view.clientId,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ state: 'connected', turnedOffAt: null });
    expect((await t.services.cardConnect.setupFor(a.companyId))?.credentials.password).toBe(user.password);
    // a mask that is not the stored value's is refused, not kept
    const forged = await integrate(a, { password: '****xxxx' });
    expect(forged.statusCode).toBe(400);
  });

  it('only a client ADMINISTRATOR sets it up or turns it off; another company neither sees nor changes it', async () => {
    const a = await registerCompany(t, { companyName: 'Tenant A Bank', membershipId: 'MEMBERSHIP_004' });
    expect((await integrate(a)).statusCode).toBe(200);
    const member = await joinTeam(t, a, 'STANDARD');
    expect((await integrate(member)).statusCode).toBe(403);
    expect(
      (await call('PATCH', '/api/companies/card-connect/status', member.token, { status: 'inactive' })).statusCode,
    ).toBe(403);
    // members read the state and masks
    expect((await call('GET', '/api/companies/card-connect', member.token)).json().state).toBe('connected');
    const b = await registerCompany(t, { companyName: 'Tenant B Bank' });
    expect((await call('GET', '/api/companies/card-connect', b.token)).json()).toMatchObject({
      state: 'not_connected',
      username: null,
    });
    const off = await call('PATCH', '/api/companies/card-connect/status', b.token, { status: 'inactive' });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(CARDCONNECT_MESSAGES.notConnected);
    expect((await rowOf(a.companyId))?.state).toBe('connected');
    expect(await rowOf(b.companyId)).toBeUndefined();
  });

  it('GET /api/cc-attributes answers the boarding attributes with their types and help texts, to any signed-in user', async () => {
    const a = await registerCompany(t, { companyName: 'Attributes Bank' });
    const res = await call('GET', '/api/cc-attributes', a.token);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { name: string; type: string; helpText: string; values: { code: string }[] }[];
    expect(list.find((x) => x.name === 'merchant.dbaName')).toMatchObject({
      type: 'string',
      helpText: 'No more than 100 characters',
    });
    expect(list.find((x) => x.name === 'merchant.ownership.ownerOwnershipPct')?.helpText).toBe('Must from 0 to 100%');
    expect(list.find((x) => x.name === 'merchant.businessStartDate')?.helpText).toBe(
      'Value must be parsed to MM/DD/YYYY',
    );
    expect(list.find((x) => x.name === 'merchant.processing.platformDetails.currencyCode')?.values).toEqual([
      { code: 'USD', name: 'US Dollar' },
    ]);
    expect(list.filter((x) => x.name.startsWith('pseudo.')).map((x) => x.name)).toEqual([
      'pseudo.formName',
      'pseudo.submitDate',
      'pseudo.formVersion',
      'pseudo.applicationId',
    ]);
    const admin = (await signIn(t, 'admin', ADMIN_EMAIL, 'Admin12345')).accessToken;
    expect((await call('GET', '/api/cc-attributes', admin)).json()).toEqual(list);
    expect((await t.app.inject({ url: '/api/cc-attributes' })).statusCode).toBe(401);
  });
});
