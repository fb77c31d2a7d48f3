import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound, DEFAULT_OUTBOUND_ALLOW, type Outbound } from '../../../infra/outbound/outbound';
import {
  consentInSimulator,
  type SalesforceSimulator,
  type SimApp,
  startSalesforceSimulator,
} from '../../../simulators/salesforce';
import { createSalesforceClient, loginBaseUrl, soqlLiteral } from './salesforce.client';
import {
  type SalesforceApp,
  SalesforceError,
  type SalesforceSession,
  type SalesforceTokenSet,
} from './salesforce.port';

// The real client, through the real outbound client, against the loopback simulator (not Salesforce).
const CALLBACK = 'http://localhost:3000/api/salesforce/callback';
let clock = Date.UTC(2026, 10, 28, 12, 0, 0);
let sim: SalesforceSimulator;
let outbound: Outbound;
let client: ReturnType<typeof createSalesforceClient>;
let simApp: SimApp;
let app: SalesforceApp;

function outboundFor(testHosts: string[], timeoutMs = 5_000): Outbound {
  return createOutbound({ allow: DEFAULT_OUTBOUND_ALLOW, testHosts, timeoutMs, maxBodyBytes: 1_000_000 });
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** What the browser does: open the authorize URL, check it is the simulator's consent page, press Allow. */
async function consent(authorizeUrl: string): Promise<URL> {
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('SIMULATOR');
  return consentInSimulator(authorizeUrl);
}

async function authorizeCode(a: SalesforceApp = app) {
  const { verifier, challenge } = pkce();
  const state = randomBytes(16).toString('base64url');
  const back = await consent(client.authorizeUrl(a, { redirectUri: CALLBACK, state, codeChallenge: challenge }));
  return { back, verifier, state, code: back.searchParams.get('code') as string };
}

async function connect(): Promise<SalesforceTokenSet> {
  const { code, verifier } = await authorizeCode();
  return client.exchangeCode(app, { code, redirectUri: CALLBACK, codeVerifier: verifier });
}

const session = (t: SalesforceTokenSet): SalesforceSession => ({
  accessToken: t.accessToken,
  instanceUrl: t.instanceUrl,
});

async function failure(p: Promise<unknown>): Promise<SalesforceError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof SalesforceError) return err;
    throw err;
  }
  throw new Error('expected a SalesforceError');
}

beforeAll(async () => {
  sim = await startSalesforceSimulator({ now: () => clock });
  outbound = outboundFor(sim.testHosts);
  client = createSalesforceClient(outbound);
  simApp = sim.state.registerApp({ callbackUrl: CALLBACK });
  app = { consumerKey: simApp.consumerKey, consumerSecret: simApp.consumerSecret, domain: sim.loginUrl };
});

afterAll(async () => {
  await sim.stop();
});

afterEach(() => {
  sim.state.failNext(0);
  sim.state.slow(0);
  sim.state.setLimit({ max: 15_000, used: 0 });
});

describe('Salesforce client: OAuth web-server flow with PKCE', () => {
  it('builds the authorize URL Salesforce documents', () => {
    const url = new URL(
      client.authorizeUrl(
        { consumerKey: 'key', consumerSecret: 'secret', domain: 'acme.my.salesforce.com' },
        { redirectUri: CALLBACK, state: 's t', codeChallenge: 'abc' },
      ),
    );
    expect(url.origin + url.pathname).toBe('https://acme.my.salesforce.com/services/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'key',
      redirect_uri: CALLBACK,
      state: 's t',
      scope: 'api refresh_token',
      code_challenge: 'abc',
      code_challenge_method: 'S256',
    });
    expect(url.toString()).not.toContain('secret');
  });

  it('never sends the browser to a domain the outbound policy would refuse', () => {
    for (const domain of [
      'evil.example.com',
      'login.salesforce.com.evil.example',
      'http://127.0.0.1:9',
      'https://my.salesforce.com',
    ]) {
      const err = (() => {
        try {
          client.authorizeUrl({ ...app, domain }, { redirectUri: CALLBACK, state: 's', codeChallenge: 'c' });
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(err).toBeInstanceOf(SalesforceError);
      expect((err as SalesforceError).kind).toBe('invalid_client');
    }
  });

  it('takes a bare host as https and refuses a domain with a path or another scheme', () => {
    expect(loginBaseUrl('login.salesforce.com')).toBe('https://login.salesforce.com');
    expect(loginBaseUrl('https://test.salesforce.com/')).toBe('https://test.salesforce.com');
    expect(loginBaseUrl('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
    for (const bad of ['https://login.salesforce.com/evil', 'ftp://login.salesforce.com', 'https://u:p@x.com', '']) {
      expect(() => loginBaseUrl(bad)).toThrow(SalesforceError);
    }
  });

  it('connects: consent, the code and state back on the callback, the exchange with PKCE, data on instance_url', async () => {
    const state = 'state-123';
    const { verifier, challenge } = pkce();
    const back = await consent(client.authorizeUrl(app, { redirectUri: CALLBACK, state, codeChallenge: challenge }));
    expect(back.origin + back.pathname).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe(state);
    const code = back.searchParams.get('code') as string;
    expect(code).toMatch(/^aPrx.*=$/); // padded base64, as Salesforce's codes: encoded in the redirect and the form
    const tokens = await client.exchangeCode(app, { code, redirectUri: CALLBACK, codeVerifier: verifier });
    expect(tokens.accessToken).toMatch(/^00D/);
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.instanceUrl).toBe(sim.instanceUrl);
    expect(tokens.instanceUrl).not.toBe(sim.loginUrl);
    expect(tokens.issuedAt).toBe(clock);
    const objects = await client.listObjects(session(tokens));
    expect(objects.map((o) => o.name)).toEqual(
      expect.arrayContaining(['Lead', 'Account', 'Contact', 'Opportunity', 'Merchant_Application__c']),
    );
    expect(objects.find((o) => o.name === 'Merchant_Application__c')?.custom).toBe(true);
    expect(client.lastApiUsage(tokens.instanceUrl)).toEqual({ used: expect.any(Number), max: 15_000 });
    expect(client.lastApiUsage('https://other.my.salesforce.com')).toBeNull();
  });

  it('refuses a wrong code verifier, and the code is spent', async () => {
    const { code, verifier } = await authorizeCode();
    const wrong = pkce().verifier;
    const err = await failure(client.exchangeCode(app, { code, redirectUri: CALLBACK, codeVerifier: wrong }));
    expect(err.kind).toBe('failed');
    expect(err.detail).toContain('invalid code verifier');
    for (const secret of [code, wrong, app.consumerSecret]) expect(err.detail).not.toContain(secret);
    const again = await failure(client.exchangeCode(app, { code, redirectUri: CALLBACK, codeVerifier: verifier }));
    expect(again.kind).toBe('expired_code');
  });

  it('answers a reused code as expired_code ("Expired authorization code")', async () => {
    const { code, verifier } = await authorizeCode();
    await client.exchangeCode(app, { code, redirectUri: CALLBACK, codeVerifier: verifier });
    const err = await failure(client.exchangeCode(app, { code, redirectUri: CALLBACK, codeVerifier: verifier }));
    expect(err.kind).toBe('expired_code');
    expect(err.status).toBe(400);
  });

  it('answers a code older than 15 minutes as expired_code', async () => {
    const { code, verifier } = await authorizeCode();
    clock += 15 * 60 * 1000;
    const err = await failure(client.exchangeCode(app, { code, redirectUri: CALLBACK, codeVerifier: verifier }));
    expect(err.kind).toBe('expired_code');
  });

  it('refuses an exchange whose redirect_uri is not exactly the authorized one', async () => {
    const { code, verifier } = await authorizeCode();
    const err = await failure(client.exchangeCode(app, { code, redirectUri: `${CALLBACK}/`, codeVerifier: verifier }));
    expect(err.kind).toBe('failed');
    expect(err.detail).toContain('redirect_uri_mismatch');
  });

  it('answers a wrong consumer secret or an unknown consumer key as invalid_client', async () => {
    const { code, verifier } = await authorizeCode();
    const badSecret = await failure(
      client.exchangeCode(
        { ...app, consumerSecret: 'WRONG-SECRET' },
        { code, redirectUri: CALLBACK, codeVerifier: verifier },
      ),
    );
    expect(badSecret.kind).toBe('invalid_client');
    expect(badSecret.detail).not.toContain('WRONG-SECRET');
    const badKey = await failure(
      client.exchangeCode({ ...app, consumerKey: 'unknown' }, { code, redirectUri: CALLBACK, codeVerifier: verifier }),
    );
    expect(badKey.kind).toBe('invalid_client');
    const refresh = await failure(client.refresh({ ...app, consumerKey: 'unknown' }, 'x'));
    expect(refresh.kind).toBe('invalid_client');
  });

  it('refuses an instance_url the outbound policy does not allow', async () => {
    // only the login host is allowed: the instance host of the answer must be refused, not called
    const strict = createSalesforceClient(outboundFor([sim.testHosts[0] as string]));
    const { code, verifier } = await authorizeCode();
    const err = await failure(strict.exchangeCode(app, { code, redirectUri: CALLBACK, codeVerifier: verifier }));
    expect(err.kind).toBe('failed');
    expect(err.detail).toContain('instance_url');
    const data = await failure(strict.describe({ accessToken: 'x', instanceUrl: 'https://evil.example.com' }, 'Lead'));
    expect(data.kind).toBe('failed');
  });
});

describe('Salesforce client: tokens', () => {
  it('rotates refresh tokens; presenting an old one revokes the family (expired_grant, sessions dead)', async () => {
    const first = await connect();
    const second = await client.refresh(app, first.refreshToken as string);
    expect(second.refreshToken).toBeTruthy();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    await expect(client.describe(session(second), 'Lead')).resolves.toMatchObject({ name: 'Lead' });

    const reuse = await failure(client.refresh(app, first.refreshToken as string));
    expect(reuse.kind).toBe('expired_grant');
    expect(reuse.detail).not.toContain(first.refreshToken as string);
    // the whole family is gone: the newest refresh token and the session it gave
    expect((await failure(client.refresh(app, second.refreshToken as string))).kind).toBe('expired_grant');
    expect((await failure(client.describe(session(second), 'Lead'))).kind).toBe('invalid_session');
  });

  it('loses the connection when two refreshes race with one token (why the portal refreshes one at a time)', async () => {
    const t = await connect();
    const results = await Promise.allSettled([
      client.refresh(app, t.refreshToken as string),
      client.refresh(app, t.refreshToken as string),
    ]);
    const won = results.find((r) => r.status === 'fulfilled');
    const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toBeDefined();
    expect(lost?.reason).toBeInstanceOf(SalesforceError);
    expect(lost?.reason.kind).toBe('expired_grant');
    const winner = (won as PromiseFulfilledResult<SalesforceTokenSet>).value;
    expect((await failure(client.refresh(app, winner.refreshToken as string))).kind).toBe('expired_grant');
  });

  it('keeps the refresh token it holds when the answer brings none (no rotation)', async () => {
    const plain = await startSalesforceSimulator({ rotateRefreshTokens: false });
    try {
      const c = createSalesforceClient(outboundFor(plain.testHosts));
      const a = plain.state.registerApp({ callbackUrl: CALLBACK });
      const sfApp = { consumerKey: a.consumerKey, consumerSecret: a.consumerSecret, domain: plain.loginUrl };
      const { verifier, challenge } = pkce();
      const back = await consent(
        c.authorizeUrl(sfApp, { redirectUri: CALLBACK, state: 's', codeChallenge: challenge }),
      );
      const t = await c.exchangeCode(sfApp, {
        code: back.searchParams.get('code') as string,
        redirectUri: CALLBACK,
        codeVerifier: verifier,
      });
      const r = await c.refresh(sfApp, t.refreshToken as string);
      expect(r.refreshToken).toBe(t.refreshToken);
      await expect(c.listObjects(session(r))).resolves.not.toHaveLength(0);
    } finally {
      await plain.stop();
    }
  });

  it('answers a token endpoint that is down as unavailable, and the refresh token still works after', async () => {
    const t = await connect();
    sim.state.failNext(1);
    const err = await failure(client.refresh(app, t.refreshToken as string));
    expect(err.kind).toBe('unavailable');
    expect(err.status).toBe(503);
    await expect(client.refresh(app, t.refreshToken as string)).resolves.toMatchObject({
      instanceUrl: sim.instanceUrl,
    });
  });

  it('answers an expired access token as invalid_session; a refresh gives a working one', async () => {
    const t = await connect();
    sim.state.expireAccessTokens();
    const err = await failure(client.describe(session(t), 'Lead'));
    expect(err.kind).toBe('invalid_session');
    expect(err.status).toBe(401);
    expect(err.errors[0]?.errorCode).toBe('INVALID_SESSION_ID');
    expect(err.detail).not.toContain(t.accessToken);
    const fresh = await client.refresh(app, t.refreshToken as string);
    await expect(client.describe(session(fresh), 'Lead')).resolves.toMatchObject({ name: 'Lead' });
  });

  it('lets access tokens expire with time (2 hours)', async () => {
    const t = await connect();
    clock += 2 * 60 * 60 * 1000;
    expect((await failure(client.listObjects(session(t)))).kind).toBe('invalid_session');
  });

  it('revokes at instance_url: the family is dead; revoking a dead token again is not an error', async () => {
    const t = await connect();
    await client.revoke(app, session(t), t.refreshToken as string);
    expect((await failure(client.refresh(app, t.refreshToken as string))).kind).toBe('expired_grant');
    expect((await failure(client.listObjects(session(t)))).kind).toBe('invalid_session');
    await expect(client.revoke(app, session(t), t.refreshToken as string)).resolves.toBeUndefined();
    await expect(client.revoke(app, session(t), 'never-issued')).resolves.toBeUndefined();
  });
});

describe('Salesforce client: data', () => {
  let s: SalesforceSession;
  beforeAll(async () => {
    s = session(await connect());
  });
  afterEach(() => {
    sim.state.resetData();
  });

  it('describes Lead with its types, required fields, picklist and external id', async () => {
    const d = await client.describe(s, 'Lead');
    const f = (name: string) => d.fields.find((x) => x.name === name);
    const required = d.fields
      .filter((x) => !x.nillable && x.createable && !x.defaultedOnCreate && x.type !== 'boolean')
      .map((x) => x.name);
    expect(required.sort()).toEqual(['Company', 'LastName']);
    expect(f('AnnualRevenue')?.type).toBe('currency');
    expect(f('NumberOfEmployees')?.type).toBe('int');
    expect(f('Website')?.type).toBe('url');
    expect(f('HasOptedOutOfEmail')?.type).toBe('boolean');
    expect(f('Follow_Up_Date__c')?.type).toBe('date');
    expect(f('LastName')?.length).toBe(80);
    expect(f('Industry')?.picklistValues.map((v) => v.value)).toContain('Banking');
    expect(d.fields.filter((x) => x.externalId).map((x) => x.name)).toEqual(['Under_Application_Id__c']);
    expect((await failure(client.describe(s, 'Nope__c'))).kind).toBe('not_found');
  });

  it('upserts by external id: creates, then updates the same record (one create counted)', async () => {
    const first = await client.upsert(s, 'Lead', 'Under_Application_Id__c', 'app-1', {
      LastName: 'Doe',
      Company: 'Acme',
      AnnualRevenue: 40000,
    });
    expect(first.created).toBe(true);
    expect(first.id).toMatch(/^00Q/);
    const second = await client.upsert(s, 'Lead', 'Under_Application_Id__c', 'app-1', { Company: 'Acme Inc' });
    expect(second).toEqual({ id: first.id, created: false });
    expect(sim.state.stats().creates.Lead).toBe(1);
    const [rec] = sim.state.records('Lead');
    expect(rec).toMatchObject({
      Company: 'Acme Inc',
      LastName: 'Doe',
      AnnualRevenue: 40000,
      Under_Application_Id__c: 'app-1',
    });
    await client.update(s, 'Lead', first.id as string, { Phone: '555-0100' });
    expect(sim.state.records('Lead')[0]?.Phone).toBe('555-0100');
  });

  it('answers an upsert matching several records as multiple_matches', async () => {
    await client.create(s, 'Lead', { LastName: 'A', Company: 'X', Under_Application_Id__c: 'dup' });
    await client.create(s, 'Lead', { LastName: 'B', Company: 'X', Under_Application_Id__c: 'dup' });
    const err = await failure(client.upsert(s, 'Lead', 'Under_Application_Id__c', 'dup', { Company: 'Y' }));
    expect(err.kind).toBe('multiple_matches');
    expect(err.status).toBe(300);
    expect(sim.state.records('Lead').every((r) => r.Company === 'X')).toBe(true);
  });

  it("parses Salesforce's field errors into invalid_data with the array", async () => {
    const money = await failure(
      client.create(s, 'Lead', { LastName: 'Doe', Company: 'Acme', AnnualRevenue: 'about 40k' }),
    );
    expect(money.kind).toBe('invalid_data');
    expect(money.errors[0]).toMatchObject({ errorCode: 'JSON_PARSER_ERROR', fields: [] });
    expect(money.errors[0]?.message).toContain('about 40k');

    const missing = await failure(client.create(s, 'Lead', { FirstName: 'Jo' }));
    expect(missing.errors).toEqual([
      { message: expect.any(String), errorCode: 'REQUIRED_FIELD_MISSING', fields: ['LastName', 'Company'] },
    ]);
    const long = await failure(
      client.create(s, 'Lead', { LastName: 'x'.repeat(81), Company: 'A', Industry: 'Mining' }),
    );
    expect(long.errors.map((e) => [e.errorCode, e.fields])).toEqual([
      ['STRING_TOO_LONG', ['LastName']],
      ['INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST', ['Industry']],
    ]);
    const unknown = await failure(client.create(s, 'Lead', { LastName: 'x', Company: 'y', Nope__c: 1 }));
    expect(unknown.errors[0]?.errorCode).toBe('INVALID_FIELD');
    expect(unknown.detail.length).toBeLessThanOrEqual(2000);
    expect(sim.state.stats().creates.Lead ?? 0).toBe(0);
  });

  it('answers 503 as unavailable, and the next call goes through', async () => {
    sim.state.failNext(1);
    const err = await failure(client.listObjects(s));
    expect(err.kind).toBe('unavailable');
    expect(err.status).toBe(503);
    await expect(client.listObjects(s)).resolves.not.toHaveLength(0);
  });

  it('answers a slow Salesforce (past the timeout) as unavailable', async () => {
    const impatient = createSalesforceClient(outboundFor(sim.testHosts, 150));
    sim.state.slow(600);
    const err = await failure(impatient.listObjects(s));
    expect(err.kind).toBe('unavailable');
  });

  it('answers the spent daily allowance as limit_exceeded and reports api-usage', async () => {
    await client.listObjects(s);
    const before = client.lastApiUsage(s.instanceUrl);
    expect(before?.max).toBe(15_000);
    sim.state.setLimit({ max: 10, used: 10 });
    const err = await failure(client.create(s, 'Lead', { LastName: 'x', Company: 'y' }));
    expect(err.kind).toBe('limit_exceeded');
    expect(err.status).toBe(403);
    expect(client.lastApiUsage(s.instanceUrl)).toEqual({ used: 10, max: 10 });
    expect(sim.state.records('Lead')).toHaveLength(0);
  });

  it('finds ids by a value with quotes and backslashes, without letting it change the query', async () => {
    const tricky = "O'Brien\\' OR Name != '";
    const { id } = await client.create(s, 'Lead', { LastName: 'B', Company: 'C', Under_Application_Id__c: tricky });
    await client.create(s, 'Lead', { LastName: 'Other', Company: 'C', Under_Application_Id__c: 'other' });
    expect(await client.findIds(s, 'Lead', 'Under_Application_Id__c', tricky)).toEqual([id]);
    expect(await client.findIds(s, 'Lead', 'Under_Application_Id__c', "x' OR Id != '")).toEqual([]);
    expect(soqlLiteral("a'b\\c\nd")).toBe("'a\\'b\\\\c\\nd'");
  });

  it('refuses object and field names that are not API names before any call', async () => {
    const calls = sim.state.stats().apiCalls;
    for (const p of [
      client.describe(s, 'Lead/../Account'),
      client.findIds(s, 'Lead', "Name = 'x' OR Id", 'v'),
      client.upsert(s, 'Lead', 'Under_Application_Id__c/x', 'v', {}),
      client.create(s, 'Lead?x=1', {}),
      client.update(s, 'Lead', '../../sobjects', {}),
    ]) {
      expect((await failure(p)).kind).toBe('invalid_data');
    }
    expect(sim.state.stats().apiCalls).toBe(calls);
  });
});

describe('Salesforce client: answers from other versions and proxies', () => {
  const fake = (status: number, text: string): Outbound => ({
    allows: () => true,
    request: async () => ({
      status,
      headers: {},
      text,
      json: <T>() => JSON.parse(text) as T,
    }),
  });
  const s = { accessToken: '00D5g00000SIMORG!abc.def', instanceUrl: 'https://acme.my.salesforce.com' };

  it('takes an upsert update answered 204 without a body', async () => {
    const c = createSalesforceClient(fake(204, ''));
    await expect(c.upsert(s, 'Lead', 'Ext__c', 'v', {})).resolves.toEqual({ id: null, created: false });
  });

  it('reads an error object without fields, and keeps tokens out of the detail', async () => {
    const c = createSalesforceClient(fake(400, `{"message":"bad ${s.accessToken} value","errorCode":"X"}`));
    const err = await failure(c.create(s, 'Lead', {}));
    expect(err.errors).toEqual([{ message: expect.any(String), errorCode: 'X', fields: [] }]);
    expect(err.detail).not.toContain(s.accessToken);
    expect(err.detail).not.toContain('abc.def');
  });

  it("redacts with the outbound client's redact: a refresh token, a bearer value and a named secret echoed", async () => {
    const echoed = '5Aep861KhUsnOzJrrlX9cQvMpBSjWFvmRDaDWuONyfRJcN0ix1PHqNnLpPZBlAeB0uL9xK';
    const body = `{"message":"bad grant ${echoed}; Authorization: Bearer abcd.efgh.ijkl; client_secret=S3cr3tValue","errorCode":"X"}`;
    const err = await failure(createSalesforceClient(fake(400, body)).create(s, 'Lead', {}));
    for (const secret of [echoed, 'abcd.efgh.ijkl', 'S3cr3tValue']) expect(err.detail).not.toContain(secret);
    expect(err.detail).toContain('bad grant');
  });

  it('bounds the detail of a huge error answer', async () => {
    const c = createSalesforceClient(fake(500, 'x'.repeat(50_000)));
    const err = await failure(c.listObjects(s));
    expect(err.kind).toBe('unavailable');
    expect(err.detail.length).toBeLessThanOrEqual(2000);
  });

  it('ignores keys it does not know in a describe', async () => {
    const body = JSON.stringify({
      name: 'Lead',
      somethingNew: { x: 1 },
      fields: [{ name: 'X__c', type: 'string', futureKey: true }, { notAField: 1 }],
    });
    const d = await createSalesforceClient(fake(200, body)).describe(s, 'Lead');
    expect(d.fields.map((f) => f.name)).toEqual(['X__c']);
    expect(d.label).toBe('Lead');
  });
});
