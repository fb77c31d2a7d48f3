import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutbound, DEFAULT_OUTBOUND_ALLOW, type Outbound } from '../../../infra/outbound/outbound';
import { type CardConnectSimulator, type CcSimUser, startCardConnectSimulator } from '../../../simulators/cardconnect';
import {
  createCardConnectClient,
  createCardConnectSession,
  ERROR_TEXT_MAX,
  MAX_API_ERRORS,
  parsedErrors,
  updateMerchantWithdrawing,
} from './cardconnect.client';
import { CARDCONNECT_PRODUCTION } from './cardconnect.endpoints';
import { type CardConnectClient, type CardConnectCredentials, CardConnectError } from './cardconnect.port';

// The real client, through the real outbound client, against the loopback simulator (not CardConnect).
let clock = Date.UTC(2026, 10, 28, 12, 0, 0);
let sim: CardConnectSimulator;
let client: CardConnectClient;
let user: CcSimUser;
let creds: CardConnectCredentials;

function outboundFor(testHosts: string[], timeoutMs = 5_000): Outbound {
  return createOutbound({ allow: DEFAULT_OUTBOUND_ALLOW, testHosts, timeoutMs, maxBodyBytes: 1_000_000 });
}

const MERCHANT = {
  salesCode: 'SIM1',
  dbaName: 'The Card Shoppe',
  legalBusinessName: 'The Card Shoppe LLC',
  demographic: { businessAddress: { address1: '1 Main St', city: 'Denver', stateCd: 'CO', zip: '80202' } },
  ownership: { owner: { ownerName: 'Ada Owner', ownerEmail: 'ada@example.com' } },
};

async function failure(p: Promise<unknown>): Promise<CardConnectError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CardConnectError);
  return err as CardConnectError;
}

beforeAll(async () => {
  sim = await startCardConnectSimulator({ now: () => clock });
  user = sim.state.registerUser({ username: 'api-user', password: 'pw', clientId: 'merchapi', clientSecret: 's3c' });
  creds = {
    username: user.username,
    password: user.password,
    clientId: user.clientId,
    clientSecret: user.clientSecret,
  };
  client = createCardConnectClient(
    outboundFor(sim.testHosts),
    { apiUrl: sim.apiUrl, tokenUrl: sim.tokenUrl },
    () => clock,
  );
});
afterAll(() => sim.stop());
beforeEach(() => {
  sim.state.resetData();
  sim.state.failNext(0);
  sim.state.slow(0);
  sim.state.lowerCaseErrorField(false);
});

describe('CardConnect client: token', () => {
  it('takes a token with the form-encoded password grant, valid for the expires_in the provider gives', async () => {
    const t = await client.token(creds);
    expect(t.accessToken).toMatch(/^eyJ/);
    expect(t.expiresAt).toBe(clock + 300_000);
  });

  it('tells wrong username/password (invalid_credentials) from a wrong client id or secret (invalid_client)', async () => {
    expect((await failure(client.token({ ...creds, password: 'no' }))).kind).toBe('invalid_credentials');
    expect((await failure(client.token({ ...creds, clientSecret: 'no' }))).kind).toBe('invalid_client');
    expect((await failure(client.token({ ...creds, clientId: 'other' }))).kind).toBe('invalid_client');
  });

  it('calls only allowlisted hosts: the production defaults are https on *.cardconnect.com, a stranger is refused', async () => {
    const strict = createOutbound({
      allow: DEFAULT_OUTBOUND_ALLOW,
      testHosts: [],
      timeoutMs: 1000,
      maxBodyBytes: 1000,
    });
    expect(strict.allows('cardconnect', CARDCONNECT_PRODUCTION.apiUrl)).toBe(true);
    expect(strict.allows('cardconnect', CARDCONNECT_PRODUCTION.tokenUrl)).toBe(true);
    const elsewhere = createCardConnectClient(strict, { apiUrl: sim.apiUrl, tokenUrl: sim.tokenUrl });
    expect((await failure(elsewhere.token(creds))).kind).toBe('refused');
    expect(sim.state.stats().tokenCalls).toBe(0);
  });
});

describe('CardConnect client: merchants', () => {
  it('creates (a new merchant each time), reads, updates the whole object and reads the status', async () => {
    const t = await client.token(creds);
    const { merchantId } = await client.createMerchant(t, { templateId: '1001', merchant: MERCHANT });
    const again = await client.createMerchant(t, { templateId: '1001', merchant: MERCHANT });
    expect(again.merchantId).not.toBe(merchantId);
    const got = await client.getMerchant(t, merchantId);
    expect(got.merchant.dbaName).toBe('The Card Shoppe');
    expect(got.status).toEqual({
      boardingProcessStatusCd: 'INPROG',
      boardingProcessPendingFlg: false,
      gatewayBoardingStatusCd: 'NOT_BOARDED',
    });
    expect(got.signature.signatureStatusCd).toBe('NOT_SENT');
    await client.updateMerchant(t, merchantId, { templateId: '1001', merchant: { ...MERCHANT, dbaName: 'Renamed' } });
    expect(sim.state.merchant(merchantId)?.merchant.dbaName).toBe('Renamed');
    expect((await client.status(t, merchantId)).boardingProcessStatusCd).toBe('INPROG');
  });

  it('reads field errors with errorField or errorfield, and an answer that is not JSON as unavailable', async () => {
    const t = await client.token(creds);
    const bad = await failure(
      client.createMerchant(t, { templateId: '1001', merchant: { ...MERCHANT, businessStartDate: '2020-01-31' } }),
    );
    expect(bad.kind).toBe('invalid_data');
    expect(bad.errors).toEqual([expect.objectContaining({ code: '1113', errorField: 'merchant.businessStartDate' })]);
    sim.state.lowerCaseErrorField(true);
    const lower = await failure(
      client.createMerchant(t, { templateId: '1001', merchant: { ...MERCHANT, businessStartDate: 'x' } }),
    );
    expect(lower.errors[0]?.errorField).toBe('merchant.businessStartDate');
    sim.state.malformedNext(1);
    expect((await failure(client.createMerchant(t, { templateId: '1001', merchant: MERCHANT }))).kind).toBe(
      'unavailable',
    );
    sim.state.failNext(1);
    expect((await failure(client.status(t, '840000000001'))).kind).toBe('unavailable');
    expect((await failure(client.status(t, '../lookup/stateCodes'))).kind).toBe('not_found');
  });

  it('keeps at most MAX_API_ERRORS errors, each string without control characters and cut to ERROR_TEXT_MAX', () => {
    const long = 'z'.repeat(50_000);
    const errors = parsedErrors({
      errors: Array.from({ length: 1_000 }, () => ({
        code: `1\u0000${long}`,
        message: `bad\u0000\u0007\n${long}`,
        errorfield: `merchant.\u001bdba${long}`,
        status: `B\u0000${long}`,
      })),
    });
    expect(errors).toHaveLength(MAX_API_ERRORS);
    for (const e of errors) {
      for (const text of [e.code, e.message, e.errorField ?? '', e.status]) {
        expect(text.length).toBeLessThanOrEqual(ERROR_TEXT_MAX);
        expect([...text].filter((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)).toEqual([]);
      }
    }
    expect(errors[0]?.message.startsWith('bad   zz')).toBe(true);
    expect(errors[0]?.errorField?.startsWith('merchant. dba')).toBe(true);
  });

  it('an update while out for signature withdraws the request first; signed is not editable', async () => {
    const t = await client.token(creds);
    const { merchantId } = await client.createMerchant(t, { templateId: '1001', merchant: MERCHANT });
    const sent = await client.requestSignature(t, merchantId);
    expect(sent.signatureUrl).toContain(merchantId);
    expect((await client.signature(t, merchantId)).signatureStatusCd).toBe('PENDING');
    // a plain update is refused by the provider while OFS
    expect((await failure(client.updateMerchant(t, merchantId, { merchant: MERCHANT }))).kind).toBe('invalid_data');
    const done = await updateMerchantWithdrawing(client, t, merchantId, { merchant: { ...MERCHANT, dbaName: 'B' } });
    expect(done).toEqual({ withdrew: true });
    expect(sim.state.merchant(merchantId)).toMatchObject({
      boardingProcessStatusCd: 'INPROG',
      merchant: { dbaName: 'B' },
    });
    await client.requestSignature(t, merchantId);
    sim.state.sign(merchantId);
    expect((await client.signature(t, merchantId)).signatureStatusCd).toBe('SIGNED');
    const late = await failure(updateMerchantWithdrawing(client, t, merchantId, { merchant: MERCHANT }));
    expect(late.kind).toBe('not_editable');
    sim.state.advance(merchantId);
    sim.state.setPending(merchantId, true);
    expect(await client.status(t, merchantId)).toMatchObject({
      boardingProcessStatusCd: 'UNDER',
      boardingProcessPendingFlg: true,
    });
  });

  it('reads the lookup lists', async () => {
    const t = await client.token(creds);
    expect(await client.lookup(t, 'bankAcctTypes')).toContainEqual({ code: 'BIZ', name: 'Business Checking' });
  });

  it('a session reuses its token and takes a new one once on a 401', async () => {
    const session = createCardConnectSession(client, creds, () => clock);
    await session.run((t) => client.lookup(t, 'ownershipTypes'));
    await session.run((t) => client.lookup(t, 'ownershipTypes'));
    expect(sim.state.stats().tokenCalls).toBe(1);
    sim.state.expireTokens();
    expect(await session.run((t) => client.lookup(t, 'bankAcctTypes'))).toHaveLength(3);
    expect(sim.state.stats().tokenCalls).toBe(2);
    // near its expiry a token is renewed before use
    clock += 280_000;
    await session.run((t) => client.lookup(t, 'bankAcctTypes'));
    expect(sim.state.stats().tokenCalls).toBe(3);
  });
});
