import { createSystemFieldComponent, SYSTEM_FIELDS } from '@under/core/forms/system-fields';
import { MasterFormStructureSchema } from '@under/core/templates/master-form.schema';
import { masterForms } from '../../db/schema/index';
import { bearer } from '../../test/accounts';
import { signIn, type TestApp } from '../../test/helpers';

/** Test support for custom forms: a master form made and published through the admin's API. */

export const MASTER_EXTRA = [
  {
    type: 'textfield',
    key: 'bank_name',
    label: 'Bank name',
    input: true,
    editableByUc: true,
    validate: { maxLength: 10 },
  },
  { type: 'email', key: 'owner_email', label: 'Owner e-mail', input: true },
  { type: 'textfield', key: 'tax_id', label: 'Tax ID', input: true },
];

export function masterStructure(extra: unknown[] = MASTER_EXTRA) {
  return MasterFormStructureSchema.parse({
    allField: {
      version: 1,
      display: 'form',
      components: [...SYSTEM_FIELDS.map((d) => createSystemFieldComponent(d)), ...extra],
    },
  });
}

export async function adminToken(t: TestApp) {
  await t.services.auth.ensureAdmin({ email: 'cf-admin@under.test', password: 'Admin12345' });
  return (await signIn(t, 'admin', 'cf-admin@under.test', 'Admin12345')).accessToken;
}

export function adminApi(t: TestApp, token: string) {
  return (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), payload: payload as object });
}

/** A master form (no template) saved, published as version 1 and made active through the admin's routes. */
export async function publishedMaster(
  t: TestApp,
  token: string,
  opts: { name: string; access?: Record<string, unknown>; extra?: unknown[] },
) {
  const [row] = await t.database.db
    .insert(masterForms)
    .values({ name: opts.name, structure: masterStructure(opts.extra) as unknown as Record<string, unknown> })
    .returning();
  if (!row) throw new Error('no master form');
  const api = adminApi(t, token);
  // published before it is made active: a master form with no published version cannot be active (decision 030)
  const steps = [
    ...(opts.access ? [await api('PATCH', `/api/master_forms/${row.id}/accessibility`, opts.access)] : []),
    await api('PATCH', `/api/master_forms/${row.id}/versions`),
    await api('PATCH', `/api/master_forms/${row.id}/status`, { status: 'active' }),
  ];
  for (const s of steps) if (s.statusCode !== 200) throw new Error(`master form setup: ${s.body}`);
  return row.id;
}

/** Saves a new structure of the master form and publishes it (the next version). */
export async function republish(t: TestApp, token: string, formId: string, extra: unknown[]) {
  const api = adminApi(t, token);
  const saved = await api('POST', `/api/master_forms/${formId}`, { structure: masterStructure(extra) });
  if (saved.statusCode !== 200) throw new Error(`master save: ${saved.body}`);
  const published = await api('PATCH', `/api/master_forms/${formId}/versions`);
  if (published.statusCode !== 200) throw new Error(`master publish: ${published.body}`);
}
