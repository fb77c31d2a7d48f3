// The application export (issue 14; decision 043): 10,000 applications of a 50-field form (selects, checkboxes,
// an address, a grid, files, 5 encrypted fields) exported as xlsx and as csv through the export service (the code
// GET /api/applications/export streams), the bytes consumed as a socket would. Printed beside the target (<= 10 s,
// bounded memory) and a baseline of the same run: the same rows read as the list's JSON pages (100 a page).
// On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. BENCH_ROWS changes the count;
// BENCH_XLSX_OUT=path keeps the xlsx (to open it in a spreadsheet). NODE_OPTIONS=--expose-gc adds the live heap
// (collected every 10th chunk): what the export holds, without the garbage V8 has not collected yet.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_MEMBERSHIPS } from '../packages/core/src/accounts/membership.schema';
import { type FormDefinition, parseFormDefinition } from '../packages/core/src/forms/form.schema';
import { loadConfig } from '../packages/server/src/config';
import { createPgliteDatabase, type Database } from '../packages/server/src/db/client';
import { createCompaniesRepository } from '../packages/server/src/db/repositories/companies.repository';
import { applications } from '../packages/server/src/db/schema/index';
import { createFieldCrypto } from '../packages/server/src/infra/field-crypto/field-crypto';
import { createApplicationExportService } from '../packages/server/src/modules/applications/export/export.service';
import { createApplicationListsRepository } from '../packages/server/src/modules/applications/review/lists.repository';
import { createTestDatabase } from '../packages/server/src/test/helpers';
import { benchDatabases } from './_server';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const TARGET_S = 10;

function benchForm(): FormDefinition {
  const components: Record<string, unknown>[] = [];
  for (let i = 1; components.length < 50; i++) {
    const key = `f${i}`;
    const label = `Field ${i}`;
    const kind = i % 10;
    if (kind === 0) components.push({ type: 'textfield', key, label, input: true, euEncrypted: true });
    else if (kind === 1)
      components.push({
        type: 'select',
        key,
        label,
        input: true,
        dataSrc: 'values',
        data: { values: ['a', 'b', 'c'].map((v) => ({ label: `Option ${v.toUpperCase()}`, value: v })) },
      });
    else if (kind === 2) components.push({ type: 'checkbox', key, label, input: true });
    else if (kind === 3) components.push({ type: 'address', key, label, input: true });
    else if (kind === 4)
      components.push({
        type: 'datagrid',
        key,
        label,
        input: true,
        components: [
          { type: 'textfield', key: 'name', label: 'Name', input: true },
          { type: 'number', key: 'share', label: 'Share', input: true },
        ],
      });
    else if (kind === 5) components.push({ type: 'file', key, label, input: true, multiple: true });
    else if (kind === 6) components.push({ type: 'number', key, label, input: true });
    else components.push({ type: 'textfield', key, label, input: true });
  }
  const parsed = parseFormDefinition({ display: 'form', components });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.form;
}

function dataOf(form: FormDefinition, n: number): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const c of form.components as unknown as { type: string; key: string; euEncrypted?: boolean }[]) {
    if (c.euEncrypted) data[c.key] = String(100_000_000 + n);
    else if (c.type === 'select') data[c.key] = ['a', 'b', 'c'][n % 3];
    else if (c.type === 'checkbox') data[c.key] = n % 2 === 0;
    else if (c.type === 'address')
      data[c.key] = { address: { road: `${n} Main St`, city: 'Springfield', postcode: '12345' } };
    else if (c.type === 'datagrid')
      data[c.key] = [
        { name: `Owner ${n}`, share: 60 },
        { name: 'Partner', share: 40 },
      ];
    else if (c.type === 'file') data[c.key] = [{ name: `k${n}`, originalName: `statement-${n}.pdf`, size: 1000 }];
    else if (c.type === 'number') data[c.key] = n * 7;
    else data[c.key] = `Answer ${c.key} of application ${n}, with "quotes", commas and ünïcode`;
  }
  return data;
}

async function seed(database: Database, form: FormDefinition, crypto: ReturnType<typeof createFieldCrypto>) {
  for (const m of DEFAULT_MEMBERSHIPS) await createCompaniesRepository(database.db).upsertMembership(m);
  const sql = database.executeSql;
  await sql(`insert into master_forms (name, structure) values ('Bench master', '{}')`);
  await sql(`insert into companies (name, membership_id) values ('Bench lender', 'MEMBERSHIP_006')`);
  const company = ((await sql(`select id from companies where name = 'Bench lender'`)).rows[0] as { id: string }).id;
  await sql(
    `insert into custom_forms (company_id, master_form_id, name, master_version, document, status)
     values ($1, (select id from master_forms where name = 'Bench master'), 'Bench form', 1, '{}', 'active')`,
    [company],
  );
  const formId = ((await sql(`select id from custom_forms where company_id = $1`, [company])).rows[0] as { id: string })
    .id;
  await sql(
    `insert into custom_form_versions (custom_form_id, version, master_version, document, form, layout) values ($1, 1, 1, '{}', $2, '{}')`,
    [formId, JSON.stringify(form)],
  );
  for (let start = 0; start < ROWS; start += 500) {
    const values = [];
    for (let n = start; n < Math.min(ROWS, start + 500); n++) {
      values.push({
        companyId: company,
        customFormId: formId,
        formVersion: 1,
        status: ['pending', 'approved', 'denied', 'invite_sent'][n % 4] as string,
        applicantEmail: `owner${n}@bench.example`,
        applicantCompanyName: `Company ${n}`,
        data: crypto.sealData(form, dataOf(form, n)),
        submittedAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000),
        updatedAt: new Date(Date.UTC(2026, 1, 1) + n * 60_000),
        updatedBy: `officer${n % 5}@lender.example`,
      });
    }
    await database.db.insert(applications).values(values);
  }
  return company;
}

/** Runs `fn`, sampling memory at each `tick`: seconds, peak RSS growth and peak heap growth (MB). */
async function measure(fn: (tick: () => void) => Promise<number>) {
  global.gc?.();
  const base = process.memoryUsage();
  let rss = 0;
  let heap = 0;
  let live = 0;
  let ticks = 0;
  const tick = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss - base.rss);
    heap = Math.max(heap, m.heapUsed - base.heapUsed);
    // with --expose-gc: what is still reachable (garbage not yet collected left out), every 10th chunk
    if (global.gc && ++ticks % 10 === 0) {
      global.gc();
      live = Math.max(live, process.memoryUsage().heapUsed - base.heapUsed);
    }
  };
  const t0 = performance.now();
  const bytes = await fn(tick);
  tick();
  return {
    s: (performance.now() - t0) / 1000,
    rssMb: rss / 2 ** 20,
    heapMb: heap / 2 ** 20,
    liveMb: live / 2 ** 20,
    bytes,
  };
}

const form = benchForm();
const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'under-bench-export-')), LOG_LEVEL: 'silent' });
const fieldCrypto = createFieldCrypto(config.encryption);

for (const kind of benchDatabases()) {
  const database = kind === 'postgres' ? await createTestDatabase('postgres') : await createPgliteDatabase(undefined);
  if (kind === 'pglite') await database.migrate();
  try {
    const t0 = performance.now();
    const companyId = await seed(database, form, fieldCrypto);
    console.log(
      `\n${kind}: seeded ${ROWS.toLocaleString('en-US')} applications of a ${form.components.length}-field form in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const service = createApplicationExportService({
      db: database.db,
      fieldCrypto,
      forms: { grantedMasterFormIds: async () => undefined },
    });
    const auth = { userId: '00000000-0000-0000-0000-000000000001', companyId, role: 'ADMINISTRATOR', pool: 'client' };
    const lines: string[] = [];
    for (const format of ['xlsx', 'csv'] as const) {
      const r = await measure(async (tick) => {
        const out = await service.export({ auth: auth as never, format });
        let bytes = 0;
        const keep: Buffer[] = [];
        for await (const chunk of out.body) {
          const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          bytes += b.length;
          if (process.env.BENCH_XLSX_OUT && format === 'xlsx') keep.push(b);
          tick();
        }
        if (keep.length) writeFileSync(process.env.BENCH_XLSX_OUT as string, Buffer.concat(keep));
        return bytes;
      });
      lines.push(
        `  export ${format.padEnd(4)} ${r.s.toFixed(2).padStart(6)} s  ${(r.bytes / 2 ** 20).toFixed(1).padStart(6)} MB out  peak RSS +${r.rssMb.toFixed(0)} MB, heap +${r.heapMb.toFixed(0)} MB${global.gc ? `, live heap +${r.liveMb.toFixed(0)} MB` : ''}   target <= ${TARGET_S} s, bounded  ${r.s <= TARGET_S ? 'ok' : 'OVER'}`,
      );
    }
    const repo = createApplicationListsRepository(database.db);
    const base = await measure(async (tick) => {
      let bytes = 0;
      for (let offset = 0; offset < ROWS; offset += 100) {
        const { rows } = await repo.list({ companyId }, { sort: 'updatedAt', order: 'desc', limit: 100, offset });
        bytes += JSON.stringify(rows).length;
        tick();
      }
      return bytes;
    });
    lines.push(
      `  baseline: the list's JSON pages (100 a page, no field values) ${base.s.toFixed(2)} s, peak RSS +${base.rssMb.toFixed(0)} MB, heap +${base.heapMb.toFixed(0)} MB`,
    );
    console.log(lines.join('\n'));
  } finally {
    await database.close();
  }
}
