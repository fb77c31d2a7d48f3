import { ERROR_CODES } from '@under/core/api/error.schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationOwners, auditEvents } from '../../../db/schema';
import { addressKey, createThrottles } from '../../../security/throttles';
import { bearer, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress, uniqueEmail } from '../../../test/helpers';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { newAccessCode } from '../applicant/access-codes';
import { PREVIEW_THROTTLES } from './documents.service';

const FULL = {
  Firstname: 'Ada',
  Lastname: 'Lovelace',
  PhoneNumber: '(555) 123-4567',
  CompanyName: 'Analytical Engines',
  bank_name: 'First',
};

describe.each(testDatabases())('GET /api/public/applications/:id/preview (decision 056) on %s', (kind) => {
  let t: TestApp;
  let formId: string;
  const key = () => ({ 'x-api-key': t.config.secrets.publicApiKey });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await adminToken(t);
    const master = await publishedMaster(t, admin, {
      name: 'Preview Bank',
      extra: [{ type: 'textfield', key: 'bank_name', label: 'Bank name', input: true }],
    });
    const a = await registerCompany(t, { companyName: 'Preview Co', membershipId: 'MEMBERSHIP_006' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/custom_forms',
      headers: bearer(a.token),
      payload: { masterFormId: master, name: 'Merchant form' },
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
  }, 120_000);
  afterAll(() => t.close());

  async function submitted() {
    const email = uniqueEmail('preview');
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers: key(),
      payload: { customFormId: formId, email, data: { ...FULL, Email: email } },
      remoteAddress: uniqueAddress(),
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const { applicationId, code } = draft.json() as { applicationId: string; code: string };
    const sub = await t.app.inject({
      method: 'POST',
      url: `/api/public/applications/${applicationId}/submit?code=${code}`,
      headers: key(),
      payload: {},
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const [owner] = await t.database.db
      .select()
      .from(applicationOwners)
      .where(eq(applicationOwners.applicationId, applicationId));
    return { applicationId, code, ownerId: owner?.id as string };
  }
  const preview = (applicationId: string, code: string, remoteAddress = uniqueAddress()) =>
    t.app.inject({
      url: `/api/public/applications/${applicationId}/preview?code=${code}`,
      headers: key(),
      remoteAddress,
    });
  const previewEvents = (applicationId: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'application.preview'), eq(auditEvents.targetId, applicationId)));

  it('is audited once per 30 minutes per owner, like opening, however often it is loaded', async () => {
    const { applicationId, code } = await submitted();
    for (let i = 0; i < 3; i += 1) {
      const res = await preview(applicationId, code);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
    }
    expect(await previewEvents(applicationId)).toHaveLength(1);
  });

  it('is rate limited per owner (429), and another owner’s previews go on', async () => {
    const mine = await submitted();
    const theirs = await submitted();
    const throttles = createThrottles({ db: t.database.db });
    await throttles.take(
      Array.from({ length: PREVIEW_THROTTLES.owner.max }, () => [PREVIEW_THROTTLES.owner, mine.ownerId] as const),
    );
    const refused = await preview(mine.applicationId, mine.code);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().code).toBe(ERROR_CODES.rateLimited);
    expect((await preview(theirs.applicationId, theirs.code)).statusCode).toBe(200);
  });

  it('is rate limited per address, before the link is even looked up', async () => {
    const { applicationId, code } = await submitted();
    const address = uniqueAddress();
    const throttles = createThrottles({ db: t.database.db });
    await throttles.take(
      Array.from(
        { length: PREVIEW_THROTTLES.address.max },
        () => [PREVIEW_THROTTLES.address, addressKey(address)] as const,
      ),
    );
    expect((await preview(applicationId, newAccessCode(), address)).statusCode).toBe(429);
    expect((await preview(applicationId, code, address)).statusCode).toBe(429);
    expect((await preview(applicationId, code)).statusCode).toBe(200);
  });
});
