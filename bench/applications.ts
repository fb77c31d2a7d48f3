// The institution's application list (issue 14; decision 042): every filter combination with its total count,
// timed through the module's repository (the same two queries GET /api/applications runs) on 100,000 applications
// over 50 companies on PostgreSQL (TEST_DATABASE_URL) and 10,000 on PGlite. One company holds 40 % of the rows (a
// large institution), the others share the rest. Target: p95 <= 30 ms on PostgreSQL for page and count together.
// BENCH_EXPLAIN=1 prints the EXPLAIN ANALYZE plans of the main queries.
import { DEFAULT_MEMBERSHIPS } from '../packages/core/src/accounts/membership.schema';
import { createPgliteDatabase, type Database } from '../packages/server/src/db/client';
import { createCompaniesRepository } from '../packages/server/src/db/repositories/companies.repository';
import {
  createApplicationListsRepository,
  type ListFilter,
  type ListPage,
  searchQuery,
} from '../packages/server/src/modules/applications/review/lists.repository';
import { readStatusFigures } from '../packages/server/src/modules/applications/review/lists.service';
import { createTestDatabase } from '../packages/server/src/test/helpers';
import { benchDatabases } from './_server';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const TARGET_MS = 30;

const WORDS = ['Acme', 'Zeta', 'Blue', 'Green', 'North', 'Prime', 'Delta', 'Union', 'Metro', 'Summit'];
const KINDS = ['Retail', 'Foods', 'Logistics', 'Bakery', 'Motors', 'Clinic', 'Studio', 'Farms', 'Labs', 'Travel'];
const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'James', 'Mia', 'Lucas'];
const LAST = ['Smith', 'Garcia', 'Chen', 'Okafor', 'Müller', 'Rossi', 'Kowalski', 'Tanaka', 'Silva', 'Dubois'];
const arr = (a: string[]) => `array[${a.map((w) => `'${w}'`).join(',')}]`;

async function seed(database: Database, rows: number) {
  for (const m of DEFAULT_MEMBERSHIPS) await createCompaniesRepository(database.db).upsertMembership(m);
  const sql = database.executeSql;
  await sql(`insert into master_forms (name, structure) values ('Bench master A', '{}'), ('Bench master B', '{}')`);
  await sql(
    `insert into companies (name, membership_id) select 'Company ' || lpad(g::text, 2, '0'), 'MEMBERSHIP_006' from generate_series(1, 50) g`,
  );
  await sql(`insert into custom_forms (company_id, master_form_id, name, master_version, document, status)
    select c.id, (select id from master_forms where name = case when f <= 2 then 'Bench master A' else 'Bench master B' end),
      'Form ' || f, 1, '{}', 'active'
    from companies c, generate_series(1, 4) f`);
  // company 01 holds 40 % of the rows; statuses: 5 % draft, 15 % invite_sent, 40 % pending, 25 % approved, 15 % denied
  await sql(`
    with c as (select id, row_number() over (order by name) rn from companies),
    f as (select id, company_id, row_number() over (partition by company_id order by name) fn from custom_forms),
    h as (
      -- independent pseudo-random draws per row (md5 of the row number with a salt)
      select g, ('x' || substr(md5('c' || g), 1, 7))::bit(28)::int % 1000 as hc,
        ('x' || substr(md5('s' || g), 1, 7))::bit(28)::int % 20 as hs,
        ('x' || substr(md5('t' || g), 1, 7))::bit(28)::int % 1051200 as ht
      from generate_series(1, ${rows}) g
    ),
    g as (
      select g, case when hc < 400 then 1 else 2 + hc % 49 end as rn,
        case when hs = 0 then 'draft' when hs < 4 then 'invite_sent' when hs < 12 then 'pending'
             when hs < 17 then 'approved' else 'denied' end as st,
        now() - make_interval(mins => ht) as created
      from h
    )
    insert into applications (company_id, custom_form_id, form_version, status, applicant_email, applicant_company_name,
      owners_search_text, submitted_at, decided_at, created_at, updated_at, updated_by)
    select c.id, f.id, 1, g.st,
      'owner' || g.g || '@' || lower((${arr(WORDS)})[1 + (g.g / 7) % 10]) || '-mail.example',
      (${arr(WORDS)})[1 + g.g % 10] || ' ' || (${arr(KINDS)})[1 + (g.g / 10) % 10] || ' ' || (g.g % 997),
      (${arr(FIRST)})[1 + (g.g / 3) % 10] || ' ' || (${arr(LAST)})[1 + (g.g / 11) % 10] || ' partner' || g.g || '@example.com',
      case when g.st in ('draft', 'invite_sent') then null else g.created + interval '1 day' end,
      case when g.st in ('approved', 'denied') then g.created + interval '3 days' end,
      g.created, g.created + interval '4 days', 'officer' || (g.g % 20) || '@bank.example'
    from g join c on c.rn = g.rn join f on f.company_id = c.id and f.fn = 1 + (g.g / 3) % 4
    -- numbers are given as applications are created: companies interleave, as in real life
    order by g.created`);
  await sql('vacuum analyze applications');
  await sql('analyze custom_forms');
  const companies = (await sql('select id from companies order by name')).rows as { id: string }[];
  const forms = (await sql(
    `select cf.id, cf.company_id, mf.name as master from custom_forms cf join master_forms mf on mf.id = cf.master_form_id order by cf.name`,
  )) as { rows: { id: string; company_id: string; master: string }[] };
  const masterA = ((await sql(`select id from master_forms where name = 'Bench master A'`)).rows[0] as { id: string })
    .id;
  return { companies, forms: forms.rows, masterA };
}

interface Case {
  name: string;
  filter: ListFilter;
  page?: Partial<ListPage>;
}

function cases(big: string, small: string, bigForm: string, masterA: string, oneEmail: string): Case[] {
  const since = new Date(Date.now() - 30 * 86_400_000);
  return [
    { name: 'default (4 statuses, updatedAt desc)', filter: { companyId: big } },
    {
      name: 'statuses=pending, submittedAt desc',
      filter: { companyId: big, statuses: ['pending'] },
      page: { sort: 'submittedAt' },
    },
    {
      name: 'statuses=approved+denied, last 30 days',
      filter: { companyId: big, statuses: ['approved', 'denied'], submittedFrom: since },
    },
    { name: 'q=acme (10 % of rows)', filter: { companyId: big, search: searchQuery('acme') } },
    { name: 'q=acme retail', filter: { companyId: big, search: searchQuery('acme retail') } },
    { name: 'q=olivia smith (owners)', filter: { companyId: big, search: searchQuery('olivia smith') } },
    { name: 'q=owner12345@… (one e-mail)', filter: { companyId: big, search: searchQuery(oneEmail) } },
    { name: 'q=123 (number prefix)', filter: { companyId: big, search: searchQuery('123') } },
    {
      name: 'q=acme + pending + date',
      filter: { companyId: big, search: searchQuery('acme'), statuses: ['pending'], submittedFrom: since },
    },
    {
      name: 'sort applicantCompanyName asc',
      filter: { companyId: big },
      page: { sort: 'applicantCompanyName', order: 'asc' },
    },
    { name: 'sort formName asc', filter: { companyId: big }, page: { sort: 'formName', order: 'asc' } },
    { name: 'sort status desc', filter: { companyId: big }, page: { sort: 'status' } },
    { name: 'sort submittedAt asc', filter: { companyId: big }, page: { sort: 'submittedAt', order: 'asc' } },
    {
      name: 'formId + pending, number',
      filter: { companyId: big, formId: bigForm, statuses: ['pending'] },
      page: { sort: 'number' },
    },
    { name: 'applicantCompanyName exact', filter: { companyId: big, applicantCompanyName: 'acme retail 500' } },
    { name: 'STANDARD (granted master A)', filter: { companyId: big, masterFormIds: [masterA] } },
    { name: 'page 50 of 100 rows (offset 4,900)', filter: { companyId: big }, page: { limit: 100, offset: 4_900 } },
    { name: 'small company, default', filter: { companyId: small } },
    { name: 'small company, q=zeta', filter: { companyId: small, search: searchQuery('zeta') } },
  ];
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const verdicts: string[] = [];
for (const kind of benchDatabases().filter((k) => !process.env.BENCH_ONLY || k === process.env.BENCH_ONLY)) {
  const rows = kind === 'postgres' ? 100_000 : 10_000;
  const database = kind === 'postgres' ? await createTestDatabase('postgres') : await createPgliteDatabase(undefined);
  if (kind === 'pglite') await database.migrate();
  try {
    const t0 = performance.now();
    const { companies, forms, masterA } = await seed(database, rows);
    const big = companies[0]?.id ?? '';
    const small = companies[1]?.id ?? '';
    const bigForm = forms.find((f) => f.company_id === big)?.id ?? '';
    console.log(
      `\n${kind}: seeded ${rows.toLocaleString('en-US')} applications in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const repo = createApplicationListsRepository(database.db);
    const lines: string[] = [];
    let worst = 0;
    const oneEmail = (
      (
        await database.executeSql(
          `select applicant_email from applications where company_id = $1 and status <> 'draft' order by number limit 1 offset 500`,
          [big],
        )
      ).rows[0] as { applicant_email: string }
    ).applicant_email;
    for (const c of cases(big, small, bigForm, masterA, oneEmail)) {
      const page: ListPage = { sort: 'updatedAt', order: 'desc', limit: 10, offset: 0, ...c.page };
      let total = 0;
      for (let i = 0; i < 3; i++) total = (await repo.list(c.filter, page)).total;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        await repo.list(c.filter, page);
        times.push(performance.now() - s);
      }
      times.sort((x, y) => x - y);
      const p95 = pct(times, 95);
      worst = Math.max(worst, p95);
      lines.push(
        `${c.name.padEnd(42)} ${String(total).padStart(7)} ${pct(times, 50).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)}`,
      );
      if (process.env.BENCH_EXPLAIN && kind === 'postgres') {
        for (const q of [repo.listQueries(c.filter, page).rows, repo.listQueries(c.filter, page).count]) {
          const { sql, params } = q.toSQL();
          const plan = await database.executeSql(`explain (analyze, costs off, timing on) ${sql}`, params as unknown[]);
          console.log(
            `\n-- ${c.name}\n${(plan.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n')}`,
          );
        }
      }
    }
    console.log(
      `list + count, ${RUNS} runs each (ms); company 01 holds ${Math.round(rows * 0.4).toLocaleString('en-US')} rows\n${'case'.padEnd(42)} ${'total'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}\n${lines.join('\n')}`,
    );
    // the dashboards (decisions 051, 052): one company's figures, and the platform admin's across every account
    const statLines: string[] = [];
    const now = new Date();
    for (const [name, scope, months] of [
      ['company 01 (40 % of rows), 12 months', { companyId: big }, 12],
      ['company 01, 36 months', { companyId: big }, 36],
      ['small company, 12 months', { companyId: small }, 12],
      ['every company (admin), 12 months', { everyCompany: true }, 12],
      ['every company (admin), 36 months', { everyCompany: true }, 36],
    ] as const) {
      for (let i = 0; i < 2; i++) await readStatusFigures(database.db, scope, months, now);
      const times: number[] = [];
      for (let i = 0; i < Math.min(RUNS, 20); i++) {
        const s = performance.now();
        await readStatusFigures(database.db, scope, months, now);
        times.push(performance.now() - s);
      }
      times.sort((x, y) => x - y);
      statLines.push(
        `${name.padEnd(42)} ${pct(times, 50).toFixed(1).padStart(7)} ${pct(times, 95).toFixed(1).padStart(7)}`,
      );
    }
    console.log(
      `\nstatus statistics (4 queries together; no target in the issue)\n${'case'.padEnd(42)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}\n${statLines.join('\n')}`,
    );
    verdicts.push(
      kind === 'postgres'
        ? `PostgreSQL, 100,000 rows: worst p95 ${worst.toFixed(1)} ms (target <= ${TARGET_MS}): ${worst <= TARGET_MS ? 'met' : 'NOT met'}`
        : `PGlite, 10,000 rows: worst p95 ${worst.toFixed(1)} ms (no target; embedded, single connection)`,
    );
  } finally {
    await database.close();
  }
}
console.log(`\n${verdicts.join('\n')}`);
if (!process.env.TEST_DATABASE_URL) console.log('(set TEST_DATABASE_URL to measure PostgreSQL with 100,000 rows)');
