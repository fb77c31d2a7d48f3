import { ERROR_CODES } from '@under/core/api/error.schema';
import { maskValue } from '@under/core/forms/masking';
import { INTEGRATION_MESSAGES } from '@under/core/integrations/connection-messages';
import { MESSAGES } from '@under/core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, integrationConnections, integrationOauthStates } from '../../../db/schema/index';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createFakeSalesforce, type FakeSalesforce } from '../../../test/fake-salesforce';
import { createTestApp, signIn, type TestApp, testDatabases } from '../../../test/helpers';
import { IntegrationUnavailable } from '../ports';

const ADMIN_EMAIL = 'integrations-admin@under.test';
const ADMIN_PASSWORD = 'Admin12345';

describe.each(testDatabases())('Salesforce connections on %s', (kind) => {
  let t: TestApp;
  let sf: FakeSalesforce;
  let platformAdmin: string;

  beforeAll(async () => {
    sf = createFakeSalesforce();
    t = await createTestApp(kind, { salesforce: sf });
    await t.services.auth.ensureAdmin({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    platformAdmin = (await signIn(t, 'admin', ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  const professional = (name: string) => registerCompany(t, { companyName: name, membershipId: 'MEMBERSHIP_004' });

  const addInfo = (c: Caller, over: object = {}) =>
    call('POST', '/api/salesforce/add-info', c.token, {
      consumerKey: sf.consumerKey,
      consumerSecret: sf.consumerSecret,
      salesForceDomain: 'login.salesforce.com',
      ...over,
    });

  /** add-info, the person approves on Salesforce, the browser comes back: the callback's redirect. */
  async function connect(c: Caller) {
    const started = await addInfo(c);
    expect(started.statusCode, started.body).toBe(200);
    const state = new URL(started.json().authorizeUrl).searchParams.get('state') as string;
    const back = await t.app.inject({ url: `/api/salesforce/callback?code=${sf.approve(state)}&state=${state}` });
    expect(back.statusCode).toBe(302);
    return back.headers.location;
  }

  const overview = async (c: Caller) => (await call('GET', '/api/integrations', c.token)).json();

  it('connects: PKCE and state to Salesforce, the code exchanged at the callback, tokens sealed, masks answered', async () => {
    const a = await professional('Connect Bank');
    const started = await addInfo(a);
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL(started.json().authorizeUrl);
    expect(url.host).toBe('login.salesforce.com');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}/api/salesforce/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const state = url.searchParams.get('state') as string;
    // security's newToken: 256 random bits after a prefix
    expect(state).toMatch(/^sfs_[A-Za-z0-9_-]{43}$/);
    // the state is stored hashed only
    const states = await t.database.db.select().from(integrationOauthStates);
    expect(JSON.stringify(states)).not.toContain(state);
    // before the callback: not connected, with the masks of what was entered
    const before = (await overview(a)).integrations[0];
    expect(before).toMatchObject({ kind: 'salesforce', state: 'not_connected', domain: 'login.salesforce.com' });

    const back = await t.app.inject({ url: `/api/salesforce/callback?code=${sf.approve(state)}&state=${state}` });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/manage-integration?salesforce=connected');

    const view = await overview(a);
    expect(view).toMatchObject({ companyId: a.companyId, planAllowsCrm: true, canManage: true });
    expect(view.integrations.map((i: { kind: string }) => i.kind)).toEqual([
      'salesforce',
      'cardconnect',
      'worldpay',
      'tsys',
    ]);
    expect(view.integrations[0]).toMatchObject({
      state: 'connected',
      available: true,
      instanceUrl: sf.instanceUrl,
      consumerKey: maskValue(sf.consumerKey),
      consumerSecret: maskValue(sf.consumerSecret),
    });
    expect(view.integrations[0].consumerKey.endsWith(sf.consumerKey.slice(-4))).toBe(true);
    expect(view.integrations[1]).toMatchObject({ kind: 'cardconnect', available: true, state: 'not_connected' });
    expect(view.integrations[2]).toMatchObject({ kind: 'worldpay', available: false });
    const check = await call('POST', '/api/salesforce/check-info', a.token);
    expect(check.json()).toEqual({ state: 'connected', connected: true, expired: false, instanceUrl: sf.instanceUrl });

    // sealed at rest: every credential and token an envelope; no plaintext anywhere in the row
    const [row] = await t.database.db
      .select()
      .from(integrationConnections)
      .where(eq(integrationConnections.companyId, a.companyId));
    expect(Object.keys(row?.secrets ?? {}).sort()).toEqual([
      'accessToken',
      'consumerKey',
      'consumerSecret',
      'refreshToken',
    ]);
    for (const v of Object.values(row?.secrets ?? {})) expect(v).toMatch(/^enc:v1:/);
    const stored = JSON.stringify(row);
    for (const secret of [sf.consumerKey, sf.consumerSecret, ...sf.issued]) expect(stored).not.toContain(secret);
    // and never in an answer or an audit event
    const audit = JSON.stringify(await t.database.db.select().from(auditEvents));
    expect(audit).toContain('integration.connect');
    for (const secret of [sf.consumerKey, sf.consumerSecret, ...sf.issued]) {
      expect(JSON.stringify(view)).not.toContain(secret);
      expect(audit).not.toContain(secret);
    }

    // the state was single-use: the same state again is refused
    const replay = await t.app.inject({ url: `/api/salesforce/callback?code=${sf.approve(state)}&state=${state}` });
    expect(replay.headers.location).toBe('/manage-integration?salesforce=invalid_state');
  });

  it('words the failures: expired code, refused key or secret, access denied, an unknown or expired state', async () => {
    const a = await professional('Failing Bank');
    // a code used twice: "Expired authorization code"
    const first = await addInfo(a);
    const state1 = new URL(first.json().authorizeUrl).searchParams.get('state') as string;
    const code = sf.approve(state1);
    await sf
      .exchangeCode(
        { consumerKey: sf.consumerKey, consumerSecret: sf.consumerSecret, domain: 'x' },
        {
          code,
          redirectUri: `${t.config.publicUrl}/api/salesforce/callback`,
          codeVerifier: 'wrong',
        },
      )
      .catch(() => undefined);
    const used = await call('POST', '/api/salesforce/get-token', a.token, { code, state: state1 });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({
      code: ERROR_CODES.integrationExpiredCode,
      message: 'Expired authorization code',
    });

    // a wrong consumer secret: connection failed, re-enter them
    const wrong = await addInfo(a, { consumerSecret: 'not-the-secret' });
    const state2 = new URL(wrong.json().authorizeUrl).searchParams.get('state') as string;
    const refused = await call('POST', '/api/salesforce/get-token', a.token, {
      code: sf.approve(state2),
      state: state2,
    });
    expect(refused.json()).toMatchObject({
      code: ERROR_CODES.integrationInvalidClient,
      message: INTEGRATION_MESSAGES.invalidClient,
    });
    const back = await t.app.inject({ url: `/api/salesforce/callback?code=x&state=${state2}` });
    expect(back.headers.location).toBe('/manage-integration?salesforce=invalid_state');

    // the person said no on Salesforce's page; the state is spent
    const denied = await addInfo(a);
    const state3 = new URL(denied.json().authorizeUrl).searchParams.get('state') as string;
    const no = await t.app.inject({
      url: `/api/salesforce/callback?error=access_denied&error_description=end-user+denied&state=${state3}`,
    });
    expect(no.headers.location).toBe('/manage-integration?salesforce=denied');
    const after = await call('POST', '/api/salesforce/get-token', a.token, { code: sf.approve(state3), state: state3 });
    expect(after.json().code).toBe(ERROR_CODES.integrationState);

    // a state older than 10 minutes
    const late = await addInfo(a);
    const state4 = new URL(late.json().authorizeUrl).searchParams.get('state') as string;
    t.clock.offsetMs += 11 * 60_000;
    try {
      const expired = await call('POST', '/api/salesforce/get-token', a.token, {
        code: sf.approve(state4),
        state: state4,
      });
      expect(expired.json()).toMatchObject({
        code: ERROR_CODES.integrationState,
        message: INTEGRATION_MESSAGES.stateInvalid,
      });
    } finally {
      t.clock.offsetMs -= 11 * 60_000;
    }
    // nothing connected through all that
    expect((await overview(a)).integrations[0].state).toBe('not_connected');
    expect(await t.services.integrations.state(a.companyId)).toBe('not_connected');
  });

  it('binds the state to its user: another ADMINISTRATOR of the company cannot use it', async () => {
    const a = await professional('Bound Bank');
    const other = await joinTeam(t, a, 'ADMINISTRATOR');
    const started = await addInfo(a);
    const state = new URL(started.json().authorizeUrl).searchParams.get('state') as string;
    const res = await call('POST', '/api/salesforce/get-token', other.token, { code: sf.approve(state), state });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ERROR_CODES.integrationState);
    expect(await t.services.integrations.state(a.companyId)).toBe('not_connected');
  });

  it('refuses a domain that is not a Salesforce login domain, and plans without the CRM', async () => {
    const a = await professional('Domain Bank');
    for (const domain of [
      'evil.com',
      'http://login.salesforce.com',
      'https://login.salesforce.com.evil.com',
      '169.254.169.254',
    ]) {
      const res = await addInfo(a, { salesForceDomain: domain });
      expect(res.statusCode, domain).toBe(400);
      expect(res.json()).toMatchObject({
        code: ERROR_CODES.integrationDomain,
        message: INTEGRATION_MESSAGES.domainNotAllowed,
      });
    }
    const basic = await registerCompany(t, { companyName: 'Basic Bank' });
    const gated = await addInfo(basic);
    expect(gated.statusCode).toBe(403);
    expect(gated.json()).toMatchObject({ code: ERROR_CODES.upgradeRequired, message: MESSAGES.upgradeRequired });
    expect((await overview(basic)).planAllowsCrm).toBe(false);
  });

  it('lets STANDARD members read states only, and answers another company 404 without changing anything', async () => {
    const a = await professional('Tenant Bank');
    expect(await connect(a)).toBe('/manage-integration?salesforce=connected');
    const member = await joinTeam(t, a);
    expect((await addInfo(member)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/salesforce/${a.companyId}/turn-off`, member.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/salesforce/get-token', member.token, { code: 'x', state: 'y' })).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/salesforce/check-info', member.token)).json().connected).toBe(true);
    const seen = await overview(member);
    expect(seen.canManage).toBe(false);
    expect(seen.integrations[0]).toMatchObject({ state: 'connected' });

    const b = await professional('Other Bank');
    expect((await call('PATCH', `/api/salesforce/${a.companyId}/turn-off`, b.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/companies/${a.companyId}/integrations`, b.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/integrations?companyId=${a.companyId}`, b.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/salesforce/integrations/${a.companyId}`, b.token)).statusCode).toBe(404);
    expect(await t.services.integrations.state(a.companyId)).toBe('connected');
    expect(sf.revoked).toEqual([]);
    // B's own list shows its own (nothing connected)
    expect((await overview(b)).integrations[0].state).toBe('not_connected');

    // platform admins read any company with companyId
    const byAdmin = await call('GET', `/api/integrations?companyId=${a.companyId}`, platformAdmin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ companyId: a.companyId, canManage: false });
    expect((await call('GET', `/api/salesforce/integrations/${a.companyId}`, platformAdmin)).json().state).toBe(
      'connected',
    );
    expect((await call('GET', '/api/integrations', platformAdmin)).statusCode).toBe(400);
    expect((await call('PATCH', `/api/salesforce/${a.companyId}/turn-off`, platformAdmin)).statusCode).toBe(403);
  });

  it('turns off: revokes the tokens at Salesforce, stops sessions, e-mails the platform admins; Edit turns it back on', async () => {
    const a = await professional('Turning Bank');
    await connect(a);
    const sentBefore = t.mailer.sent.length;
    const res = await call('PATCH', `/api/salesforce/${a.companyId}/turn-off`, a.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'turned_off', instanceUrl: null });
    expect(res.json().turnedOffAt).toEqual(expect.any(String));
    expect(sf.revoked).toHaveLength(1);
    expect(sf.issued).toContain(sf.revoked[0]);
    await expect(t.services.integrations.withSession(a.companyId, async () => 'ran')).rejects.toEqual(
      new IntegrationUnavailable('turned_off'),
    );
    // tokens erased here, credentials kept for Edit / Update Token
    const [row] = await t.database.db
      .select()
      .from(integrationConnections)
      .where(eq(integrationConnections.companyId, a.companyId));
    expect(Object.keys(row?.secrets ?? {}).sort()).toEqual(['consumerKey', 'consumerSecret']);
    await t.mailer.settle();
    const mails = t.mailer.sent.slice(sentBefore).filter((m) => m.to === ADMIN_EMAIL);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Turning Bank turned off Salesforce');
    expect(mails[0]?.text).toContain(a.email);
    for (const secret of [sf.consumerKey, sf.consumerSecret, maskValue(sf.consumerSecret), ...sf.issued]) {
      expect(JSON.stringify(mails)).not.toContain(secret);
    }
    expect((await call('PATCH', `/api/salesforce/${a.companyId}/turn-off`, a.token)).json().code).toBe(
      ERROR_CODES.integrationTurnedOff,
    );

    // Update Token: the masks sent back stand for the stored key and secret
    const view = (await overview(a)).integrations[0];
    const again = await addInfo(a, { consumerKey: view.consumerKey, consumerSecret: view.consumerSecret });
    expect(again.statusCode, again.body).toBe(200);
    const state = new URL(again.json().authorizeUrl).searchParams.get('state') as string;
    const back = await t.app.inject({ url: `/api/salesforce/callback?code=${sf.approve(state)}&state=${state}` });
    expect(back.headers.location).toBe('/manage-integration?salesforce=connected');
    expect(await t.services.integrations.withSession(a.companyId, async (s) => s.instanceUrl)).toBe(sf.instanceUrl);
    // a mask that is not the stored value's is refused
    const forged = await addInfo(a, { consumerSecret: '****1234' });
    expect(forged.json().code).toBe(ERROR_CODES.integrationInvalidClient);
  });

  it('refreshes on invalid_session and retries once; an old refresh token reused ends the connection expired', async () => {
    const a = await professional('Refresh Bank');
    await connect(a);
    sf.expireAccessTokens();
    const before = sf.refreshes;
    const objects = await t.services.integrations.withSession(a.companyId, (s) => sf.listObjects(s));
    expect(objects[0]?.name).toBe('Lead');
    expect(sf.refreshes).toBe(before + 1);
    // the rotated refresh token was stored: the next expiry refreshes again with it
    sf.expireAccessTokens();
    await t.services.integrations.withSession(a.companyId, (s) => sf.listObjects(s));
    expect(sf.refreshes).toBe(before + 2);

    // a stale worker presents the first refresh token: Salesforce revokes the family
    const firstRefresh = sf.issued.filter((x) => x.startsWith('5Aep')).at(-3) as string;
    await expect(
      sf.refresh({ consumerKey: sf.consumerKey, consumerSecret: sf.consumerSecret, domain: 'x' }, firstRefresh),
    ).rejects.toMatchObject({ kind: 'expired_grant' });
    sf.expireAccessTokens();
    await expect(t.services.integrations.withSession(a.companyId, (s) => sf.listObjects(s))).rejects.toEqual(
      new IntegrationUnavailable('expired'),
    );
    expect(await t.services.integrations.state(a.companyId)).toBe('expired');
    expect((await call('POST', '/api/salesforce/check-info', a.token)).json()).toMatchObject({
      expired: true,
      connected: false,
    });
    const [expire] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'integration.expire'));
    expect(expire?.companyId).toBe(a.companyId);
    await expect(t.services.integrations.withSession(a.companyId, async () => 1)).rejects.toEqual(
      new IntegrationUnavailable('expired'),
    );
  });

  it('answers not connected for a company without a connection', async () => {
    const a = await professional('Empty Bank');
    await expect(t.services.integrations.withSession(a.companyId, async () => 1)).rejects.toEqual(
      new IntegrationUnavailable('not_connected'),
    );
    expect((await call('PATCH', `/api/salesforce/${a.companyId}/turn-off`, a.token)).json().code).toBe(
      ERROR_CODES.integrationNotConnected,
    );
  });
});
