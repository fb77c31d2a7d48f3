import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SalesforceSimulator, startSalesforceSimulator } from './salesforce';

// The simulator's own rules, over plain HTTP (the client's tests cover the rest through the real client).
const CALLBACK = 'http://localhost:3000/api/salesforce/callback';
let clock = Date.UTC(2026, 10, 28, 12, 0, 0);
let sim: SalesforceSimulator;
let key: string;
let secret: string;

const VERIFIER = 'v'.repeat(50);
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

function authorizeUrl(p: Record<string, string> = {}) {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: key,
    redirect_uri: CALLBACK,
    state: 'st',
    scope: 'api refresh_token',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...p,
  });
  return `${sim.loginUrl}/services/oauth2/authorize?${q}`;
}

async function decide(decision: 'allow' | 'deny', p: Record<string, string> = {}) {
  const form = new URLSearchParams(new URL(authorizeUrl(p)).searchParams);
  form.set('decision', decision);
  const res = await fetch(`${sim.loginUrl}/services/oauth2/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  return new URL(res.headers.get('location') as string);
}

async function token(form: Record<string, string>) {
  const res = await fetch(`${sim.loginUrl}/services/oauth2/token`, { method: 'POST', body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

async function accessToken(): Promise<string> {
  const code = (await decide('allow')).searchParams.get('code') as string;
  const t = await token({
    grant_type: 'authorization_code',
    code,
    client_id: key,
    client_secret: secret,
    redirect_uri: CALLBACK,
    code_verifier: VERIFIER,
  });
  return t.body.access_token as string;
}

async function api(path: string, at: string, init: { method?: string; body?: unknown; base?: string } = {}) {
  const res = await fetch(`${init.base ?? sim.instanceUrl}/services/data/v62.0${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${at}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as unknown) : null };
}

beforeAll(async () => {
  sim = await startSalesforceSimulator({ now: () => clock, dailyLimit: 1000 });
  // registered over the control API, as the CLI and a test from another process would
  const res = await fetch(`${sim.loginUrl}/__sim/apps`, {
    method: 'POST',
    body: JSON.stringify({ callbackUrl: CALLBACK, consumerKey: 'sim-key', consumerSecret: 'sim-secret' }),
  });
  expect(res.status).toBe(201);
  ({ consumerKey: key, consumerSecret: secret } = (await res.json()) as {
    consumerKey: string;
    consumerSecret: string;
  });
});

afterAll(async () => {
  await sim.stop();
});

afterEach(() => {
  sim.state.resetData();
  sim.state.setLimit({ max: 1000 });
});

describe('Salesforce simulator: authorize', () => {
  it('never redirects to an unknown client or an unregistered redirect_uri: its own error page says why', async () => {
    for (const [p, error] of [
      [{ client_id: 'nobody' }, 'invalid_client_id'],
      [{ redirect_uri: 'http://localhost:3000/api/salesforce/callback?x=1' }, 'redirect_uri_mismatch'],
      [{ redirect_uri: 'https://evil.example.com/cb' }, 'redirect_uri_mismatch'],
    ] as const) {
      const res = await fetch(authorizeUrl(p), { redirect: 'manual' });
      expect(res.status).toBe(302);
      const to = new URL(res.headers.get('location') as string);
      expect(to.origin).toBe(sim.loginUrl);
      expect(to.searchParams.get('error')).toBe(error);
      const page = await (await fetch(to)).text();
      expect(page).toContain(error);
      expect(page).toContain('SIMULATOR');
    }
  });

  it('sends errors back to the registered redirect_uri with the state: no PKCE, plain PKCE, denial', async () => {
    const noChallenge = await decide('allow', { code_challenge: '' });
    expect(noChallenge.searchParams.get('error')).toBe('invalid_request');
    expect(noChallenge.searchParams.get('state')).toBe('st');
    const plain = await decide('allow', { code_challenge_method: 'plain' });
    expect(plain.searchParams.get('error')).toBe('invalid_request');
    const denied = await decide('deny');
    expect(denied.origin + denied.pathname).toBe(CALLBACK);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
  });

  it('gives no refresh token without the refresh_token scope', async () => {
    const code = (await decide('allow', { scope: 'api' })).searchParams.get('code') as string;
    const t = await token({
      grant_type: 'authorization_code',
      code,
      client_id: key,
      client_secret: secret,
      redirect_uri: CALLBACK,
      code_verifier: VERIFIER,
    });
    expect(t.status).toBe(200);
    expect(t.body.refresh_token).toBeUndefined();
    expect(t.body.instance_url).toBe(sim.instanceUrl);
  });
});

describe('Salesforce simulator: data API', () => {
  it('serves data on the instance host only, with api-usage on every answer', async () => {
    const at = await accessToken();
    const onLogin = await api('/sobjects', at, { base: sim.loginUrl });
    expect(onLogin.status).toBe(404);
    const ok = await api('/sobjects', at);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('sforce-limit-info')).toMatch(/^api-usage=\d+\/1000$/);
    const unauth = await api('/sobjects', 'nope');
    expect(unauth.status).toBe(401);
    expect(unauth.body).toEqual([{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
    expect(unauth.headers.get('sforce-limit-info')).toMatch(/^api-usage=/);
  });

  it('checks every type: int, date, datetime, boolean, email, picklist, read-only fields', async () => {
    const at = await accessToken();
    const create = (body: Record<string, unknown>) =>
      api('/sobjects/Merchant_Application__c', at, { method: 'POST', body });
    const code = async (body: Record<string, unknown>) =>
      ((await create({ Legal_Name__c: 'Acme', ...body })).body as { errorCode: string }[])[0]?.errorCode;
    expect(await code({ Average_Ticket__c: 'twelve' })).toBe('JSON_PARSER_ERROR');
    expect(await code({ Business_Start_Date__c: '2024-02-30' })).toBe('JSON_PARSER_ERROR');
    expect(await code({ Signed_At__c: 'yesterday' })).toBe('JSON_PARSER_ERROR');
    expect(await code({ Accepts_Cards__c: 'yes' })).toBe('JSON_PARSER_ERROR');
    expect(await code({ Contact_Email__c: 'not-an-email' })).toBe('INVALID_EMAIL_ADDRESS');
    expect(await code({ Business_Type__c: 'Trust' })).toBe('INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST');
    expect(await code({ Tax_Id__c: '1234567890' })).toBe('STRING_TOO_LONG');
    expect(await code({ CreatedDate: '2024-01-01T00:00:00Z' })).toBe('INVALID_FIELD_FOR_INSERT_UPDATE');
    expect(await code({ Ownership__c: 1000 })).toBe('NUMBER_OUTSIDE_VALID_RANGE');
    const nb = await api('/sobjects/Lead', at, {
      method: 'POST',
      body: { LastName: 'x', Company: 'y', NumberOfEmployees: 1.5 },
    });
    expect((nb.body as { errorCode: string }[])[0]?.errorCode).toBe('JSON_PARSER_ERROR');
    const good = await create({
      Legal_Name__c: 'Acme',
      Average_Ticket__c: '12.50',
      Business_Start_Date__c: '2024-02-29',
      Signed_At__c: '2026-11-28T10:00:00.000Z',
      Accepts_Cards__c: true,
      Business_Type__c: 'LLC',
    });
    expect(good.status).toBe(201);
    const [rec] = sim.state.records('Merchant_Application__c');
    expect(rec).toMatchObject({ Average_Ticket__c: 12.5, Signed_At__c: '2026-11-28T10:00:00.000+0000' });
    expect(sim.state.stats().creates).toEqual({ Merchant_Application__c: 1 });
  });

  it('upserts: 201 created, 200 (204 before API 46.0) updated, 300 on several matches, 404 for a non-external-id field', async () => {
    const at = await accessToken();
    const path = '/sobjects/Lead/Under_Application_Id__c/a1';
    const created = await api(path, at, { method: 'PATCH', body: { LastName: 'x', Company: 'y' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ created: true, success: true });
    const updated = await api(path, at, { method: 'PATCH', body: { Company: 'z' } });
    expect(updated.status).toBe(200);
    const old = await fetch(`${sim.instanceUrl}/services/data/v45.0${path}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${at}` },
      body: '{"Company":"w"}',
    });
    expect(old.status).toBe(204);
    await api('/sobjects/Lead', at, {
      method: 'POST',
      body: { LastName: 'x', Company: 'y', Under_Application_Id__c: 'a1' },
    });
    const several = await api(path, at, { method: 'PATCH', body: { Company: 'q' } });
    expect(several.status).toBe(300);
    expect(several.body).toHaveLength(2);
    const notExt = await api('/sobjects/Lead/Company/Acme', at, { method: 'PATCH', body: {} });
    expect(notExt.status).toBe(404);
    expect(sim.state.stats()).toMatchObject({ creates: { Lead: 2 }, upsertCreates: { Lead: 1 } });
  });

  it('answers only SELECT Id FROM x WHERE f = literal; anything else is MALFORMED_QUERY', async () => {
    const at = await accessToken();
    await api('/sobjects/Lead', at, { method: 'POST', body: { LastName: 'x', Company: "O'Neil" } });
    const q = (soql: string) => api(`/query?q=${encodeURIComponent(soql)}`, at);
    const found = await q("SELECT Id FROM Lead WHERE Company = 'O\\'Neil'");
    expect(found.body).toMatchObject({ totalSize: 1, done: true, records: [{ attributes: { type: 'Lead' } }] });
    for (const bad of [
      'SELECT Id, Name FROM Lead',
      "SELECT Id FROM Lead WHERE Company = 'a' OR Company != 'b'",
      "SELECT Id FROM Lead WHERE Company = 'O'Neil'",
    ]) {
      expect(((await q(bad)).body as { errorCode: string }[])[0]?.errorCode).toBe('MALFORMED_QUERY');
    }
  });

  it('spends the daily allowance into 403 REQUEST_LIMIT_EXCEEDED, renewed after 24 hours', async () => {
    const at = await accessToken();
    sim.state.setLimit({ max: 2, used: 0 });
    expect((await api('/sobjects', at)).status).toBe(200);
    expect((await api('/sobjects', at)).status).toBe(200);
    const over = await api('/sobjects', at);
    expect(over.status).toBe(403);
    expect(over.body).toEqual([{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }]);
    expect(over.headers.get('sforce-limit-info')).toBe('api-usage=2/2');
    clock += 24 * 60 * 60 * 1000;
    expect((await api('/sobjects', at)).status).toBe(401); // the session died long before
    expect((await api('/sobjects', await accessToken())).status).toBe(200);
  });

  it('takes faults and answers inspection over /__sim/', async () => {
    const at = await accessToken();
    await fetch(`${sim.loginUrl}/__sim/faults`, { method: 'POST', body: JSON.stringify({ fail: 2 }) });
    expect((await api('/sobjects', at)).status).toBe(503);
    expect((await api('/sobjects', at)).status).toBe(503);
    expect((await api('/sobjects', at)).status).toBe(200);

    await fetch(`${sim.instanceUrl}/__sim/faults`, { method: 'POST', body: JSON.stringify({ slowMs: 200 }) });
    const started = Date.now();
    await api('/sobjects', at);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    await fetch(`${sim.instanceUrl}/__sim/faults`, { method: 'POST', body: JSON.stringify({ slowMs: 0 }) });

    await api('/sobjects/Lead/Under_Application_Id__c/z9', at, {
      method: 'PATCH',
      body: { LastName: 'x', Company: 'y' },
    });
    const records = (await (await fetch(`${sim.loginUrl}/__sim/records?object=Lead`)).json()) as {
      records: Record<string, unknown>[];
    };
    expect(records.records).toHaveLength(1);
    expect(records.records[0]).toMatchObject({ Under_Application_Id__c: 'z9', Status: 'Open - Not Contacted' });
    const stats = (await (await fetch(`${sim.loginUrl}/__sim/stats`)).json()) as { creates: Record<string, number> };
    expect(stats.creates).toEqual({ Lead: 1 });

    await fetch(`${sim.loginUrl}/__sim/expire-tokens`, { method: 'POST' });
    expect((await api('/sobjects', at)).status).toBe(401);
    await fetch(`${sim.loginUrl}/__sim/limit`, { method: 'POST', body: JSON.stringify({ max: 5, used: 5 }) });
    expect((await api('/sobjects', await accessToken())).status).toBe(403);
  });
});
