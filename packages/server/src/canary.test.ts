import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { maskValue } from '@under/core/forms/masking';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { applicationDocumentRuns } from './db/schema/index';
import { finishedRun } from './modules/applications/documents/documents.fixtures';
import { adminToken } from './modules/custom-forms/custom-forms.fixtures';
import type { CardConnectClient } from './modules/integrations/cardconnect/cardconnect.port';
import { KycError, type KycProvider } from './modules/integrations/kyc/kyc.port';
import { bearer, registerCompany } from './test/accounts';
import { createFakeSalesforce } from './test/fake-salesforce';
import { createTestApp, testDatabases, uniqueAddress } from './test/helpers';
import { readPdfText } from './test/pdf-read';
import { unzip } from './test/read-xlsx';
import { activeEncryptedForm, realFieldCrypto } from './test/sealed-applications';
import { signWithMailedCode } from './test/signing';

/**
 * The canary of encrypted fields (issue 12, decision 038): an applicant submits a known SSN and account number through
 * the public API, and neither appears in plaintext (nor in common encodings) anywhere the data can rest or pass: the
 * database's files (PGlite's data dir, every file of DATA_DIR), the database's content (every table read back as JSON
 * text; pg_dump on PostgreSQL), the logs (at trace level), the mail sent and the outbox, and every answer of the API
 * except the one reveal an ADMINISTRATOR asked for.
 */

const SSN = '987-65-4329';
const ACCOUNT = '70003141592653';
const OWNER_SSN = '876-54-3219';
const SECRETS = [SSN, ACCOUNT, OWNER_SSN];
/**
 * Integration credentials and tokens (issue #23 §2; decision 073): the Salesforce consumer key and secret, every
 * access and refresh token the (in-memory) Salesforce issued, a card processor's password. Added once issued.
 */
const INTEGRATION_SECRETS: string[] = [];
const PROCESSOR_PASSWORD = 'Pr0cessor-Canary-Pass!';
/** CardConnect's credentials (issue #24 §1; decision 083): every one of the six, and the tokens its client got. */
const CARDCONNECT = {
  username: 'cc-canary-api-user',
  password: 'CardConnect-Canary-Pass!',
  saleCode: 'CANARYSALE9',
  pricingTemplateId: '5550001112223334',
  clientSecretKey: 'cc-canary-client-secret-key',
  clientId: 'cc-canary-client-id',
};
const CARDCONNECT_TOKENS: string[] = [];
/** The KYC provider's API key (issue #24 §3; decision 089), and a provider that accepts only it. */
const KYC_API_KEY = 'kyc-canary-api-key-0123456789';
const keyOnlyKyc: KycProvider = {
  async verifyKey(apiKey) {
    if (apiKey !== KYC_API_KEY) throw new KycError('invalid_key', 'refused', 401);
  },
  async submit() {
    throw new KycError('unavailable', 'not in the canary');
  },
  async check() {
    throw new KycError('unavailable', 'not in the canary');
  },
};
/** Worldpay/Vantiv's PayFac credentials (issue #24 §2; decision 088): sealed, masked, write-only. */
const VANTIV = { username: 'wp-canary-payfac-user', password: 'Worldpay-Canary-Pass!' };
/** A CardConnect client that only grants tokens (the credentials check); the canary needs no merchant. */
const tokenOnlyCardConnect = {
  async token() {
    const accessToken = `cc-canary-access-${CARDCONNECT_TOKENS.length}-${'x'.repeat(16)}`;
    CARDCONNECT_TOKENS.push(accessToken);
    return { accessToken, expiresAt: Date.now() + 300_000 };
  },
} as unknown as CardConnectClient;

/** The ways a value could be written out: as is, without separators, in UTF-16, base64, hex, URL-encoded. */
function encodings(secret: string): string[] {
  const bare = secret.replace(/-/g, '');
  const forms = new Set<string>();
  for (const text of new Set([secret, bare])) {
    forms.add(text);
    const b64 = Buffer.from(text).toString('base64').replace(/=+$/, '');
    // base64 of the text at any byte offset: the last characters depend on what follows, so cut back to whole groups
    forms.add(b64.slice(0, Math.floor(b64.length / 4) * 4));
    forms.add(
      Buffer.from(text)
        .toString('base64url')
        .slice(0, Math.floor(b64.length / 4) * 4),
    );
    forms.add(Buffer.from(text).toString('hex'));
    forms.add(encodeURIComponent(text));
  }
  return [...forms].filter((f) => f.length >= 8);
}

const needlesOf = (secrets: string[]) =>
  secrets.flatMap((s) => encodings(s).flatMap((text) => [Buffer.from(text, 'utf8'), Buffer.from(text, 'utf16le')]));

/** The needles found in a buffer, as text (empty when none). */
function leaksIn(bytes: Buffer): string[] {
  return needlesOf([...SECRETS, ...INTEGRATION_SECRETS])
    .filter((needle) => bytes.includes(needle))
    .map((n) => n.toString('utf8'));
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

const run = promisify(execFile);
const PG_DUMP = '/usr/lib/postgresql/15/bin/pg_dump';

describe.each(testDatabases())('encrypted fields canary on %s', (kind) => {
  it('a submitted SSN and account number are nowhere in plaintext: files, database, dump, logs, mail, answers', async () => {
    const logs: string[] = [];
    const sf = createFakeSalesforce();
    const t = await createTestApp(kind, {
      ...realFieldCrypto(),
      salesforce: sf,
      cardConnect: tokenOnlyCardConnect,
      kyc: keyOnlyKyc,
      pgliteFiles: true,
      outbox: true,
      logger: { level: 'trace', stream: { write: (line) => void logs.push(line) } },
    });
    let closed = false;
    try {
      // No compression of stored text, so a plaintext value would show in the files as its bytes (a compressed
      // TOAST value would hide it from the file scan; the table dump below reads values back either way).
      const columns = (await t.database.executeSql(
        `select table_name, column_name from information_schema.columns
         where table_schema = 'public' and data_type in ('text', 'jsonb', 'character varying')`,
      )) as { rows: { table_name: string; column_name: string }[] };
      for (const c of columns.rows) {
        await t.database.executeSql(
          `alter table public."${c.table_name}" alter column "${c.column_name}" set storage external`,
        );
      }

      const answers: string[] = [];
      const call = async (opts: InjectOptions) => {
        const res = await t.app.inject(opts);
        answers.push(`${res.statusCode} ${JSON.stringify(res.headers)} ${res.body}`);
        return res;
      };
      const a = await registerCompany(t, { companyName: 'Canary Bank', membershipId: 'MEMBERSHIP_006' });
      const form = await activeEncryptedForm(t, a, 'Canary form');
      const key = { 'x-api-key': t.config.secrets.publicApiKey };
      const remoteAddress = uniqueAddress();

      const publicForm = await call({ url: `/api/public/custom_forms/${form.customFormId}`, headers: key });
      expect(publicForm.statusCode, publicForm.body).toBe(200);
      const created = await call({
        method: 'POST',
        url: '/api/public/applications/drafts',
        headers: key,
        remoteAddress,
        payload: {
          customFormId: form.customFormId,
          email: 'canary@example.com',
          data: { owner_ssn: SSN },
          // "Remember my answers": the applicant vault keeps them too (decision 039), sealed as well
          rememberAnswers: true,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { applicationId, code } = created.json() as { applicationId: string; code: string; revision: number };
      const full = {
        Firstname: 'Cara',
        Lastname: 'Nary',
        PhoneNumber: '(555) 123-4567',
        Email: 'canary@example.com',
        CompanyName: 'Canary Shop',
        owner_ssn: SSN,
        bank_account_number: ACCOUNT,
        tax_id: 'TAX-CANARY',
        more_owners: [{ more_name: 'Otto', more_ssn: OWNER_SSN }],
      };
      const saved = await call({
        method: 'PUT',
        url: `/api/public/applications/${applicationId}/draft?code=${code}`,
        headers: key,
        remoteAddress,
        payload: { data: full, revision: created.json().revision },
      });
      expect(saved.statusCode, saved.body).toBe(200);

      // every read is masked; the masks sent back mean "unchanged"
      const read = await call({ url: `/api/public/applications/${applicationId}?code=${code}`, headers: key });
      expect(read.statusCode, read.body).toBe(200);
      const shown = read.json().data as Record<string, unknown>;
      expect(shown.owner_ssn).toBe(maskValue(SSN));
      expect(shown.bank_account_number).toBe(maskValue(ACCOUNT));
      expect(shown.more_owners).toEqual([{ more_name: 'Otto', more_ssn: maskValue(OWNER_SSN) }]);
      const submitted = await call({
        method: 'POST',
        url: `/api/public/applications/${applicationId}/submit?code=${code}`,
        headers: key,
        remoteAddress,
        payload: { data: { ...shown, Firstname: 'Carla' }, revision: saved.json().revision },
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(submitted.json().status).toBe('pending');
      const after = await call({ url: `/api/public/applications/${applicationId}?code=${code}`, headers: key });
      expect(after.json().data).toMatchObject({ Firstname: 'Carla', owner_ssn: maskValue(SSN) });

      // the values are really stored (sealed): the company's ADMINISTRATOR may reveal them, one at a time
      const reveal = async (p: string) =>
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/applications/${applicationId}/reveal`,
            headers: bearer(a.token),
            payload: { path: p },
          })
        ).json().value;
      expect(await reveal('owner_ssn')).toBe(SSN);
      expect(await reveal('bank_account_number')).toBe(ACCOUNT);
      expect(await reveal('more_owners[0].more_ssn')).toBe(OWNER_SSN);

      // the primary signs with the e-mailed code: the vault takes the answers now (decision 050), and the generated
      // documents (answers and certificate; this form has no PDF template) show the encrypted answers masked
      expect((await signWithMailedCode(t, { applicationId, code, email: 'canary@example.com' })).allSigned).toBe(true);
      const [documentRun] = await t.database.db
        .select({ id: applicationDocumentRuns.id })
        .from(applicationDocumentRuns)
        .where(eq(applicationDocumentRuns.applicationId, applicationId));
      expect((await finishedRun(t, documentRun?.id as string)).status).toBe('done');
      const documents = await call({ url: `/api/applications/${applicationId}/documents`, headers: bearer(a.token) });
      const kinds: string[] = [];
      const documentText: string[] = [];
      for (const d of documents.json().items as { documentId: string; kind: string }[]) {
        kinds.push(d.kind);
        const signedUrl = await call({
          method: 'POST',
          url: `/api/applications/${applicationId}/documents/${d.documentId}/download-url`,
          headers: bearer(a.token),
        });
        const target = new URL(signedUrl.json().url);
        const file = await t.app.inject({ url: target.pathname + target.search });
        expect(file.statusCode).toBe(200);
        documentText.push((await readPdfText(file.rawPayload)).texts.map((x) => x.text).join('\n'));
      }
      expect(kinds.sort()).toEqual(['additional', 'certificate']);
      expect(documentText.join('\n')).toContain(maskValue(SSN));
      expect(documentText.join('\n')).toContain('TAX-CANARY');
      expect(leaksIn(Buffer.from(documentText.join('\n'))), 'generated documents').toEqual([]);

      // the institution's list and its exports (issue 14): the masks, never the values; the xlsx read unzipped
      const client = bearer(a.token);
      const list = await call({ url: '/api/applications', headers: client });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.body).toContain(applicationId);
      const csv = await call({ url: '/api/applications/export?format=csv', headers: client });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body).toContain(maskValue(SSN));
      const xlsx = await t.app.inject({ url: '/api/applications/export?format=xlsx', headers: client });
      expect(xlsx.statusCode).toBe(200);
      const sheet = [...unzip(xlsx.rawPayload).values()].map((part) => part.toString('utf8')).join('\n');
      expect(sheet).toContain(maskValue(SSN));
      answers.push(sheet);

      // integrations (decision 073): a Salesforce connection (consumer key and secret, tokens) and a processor's
      // password in a form's config; answers show masks; turning off mails the platform's admins
      await t.services.auth.ensureAdmin({ email: 'canary-admin@under.test', password: 'Admin12345' });
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/salesforce/add-info',
        headers: client,
        payload: {
          consumerKey: sf.consumerKey,
          consumerSecret: sf.consumerSecret,
          salesForceDomain: 'login.salesforce.com',
        },
      });
      // (not among the answers scanned: the authorize URL carries the consumer key as OAuth's public client_id)
      expect(started.statusCode, started.body).toBe(200);
      const state = new URL(started.json().authorizeUrl).searchParams.get('state') as string;
      const back = await call({ url: `/api/salesforce/callback?code=${sf.approve(state)}&state=${state}` });
      expect(back.headers.location).toBe('/manage-integration?salesforce=connected');
      sf.expireAccessTokens();
      await t.services.integrations.withSession(a.companyId, (s) => sf.listObjects(s));
      const config = await call({
        method: 'POST',
        url: '/api/integrations/config',
        headers: client,
        payload: {
          formId: form.customFormId,
          integrationToActivate: 'cardconnect',
          credentials: { username: 'canary-merchant', password: PROCESSOR_PASSWORD },
        },
      });
      expect(config.json().credentials.password).toBe(maskValue(PROCESSOR_PASSWORD));
      const integrations = await call({ url: '/api/integrations', headers: client });
      expect(integrations.json().integrations[0]).toMatchObject({
        state: 'connected',
        consumerSecret: maskValue(sf.consumerSecret),
      });
      expect(
        (await call({ method: 'PATCH', url: `/api/salesforce/${a.companyId}/turn-off`, headers: client })).statusCode,
      ).toBe(200);
      // a button link's signing secret (decision 084): answered once when made (not among the answers scanned),
      // sealed at rest, masked in every answer after
      const admin = await adminToken(t);
      const link = await t.app.inject({
        method: 'POST',
        url: '/api/admin/button-links',
        headers: bearer(admin),
        payload: { companyId: a.companyId, name: 'Canary hook', buttonLink: 'https://hooks.example.com/under' },
      });
      expect(link.statusCode, link.body).toBe(201);
      const linkSecret = link.json().secret as string;
      const links = await call({ url: '/api/admin/button-links', headers: bearer(admin) });
      expect(links.json().items[0].secretMask).toBe(`••••••••${linkSecret.slice(-4)}`);
      INTEGRATION_SECRETS.push(sf.consumerKey, sf.consumerSecret, ...sf.issued, PROCESSOR_PASSWORD, linkSecret);
      INTEGRATION_SECRETS.push(sf.consumerKey, sf.consumerSecret, ...sf.issued, PROCESSOR_PASSWORD);
      // CardConnect: the six credentials checked by a token, kept sealed, answered as masks, turned off and on
      const ccTokensBefore = CARDCONNECT_TOKENS.length;
      const cc = await call({
        method: 'POST',
        url: '/api/companies/card-connect',
        headers: client,
        payload: CARDCONNECT,
      });
      expect(cc.statusCode, cc.body).toBe(200);
      expect(cc.json().clientSecretKey).toBe(maskValue(CARDCONNECT.clientSecretKey));
      const ccOff = await call({
        method: 'PATCH',
        url: '/api/companies/card-connect/status',
        headers: client,
        payload: { status: 'inactive' },
      });
      expect(ccOff.statusCode, ccOff.body).toBe(200);
      expect((await call({ url: '/api/companies/card-connect', headers: client })).json().state).toBe('turned_off');
      INTEGRATION_SECRETS.push(...Object.values(CARDCONNECT), ...CARDCONNECT_TOKENS);
      expect(CARDCONNECT_TOKENS.length).toBe(ccTokensBefore + 1);
      // KYC's API key (decision 089): checked with the provider, kept sealed, answered as a mask (what a member sees is kyc.routes.test's)
      const kyc = await call({
        method: 'POST',
        url: '/api/companies/kyc',
        headers: client,
        payload: { apiKey: KYC_API_KEY },
      });
      expect(kyc.statusCode, kyc.body).toBe(200);
      expect(kyc.json().apiKey).toBe(maskValue(KYC_API_KEY));
      expect((await call({ url: '/api/companies/kyc', headers: client })).json().apiKey).toBe(maskValue(KYC_API_KEY));
      INTEGRATION_SECRETS.push(KYC_API_KEY);
      // Worldpay/Vantiv: the PayFac user and password kept sealed, answered as masks
      const wp = await call({ method: 'POST', url: '/api/companies/vantiv', headers: client, payload: VANTIV });
      expect(wp.statusCode, wp.body).toBe(200);
      expect(wp.json().password).toBe(maskValue(VANTIV.password));
      expect((await call({ url: '/api/companies/vantiv', headers: client })).json().username).toBe(
        maskValue(VANTIV.username),
      );
      INTEGRATION_SECRETS.push(...Object.values(VANTIV));
      expect(sf.issued.length).toBe(4);

      await t.mailer.settle();
      expect(t.mailer.sent.length).toBeGreaterThan(0);

      // the whole database read back: every table of every schema as JSON text
      const tables = (await t.database.executeSql(
        `select table_schema, table_name from information_schema.tables
         where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
      )) as { rows: { table_schema: string; table_name: string }[] };
      expect(tables.rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining(['applications', 'audit_events', 'applicant_vaults', 'integration_connections']),
      );
      const vaults = (await t.database.executeSql('select entries::text as entries from applicant_vaults')) as {
        rows: { entries: string }[];
      };
      // the vault kept the answers it has dictionary keys for (the system fields here); the scans below cover it
      expect(vaults.rows.length).toBe(1);
      expect(vaults.rows[0]?.entries).toContain('Nary');
      const dump: string[] = [];
      for (const { table_schema, table_name } of tables.rows) {
        const res = (await t.database.executeSql(
          `select coalesce(json_agg(t)::text, '[]') as rows from "${table_schema}"."${table_name}" t`,
        )) as { rows: { rows: string }[] };
        dump.push(`${table_schema}.${table_name} ${res.rows[0]?.rows}`);
      }
      const dumpText = dump.join('\n');
      expect(dumpText).toContain('enc:v1:');
      expect(leaksIn(Buffer.from(dumpText)), 'database content').toEqual([]);

      if (kind === 'postgres') {
        expect(existsSync(PG_DUMP)).toBe(true);
        const name = (
          (await t.database.executeSql('select current_database() as name')) as { rows: { name: string }[] }
        ).rows[0]?.name as string;
        const url = new URL(process.env.TEST_DATABASE_URL as string);
        url.pathname = `/${name}`;
        const { stdout } = await run(PG_DUMP, ['--no-owner', url.toString()], { maxBuffer: 256 * 1024 * 1024 });
        expect(stdout).toContain('enc:v1:');
        expect(stdout).toContain('TAX-CANARY');
        expect(leaksIn(Buffer.from(stdout)), 'pg_dump').toEqual([]);
      }

      expect(t.mailer.sent.some((m) => m.to === 'canary-admin@under.test' && m.subject.includes('Salesforce'))).toBe(
        true,
      );
      expect(leaksIn(Buffer.from(JSON.stringify(t.mailer.sent))), 'mail sent').toEqual([]);
      expect(answers.join('\n')).toContain('TAX-CANARY');
      expect(leaksIn(Buffer.from(answers.join('\n'))), 'API answers').toEqual([]);

      await t.close();
      closed = true;
      expect(logs.length).toBeGreaterThan(0);
      expect(leaksIn(Buffer.from(logs.join('\n'))), 'logs').toEqual([]);

      // every file of the data dir: PGlite's files (tables, indexes, WAL), the outbox, keys and secrets
      const files = filesUnder(t.config.dataDir);
      expect(files.some((f) => f.includes(`${path.sep}outbox${path.sep}`))).toBe(true);
      if (kind === 'pglite') expect(files.some((f) => f.includes(`${path.sep}pglite${path.sep}`))).toBe(true);
      // the scan sees what is there: a plain field's value is found in the files
      let plainSeen = false;
      for (const file of files) {
        const bytes = readFileSync(file);
        expect(leaksIn(bytes), file).toEqual([]);
        if (bytes.includes(Buffer.from('TAX-CANARY'))) plainSeen = true;
      }
      if (kind === 'pglite') expect(plainSeen).toBe(true);
      expect(statSync(path.join(t.config.dataDir, 'keys.json')).mode & 0o777).toBe(0o600);
    } finally {
      if (!closed) await t.close();
    }
  }, 120_000);
});
