import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FormDefinition, parseFormDefinition } from '@under/core/forms/form.schema';
import type { Config } from '../config';
import { applications } from '../db/schema/index';
import { createFieldCrypto, type KeyedFieldCrypto } from '../infra/field-crypto/field-crypto';
import { loadKeyRing } from '../infra/field-crypto/keys';
import { adminToken, publishedMaster } from '../modules/custom-forms/custom-forms.fixtures';
import { bearer, type Caller } from './accounts';
import type { TestApp } from './helpers';

/** Test support for encrypted fields: a form with encrypted fields at several depths, and applications on it. */

/**
 * `createTestApp` options for the real field encryption (infra/field-crypto) under the keys of a fresh data dir
 * (DATA_DIR/keys.json), whatever the test helpers' default: tests of encryption itself must not run on a stand-in.
 */
export function realFieldCrypto(): { config: Partial<Config>; fieldCrypto: KeyedFieldCrypto } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'under-sealed-'));
  const encryption = loadKeyRing(dataDir, {});
  return { config: { dataDir, encryption }, fieldCrypto: createFieldCrypto(encryption) };
}

const ENCRYPTED_EXTRA = [
  { type: 'textfield', key: 'owner_ssn', label: 'Owner SSN', input: true, euEncrypted: true },
  { type: 'textfield', key: 'bank_account_number', label: 'Account number', input: true, euEncrypted: true },
  { type: 'textfield', key: 'tax_id', label: 'Tax ID', input: true },
  {
    type: 'datagrid',
    key: 'more_owners',
    label: 'More owners',
    input: true,
    components: [
      { type: 'textfield', key: 'more_name', label: 'Name', input: true },
      { type: 'textfield', key: 'more_ssn', label: 'SSN', input: true, euEncrypted: true },
    ],
  },
];

export interface EncryptedForm {
  customFormId: string;
  version: number;
  form: FormDefinition;
}

/** An active custom form of `caller`'s company on a master form with encrypted fields (top level and in a grid). */
export async function activeEncryptedForm(t: TestApp, caller: Caller, name = 'Sealed form'): Promise<EncryptedForm> {
  const admin = await adminToken(t);
  const masterId = await publishedMaster(t, admin, { name: `${name} master`, extra: ENCRYPTED_EXTRA });
  const as = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(caller.token), payload: payload as object });
  const created = await as('POST', '/api/custom_forms', { masterFormId: masterId, name });
  if (created.statusCode !== 201) throw new Error(`custom form: ${created.body}`);
  const customFormId = created.json().customFormId as string;
  const activated = await as('PATCH', `/api/custom_forms/${customFormId}/status`, { status: 'active' });
  if (activated.statusCode !== 200) throw new Error(`activate: ${activated.body}`);
  const got = (await as('GET', `/api/custom_forms/${customFormId}`)).json();
  const parsed = parseFormDefinition(got.form);
  if (!parsed.ok) throw new Error(`form: ${JSON.stringify(parsed.errors)}`);
  return { customFormId, version: got.version as number, form: parsed.form };
}

/** An application row whose data is sealed as the applications service stores it. */
export async function insertSealedApplication(
  t: TestApp,
  opts: { companyId: string; form: EncryptedForm; data: Record<string, unknown>; status?: string; email?: string },
): Promise<string> {
  const [row] = await t.database.db
    .insert(applications)
    .values({
      companyId: opts.companyId,
      customFormId: opts.form.customFormId,
      formVersion: opts.form.version,
      status: opts.status ?? 'pending',
      applicantEmail: opts.email ?? 'applicant@example.com',
      data: t.fieldCrypto.sealData(opts.form.form, opts.data),
    })
    .returning({ id: applications.id });
  if (!row) throw new Error('no application');
  return row.id;
}
