import { VAULT_API } from '@under/core/api/applications/vault.contract';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, dictionaries } from '../../../db/schema';
import { bearer, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress, uniqueEmail, within } from '../../../test/helpers';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { createTestVaultCrypto } from './vault-test-crypto';

const MASTER = [
  { type: 'textfield', key: 'LegalName', label: 'Legal name', input: true },
  { type: 'textfield', key: 'FederalTaxId', label: 'EIN', input: true, euEncrypted: true },
];
const EIN = '123456789';

// Issue 21 §6 (critical): the vault's normal autosave (decision 039) sends x-vault-token with every draft save; its
// lookup ran on the service's own connection while the save's transaction held PGlite's only one.
describe.each(testDatabases())('an autosave with the vault token on %s', (kind) => {
  let t: TestApp;
  let formId: string;
  const key = () => ({ 'x-api-key': t.config.secrets.publicApiKey });
  const crypto = createTestVaultCrypto();

  beforeAll(async () => {
    t = await createTestApp(kind, { vaultCrypto: crypto });
    await t.database.db.insert(dictionaries).values([
      { name: 'LegalName', type: 'textfield', label: 'Legal name' },
      { name: 'FederalTaxId', type: 'textfield', label: 'Federal tax id' },
    ]);
    const master = await publishedMaster(t, await adminToken(t), { name: 'First Bank', extra: MASTER });
    const company = await registerCompany(t, { companyName: 'Company A', membershipId: 'MEMBERSHIP_006' });
    const headers = bearer(company.token);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/custom_forms',
      headers,
      payload: { masterFormId: master, name: 'Merchant form' },
    });
    formId = created.json().customFormId as string;
    await t.app.inject({
      method: 'POST',
      url: `/api/custom_forms/${formId}`,
      headers,
      payload: { customFormDocument: { additions: [] } },
    });
    const active = await t.app.inject({
      method: 'PATCH',
      url: `/api/custom_forms/${formId}/status`,
      headers,
      payload: { status: 'active' },
    });
    expect(active.statusCode, active.body).toBe(200);
  });
  afterAll(() => t.close());

  async function unlockedVault(email: string) {
    const form = (await t.services.customForms.getPublic({ customFormId: formId })).form as FormDefinition;
    await t.database.db.transaction((tx) =>
      // the applicant typed the EIN themselves (decision 056): only such encrypted values are kept and prefilled
      t.services.vault.remember(tx, {
        email,
        form,
        data: { LegalName: 'Analytical Engines', FederalTaxId: EIN },
        ownTyped: () => true,
      }),
    );
    const remoteAddress = uniqueAddress();
    await t.app.inject({
      method: 'POST',
      url: VAULT_API.requestCode.path,
      headers: key(),
      payload: { email },
      remoteAddress,
    });
    const code = await t.mailer.lastCode(email);
    const res = await t.app.inject({
      method: 'POST',
      url: VAULT_API.unlock.path,
      headers: key(),
      payload: { email, code },
      remoteAddress,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { vaultToken: string }).vaultToken;
  }

  it('answers, takes the masked value from the vault, and leaves the server answering', async () => {
    const email = uniqueEmail('autosave');
    const vaultToken = await unlockedVault(email);
    const headers = { ...key(), 'x-vault-token': vaultToken };
    const started = await within(
      5_000,
      'the draft start',
      t.app.inject({
        method: 'POST',
        url: '/api/public/applications/drafts',
        headers,
        payload: { customFormId: formId, email, data: { LegalName: 'Analytical Engines' } },
        remoteAddress: uniqueAddress(),
      }),
    );
    expect(started.statusCode, started.body).toBe(201);
    const { applicationId, code, revision } = started.json() as {
      applicationId: string;
      code: string;
      revision: number;
    };

    // the browser's autosave: the prefilled EIN comes back masked, with the token
    const saved = await within(
      5_000,
      'the autosave with x-vault-token',
      t.app.inject({
        method: 'PUT',
        url: `/api/public/applications/${applicationId}/draft?code=${code}`,
        headers,
        payload: { revision, data: { LegalName: 'Analytical Engines', FederalTaxId: '*******89' } },
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await t.database.db.select().from(applications).where(eq(applications.id, applicationId));
    const stored = row?.data.FederalTaxId as string;
    expect(t.fieldCrypto.isSealed(stored)).toBe(true);
    expect(t.fieldCrypto.decryptValue(stored)).toBe(EIN);

    // an expired or unknown token changes nothing, and answers too
    const unknown = await within(
      5_000,
      'the autosave with an unknown token',
      t.app.inject({
        method: 'PUT',
        url: `/api/public/applications/${applicationId}/draft?code=${code}`,
        headers: { ...key(), 'x-vault-token': 'vault_unknown' },
        payload: { revision: revision + 1, data: { LegalName: 'Analytical Engines Ltd', FederalTaxId: '*******89' } },
      }),
    );
    expect(unknown.statusCode, unknown.body).toBe(200);

    const health = await within(1_000, 'GET /api/health', t.app.inject({ url: '/api/health' }));
    expect(health.statusCode, health.body).toBe(200);
  });

  it('the submit with the token answers too', async () => {
    const email = uniqueEmail('submit');
    const vaultToken = await unlockedVault(email);
    const headers = { ...key(), 'x-vault-token': vaultToken };
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers,
      payload: { customFormId: formId, email, data: {} },
      remoteAddress: uniqueAddress(),
    });
    expect(started.statusCode, started.body).toBe(201);
    const { applicationId, code, revision } = started.json() as {
      applicationId: string;
      code: string;
      revision: number;
    };
    const submitted = await within(
      10_000,
      'the submit with x-vault-token',
      t.app.inject({
        method: 'POST',
        url: `/api/public/applications/${applicationId}/submit?code=${code}`,
        headers,
        payload: {
          revision,
          data: {
            Firstname: 'Ada',
            Lastname: 'Lovelace',
            PhoneNumber: '(555) 123-4567',
            Email: email,
            CompanyName: 'Analytical Engines',
            LegalName: 'Analytical Engines',
            FederalTaxId: '*******89',
          },
        },
      }),
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [row] = await t.database.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(row?.status).toBe('pending');
    expect(t.fieldCrypto.decryptValue(row?.data.FederalTaxId as string)).toBe(EIN);
  });
});
