import { VAULT_API } from '@under/core/api/applications/vault.contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantVaults, applicationOwners, applications, dictionaries } from '../../../db/schema';
import { bearer, type Caller, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress, uniqueEmail } from '../../../test/helpers';
import { signWithMailedCode } from '../../../test/signing';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { hashAccessCode, newAccessCode } from '../applicant/access-codes';

// Three encrypted answers bound to dictionary entries (so the vault would keep them): the primary's own SSN, the
// business's tax id (which the institution corrects), and the second owner's SSN (which that owner types).
const EXTRA = [
  { type: 'textfield', key: 'ProvOwnerSsn', label: 'Your SSN', input: true, euEncrypted: true },
  { type: 'textfield', key: 'ProvTaxId', label: 'Tax id', input: true, euEncrypted: true },
  {
    type: 'textfield',
    key: 'ProvOwner2Ssn',
    label: 'Owner 2 SSN',
    input: true,
    euEncrypted: true,
    euPermission: 'editTableByShareOwner',
  },
];
const OWN_SSN = '111223333';
const TYPED_TAX = '987654321';
const CORRECTED_TAX = '555443333';
const CO_OWNER_SSN = '444556666';
const FULL = {
  Firstname: 'Ada',
  Lastname: 'Lovelace',
  PhoneNumber: '(555) 123-4567',
  CompanyName: 'Analytical Engines',
};

describe.each(testDatabases())('the vault keeps only what the signer typed (decision 056) on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let formId: string;
  const key = () => ({ 'x-api-key': t.config.secrets.publicApiKey });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.database.db.insert(dictionaries).values([
      { name: 'ProvOwnerSsn', type: 'textfield', label: 'SSN' },
      { name: 'ProvTaxId', type: 'textfield', label: 'Tax id' },
      { name: 'ProvOwner2Ssn', type: 'textfield', label: 'Owner 2 SSN' },
    ]);
    const admin = await adminToken(t);
    const master = await publishedMaster(t, admin, { name: 'Provenance Bank', extra: EXTRA });
    a = await registerCompany(t, { companyName: 'Provenance Co', membershipId: 'MEMBERSHIP_006' });
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

  const base = (id: string) => `/api/public/applications/${id}`;
  const revisionOf = async (id: string) =>
    (await t.database.db.select().from(applications).where(eq(applications.id, id)))[0]?.revision as number;

  async function vaultOf(email: string) {
    const { vaultToken } = await unlock(email);
    const res = await t.app.inject({
      url: `${VAULT_API.prefill.path}?customFormId=${formId}`,
      headers: { ...key(), 'x-vault-token': vaultToken },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { vaultToken, prefill: res.json() as { values: Record<string, unknown> } };
  }

  async function unlock(email: string) {
    const remoteAddress = uniqueAddress();
    const asked = await t.app.inject({
      method: 'POST',
      url: VAULT_API.requestCode.path,
      headers: key(),
      payload: { email },
      remoteAddress,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const res = await t.app.inject({
      method: 'POST',
      url: VAULT_API.unlock.path,
      headers: key(),
      payload: { email, code: await t.mailer.lastCode(email) },
      remoteAddress,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { vaultToken: string };
  }

  /** The vault's entries of `email`, each encrypted value opened. */
  async function entriesOf(email: string) {
    // the vault takes the signed answers on `application.signed`, delivered after the signing's response (076)
    await t.events.idle();
    const rows = await t.database.db.select().from(applicantVaults);
    const { prefill } = await vaultOf(email);
    expect(rows.length).toBeGreaterThan(0);
    return prefill.values;
  }

  async function started(data: Record<string, unknown>, email: string, vaultToken?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers: { ...key(), ...(vaultToken ? { 'x-vault-token': vaultToken } : {}) },
      payload: { customFormId: formId, email, data, rememberAnswers: true },
      remoteAddress: uniqueAddress(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { applicationId: string; code: string };
  }

  it('leaves out the tax id the institution corrected and the SSN a co-owner typed; keeps the own SSN', async () => {
    const email = uniqueEmail('prov');
    const { applicationId, code } = await started(
      { ...FULL, Email: email, ProvOwnerSsn: OWN_SSN, ProvTaxId: TYPED_TAX },
      email,
    );
    // a second owner, who types their own SSN through their link and completes their part
    const ownerCode = newAccessCode();
    await t.database.db.insert(applicationOwners).values({
      applicationId,
      kind: 'additionalOwner',
      role: 'sharedOwnerEndUser',
      email: uniqueEmail('co'),
      name: 'Co Owner',
      position: 1,
      codeHash: hashAccessCode(t.config.secrets.codeSecret, ownerCode),
      codeExpiresAt: new Date(Date.now() + 86_400_000),
    });
    const shown = await t.app.inject({ url: `${base(applicationId)}?code=${ownerCode}`, headers: key() });
    const coSaved = await t.app.inject({
      method: 'PUT',
      url: `${base(applicationId)}/draft?code=${ownerCode}`,
      headers: key(),
      // as the page does: everything it was shown (encrypted values masked) with the owner's own answer
      payload: { data: { ...shown.json().data, ProvOwner2Ssn: CO_OWNER_SSN }, revision: shown.json().revision },
    });
    expect(coSaved.statusCode, coSaved.body).toBe(200);
    const coDone = await t.app.inject({
      method: 'POST',
      url: `${base(applicationId)}/submit?code=${ownerCode}`,
      headers: key(),
      payload: {},
    });
    expect(coDone.statusCode, coDone.body).toBe(200);
    const submitted = await t.app.inject({
      method: 'POST',
      url: `${base(applicationId)}/submit?code=${code}`,
      headers: key(),
      payload: {},
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    // the institution corrects the tax id (application detail's edit)
    const detail = await t.app.inject({ url: `/api/applications/${applicationId}`, headers: bearer(a.token) });
    expect(detail.statusCode, detail.body).toBe(200);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/applications/${applicationId}`,
      headers: bearer(a.token),
      payload: {
        data: { ...detail.json().data, ProvTaxId: CORRECTED_TAX },
        revision: await revisionOf(applicationId),
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // the primary signs with "Remember my answers" ticked
    await signWithMailedCode(t, { applicationId, code, email });
    const values = await entriesOf(email);
    expect(values).toMatchObject({ Firstname: 'Ada', ProvOwnerSsn: '*******33' });
    expect(values).not.toHaveProperty('ProvTaxId');
    expect(values).not.toHaveProperty('ProvOwner2Ssn');

    // the own SSN is kept and goes into the next application, really: the institution there can reveal it
    const next = uniqueEmail('prov-next');
    const { vaultToken } = await unlock(email);
    const second = await started({ ...FULL, Email: next, ProvOwnerSsn: '*******33' }, next, vaultToken);
    // (submitted first: the institution does not see a draft, decision 065)
    await t.app.inject({
      method: 'POST',
      url: `${base(second.applicationId)}/submit?code=${second.code}`,
      headers: key(),
      payload: {},
    });
    const [row] = await t.database.db.select().from(applications).where(eq(applications.id, second.applicationId));
    const revealed = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${second.applicationId}/reveal`,
      headers: bearer(a.token),
      payload: { path: 'ProvOwnerSsn' },
    });
    expect(revealed.json(), JSON.stringify(row?.data)).toEqual({ path: 'ProvOwnerSsn', value: OWN_SSN });
    // ...but a value taken from the vault masked was never read in this application: its signature does not
    // remember it for the new address
    await signWithMailedCode(t, { applicationId: second.applicationId, code: second.code, email: next });
    expect(await entriesOf(next)).not.toHaveProperty('ProvOwnerSsn');
  });

  it('neither prefills nor takes an encrypted answer kept before the vault knew who typed it', async () => {
    const email = uniqueEmail('legacy');
    const { applicationId, code } = await started({ ...FULL, Email: email, ProvOwnerSsn: OWN_SSN }, email);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${base(applicationId)}/submit?code=${code}`,
          headers: key(),
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    await signWithMailedCode(t, { applicationId, code, email });
    expect(await entriesOf(email)).toHaveProperty('ProvOwnerSsn', '*******33');
    // as a vault written before provenance: the entry without its mark
    const rows = await t.database.db.select().from(applicantVaults);
    for (const row of rows) {
      const entries = Object.fromEntries(
        Object.entries(row.entries).map(([k, { typed: _typed, ...rest }]) => [k, rest]),
      );
      await t.database.db.update(applicantVaults).set({ entries }).where(eq(applicantVaults.id, row.id));
    }
    const { vaultToken, prefill } = await vaultOf(email);
    expect(prefill.values).not.toHaveProperty('ProvOwnerSsn');
    const other = uniqueEmail('legacy-next');
    const taken = await started({ ...FULL, Email: other, ProvOwnerSsn: '*******33' }, other, vaultToken);
    const submitted = await t.app.inject({
      method: 'POST',
      url: `${base(taken.applicationId)}/submit?code=${taken.code}`,
      headers: key(),
      payload: {},
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const revealed = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${taken.applicationId}/reveal`,
      headers: bearer(a.token),
      payload: { path: 'ProvOwnerSsn' },
    });
    expect(revealed.json()).toEqual({ path: 'ProvOwnerSsn', value: '' });
  });
});
