import { ERROR_CODES } from '@under/core/api/error.schema';
import { buildMerchantCalculationsForm, MIX_MESSAGE } from '@under/core/forms/fixtures/merchant-calculations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../../db/schema';
import { bearer, type Caller, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress, uniqueEmail } from '../../../test/helpers';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';

/**
 * Calculated values through the applicant's API (decision 069): whatever the browser sends for a calculated field
 * or a field a value action sets, the server computes it again and stores its own figure; a rule over the figures
 * (the processing mix adds up to 100) refuses the submit by path. Only a component that allows a manual override
 * keeps a typed value.
 */
const EXTRA = buildMerchantCalculationsForm().components;

/** The system fields the primary must fill to submit. */
const SYSTEM = {
  Firstname: 'Ada',
  Lastname: 'Lovelace',
  PhoneNumber: '(555) 123-4567',
  Email: 'ada@example.com',
  CompanyName: 'Analytical Engines',
};
const MERCHANT = { monthlyVolume: 50_000, cardPresent: 60, keyed: 20, ecommerce: 20, refundPolicy: 'none' };

describe.each(testDatabases())('calculated values on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let formId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await adminToken(t);
    const masterId = await publishedMaster(t, admin, { name: 'Calculating Bank', extra: EXTRA });
    a = await registerCompany(t, { companyName: 'Calc Company', membershipId: 'MEMBERSHIP_006' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/custom_forms',
      headers: bearer(a.token),
      payload: { masterFormId: masterId, name: 'Calculated merchant form' },
    });
    expect(created.statusCode, created.body).toBe(201);
    formId = created.json().customFormId;
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/custom_forms/${formId}/status`,
      headers: bearer(a.token),
      payload: { status: 'active' },
    });
    expect(on.statusCode, on.body).toBe(200);
  });
  afterAll(() => t.close());

  const key = () => ({ 'x-api-key': t.config.secrets.publicApiKey });
  async function started(data: Record<string, unknown>) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers: key(),
      payload: { customFormId: formId, email: uniqueEmail('calc'), data },
      remoteAddress: uniqueAddress(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { applicationId: string; code: string; revision: number };
  }
  const submit = (id: string, code: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/applications/${id}/submit?code=${code}`,
      headers: key(),
      payload,
    });
  async function stored(id: string) {
    const [row] = await t.database.db.select().from(applications).where(eq(applications.id, id));
    if (!row) throw new Error('no application');
    return row;
  }

  it('a draft save stores the server’s figures, not the tampered ones sent', async () => {
    const { applicationId } = await started({ ...MERCHANT, monthlyFee: 0.01, mixTotal: 100, owners: [] });
    const row = await stored(applicationId);
    expect(row.data).toMatchObject({ monthlyFee: 1450, annualVolume: 600_000, mixTotal: 100 });
  });

  it('a submit recomputes tampered calculated values and value actions, keeping an allowed override', async () => {
    const { applicationId, code, revision } = await started({});
    const res = await submit(applicationId, code, {
      revision,
      data: {
        ...SYSTEM,
        ...MERCHANT,
        ecommerce: 60,
        cardPresent: 20,
        website: 'https://shop.example.com',
        annualVolume: 590_000,
        monthlyFee: 1,
        mixTotal: 100,
        refundPolicy: 'none',
        owners: [{ name: 'Ann', ownership: 75, othersLeave: 0 }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(applicationId);
    expect(row.status).toBe('pending');
    expect(row.data).toMatchObject({
      monthlyFee: 1450,
      annualVolume: 590_000,
      mixTotal: 100,
      refundPolicy: 'within30',
      owners: [{ name: 'Ann', ownership: 75, othersLeave: 25 }],
    });
  });

  it('refuses a submit whose processing mix does not add up to 100, even with a total of 100 sent', async () => {
    const { applicationId, code, revision } = await started({});
    const res = await submit(applicationId, code, {
      revision,
      data: { ...SYSTEM, ...MERCHANT, keyed: 35, mixTotal: 100 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe(ERROR_CODES.applicationInvalid);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'mixTotal', message: MIX_MESSAGE })]);
    expect((await stored(applicationId)).status).toBe('draft');
  });
});
