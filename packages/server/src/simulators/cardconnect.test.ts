import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CardConnectSimulator, CC_TOKEN_PATH, type CcSimUser, startCardConnectSimulator } from './cardconnect';

// The simulator's own rules over plain HTTP (the client's tests cover the rest through the real client).
let clock = Date.UTC(2026, 10, 28, 12, 0, 0);
let sim: CardConnectSimulator;
let user: CcSimUser;

async function token(form: Record<string, string>, json = false) {
  const res = await fetch(sim.tokenUrl, {
    method: 'POST',
    headers: json ? { 'content-type': 'application/json' } : undefined,
    body: json ? JSON.stringify(form) : new URLSearchParams(form),
  });
  const text = await res.text();
  return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : { text }) as Record<string, unknown> };
}

const goodForm = () => ({
  grant_type: 'password',
  username: user.username,
  password: user.password,
  client_id: user.clientId,
  client_secret: user.clientSecret,
});

async function accessToken(): Promise<string> {
  return (await token(goodForm())).body.access_token as string;
}

async function api(
  path: string,
  at: string | null,
  init: { method?: string; body?: unknown; version?: string | null } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (at) headers.authorization = `Bearer ${at}`;
  if (init.version !== null) headers['x-copilotapi-version'] = init.version ?? '1.0';
  const res = await fetch(`${sim.apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    body = null;
  }
  return { status: res.status, headers: res.headers, text, body };
}

const MERCHANT = {
  salesCode: 'SIM1',
  dbaName: 'The Card Shoppe',
  legalBusinessName: 'The Card Shoppe LLC',
  businessStartDate: '09/17/1949',
  demographic: {
    businessPhone: '555-123-4567',
    businessAddress: { address1: '123 Fake Street', city: 'Keystone', stateCd: 'CO', zip: '80435' },
  },
  ownership: {
    owner: { ownerName: 'Forename Surname', ownerEmail: 'owner@example.com', ownerTitle: 'CEO' },
    ownershipTypeCd: 'PRIVCORP',
    ownerOwnershipPct: 100,
  },
  fees: { statementFee: 10 },
};
const OWNER = { firstName: 'Forename', lastName: 'Surname', email: 'owner@example.com' };

async function create(at: string, merchant: Record<string, unknown> = MERCHANT) {
  return api('/merchant', at, { method: 'POST', body: { templateId: 1001, merchant, ownerSiteUser: OWNER } });
}

beforeAll(async () => {
  sim = await startCardConnectSimulator({ now: () => clock });
  const res = await fetch(`${sim.apiUrl}/__sim/users`, {
    method: 'POST',
    body: JSON.stringify({ username: 'api-user', password: 'pw-1', clientId: 'merchapi', clientSecret: 'sec-1' }),
  });
  expect(res.status).toBe(201);
  user = (await res.json()) as CcSimUser;
});
afterAll(() => sim.stop());
beforeEach(() => {
  sim.state.resetData();
  sim.state.failNext(0);
  sim.state.slow(0);
  sim.state.lowerCaseErrorField(false);
});

describe('card-processor simulator: token endpoint', () => {
  it('gives a 300 s bearer token for a form-encoded password grant, at the Keycloak path', async () => {
    expect(sim.tokenUrl.endsWith(CC_TOKEN_PATH)).toBe(true);
    const t = await token(goodForm());
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({ token_type: 'bearer', expires_in: 300 });
    expect(typeof t.body.access_token).toBe('string');
  });

  it('answers Keycloak-style errors: JSON body, wrong password, wrong client secret, unknown client, grant', async () => {
    expect(await token(goodForm(), true)).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await token({ ...goodForm(), password: 'nope' })).toMatchObject({
      status: 401,
      body: { error: 'invalid_grant', error_description: 'Invalid user credentials' },
    });
    expect(await token({ ...goodForm(), client_secret: 'nope' })).toMatchObject({
      status: 401,
      body: { error: 'unauthorized_client' },
    });
    expect(await token({ ...goodForm(), client_id: 'other' })).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect(await token({ ...goodForm(), grant_type: 'client_credentials' })).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
  });

  it('refuses API calls without a live bearer token or without X-CopilotAPI-Version 1.0', async () => {
    const at = await accessToken();
    expect((await api('/lookup/ownershipTypes', null)).status).toBe(401);
    expect((await api('/lookup/ownershipTypes', 'made-up')).status).toBe(401);
    const noVersion = await api('/lookup/ownershipTypes', at, { version: null });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body?.errors).toEqual([expect.objectContaining({ code: '1001', status: 'BAD_REQUEST' })]);
    expect((await api('/lookup/ownershipTypes', at, { version: '2.0' })).status).toBe(400);
    const ok = await api('/lookup/ownershipTypes', at);
    expect(ok.status).toBe(200);
    expect(ok.body?.ownershipTypes).toContainEqual({ code: 'INDIVSOLE', name: 'Individual / Sole Proprietor' });
    // tokens expire after 300 s
    clock += 301_000;
    expect((await api('/lookup/ownershipTypes', at)).status).toBe(401);
  });
});

describe('card-processor simulator: merchants', () => {
  it('makes a new merchant on every create (no idempotency of its own) and answers fields clients do not know', async () => {
    const at = await accessToken();
    const a = await create(at);
    const b = await create(at);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ errors: null });
    expect(a.body?.merchantId).not.toBe(b.body?.merchantId);
    expect(a.body).toHaveProperty('requestId');
    expect(sim.state.stats().creates).toBe(2);
    const got = await api(`/merchant/${a.body?.merchantId}`, at);
    expect(got.body?.merchant).toMatchObject({
      dbaName: 'The Card Shoppe',
      merchantStatus: { boardingProcessStatusCd: 'INPROG', riskReviewQueueCd: null },
      signatureStatus: { signatureStatusCd: 'NOT_SENT' },
    });
    expect(got.headers.get('x-simulator')).toMatch(/SIMULATOR.*not CardConnect/);
  });

  it('answers validation errors as {errors:[{code,message,errorField,status}]}, or errorfield when set', async () => {
    const at = await accessToken();
    const bad = await create(at, {
      ...MERCHANT,
      businessStartDate: '1949-09-17',
      demographic: { ...MERCHANT.demographic, businessPhone: '(555) 123 4567' },
      dbaName: 'x'.repeat(101),
    });
    expect(bad.status).toBe(400);
    expect(bad.body?.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: '1113', errorField: 'merchant.businessStartDate', status: 'BAD_REQUEST' }),
        expect.objectContaining({ code: '1115', errorField: 'merchant.demographic.businessPhone' }),
        expect.objectContaining({ code: '1105', errorField: 'merchant.dbaName' }),
      ]),
    );
    expect(sim.state.stats().creates).toBe(0);
    const badTemplate = await api('/merchant', at, { method: 'POST', body: { templateId: 9, merchant: MERCHANT } });
    expect(badTemplate.body?.errors).toEqual([expect.objectContaining({ errorField: 'templateId' })]);
    sim.state.lowerCaseErrorField(true);
    const lower = await create(at, { ...MERCHANT, businessStartDate: 'soon' });
    expect(lower.body?.errors).toEqual([
      expect.objectContaining({ errorfield: 'merchant.businessStartDate', code: '1113' }),
    ]);
  });

  it('sets the children an update omits to null (send the whole object)', async () => {
    const at = await accessToken();
    const id = (await create(at)).body?.merchantId as string;
    const put = await api(`/merchant/${id}`, at, {
      method: 'PUT',
      body: { merchant: { dbaName: 'Renamed', ownership: { owner: { ownerName: 'New Owner' } } } },
    });
    expect(put.status).toBe(200);
    const m = sim.state.merchant(id)?.merchant as Record<string, unknown>;
    expect(m.dbaName).toBe('Renamed');
    expect(m.fees).toBeNull();
    expect(m.demographic).toBeNull();
    expect(m.legalBusinessName).toBeNull();
    expect(m.ownership).toEqual({ owner: { ownerName: 'New Owner' } });
    expect(sim.state.stats().updates).toBe(1);
  });

  it('walks the boarding machine; refuses an update while out for signature; a retraction returns to in progress', async () => {
    const at = await accessToken();
    const id = (await create(at)).body?.merchantId as string;
    const sig = await api(`/merchant/${id}/signature`, at, { method: 'PUT' });
    expect(sig.status).toBe(200);
    expect(sig.body?.signatureUrl).toContain('/__sim/sign/');
    expect((await api(`/merchant/${id}/status`, at)).body?.merchantStatus).toMatchObject({
      boardingProcessStatusCd: 'OFS',
    });
    expect((await api(`/merchant/${id}/signature`, at)).body?.signatureStatusCd).toBe('PENDING');
    const refused = await api(`/merchant/${id}`, at, { method: 'PUT', body: { merchant: MERCHANT } });
    expect(refused.status).toBe(400);
    expect(refused.body?.errors).toEqual([expect.objectContaining({ code: '1301' })]);
    // retract, update, send again
    expect((await api(`/merchant/${id}/signature`, at, { method: 'DELETE' })).status).toBe(200);
    expect(sim.state.merchant(id)).toMatchObject({ boardingProcessStatusCd: 'INPROG', signatureStatusCd: 'NOT_SENT' });
    expect((await api(`/merchant/${id}`, at, { method: 'PUT', body: { merchant: MERCHANT } })).status).toBe(200);
    expect((await api(`/merchant/${id}/signature`, at, { method: 'PUT' })).status).toBe(200);
    // the owner signs, then underwriting and boarding move it on, over the control API
    const signed = await fetch(`${sim.apiUrl}/__sim/merchants/${id}/sign`, { method: 'POST' });
    expect(signed.status).toBe(200);
    expect((await api(`/merchant/${id}/signature`, at)).body).toMatchObject({
      signatureStatusCd: 'SIGNED',
      signer: expect.objectContaining({ email: 'owner@example.com' }),
    });
    // a retraction after signing is refused; so is an update
    expect((await api(`/merchant/${id}/signature`, at, { method: 'DELETE' })).status).toBe(400);
    expect((await api(`/merchant/${id}`, at, { method: 'PUT', body: { merchant: MERCHANT } })).status).toBe(400);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      await fetch(`${sim.apiUrl}/__sim/merchants/${id}/advance`, { method: 'POST', body: '{}' });
      const st = (await api(`/merchant/${id}/status`, at)).body as {
        merchantStatus: { boardingProcessStatusCd: string };
      };
      seen.push(st.merchantStatus.boardingProcessStatusCd);
    }
    expect(seen).toEqual(['UNDER', 'BOARDING', 'BOARDED', 'LIVE']);
    expect(sim.state.merchant(id)?.gatewayBoardingStatusCd).toBe('BOARDED');
    const final = await fetch(`${sim.apiUrl}/__sim/merchants/${id}/advance`, { method: 'POST', body: '{}' });
    expect(final.status).toBe(409);
  });

  it('needs the required fields before it sends for signature, and can decline or hold a change pending', async () => {
    const at = await accessToken();
    const id = (await create(at, { salesCode: 'SIM1', dbaName: 'Only a name' })).body?.merchantId as string;
    const sig = await api(`/merchant/${id}/signature`, at, { method: 'PUT' });
    expect(sig.status).toBe(400);
    expect((sig.body as { errors: { errorField: string }[] }).errors.map((e) => e.errorField)).toContain(
      'merchant.legalBusinessName',
    );
    sim.state.setPending(id, true);
    expect((await api(`/merchant/${id}/status`, at)).body?.merchantStatus).toMatchObject({
      boardingProcessPendingFlg: true,
    });
    expect((await api(`/merchant/${id}`, at, { method: 'PUT', body: { merchant: MERCHANT } })).status).toBe(409);
    sim.state.setPending(id, false);
    await fetch(`${sim.apiUrl}/__sim/merchants/${id}/advance`, {
      method: 'POST',
      body: JSON.stringify({ to: 'DECLINED' }),
    });
    expect(sim.state.merchant(id)?.boardingProcessStatusCd).toBe('DECLINED');
  });

  it('injects 503s, slow answers and malformed bodies through /__sim/faults', async () => {
    const at = await accessToken();
    await fetch(`${sim.apiUrl}/__sim/faults`, { method: 'POST', body: JSON.stringify({ fail: 2 }) });
    expect((await token(goodForm())).status).toBe(503);
    expect((await create(at)).status).toBe(503);
    expect((await create(at)).status).toBe(200);
    await fetch(`${sim.apiUrl}/__sim/faults`, { method: 'POST', body: JSON.stringify({ malformed: 1 }) });
    const broken = await create(at);
    expect(broken.status).toBe(200);
    expect(broken.body).toBeNull();
    expect(() => JSON.parse(broken.text)).toThrow();
    await fetch(`${sim.apiUrl}/__sim/faults`, { method: 'POST', body: JSON.stringify({ slowMs: 150 }) });
    const started = Date.now();
    await api('/lookup/bankAcctTypes', at);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});
