import { type FormDefinition, parseFormDefinition } from '@under/core/forms/form.schema';
import { maskValue } from '@under/core/forms/masking';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditEvents } from '../../../db/schema';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/helpers';
import { cellKinds, parseCsv, sheetRows, unzip } from '../../../test/read-xlsx';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { activeForm } from '../review/lists.fixtures';
import { EXPORT_COLUMNS, RECORD_COLUMNS } from './columns';
import { createApplicationExportService } from './export.service';
import { columnName } from './spreadsheet';

/** An Excel date serial back to an ISO time (UTC). */
const fromSerial = (v: string | undefined) => new Date(Math.round((Number(v) - 25_569) * 86_400_000)).toISOString();

const EXTRA = [
  { type: 'textfield', key: 'business_name', label: 'Business name', input: true },
  {
    type: 'select',
    key: 'industry',
    label: 'Industry',
    input: true,
    dataSrc: 'values',
    data: {
      values: [
        { label: 'Retail shop', value: 'retail' },
        { label: 'Restaurant', value: 'food' },
      ],
    },
  },
  { type: 'checkbox', key: 'agree', label: 'Agrees to terms', input: true },
  {
    type: 'selectboxes',
    key: 'products',
    label: 'Products',
    input: true,
    values: [
      { label: 'Loans', value: 'loans' },
      { label: 'Cards', value: 'cards' },
    ],
  },
  { type: 'textfield', key: 'ssn', label: 'Owner SSN', input: true, euEncrypted: true },
  { type: 'address', key: 'office', label: 'Office address', input: true },
  {
    type: 'datagrid',
    key: 'partners',
    label: 'Partners',
    input: true,
    components: [
      { type: 'textfield', key: 'pname', label: 'Name', input: true },
      { type: 'textfield', key: 'pssn', label: 'SSN', input: true, euEncrypted: true },
    ],
  },
  { type: 'file', key: 'docs', label: 'Documents', input: true, multiple: true },
  { type: 'textarea', key: 'note', label: 'Note', input: true },
];
const LOAN_EXTRA = [
  { type: 'textfield', key: 'business_name', label: 'Business name', input: true },
  { type: 'number', key: 'loan_amount', label: 'Loan amount', input: true },
];

const SSN = '123456789';
const PARTNER_SSN = '987654321';
const d = (s: string) => new Date(`${s}T12:00:00.000Z`);

interface Version {
  customFormId: string;
  version: number;
  form: FormDefinition;
}

describe.each(testDatabases())('application export on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let b: Caller;
  let masterX: string;
  let fA: Version;
  let fLoan: Version;
  let fB: Version;

  async function versionOf(caller: Caller, id: string): Promise<Version> {
    const got = (
      await t.app.inject({ method: 'GET', url: `/api/custom_forms/${id}`, headers: bearer(caller.token) })
    ).json();
    const parsed = parseFormDefinition(got.form);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    return { customFormId: id, version: got.version, form: parsed.form };
  }

  async function insert(
    companyId: string,
    v: Version,
    data: Record<string, unknown>,
    o: { status?: string; submittedAt?: Date | null; updatedAt?: Date; updatedBy?: string; name?: string } = {},
  ) {
    const status = o.status ?? 'pending';
    const [row] = await t.database.db
      .insert(applications)
      .values({
        companyId,
        customFormId: v.customFormId,
        formVersion: v.version,
        status,
        applicantEmail: 'applicant@example.com',
        applicantCompanyName: o.name ?? 'Applicant Co',
        data: t.fieldCrypto.sealData(v.form, data),
        submittedAt: o.submittedAt === undefined ? d('2026-03-10') : o.submittedAt,
        updatedAt: o.updatedAt ?? d('2026-03-11'),
        updatedBy: o.updatedBy ?? 'officer@lender-a.example',
      })
      .returning();
    if (!row) throw new Error('no row');
    return row;
  }

  async function exportOf(caller: Caller, query: string) {
    return t.app.inject({ method: 'GET', url: `/api/applications/export?${query}`, headers: bearer(caller.token) });
  }

  async function xlsx(caller: Caller, query = '') {
    const res = await exportOf(caller, `format=xlsx&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const files = unzip(res.rawPayload);
    const sheet = files.get('xl/worksheets/sheet1.xml')?.toString('utf8') ?? '';
    const rows = sheetRows(sheet);
    const header = rows[0] ?? [];
    const records = rows.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
    return { res, files, sheet, header, records };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await adminToken(t);
    masterX = await publishedMaster(t, admin, { name: 'Merchant master', extra: EXTRA });
    const masterLoan = await publishedMaster(t, admin, { name: 'Loan master', extra: LOAN_EXTRA });
    a = await registerCompany(t, { companyName: 'Lender A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'Lender B', membershipId: 'MEMBERSHIP_006' });
    fA = await versionOf(a, await activeForm(t, a, masterX, 'Alpha merchant form'));
    fLoan = await versionOf(a, await activeForm(t, a, masterLoan, 'Zulu loan form'));
    fB = await versionOf(b, await activeForm(t, b, masterX, 'B merchant form'));

    await insert(
      a.companyId,
      fA,
      {
        business_name: 'Acme, "Best" Retail',
        industry: 'retail',
        agree: true,
        products: { loans: true, cards: true },
        ssn: SSN,
        office: { address: { road: '1 Main St', city: 'Springfield', postcode: '12345' } },
        partners: [
          { pname: 'Ann', pssn: PARTNER_SSN },
          { pname: 'Bob', pssn: '' },
        ],
        docs: [
          { name: 'k1', originalName: 'lease.pdf', size: 10 },
          { name: 'k2', originalName: 'id.png', size: 20 },
        ],
        note: '=HYPERLINK("http://evil.example","click")',
      },
      { updatedBy: 'Olivia Officer' },
    );
    await insert(
      a.companyId,
      fA,
      { business_name: 'Invited Ltd', agree: false },
      { status: 'invite_sent', submittedAt: null, updatedAt: d('2026-04-01') },
    );
    await insert(
      a.companyId,
      fLoan,
      { business_name: 'Loan Seeker', loan_amount: 5000 },
      { status: 'approved', submittedAt: d('2026-05-02'), updatedAt: d('2026-05-05') },
    );
    await insert(a.companyId, fA, { business_name: 'Draft Only' }, { status: 'draft', submittedAt: null });
    await insert(b.companyId, fB, { business_name: 'B Secret Co', ssn: '555443333' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('exports a real xlsx: the forms’ fields then the spec’s columns, every cell readable, encrypted values masked', async () => {
    const { res, files, sheet, header, records } = await xlsx(a);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="applications-\d{4}-\d\d-\d\d-\d{4}\.xlsx"$/,
    );
    expect([...files.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    // system fields, the merchant form's fields, then the loan form's new one; the hidden recordId is no column
    expect(header).toEqual([
      ...RECORD_COLUMNS,
      'First Name',
      'Last Name',
      expect.any(String),
      'Email',
      'DBA Name',
      'Business name',
      'Industry',
      'Agrees to terms',
      'Products',
      'Owner SSN',
      'Office address',
      'Partners',
      'Documents',
      'Note',
      'Loan amount',
      ...EXPORT_COLUMNS,
    ]);
    expect(sheet).toContain(`<cols><col min="1" max="${header.length}" width="20" customWidth="1"/></cols>`);
    // newest first; the draft is the applicant's and never exported
    expect(records.map((r) => r['Business name'])).toEqual(['Loan Seeker', 'Invited Ltd', 'Acme, "Best" Retail']);
    const [loan, invited, acme] = records;
    expect(acme).toMatchObject({
      'Business name': 'Acme, "Best" Retail',
      Industry: 'Retail shop',
      'Agrees to terms': 'Yes',
      Products: 'Loans, Cards',
      'Owner SSN': maskValue(SSN),
      'Office address': '1 Main St, Springfield, 12345',
      Partners: `1. Name: Ann; SSN: ${maskValue(PARTNER_SSN)} | 2. Name: Bob`,
      Documents: 'lease.pdf, id.png',
      Note: `'=HYPERLINK("http://evil.example","click")`,
      'Loan amount': '',
      Attachments: '2',
      Status: 'Pending',
      'Last updated by': 'Olivia Officer',
      Form: 'Alpha merchant form',
      'Form version': String(fA.version),
    });
    // numbers are numbers and dates are dates, shown in the spec's format (issue 21 §5)
    expect(fromSerial(acme?.['Date submitted'])).toMatch(/^2026-03-10T/);
    expect(fromSerial(acme?.['Last updated time'])).toBe('2026-03-11T12:00:00.000Z');
    expect(Math.abs(Date.parse(fromSerial(acme?.['Export time'])) - Date.now())).toBeLessThan(600_000);
    const kinds = cellKinds(sheet, files.get('xl/styles.xml')?.toString('utf8') ?? '');
    const at = (column: string, row: number) => kinds.get(`${columnName(header.indexOf(column))}${row}`);
    // the rows are newest first: row 4 is Acme, row 2 the loan
    expect(at('Application number', 4)).toBe('number');
    expect(at('Form version', 4)).toBe('number');
    expect(at('Attachments', 4)).toBe('number');
    expect(at('Form', 4)).toBe('text');
    expect(at('Date submitted', 4)).toBe('date mmm/dd/yyyy');
    expect(at('Last updated time', 4)).toBe('date mmm/dd/yyyy hh:mm "UTC"');
    expect(at('Export time', 4)).toBe('date mmm/dd/yyyy hh:mm "UTC"');
    expect(at('Loan amount', 2)).toBe('number');
    const numbers = records.map((r) => Number(r['Application number']));
    expect(numbers.every(Number.isInteger)).toBe(true);
    expect(numbers).toEqual([...numbers].sort((x, y) => y - x));
    expect(invited).toMatchObject({
      'Business name': 'Invited Ltd',
      'Agrees to terms': 'No',
      Status: 'Invite sent',
      'Date submitted': '',
      Attachments: '0',
    });
    expect(fromSerial(invited?.['Last updated time'])).toBe('2026-04-01T12:00:00.000Z');
    expect(loan).toMatchObject({ 'Loan amount': '5000', Status: 'Approved', Form: 'Zulu loan form' });
    expect(fromSerial(loan?.['Date submitted'])).toMatch(/^2026-05-02T/);
    // no plaintext, and no envelope, of an encrypted value anywhere in the file
    const everything = [...files.values()].map((f) => f.toString('utf8')).join('');
    expect(everything).not.toContain(SSN);
    expect(everything).not.toContain(PARTNER_SSN);
    expect(everything).not.toContain('enc:v1:');
    expect(res.headers['x-export-rows']).toBe('3');
  });

  it('exports csv: BOM, RFC 4180 quoting, formulas neutralised, masked', async () => {
    const res = await exportOf(a, 'format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="applications-[\d-]+\.csv"$/);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('"Acme, ""Best"" Retail"');
    expect(text).not.toContain(SSN);
    const [header = [], ...rows] = parseCsv(text.slice(1));
    const records = rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
    expect(header.slice(-6)).toEqual([...EXPORT_COLUMNS]);
    expect(header.slice(0, 3)).toEqual([...RECORD_COLUMNS]);
    expect(records).toHaveLength(3);
    expect(records[2]).toMatchObject({
      Form: 'Alpha merchant form',
      'Form version': String(fA.version),
      'Business name': 'Acme, "Best" Retail',
      'Owner SSN': maskValue(SSN),
      Note: `'=HYPERLINK("http://evil.example","click")`,
      Status: 'Pending',
      'Date submitted': 'Mar/10/2026',
    });
  });

  it('takes exactly the list’s filters (all pages), and audits the export without values', async () => {
    const queries = [
      'statuses=approved',
      'statuses=pending&statuses=invite_sent',
      `formId=${fLoan.customFormId}`,
      'startDate=2026-05-01&endDate=2026-05-31',
      'q=applicant',
      'applicantCompanyName=applicant%20co&statuses=pending',
      'pageSize=10&page=2',
    ];
    for (const q of queries) {
      const listQuery = q.replace(/(^|&)(page|pageSize)=\d+/g, '');
      const list = (
        await t.app.inject({
          method: 'GET',
          url: `/api/applications?${listQuery}&pageSize=100`,
          headers: bearer(a.token),
        })
      ).json();
      expect(list.total, q).toBeGreaterThan(0);
      const { records } = await xlsx(a, q);
      expect(records.length, q).toBe(list.total);
    }
    expect((await xlsx(a, 'statuses=approved')).records.map((r) => r['Business name'])).toEqual(['Loan Seeker']);
    expect((await xlsx(a, `formId=${fLoan.customFormId}`)).header).toEqual([
      ...RECORD_COLUMNS,
      'First Name',
      'Last Name',
      expect.any(String),
      'Email',
      'DBA Name',
      'Business name',
      'Loan amount',
      ...EXPORT_COLUMNS,
    ]);
    const bad = await exportOf(a, 'format=pdf');
    expect(bad.statusCode).toBe(400);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'application.export'), eq(auditEvents.companyId, a.companyId)));
    const approved = events.find((e) => JSON.stringify(e.details).includes('"approved"'));
    expect(approved?.details).toEqual({ format: 'xlsx', rows: 1, filters: { statuses: ['approved'] } });
    expect(JSON.stringify(events)).not.toContain(SSN);
  });

  it('keeps to the tenancy: company B gets none of A’s rows, a STANDARD member only granted forms', async () => {
    const own = await xlsx(b);
    expect(own.records.map((r) => r['Business name'])).toEqual(['B Secret Co']);
    const through = await xlsx(b, `formId=${fA.customFormId}`);
    expect(through.records).toEqual([]);
    expect(through.header).toEqual([...RECORD_COLUMNS, ...EXPORT_COLUMNS]);
    const fromA = await xlsx(a);
    expect(JSON.stringify(fromA.records)).not.toContain('B Secret');

    const member = await joinTeam(t, a);
    expect((await xlsx(member)).records).toEqual([]);
    const granted = await t.app.inject({
      method: 'POST',
      url: `/api/granted-master-form/${masterX}`,
      headers: bearer(a.token),
      payload: { userIds: [member.userId] },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await xlsx(member)).records.map((r) => r['Business name'])).toEqual(['Invited Ltd', 'Acme, "Best" Retail']);
    expect((await xlsx(member, `formId=${fLoan.customFormId}`)).records).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/applications/export?format=csv' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reads in keyset batches: every row once, newest first, whatever the batch size', async () => {
    const service = createApplicationExportService({
      db: t.database.db,
      fieldCrypto: t.fieldCrypto,
      forms: t.services.customForms,
      now: () => d('2026-11-23').getTime(),
      batchSize: 2,
    });
    const auth = { userId: a.userId, companyId: a.companyId, role: 'ADMINISTRATOR', pool: 'client' } as never;
    const out = await service.export({ auth, format: 'csv' });
    let text = '';
    for await (const chunk of out.body) text += chunk;
    const [, ...rows] = parseCsv(text.slice(1));
    expect(rows.map((r) => r[RECORD_COLUMNS.length + 5])).toEqual([
      'Loan Seeker',
      'Invited Ltd',
      'Acme, "Best" Retail',
    ]);
    expect(rows.map((r) => r[r.length - 1])).toEqual(Array(3).fill('Nov/23/2026 12:00 UTC'));
    expect(out.fileName).toBe('applications-2026-11-23-1200.csv');
  });
});
