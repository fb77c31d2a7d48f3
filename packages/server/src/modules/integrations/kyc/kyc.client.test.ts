import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound, DEFAULT_OUTBOUND_ALLOW } from '../../../infra/outbound/outbound';
import { type KycSimulator, startKycSimulator } from '../../../simulators/kyc';
import { createKycClient, KYC_MAX_REASONS, readKycCheck, reasonOf } from './kyc.client';
import { kycAllowlist } from './kyc.endpoints';
import { KycError, type KycPerson } from './kyc.port';

const ADA: KycPerson = {
  reference: 'owner1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1985-12-10',
  ssn: '123456781',
  address: { line1: '12 Engine Row', city: 'Springfield', state: 'IL', postalCode: '62701' },
};

async function kindOf(p: Promise<unknown>): Promise<KycError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(KycError);
  return err as KycError;
}

// The real client on the real outbound client against the loopback simulator (not a KYC provider).
describe('the KYC client (decision 089)', () => {
  let sim: KycSimulator;
  let client: ReturnType<typeof createKycClient>;
  const faults = (f: object) => fetch(`${sim.apiUrl}/__sim/faults`, { method: 'POST', body: JSON.stringify(f) });

  beforeAll(async () => {
    sim = await startKycSimulator({ port: 0 });
    const outbound = createOutbound({
      allow: DEFAULT_OUTBOUND_ALLOW,
      testHosts: sim.testHosts,
      timeoutMs: 1_000,
      maxBodyBytes: 100_000,
    });
    client = createKycClient(outbound, { apiUrl: sim.apiUrl });
  });
  afterAll(() => sim?.stop());

  it('checks a key, submits once per idempotency key, and reads the outcome after pending', async () => {
    await client.verifyKey(sim.apiKey);
    expect((await kindOf(client.verifyKey('wrong'))).kind).toBe('invalid_key');
    const reference = crypto.randomUUID();
    const first = await client.submit(sim.apiKey, { reference, persons: [ADA] });
    expect(first).toMatchObject({ status: 'pending', persons: [{ reference: 'owner1', outcome: null, reasons: [] }] });
    const again = await client.submit(sim.apiKey, { reference, persons: [ADA] });
    expect(again.id).toBe(first.id);
    expect(sim.stats.created).toBe(1);
    const done = await client.check(sim.apiKey, first.id);
    expect(done).toMatchObject({ status: 'completed', persons: [{ reference: 'owner1', outcome: 'pass' }] });
  });

  it('names refused fields, never values; another body under a used key is refused', async () => {
    const bad = await kindOf(
      client.submit(sim.apiKey, { reference: crypto.randomUUID(), persons: [{ ...ADA, dateOfBirth: '10/12/85' }] }),
    );
    expect(bad).toMatchObject({ kind: 'invalid_request', status: 422, fields: ['persons[0].dateOfBirth'] });
    expect(bad.detail).toBe('invalid_request HTTP 422');
    expect(bad.detail).not.toContain('10/12/85');
    // the simulator's own words DO echo the date sent (as real providers may): only the client keeps it out
    const raw = await fetch(`${sim.apiUrl}/v1/checks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.apiKey}`, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ reference: 'r', persons: [{ reference: 'a', lastName: 'L', dateOfBirth: '10/12/85' }] }),
    });
    expect(await raw.text()).toContain('10/12/85');
    const reference = crypto.randomUUID();
    await client.submit(sim.apiKey, { reference, persons: [ADA] });
    const conflict = await kindOf(client.submit(sim.apiKey, { reference, persons: [{ ...ADA, lastName: 'Byron' }] }));
    expect(conflict.kind).toBe('unavailable');
    expect(conflict.status).toBe(409);
  });

  it('503, slow and malformed answers are unavailable; an unknown or odd check id is not_found', async () => {
    await faults({ fail: 1, status: 503 });
    expect((await kindOf(client.verifyKey(sim.apiKey))).kind).toBe('unavailable');
    await faults({ slowMs: 1_500 });
    expect((await kindOf(client.verifyKey(sim.apiKey))).kind).toBe('unavailable');
    await faults({ malformed: 1 });
    expect((await kindOf(client.check(sim.apiKey, 'chk_missing'))).kind).toBe('unavailable');
    await faults({});
    expect((await kindOf(client.check(sim.apiKey, 'chk_missing'))).kind).toBe('not_found');
    expect((await kindOf(client.check(sim.apiKey, '../v1/account'))).kind).toBe('not_found');
  });

  it('without KYC_API_URL nothing is called; a production URL is refused unless allowlisted', async () => {
    const outbound = createOutbound({
      allow: DEFAULT_OUTBOUND_ALLOW,
      testHosts: [],
      timeoutMs: 1_000,
      maxBodyBytes: 1,
    });
    expect((await kindOf(createKycClient(outbound, { apiUrl: null }).verifyKey('k'))).kind).toBe('not_configured');
    const elsewhere = createKycClient(outbound, { apiUrl: 'https://kyc.example.com' });
    expect((await kindOf(elsewhere.verifyKey('k'))).kind).toBe('refused');
    expect(kycAllowlist({ apiUrl: 'https://kyc.example.com/api' })).toEqual(['kyc.example.com']);
    expect(kycAllowlist({ apiUrl: null })).toEqual([]);
  });

  it("keeps the reason's code and our words for it, never the provider's message (it may quote what we sent)", () => {
    expect(reasonOf('ssn_mismatch')).toEqual({
      code: 'ssn_mismatch',
      message: 'The SSN does not match the name and date of birth.',
    });
    expect(reasonOf('new_rule_7').message).toContain('new_rule_7');
    // a code that is not a code (it could carry a value) is not kept either
    expect(reasonOf('SSN 123-45-6789 mismatch')).toEqual({
      code: 'unknown',
      message: expect.stringContaining('unknown'),
    });
  });
});

describe('hostile KYC answers (decision 089)', () => {
  const person = (over: object) => ({
    id: 'chk_1',
    status: 'completed',
    persons: [{ reference: 'owner1', outcome: 'fail', reasons: [], decidedAt: '2026-11-29T05:00:00Z', ...over }],
  });
  it('keeps an ISO date-time only, at most 20 reasons, and no control character', () => {
    expect(readKycCheck(person({}), 200).persons[0]?.decidedAt).toBe('2026-11-29T05:00:00Z');
    expect(readKycCheck(person({ decidedAt: 'x'.repeat(100_000) }), 200).persons[0]?.decidedAt).toBeNull();
    expect(readKycCheck(person({ decidedAt: '2026-11-29\u0000' }), 200).persons[0]?.decidedAt).toBeNull();
    const many = Array.from({ length: 500 }, () => ({ code: 'ssn_mismatch', message: 'm' }));
    expect(readKycCheck(person({ reasons: many }), 200).persons[0]?.reasons).toHaveLength(KYC_MAX_REASONS);
    expect(readKycCheck(person({ reference: 'own\u0000er1' }), 200).persons[0]?.reference).toBe('owner1');
    expect(JSON.stringify(readKycCheck(person({ reasons: [{ code: 'a\u0000b' }] }), 200))).not.toContain('\\u0000');
  });
});
