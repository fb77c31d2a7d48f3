// The applicant's autosave (PUT …/draft of a 150-field draft) and submit (POST …/submit) at 50 connections, beside
// GET /api/health (the baseline) in the same run; on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
// Targets (issue 12): on PostgreSQL autosave and submit each >= 500 req/s with p99 <= 150 ms; PGlite printed beside.
// The page-load part (<= 120 KB gzip JavaScript, first page of a 300-field form within 1 s at 4x CPU slow-down) is
// bench/_applicant-page.ts (helper W1), run at the end when present (BENCH_SKIP_PAGE=1 leaves it out).
import { existsSync } from 'node:fs';
import { DEFAULT_MEMBERSHIPS } from '@under/core/accounts/membership.schema';
import { parseFormDefinition } from '@under/core/forms/form.schema';
import { createSystemFieldComponent, SYSTEM_FIELDS } from '@under/core/forms/system-fields';
import autocannon from 'autocannon';
import { createCompaniesRepository } from '../packages/server/src/db/repositories/companies.repository';
import {
  applicationOwners,
  applications,
  companies,
  customForms,
  customFormVersions,
  masterForms,
} from '../packages/server/src/db/schema/index';
import { hashAccessCode, newAccessCode } from '../packages/server/src/modules/applications/access-codes';
import { linkExpiry } from '../packages/server/src/modules/applications/applicant-link';
import { benchDatabases, type Figures, load, printTable, startBenchServer } from './_server';

const duration = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const FIELDS = 150;
/** Drafts made ready for the submit run (each submit uses one up). */
const SUBMIT_DRAFTS = Number(process.env.BENCH_SUBMIT_DRAFTS ?? 12_000);
const verdicts: string[] = [];

/** 150 fields: the system fields, two encrypted ones, the rest plain text (a long merchant application). */
function benchForm() {
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

function fullData(seed: number): Record<string, unknown> {
  const data: Record<string, unknown> = {
    Firstname: 'Ada',
    Lastname: 'Lovelace',
    PhoneNumber: '(555) 123-4567',
    Email: 'ada@example.com',
    CompanyName: 'Analytical Engines',
    ssn: '123456789',
    account: '000123456789',
  };
  for (let i = 0; i < FIELDS; i++) data[`f${i}`] = `value ${i} of ${seed}`;
  return data;
}

// BENCH_DB=postgres (or pglite) measures one database only; BENCH_SKIP_PAGE=1 leaves out the page-load part
const only = process.env.BENCH_DB;
for (const kind of benchDatabases().filter((k) => !only || k === only)) {
  const server = await startBenchServer(kind);
  const crypto = server.fieldCrypto;
  try {
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
      const out: { id: string; code: string; revision: number }[] = [];
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

    const key = server.config.secrets.publicApiKey;
    const headers = { 'content-type': 'application/json', 'x-api-key': key };
    async function run(name: string, requests: autocannon.Request[]): Promise<Figures> {
      const r = await autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration,
        headers,
        requests,
      });
      return {
        name,
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.non2xx,
      };
    }

    const health = await load('GET /api/health (baseline)', { url: `${server.url}/api/health`, duration });

    const statuses = new Map<number, number>();
    // autosave: a draft is saved by one request at a time with the revision of its last save (as a browser tab
    // does); autocannon's per-request context carries which draft a request took, a free list hands them out
    const saving = await drafts(CONNECTIONS * 2, 'save');
    const free = [...saving];
    let tick = 0;
    const autosave = await run(`PUT …/draft (${FIELDS} fields)`, [
      {
        method: 'PUT',
        setupRequest: (req, context) => {
          const draft = free.shift() as (typeof saving)[number];
          (context as { draft?: (typeof saving)[number] }).draft = draft;
          tick += 1;
          return {
            ...req,
            path: `/api/public/applications/${draft.id}/draft?code=${draft.code}`,
            body: JSON.stringify({ data: fullData(tick), revision: draft.revision }),
          };
        },
        onResponse: (status, body, context) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          const draft = (context as { draft?: (typeof saving)[number] }).draft;
          if (!draft) return;
          if (status === 200) draft.revision = (JSON.parse(body) as { revision: number }).revision;
          free.push(draft);
        },
      },
    ]);
    if ([...statuses.keys()].some((s) => s !== 200)) console.log('autosave answers:', Object.fromEntries(statuses));
    // submit: every request submits another complete draft
    const submitting = await drafts(SUBMIT_DRAFTS, 'submit');
    let nextSubmit = 0;
    const submit = await run('POST …/submit', [
      {
        method: 'POST',
        setupRequest: (req) => {
          const draft = submitting[nextSubmit++ % submitting.length] as (typeof submitting)[number];
          return { ...req, path: `/api/public/applications/${draft.id}/submit?code=${draft.code}`, body: '{}' };
        },
      },
    ]);
    if (nextSubmit > submitting.length) {
      console.log(`(submit ran out of drafts: raise BENCH_SUBMIT_DRAFTS above ${nextSubmit}; reused ones answer 409)`);
    }

    const label = kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL (TEST_DATABASE_URL)';
    printTable(
      `applicant bench: ${CONNECTIONS} connections, ${duration}s each, ${label}, ${process.platform} ${process.arch}`,
      [health, autosave, submit],
    );
    const verdict = (f: Figures) =>
      `${f.rps} req/s (target >= 500), p99 ${f.p99} ms (target <= 150), ${f.errors} non-2xx: ${
        f.rps >= 500 && f.p99 <= 150 && f.errors === 0 ? 'met' : 'NOT met'
      }`;
    const name = kind === 'pglite' ? 'PGlite (printed beside)' : 'PostgreSQL';
    verdicts.push(`${name}: autosave ${verdict(autosave)}`, `${name}: submit ${verdict(submit)}`);
  } finally {
    await server.close();
  }
}

console.log(`\n${verdicts.join('\n')}`);
if (!process.env.TEST_DATABASE_URL) console.log('(set TEST_DATABASE_URL to measure PostgreSQL in the same run)');

// page load (helper W1): bench/_applicant-page.ts exports `measureApplicantPage()` when it is there
const pageBench = new URL('./_applicant-page.ts', import.meta.url);
if (process.env.BENCH_SKIP_PAGE) {
  console.log('page load: skipped (BENCH_SKIP_PAGE)');
} else if (existsSync(pageBench)) {
  const mod = (await import(pageBench.href)) as { measureApplicantPage?: () => Promise<void> };
  if (mod.measureApplicantPage) await mod.measureApplicantPage();
  else console.log('page load: bench/_applicant-page.ts has no measureApplicantPage()');
} else {
  console.log('page load: see W1 (bench/_applicant-page.ts)');
}
