// The applicant benches' database: a company, a 150-field form and open drafts written straight into the tables
// (bench/applicant.ts under load, bench/applicant-cpu.ts one request at a time).
import { DEFAULT_MEMBERSHIPS } from '@under/core/accounts/membership.schema';
import { parseFormDefinition } from '@under/core/forms/form.schema';
import { createSystemFieldComponent, SYSTEM_FIELDS } from '@under/core/forms/system-fields';
import { createCompaniesRepository } from '../packages/server/src/db/repositories/companies.repository';
import {
  applicationOwners,
  applications,
  companies,
  customForms,
  customFormVersions,
  masterForms,
} from '../packages/server/src/db/schema/index';
import { hashAccessCode, newAccessCode } from '../packages/server/src/modules/applications/applicant/access-codes';
import { linkExpiry } from '../packages/server/src/modules/applications/applicant/applicant-link';
import { type BenchDraft, FIELDS, fullData } from './_applicant-load';
import type { startBenchServer } from './_server';

/** 150 fields: the system fields, two encrypted ones, the rest plain text (a long merchant application). */
export function benchForm() {
  const components: unknown[] = SYSTEM_FIELDS.map((d) => createSystemFieldComponent(d));
  components.push({ type: 'textfield', key: 'ssn', label: 'SSN', input: true, euEncrypted: true });
  components.push({ type: 'textfield', key: 'account', label: 'Account', input: true, euEncrypted: true });
  for (let i = components.length; i < FIELDS; i++) {
    components.push({
      type: 'textfield',
      key: `f${i}`,
      label: `Field ${i}`,
      input: true,
      validate: { maxLength: 100, required: i % 3 === 0 },
    });
  }
  const parsed = parseFormDefinition({ version: 1, display: 'form', components });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.form;
}

/** The bench's company and form on `server`'s database; `drafts(n, prefix)` writes n open drafts of it. */
export async function setupApplicantBench(server: Awaited<ReturnType<typeof startBenchServer>>) {
  const crypto = server.fieldCrypto;
  const db = server.database.db;
  const secret = server.config.secrets.codeSecret;
  for (const m of DEFAULT_MEMBERSHIPS) await createCompaniesRepository(db).upsertMembership(m);
  const [company] = await db
    .insert(companies)
    .values({ name: 'Bench Bank Client', membershipId: DEFAULT_MEMBERSHIPS[0]?.id as string })
    .returning();
  const [master] = await db.insert(masterForms).values({ name: 'Bench Bank', structure: {} }).returning();
  if (!company || !master) throw new Error('bench setup');
  const form = benchForm();
  const [custom] = await db
    .insert(customForms)
    .values({
      companyId: company.id,
      masterFormId: master.id,
      name: 'Bench form',
      status: 'active',
      version: 1,
      masterVersion: 1,
      document: {},
    })
    .returning();
  if (!custom) throw new Error('bench setup');
  await db.insert(customFormVersions).values({
    customFormId: custom.id,
    version: 1,
    masterVersion: 1,
    document: {},
    form: form as unknown as Record<string, unknown>,
    layout: {},
  });

  const companyId = company.id;
  const customFormId = custom.id;
  /** Open drafts written straight into the tables (the create path has its own throttles). */
  async function drafts(n: number, prefix: string) {
    const out: BenchDraft[] = [];
    const sealed = crypto.sealData(form, fullData(0));
    const now = new Date();
    for (let start = 0; start < n; start += 500) {
      const batch = Array.from({ length: Math.min(500, n - start) }, (_, i) => ({
        email: `${prefix}${start + i}@bench.example`,
        code: newAccessCode(),
      }));
      const rows = await db
        .insert(applications)
        .values(
          batch.map((b) => ({
            companyId: companyId,
            customFormId: customFormId,
            formVersion: 1,
            status: 'draft',
            data: sealed,
            revision: 1,
            applicantEmail: b.email,
            resumeMailedAt: now,
          })),
        )
        .returning({ id: applications.id });
      await db.insert(applicationOwners).values(
        rows.map((r, i) => ({
          applicationId: r.id,
          kind: 'primaryApplicant',
          role: 'primaryOwnerEndUser',
          email: batch[i]?.email as string,
          codeHash: hashAccessCode(secret, batch[i]?.code as string),
          codeExpiresAt: linkExpiry(now),
        })),
      );
      rows.forEach((r, i) => {
        out.push({ id: r.id, code: batch[i]?.code as string, revision: 1 });
      });
    }
    return out;
  }

  return { form, drafts };
}
