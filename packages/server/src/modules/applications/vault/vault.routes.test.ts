import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VAULT_API } from '@under/core/api/applications/vault.contract';
import { ERROR_CODES } from '@under/core/api/error.schema';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { MESSAGES } from '@under/core/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantVaults, applications, auditEvents, dictionaries } from '../../../db/schema';
import { bearer, type Caller, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress, uniqueEmail } from '../../../test/helpers';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { createTestVaultCrypto } from './vault-test-crypto';

// Two institutions' master forms that share dictionary entries, laid out differently (decision 039).
const MASTER_A = [
  { type: 'textfield', key: 'LegalName', label: 'Legal name', input: true },
  { type: 'textfield', key: 'FederalTaxId', label: 'EIN', input: true, euEncrypted: true },
  { type: 'textfield', key: 'notes', label: 'Notes for First Bank', input: true },
];
const MASTER_B = [
  {
    type: 'panel',
    key: 'business',
    title: 'Business',
    input: false,
    components: [
      {
        type: 'container',
        key: 'company',
        label: 'Company',
        input: true,
        components: [
          { type: 'textfield', key: 'legal_name', bindingField: 'LegalName', label: 'Registered name', input: true },
          {
            type: 'textfield',
            key: 'ein',
            bindingField: 'federaltaxid',
            label: 'Tax ID',
            input: true,
            euEncrypted: true,
          },
        ],
      },
      { type: 'textfield', key: 'notes', label: 'Notes for Second Bank', input: true },
    ],
  },
];
const EIN = '123456789';

describe.each(testDatabases())('the applicant vault on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let b: Caller;
  let formA: string;
  let formB: string;
  const key = () => ({ 'x-api-key': t.config.secrets.publicApiKey });
  const crypto = createTestVaultCrypto();

  beforeAll(async () => {
    t = await createTestApp(kind, { vaultCrypto: crypto });
    await t.database.db.insert(dictionaries).values([
      { name: 'LegalName', type: 'textfield', label: 'Legal name' },
      { name: 'FederalTaxId', type: 'textfield', label: 'Federal tax id' },
    ]);
    const admin = await adminToken(t);
    const masterA = await publishedMaster(t, admin, { name: 'First Bank', extra: MASTER_A });
    const masterB = await publishedMaster(t, admin, { name: 'Second Bank', extra: MASTER_B });
    a = await registerCompany(t, { companyName: 'Company A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'Company B', membershipId: 'MEMBERSHIP_006' });
    formA = await activeForm(a, masterA);
    formB = await activeForm(b, masterB);
  });
  afterAll(() => t.close());

  async function activeForm(caller: Caller, masterFormId: string) {
    const headers = bearer(caller.token);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/custom_forms',
      headers,
      payload: { masterFormId, name: 'Merchant form' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().customFormId as string;
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/custom_forms/${id}`,
      headers,
      payload: { customFormDocument: { additions: [] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const status = await t.app.inject({
      method: 'PATCH',
      url: `/api/custom_forms/${id}/status`,
      headers,
      payload: { status: 'active' },
    });
    expect(status.statusCode, status.body).toBe(200);
    return id;
  }

  const publicForm = async (id: string) =>
    (await t.services.customForms.getPublic({ customFormId: id })).form as FormDefinition;

  /** What the application's submit does when the applicant opted in: remember, inside its transaction. */
  async function rememberOnA(email: string, over: Record<string, unknown> = {}) {
    const form = await publicForm(formA);
    const data = {
      Firstname: 'Ada',
      Lastname: 'Lovelace',
      Email: email,
      PhoneNumber: '(555) 123-4567',
      CompanyName: 'Analytical Engines',
      recordId: 'REC-1',
      LegalName: 'Analytical Engines Ltd',
      FederalTaxId: EIN,
      notes: 'only for First Bank',
      ...over,
    };
    return t.database.db.transaction((tx) =>
      t.services.vault.remember(tx, { email, form, data, ownTyped: () => true }),
    );
  }

  async function unlock(email: string, remoteAddress = uniqueAddress()) {
    const asked = await t.app.inject({
      method: 'POST',
      url: VAULT_API.requestCode.path,
      headers: key(),
      payload: { email },
      remoteAddress,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const code = await t.mailer.lastCode(email);
    const res = await t.app.inject({
      method: 'POST',
      url: VAULT_API.unlock.path,
      headers: key(),
      payload: { email, code },
      remoteAddress,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { vaultToken: string; expiresAt: string };
  }

  const prefill = (token: string | undefined, customFormId: string) =>
    t.app.inject({
      url: `${VAULT_API.prefill.path}?customFormId=${customFormId}`,
      headers: { ...key(), ...(token ? { 'x-vault-token': token } : {}) },
    });

  it('remembers on one institution’s form and prefills another institution’s form by dictionary key', async () => {
    const email = uniqueEmail('ada');
    expect((await rememberOnA(email)).keys).toBe(6);
    const { vaultToken, expiresAt } = await unlock(email);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    const res = await prefill(vaultToken, formB);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { values, sources } = res.json();
    expect(values).toEqual({
      Firstname: 'Ada',
      Lastname: 'Lovelace',
      PhoneNumber: '(555) 123-4567',
      CompanyName: 'Analytical Engines',
      'company.legal_name': 'Analytical Engines Ltd',
      // encrypted: masked for the browser, never plaintext
      'company.ein': '*******89',
    });
    expect(sources).toContainEqual({
      path: 'company.ein',
      dictionaryKey: 'FederalTaxId',
      savedAt: expect.any(String),
      encrypted: true,
    });
    expect(sources).toContainEqual(expect.objectContaining({ path: 'company.legal_name', dictionaryKey: 'LegalName' }));
    // neither the form's own field (not in the dictionary), the per-application recordId, nor the e-mail (the vault's
    // key, kept only hashed) travels
    expect(JSON.stringify(res.json())).not.toContain(email);
    expect(JSON.stringify(res.json())).not.toContain('only for First Bank');
    expect(JSON.stringify(res.json())).not.toContain('REC-1');
  });

  it('keeps encrypted answers encrypted at rest, and the e-mail only as a keyed hash', async () => {
    const email = uniqueEmail('rest');
    await rememberOnA(email, { FederalTaxId: '987654321' });
    const rows = await t.database.db.execute(sql`select * from applicant_vaults`);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain('987654321');
    expect(dump).not.toContain(email);
    expect(dump).toContain('enc:v1:');
  });

  it('keeps an answer that comes sealed (the stored submission) as it is, and masks it on prefill', async () => {
    const email = uniqueEmail('sealed');
    const sealed = crypto.encryptValue('246813579');
    await rememberOnA(email, { FederalTaxId: sealed });
    const [row] = await t.database.db
      .select()
      .from(applicantVaults)
      .orderBy(sql`${applicantVaults.createdAt} desc`)
      .limit(1);
    expect(row?.entries.FederalTaxId).toMatchObject({ value: sealed, encrypted: true });
    const { vaultToken } = await unlock(email);
    expect((await prefill(vaultToken, formB)).json().values['company.ein']).toBe('*******79');
  });

  it('puts the real value of a masked prefilled answer back on the server (take from vault)', async () => {
    const email = uniqueEmail('take');
    await rememberOnA(email);
    const { vaultToken } = await unlock(email);
    const form = await publicForm(formB);
    const data = await t.services.vault.takeFromVault({
      token: vaultToken,
      form,
      data: { company: { legal_name: 'X', ein: '*******89' }, notes: 'n' },
    });
    expect(data).toEqual({ company: { legal_name: 'X', ein: EIN }, notes: 'n' });
    // a masked value that does not match what the vault holds stays as sent (the save treats it as unchanged)
    const other = await t.services.vault.takeFromVault({
      token: vaultToken,
      form,
      data: { company: { ein: '*******11' } },
    });
    expect(other).toEqual({ company: { ein: '*******11' } });
    await expect(t.services.vault.takeFromVault({ token: 'vault_nope', form, data: {} })).rejects.toMatchObject({
      code: ERROR_CODES.vaultLocked,
    });
  });

  it('an application started with a prefilled masked answer and the vault token stores the real value, sealed', async () => {
    const email = uniqueEmail('apply');
    await rememberOnA(email);
    const { vaultToken } = await unlock(email);
    const masked = (await prefill(vaultToken, formB)).json().values['company.ein'] as string;
    expect(masked).toBe('*******89');
    const start = (token?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/applications/drafts',
        headers: { ...key(), ...(token ? { 'x-vault-token': token } : {}) },
        payload: { customFormId: formB, email, data: { company: { legal_name: 'X', ein: masked } } },
        remoteAddress: uniqueAddress(),
      });
    const res = await start(vaultToken);
    expect(res.statusCode, res.body).toBe(201);
    const { applicationId } = res.json() as { applicationId: string };
    const [row] = await t.database.db.select().from(applications).where(eq(applications.id, applicationId));
    const stored = (row?.data.company as Record<string, unknown> | undefined)?.ein as string;
    expect(t.fieldCrypto.isSealed(stored)).toBe(true);
    expect(t.fieldCrypto.decryptValue(stored)).toBe(EIN);
    // without the token the masked value is no value at all: nothing of the vault is taken
    const without = await start();
    expect(without.statusCode, without.body).toBe(201);
    const [other] = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, (without.json() as { applicationId: string }).applicationId));
    expect((other?.data.company as Record<string, unknown> | undefined)?.ein).toBeUndefined();
  });

  it('answers the same for an address without a vault, and tells only its mailbox', async () => {
    const email = uniqueEmail('nobody');
    const remoteAddress = uniqueAddress();
    const asked = await t.app.inject({
      method: 'POST',
      url: VAULT_API.requestCode.path,
      headers: key(),
      payload: { email },
      remoteAddress,
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.body).toBe('');
    await t.mailer.settle();
    const mail = t.mailer.sent.findLast((m) => m.to === email);
    expect(mail?.text).toContain('no saved answers');
    expect(mail?.text).not.toMatch(/\d{6}/);
    const res = await t.app.inject({
      method: 'POST',
      url: VAULT_API.unlock.path,
      headers: key(),
      payload: { email, code: '123456' },
      remoteAddress,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.codeMismatch, message: MESSAGES.codeInvalid });
  });

  it('locks a code after 5 wrong attempts, even for the right code', async () => {
    const email = uniqueEmail('guess');
    await rememberOnA(email);
    const remoteAddress = uniqueAddress();
    await t.app.inject({
      method: 'POST',
      url: VAULT_API.requestCode.path,
      headers: key(),
      payload: { email },
      remoteAddress,
    });
    const code = await t.mailer.lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: VAULT_API.unlock.path,
        headers: key(),
        payload: { email, code: wrong },
        remoteAddress,
      });
      answers.push(res.json().code);
    }
    expect(answers).toEqual([...Array(4).fill(ERROR_CODES.codeMismatch), ERROR_CODES.tooManyAttempts]);
    const right = await t.app.inject({
      method: 'POST',
      url: VAULT_API.unlock.path,
      headers: key(),
      payload: { email, code },
      remoteAddress,
    });
    expect(right.json()).toMatchObject({ code: ERROR_CODES.tooManyAttempts, message: MESSAGES.codeTooManyAttempts });
    // a new code works again
    expect((await unlock(email)).vaultToken).toMatch(/^vault_/);
  });

  it('a code expires after 10 minutes and works once; a token after 30 minutes', async () => {
    const email = uniqueEmail('clock');
    await rememberOnA(email);
    const remoteAddress = uniqueAddress();
    await t.app.inject({
      method: 'POST',
      url: VAULT_API.requestCode.path,
      headers: key(),
      payload: { email },
      remoteAddress,
    });
    const code = await t.mailer.lastCode(email);
    t.clock.offsetMs += 10 * 60_000 + 1_000;
    try {
      const late = await t.app.inject({
        method: 'POST',
        url: VAULT_API.unlock.path,
        headers: key(),
        payload: { email, code },
        remoteAddress,
      });
      expect(late.json()).toMatchObject({ code: ERROR_CODES.codeExpired, message: MESSAGES.codeExpired });
      const { vaultToken } = await unlock(email);
      const again = await t.app.inject({
        method: 'POST',
        url: VAULT_API.unlock.path,
        headers: key(),
        payload: { email, code: await t.mailer.lastCode(email) },
        remoteAddress,
      });
      expect(again.json().code).toBe(ERROR_CODES.codeMismatch);
      expect((await prefill(vaultToken, formA)).statusCode).toBe(200);
      t.clock.offsetMs += 30 * 60_000 + 1_000;
      const expired = await prefill(vaultToken, formA);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ code: ERROR_CODES.vaultLocked, message: MESSAGES.vaultLocked });
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('throttles code e-mails per e-mail and address', async () => {
    const email = uniqueEmail('many');
    const remoteAddress = uniqueAddress();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: VAULT_API.requestCode.path,
        headers: key(),
        payload: { email },
        remoteAddress,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('the token of one vault never reads another; deleting one leaves the other', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await rememberOnA(first, { LegalName: 'First Ltd' });
    await rememberOnA(second, { LegalName: 'Second Ltd' });
    const tokenA = (await unlock(first)).vaultToken;
    const tokenB = (await unlock(second)).vaultToken;
    expect((await prefill(tokenA, formA)).json().values.LegalName).toBe('First Ltd');
    expect((await prefill(tokenB, formA)).json().values.LegalName).toBe('Second Ltd');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: VAULT_API.remove.path,
      headers: { ...key(), 'x-vault-token': tokenA },
    });
    expect(removed.statusCode).toBe(204);
    expect((await prefill(tokenA, formA)).statusCode).toBe(401);
    expect((await prefill(tokenB, formA)).json().values.LegalName).toBe('Second Ltd');
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'vault.delete'));
    expect(events.at(-1)?.details).toEqual({ keys: 6 });
    // the address is now without saved answers: its mailbox is told so
    await t.app.inject({
      method: 'POST',
      url: VAULT_API.requestCode.path,
      headers: key(),
      payload: { email: first },
      remoteAddress: uniqueAddress(),
    });
    await t.mailer.settle();
    expect(t.mailer.sent.findLast((m) => m.to === first)?.text).toContain('no saved answers');
    const count = await t.database.db.select().from(applicantVaults);
    expect(count.length).toBeGreaterThan(0);
  });

  it('refuses without the API key or without a vault token', async () => {
    const noKey = await t.app.inject({ method: 'POST', url: VAULT_API.requestCode.path, payload: { email: 'a@b.co' } });
    expect(noKey.statusCode).toBe(401);
    expect((await prefill(undefined, formA)).json().code).toBe(ERROR_CODES.vaultLocked);
    const del = await t.app.inject({ method: 'DELETE', url: VAULT_API.remove.path, headers: key() });
    expect(del.statusCode).toBe(401);
  });

  it('no client or admin route reaches the vault', async () => {
    const vaultRoutes = t.routes.filter((r) => r.url.includes('vault'));
    expect(vaultRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/public/vault',
      'GET /api/public/vault/prefill',
      'POST /api/public/vault/code',
      'POST /api/public/vault/unlock',
    ]);
    expect(new Set(vaultRoutes.map((r) => r.access))).toEqual(new Set(['applicant']));
    // and no other module reads the vault's tables: only this module and the schema name them
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const here = fileURLToPath(new URL('.', import.meta.url));
    const users: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) {
          if (!file.startsWith(here.replace(/\/$/, '')) && name !== 'migrations') walk(file);
        } else if (
          /\.ts$/.test(name) &&
          !name.endsWith('.test.ts') &&
          /applicantVault|applicant_vault/.test(readFileSync(file, 'utf8'))
        ) {
          users.push(path.relative(root, file));
        }
      }
    };
    walk(root);
    // the key rotation re-seals its column (decision 038) and reads nothing else of it
    expect(users.sort()).toEqual(['db/schema/vault.ts', 'infra/field-crypto/sealed-columns.ts']);
  });
});
