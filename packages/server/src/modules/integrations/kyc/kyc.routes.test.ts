import { maskValue } from '@under/core/forms/masking';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../../auth-context';
import { integrationConnections, kycSubmissions } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import { createOutbound, DEFAULT_OUTBOUND_ALLOW } from '../../../infra/outbound/outbound';
import { type KycSimulator, startKycSimulator } from '../../../simulators/kyc';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/helpers';
import { submittedAndSigned } from '../../../test/signing';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { until } from '../sync/sync.fixtures';
import { createKycClient } from './kyc.client';
import { createKycService, KYC_PROBLEMS } from './kyc.service';

const owner = (n: number) => [
  { type: 'textfield', key: `owner${n}_first_name`, label: `Owner ${n} first name`, input: true },
  { type: 'textfield', key: `owner${n}_last_name`, label: `Owner ${n} last name`, input: true },
  { type: 'textfield', key: `owner${n}_dob`, label: `Owner ${n} date of birth`, input: true },
  { type: 'textfield', key: `owner${n}_ssn`, label: `Owner ${n} SSN`, input: true, euEncrypted: true },
  { type: 'textfield', key: `owner${n}_home_address`, label: `Owner ${n} street`, input: true },
  { type: 'textfield', key: `owner${n}_home_city`, label: `Owner ${n} city`, input: true },
  { type: 'textfield', key: `owner${n}_home_state`, label: `Owner ${n} state`, input: true },
  { type: 'textfield', key: `owner${n}_home_zip`, label: `Owner ${n} ZIP`, input: true },
];
const EXTRA = [...owner(1), ...owner(2), ...owner(3)];
const SSN = ['123-45-6781', '123-45-6782', '123-45-6783'];
const FULL = {
  Firstname: 'Ada',
  Lastname: 'Lovelace',
  PhoneNumber: '(555) 123-4567',
  Email: 'ada@example.com',
  CompanyName: 'Analytical Engines',
  owner1_first_name: 'Ada',
  owner1_last_name: 'Lovelace',
  owner1_dob: '12/10/1985',
  owner1_ssn: SSN[0],
  owner1_home_address: '12 Engine Row',
  owner1_home_city: 'Springfield',
  owner1_home_state: 'IL',
  owner1_home_zip: '62701',
  owner2_first_name: 'Grace',
  owner2_last_name: 'Reviewer',
  owner2_dob: '1990-04-01',
  owner2_ssn: SSN[1],
  owner3_first_name: 'Alan',
  owner3_last_name: 'Failsworth',
  owner3_dob: '01/02/1970',
  owner3_ssn: SSN[2],
};
/** What must never be kept nor answered: the owners' SSNs (as typed and as digits), dates of birth and streets. */
const PII = [...SSN, ...SSN.map((s) => s.replace(/-/g, '')), '1985-12-10', '12/10/1985', '1990-04-01', '12 Engine Row'];

// The real client on the real outbound client, against the loopback simulator (not a KYC provider).
// generous timeouts: each test signs applications through the whole public flow
describe.each(testDatabases())('KYC on %s', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  let sim: KycSimulator;
  let a: Caller;
  let kycForm: string;
  let plainForm: string;

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const forApp = (id: string, token = a.token) => call('GET', `/api/applications/${id}/kyc`, token);
  const byId = (id: string, applicationId: string, token = a.token) =>
    call('GET', `/api/kyc/submissions/${id}?applicationId=${applicationId}`, token);
  const rowOf = async (applicationId: string) =>
    (await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.applicationId, applicationId)))[0];

  async function customForm(caller: Caller, name: string, kyc: boolean) {
    const admin = await adminToken(t);
    const masterId = await publishedMaster(t, admin, { name: `${name} master`, extra: EXTRA });
    const created = await call('POST', '/api/custom_forms', caller.token, { masterFormId: masterId, name });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().customFormId as string;
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/custom_forms/${id}/status`,
      headers: bearer(caller.token),
      payload: { status: 'active' },
    });
    expect(on.statusCode, on.body).toBe(200);
    if (kyc) {
      // the flag: the spec's integration config with integrationToActivate "kyc" (decision 089)
      const config = await call('POST', '/api/integrations/config', caller.token, {
        formId: id,
        integrationToActivate: 'kyc',
        activeIntegration: true,
      });
      expect(config.statusCode, config.body).toBe(200);
      expect(config.json()).toMatchObject({ integrationToActivate: 'kyc', activeIntegration: true });
    }
    return id;
  }

  /** Signed on `formId`, the events delivered: answers the application id. */
  async function signed(formId: string, data: Record<string, unknown> = FULL) {
    const { applicationId } = await submittedAndSigned(t, { customFormId: formId, data, prefix: 'kyc' });
    await t.events.drain();
    return applicationId;
  }

  /** Moves the clock past the next wait and runs the sweep until the submission reaches `state`. */
  async function stepUntil(applicationId: string, state: string) {
    return until(`submission ${state}`, async () => {
      const row = await rowOf(applicationId);
      if (row?.state === state && row.leaseUntil === null) return row;
      if (row && row.nextAttemptAt.getTime() > Date.now() + t.clock.offsetMs) {
        t.clock.offsetMs += row.nextAttemptAt.getTime() - (Date.now() + t.clock.offsetMs) + 1_000;
        await t.services.kyc.sweep();
      }
      return undefined;
    });
  }

  beforeAll(async () => {
    sim = await startKycSimulator({ port: 0 });
    t = await createTestApp(kind, {
      outbound: createOutbound({
        allow: DEFAULT_OUTBOUND_ALLOW,
        testHosts: sim.testHosts,
        timeoutMs: 1_500,
        maxBodyBytes: 1_000_000,
      }),
      config: { kyc: { apiUrl: sim.apiUrl } },
    });
    a = await registerCompany(t, { companyName: 'KYC Bank', membershipId: 'MEMBERSHIP_006' });
    kycForm = await customForm(a, 'KYC form', true);
    plainForm = await customForm(a, 'Plain form', false);
    const connected = await call('POST', '/api/companies/kyc', a.token, { apiKey: sim.apiKey });
    expect(connected.statusCode, connected.body).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await sim?.stop();
  });

  it('the API key: checked with the provider, sealed, masked, write-only; members see the state only', async () => {
    const before = sim.stats.refused;
    const refused = await call('POST', '/api/companies/kyc', a.token, { apiKey: 'not-the-key' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual([{ path: 'apiKey', message: 'The KYC provider refused this API key.' }]);
    expect(sim.stats.refused).toBe(before + 1);
    const ok = await call('POST', '/api/companies/kyc', a.token, { apiKey: sim.apiKey });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ state: 'connected', apiKey: maskValue(sim.apiKey) });
    expect(ok.body).not.toContain(sim.apiKey);
    const [row] = await t.database.db
      .select()
      .from(integrationConnections)
      .where(eq(integrationConnections.companyId, a.companyId));
    expect(row?.kind).toBe('kyc');
    expect(row?.secrets.apiKey).toMatch(/^enc:v1:/);
    expect(JSON.stringify(row)).not.toContain(sim.apiKey);
    // the mask sent back keeps the stored key (checked again with the provider); a mask of nothing is refused
    const kept = await call('POST', '/api/companies/kyc', a.token, { apiKey: maskValue(sim.apiKey) });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await call('POST', '/api/companies/kyc', a.token, { apiKey: '****1234' })).statusCode).toBe(400);
    const member = await joinTeam(t, a, 'STANDARD');
    expect((await call('POST', '/api/companies/kyc', member.token, { apiKey: sim.apiKey })).statusCode).toBe(403);
    expect((await call('GET', '/api/companies/kyc', member.token)).json()).toEqual({
      state: 'connected',
      apiKey: null,
      connectedAt: expect.any(String),
    });
  });

  it("an outbound refusal of the provider's address says so (not that KYC_API_URL is unset)", async () => {
    // the same service on a client whose outbound refuses the simulator's host (it is not allowlisted here)
    const refusing = createOutbound({
      allow: DEFAULT_OUTBOUND_ALLOW,
      testHosts: [],
      timeoutMs: 1_000,
      maxBodyBytes: 1,
    });
    const kyc = createKycService({
      db: t.database.db,
      provider: createKycClient(refusing, { apiUrl: sim.apiUrl }),
      endpoints: { apiUrl: sim.apiUrl },
      fieldCrypto: t.fieldCrypto,
      jobs: t.jobs,
      grants: t.services.customForms,
      log: t.app.log,
      now: () => Date.now(),
    });
    const auth = { userId: a.userId, companyId: a.companyId } as AuthContext;
    const err = await kyc.connect({ auth, body: { apiKey: sim.apiKey } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toBe(KYC_PROBLEMS.refused);
  });

  it("on the last signature: one submission, sent once, pending, then each owner's result and reasons", async () => {
    const createdBefore = sim.stats.created;
    const id = await signed(kycForm);
    const pending = await stepUntil(id, 'pending');
    expect(pending.providerCheckId).toMatch(/^chk_/);
    expect(sim.stats.created).toBe(createdBefore + 1);
    // what the provider received: the owners decrypted for the call (SSN as digits, dates as ISO)
    const received = [...sim.checks.values()].find((c) => c.id === pending.providerCheckId);
    expect(received?.idempotencyKey).toBe(pending.id);
    expect(received?.received[0]).toMatchObject({
      reference: 'owner1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '1985-12-10',
      nationalId: { type: 'us_ssn', number: '123456781' },
      address: { line1: '12 Engine Row', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' },
    });
    const early = await forApp(id);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().submission).toMatchObject({ state: 'pending', problem: null });
    expect(early.json().submission.owners.map((o: { result: unknown }) => o.result)).toEqual([null, null, null]);

    const done = await stepUntil(id, 'completed');
    const answer = await byId(done.id, id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ id: done.id, applicationId: id, state: 'completed', problem: null });
    expect(answer.json().completedAt).toEqual(expect.any(String));
    expect(answer.json().owners).toEqual([
      { ownerNumber: 1, name: 'Ada Lovelace', result: 'pass', reasons: [], decidedAt: expect.any(String) },
      {
        ownerNumber: 2,
        name: 'Grace Reviewer',
        result: 'review',
        reasons: [{ code: 'address_unverified', message: 'The address could not be matched to the person.' }],
        decidedAt: expect.any(String),
      },
      {
        ownerNumber: 3,
        name: 'Alan Failsworth',
        result: 'fail',
        reasons: [{ code: 'ssn_mismatch', message: 'The SSN does not match the name and date of birth.' }],
        decidedAt: expect.any(String),
      },
    ]);
    // no PII beyond the names: not in the answers, not in the row
    const stored = JSON.stringify(await rowOf(id));
    for (const text of PII) {
      expect(answer.body).not.toContain(text);
      expect(early.body).not.toContain(text);
      expect(stored).not.toContain(text);
    }
    // delivered once: the event's redelivery or a sweep makes no second submission nor a second check
    await t.services.kyc.sweep();
    expect(sim.stats.created).toBe(createdBefore + 1);
    expect((await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.applicationId, id))).length).toBe(
      1,
    );
  });

  it('a form without the KYC config starts nothing', async () => {
    const id = await signed(plainForm);
    expect((await forApp(id)).json()).toEqual({ submission: null });
    expect(await rowOf(id)).toBeUndefined();
  });

  it('another company, an ungranted STANDARD member and a wrong pairing answer 404', async () => {
    const id = await signed(kycForm);
    const row = await stepUntil(id, 'pending');
    const b = await registerCompany(t, { companyName: 'Other Bank' });
    const member = await joinTeam(t, a, 'STANDARD');
    for (const token of [b.token, member.token]) {
      expect((await byId(row.id, id, token)).statusCode).toBe(404);
      expect((await forApp(id, token)).statusCode).toBe(404);
    }
    const other = await signed(plainForm);
    expect((await byId(row.id, other)).statusCode).toBe(404);
    expect((await byId(row.id, id)).statusCode).toBe(200);
  });

  it('503, a timeout and a malformed answer are tried again: still one check at the provider', async () => {
    // the earlier tests' submissions are parked: a poll of theirs must not take the faults scripted for this one
    await t.database.db.update(kycSubmissions).set({ state: 'failed' });
    const createdBefore = sim.stats.created;
    await fetch(`${sim.apiUrl}/__sim/faults`, { method: 'POST', body: JSON.stringify({ fail: 1, status: 503 }) });
    const id = await signed(kycForm);
    const first = await until('the first failure', async () => {
      const row = await rowOf(id);
      return row?.failures === 1 && row.leaseUntil === null && row;
    });
    expect(first).toMatchObject({ state: 'queued', problem: KYC_PROBLEMS.unreachable(1), providerCheckId: null });
    expect(first.nextAttemptAt.getTime() - (Date.now() + t.clock.offsetMs)).toBeGreaterThan(50_000);
    // the provider takes the check but answers too late (the client gave up): the retry carries the same key
    await fetch(`${sim.apiUrl}/__sim/faults`, { method: 'POST', body: JSON.stringify({ slowMs: 2_500 }) });
    t.clock.offsetMs += 61_000;
    await t.services.kyc.sweep();
    const second = await until('the timeout', async () => {
      const row = await rowOf(id);
      return row?.failures === 2 && row.leaseUntil === null && row;
    });
    expect(second.state).toBe('queued');
    await new Promise((r) => setTimeout(r, 1_200));
    expect(sim.stats.created).toBe(createdBefore + 1);
    await fetch(`${sim.apiUrl}/__sim/faults`, { method: 'POST', body: JSON.stringify({ malformed: 1 }) });
    t.clock.offsetMs += 121_000;
    await t.services.kyc.sweep();
    await until('the malformed answer', async () => (await rowOf(id))?.failures === 3);
    const pending = await stepUntil(id, 'pending');
    expect(pending.failures).toBe(0);
    expect(pending.problem).toBeNull();
    // the same check as the one made during the timeout: the idempotency key held
    expect(sim.stats.created).toBe(createdBefore + 1);
    expect((await stepUntil(id, 'completed')).owners.map((o) => o.result)).toEqual(['pass', 'review', 'fail']);
  });

  it('a key the provider now refuses fails the submission in words (invalid_key)', async () => {
    const c = await registerCompany(t, { companyName: 'Stale Key Bank', membershipId: 'MEMBERSHIP_006' });
    const connected = await call('POST', '/api/companies/kyc', c.token, { apiKey: sim.apiKey });
    expect(connected.statusCode, connected.body).toBe(200);
    // the key is revoked at the provider after it was checked: the stored one is no longer accepted
    await t.database.db
      .update(integrationConnections)
      .set({ secrets: { apiKey: t.fieldCrypto.encryptValue('revoked-key') } })
      .where(eq(integrationConnections.companyId, c.companyId));
    const refusedBefore = sim.stats.refused;
    const form = await customForm(c, 'Stale key form', true);
    const id = await signed(form);
    const row = await stepUntil(id, 'failed');
    expect(row.problem).toBe(KYC_PROBLEMS.invalidKey);
    expect(sim.stats.refused).toBeGreaterThan(refusedBefore);
    const answer = await forApp(id, c.token);
    expect(answer.json().submission).toMatchObject({ state: 'failed', problem: KYC_PROBLEMS.invalidKey });
  });

  it('without an API key the submission fails in words', async () => {
    const b = await registerCompany(t, { companyName: 'Key Bank', membershipId: 'MEMBERSHIP_006' });
    const form = await customForm(b, 'Key form', true);
    const id = await signed(form);
    const row = await stepUntil(id, 'failed');
    expect(row.problem).toBe(KYC_PROBLEMS.notConnected);
    const answer = await forApp(id, b.token);
    expect(answer.json().submission).toMatchObject({ state: 'failed', problem: KYC_PROBLEMS.notConnected });
  });
});
