// Issue #23 §7: 1,000 submitted applications synced to the Salesforce simulator answering in 20 ms, through every real
// part (outbound client, Salesforce client, connections, mapping, durable sync and its pg-boss worker). Figures:
// applications synced per second, p50/p99 per sync (the attempts' started/finished), and the API's p99 meanwhile
// (a signed-in `GET /api/applications?page=1` at a fixed rate, from a load process of its own) beside the same
// load's p99 measured in the same run before the syncs start. Targets: >= 50 syncs/s; API p99 under sync <= 2x idle.
// PGlite, and PostgreSQL too when TEST_DATABASE_URL is set (scripts/with-postgres.sh); BENCH_DB picks one.
// BENCH_SYNC_N (default 1000) applications; BENCH_SECONDS (default 5: within the syncs' window) per load;
// BENCH_RATE (default 100) req/s.
//
// How the syncs are held until all are queued: the applications are submitted through the public API and their
// events queue the syncs as in production, but the bench's Salesforce client waits at a gate before any data call
// until the last application is submitted, so the figures measure the syncs and not the submits. The few syncs a
// worker claimed before the gate opened are left out of the per-sync figures (their wait is the gate's).
import { cpus, loadavg } from 'node:os';
import { and, count, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import { poolSizeOf } from '../packages/server/src/db/client';
import { integrationSyncAttempts, integrationSyncs } from '../packages/server/src/db/schema/index';
import { createOutbound, DEFAULT_OUTBOUND_ALLOW } from '../packages/server/src/infra/outbound/outbound';
import { activeForm } from '../packages/server/src/modules/applications/review/lists.fixtures';
import { adminToken, publishedMaster } from '../packages/server/src/modules/custom-forms/custom-forms.fixtures';
import { createCardConnectClient } from '../packages/server/src/modules/integrations/cardconnect/cardconnect.client';
import type { CardConnectClient } from '../packages/server/src/modules/integrations/cardconnect/cardconnect.port';
import { createSalesforceClient } from '../packages/server/src/modules/integrations/salesforce/salesforce.client';
import type { SalesforceClient } from '../packages/server/src/modules/integrations/salesforce/salesforce.port';
import { leadMapping } from '../packages/server/src/modules/integrations/sync/sync.fixtures';
import { startCardConnectSimulator } from '../packages/server/src/simulators/cardconnect';
import { consentInSimulator, startSalesforceSimulator } from '../packages/server/src/simulators/salesforce';
import { bearer, registerCompany } from '../packages/server/src/test/accounts';
import { createTestApp, uniqueAddress, uniqueEmail } from '../packages/server/src/test/helpers';
import { benchDatabases, loadInChild } from './_server';

const N = Number(process.env.BENCH_SYNC_N ?? 1000);
/** CardConnect's share (decision 086): applications synced to the CoPilot simulator after Salesforce's. */
const CC_N = Number(process.env.BENCH_CC_N ?? 300);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const LATENCY_MS = 20;
/** Submits in flight at once while the applications are made. */
const SUBMITTERS = 8;
/** Applications per form (a form takes 500 new ones an hour). */
const PER_FORM = 400;
const verdicts: string[] = [];

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function measure(kind: 'pglite' | 'postgres') {
  const sim = await startSalesforceSimulator({ latencyMs: LATENCY_MS });
  const outbound = createOutbound({
    allow: DEFAULT_OUTBOUND_ALLOW,
    testHosts: sim.testHosts,
    timeoutMs: 10_000,
    maxBodyBytes: 1_000_000,
  });
  const real = createSalesforceClient(outbound);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  // the real client; its data calls wait for the gate (OAuth, describe and the object list do not)
  const client: SalesforceClient = {
    authorizeUrl: (...a) => real.authorizeUrl(...a),
    exchangeCode: (...a) => real.exchangeCode(...a),
    refresh: (...a) => real.refresh(...a),
    revoke: (...a) => real.revoke(...a),
    listObjects: (...a) => real.listObjects(...a),
    describe: (...a) => real.describe(...a),
    upsert: async (...a) => gate.then(() => real.upsert(...a)),
    create: async (...a) => gate.then(() => real.create(...a)),
    update: async (...a) => gate.then(() => real.update(...a)),
    findIds: async (...a) => gate.then(() => real.findIds(...a)),
  };
  // the pool `npm start` gets on PostgreSQL (DATABASE_POOL_SIZE, default 10); PGlite in files, as `npm start`
  const t = await createTestApp(kind, {
    outbound,
    salesforce: client,
    pgliteFiles: true,
    poolSize: poolSizeOf(process.env.DATABASE_POOL_SIZE),
  });
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const simApp = sim.state.registerApp({ callbackUrl: `${t.config.publicUrl}/api/salesforce/callback` });

    // a company connected to the simulator through its consent page, a form mapped to Lead in auto-sync
    const admin = await adminToken(t);
    const masterId = await publishedMaster(t, admin, {
      name: 'Bench Sync Bank',
      extra: [{ type: 'textfield', key: 'bank_name', label: 'Bank name', input: true }],
    });
    const a = await registerCompany(t, { companyName: 'Bench Sync Bank', membershipId: 'MEMBERSHIP_006' });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/salesforce/add-info',
      headers: bearer(a.token),
      payload: {
        consumerKey: simApp.consumerKey,
        consumerSecret: simApp.consumerSecret,
        salesForceDomain: sim.loginUrl,
      },
    });
    if (started.statusCode !== 200) throw new Error(`add-info: ${started.body}`);
    const back = await consentInSimulator(started.json().authorizeUrl);
    const done = await t.app.inject({ url: `${back.pathname}${back.search}` });
    if (done.headers.location !== '/manage-integration?salesforce=connected') throw new Error('not connected');
    // a form takes 500 new applications an hour (decision 036): the applications are spread over several forms
    const mapping = leadMapping({ fields: [...leadMapping().fields, { formKey: 'Email', sfField: 'Email' }] });
    const formIds: string[] = [];
    for (let f = 0; f < Math.ceil(N / PER_FORM); f++) {
      const formId = await activeForm(t, a, masterId, `Bench sync form ${f + 1}`);
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/salesforce/mapping/${formId}`,
        headers: bearer(a.token),
        payload: mapping,
      });
      if (saved.statusCode !== 200) throw new Error(`mapping: ${saved.body}`);
      formIds.push(formId);
    }

    // N applications submitted through the public API; each submit's event queues its sync (held at the gate)
    const headers = { 'x-api-key': t.config.secrets.publicApiKey };
    const t0 = performance.now();
    let next = 0;
    const submitters = Array.from({ length: SUBMITTERS }, async () => {
      while (next < N) {
        const i = next++;
        const remoteAddress = uniqueAddress();
        const draft = await t.app.inject({
          method: 'POST',
          url: '/api/public/applications/drafts',
          headers,
          payload: {
            customFormId: formIds[i % formIds.length],
            email: uniqueEmail('sync'),
            data: { bank_name: 'Bench' },
          },
          remoteAddress,
        });
        if (draft.statusCode !== 201) throw new Error(`draft: ${draft.body}`);
        const { applicationId, code } = draft.json() as { applicationId: string; code: string };
        const submit = await t.app.inject({
          method: 'POST',
          url: `/api/public/applications/${applicationId}/submit?code=${code}`,
          headers,
          payload: {
            data: {
              Firstname: 'Ada',
              Lastname: `Lovelace ${i}`,
              PhoneNumber: '(555) 123-4567',
              Email: `ada.${i}@example.com`,
              CompanyName: `Analytical Engines ${i}`,
              bank_name: 'Bench',
            },
            revision: 1,
          },
          remoteAddress,
        });
        if (submit.statusCode !== 200) throw new Error(`submit: ${submit.body}`);
      }
    });
    await Promise.all(submitters);
    await t.events.drain();
    const db = t.database.db;
    const rows = async (state?: string) => {
      const [r] = await db
        .select({ n: count() })
        .from(integrationSyncs)
        .where(state ? eq(integrationSyncs.state, state) : undefined);
      return r?.n ?? 0;
    };
    while ((await rows()) < N) await new Promise((r) => setTimeout(r, 200));
    const madeS = (performance.now() - t0) / 1000;
    // the submits' mail (resume links, confirmations) sent and their events delivered: the idle figure is idle
    await t.mailer.settle();
    console.log(
      `\n${kind}: ${N} applications submitted and their syncs queued in ${madeS.toFixed(1)} s (${SUBMITTERS} at a time); load average ${load()}`,
    );

    // the API's idle p99 (the same read, the same rate, the same database), then the same load while the syncs run
    const job = {
      url,
      path: '/api/applications?page=1',
      connections: 10,
      duration,
      overallRate: RATE,
      headers: bearer(a.token),
    };
    const idle = await loadInChild({ ...job, name: 'GET /api/applications?page=1, idle' });
    const opened = new Date();
    const tOpen = performance.now();
    const busyLoad = loadInChild({ ...job, name: 'GET /api/applications?page=1, syncing' });
    open();
    let syncedAt = 0;
    for (;;) {
      if ((await rows('synced')) >= N) {
        syncedAt = performance.now();
        break;
      }
      if (performance.now() - tOpen > 15 * 60_000) throw new Error('the syncs did not finish within 15 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    const syncS = (syncedAt - tOpen) / 1000;
    const busy = await busyLoad;
    const loadAfter = load();

    const attempts = await db
      .select({ startedAt: integrationSyncAttempts.startedAt, finishedAt: integrationSyncAttempts.finishedAt })
      .from(integrationSyncAttempts)
      .where(and(isNotNull(integrationSyncAttempts.finishedAt), gte(integrationSyncAttempts.startedAt, opened)));
    const [all] = await db.select({ n: count() }).from(integrationSyncAttempts);
    const ms = attempts.map((x) => (x.finishedAt as Date).getTime() - x.startedAt.getTime());
    const stats = (await (await fetch(`${sim.instanceUrl}/__sim/stats`)).json()) as {
      creates: Record<string, number>;
      apiCalls: number;
    };
    const perS = N / syncS;
    const ratio = busy.p99 / Math.max(idle.p99, 0.1);
    console.log(`  syncs: ${N} synced in ${syncS.toFixed(1)} s after the gate opened: ${perS.toFixed(1)} syncs/s`);
    console.log(
      `  per sync (attempt started -> finished, ${ms.length} of ${all?.n ?? 0} attempts; those claimed before the gate left out): p50 ${quantile(ms, 0.5)} ms, p99 ${quantile(ms, 0.99)} ms`,
    );
    console.log(
      `  simulator /__sim/stats: creates.Lead ${stats.creates.Lead ?? 0} (expected ${N}), API calls ${stats.apiCalls}`,
    );
    console.log(
      `  ${'load'.padEnd(40)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'non-2xx'.padStart(9)}`,
    );
    for (const f of [idle, busy]) {
      console.log(
        `  ${f.name.padEnd(40)}${String(f.rps).padStart(8)}${String(f.p50).padStart(8)}${String(f.p99).padStart(8)}${String(f.errors).padStart(9)}`,
      );
    }
    const covered = Math.min(syncS, duration);
    console.log(
      `  the syncing load ran ${duration} s at ${RATE} req/s; the syncs ran during ${covered.toFixed(1)} s of it; load average ${loadAfter} (${cpus().length} cores)`,
    );
    const createsOk = (stats.creates.Lead ?? 0) === N;
    verdicts.push(
      `${kind}: ${perS.toFixed(1)} syncs/s (target >= 50) -> ${perS >= 50 ? 'met' : 'NOT met'}; API p99 ${busy.p99} ms under sync vs ${idle.p99} ms idle = ${ratio.toFixed(1)}x (target <= 2x) -> ${ratio <= 2 ? 'met' : 'NOT met'}; ${createsOk ? `${N} Leads created once each` : 'Lead creates differ from the applications: WRONG'}`,
    );
  } finally {
    open();
    await t.close();
    await sim.stop();
  }
}

/**
 * CardConnect beside Salesforce (decision 086): CC_N applications submitted to forms whose CardConnect config says
 * auto-sync, held at a gate until all are queued, then created at the CoPilot simulator (20 ms) through the real
 * client, the sealed credentials and the template's mapping. Figures: syncs/s, p50/p99 per sync, one merchant each.
 */
async function measureCardConnect(kind: 'pglite' | 'postgres') {
  if (CC_N <= 0) return;
  const sim = await startCardConnectSimulator({ latencyMs: LATENCY_MS });
  const user = sim.state.registerUser({ salesCodes: ['BENCH'], templateIds: ['500'] });
  const outbound = createOutbound({
    allow: DEFAULT_OUTBOUND_ALLOW,
    testHosts: sim.testHosts,
    timeoutMs: 10_000,
    maxBodyBytes: 1_000_000,
  });
  const endpoints = { apiUrl: sim.apiUrl, tokenUrl: sim.tokenUrl };
  const real = createCardConnectClient(outbound, endpoints);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const client: CardConnectClient = {
    ...real,
    createMerchant: async (...a) => gate.then(() => real.createMerchant(...a)),
    updateMerchant: async (...a) => gate.then(() => real.updateMerchant(...a)),
    status: async (...a) => gate.then(() => real.status(...a)),
  };
  const t = await createTestApp(kind, {
    outbound,
    cardConnect: client,
    config: { cardConnect: endpoints },
    pgliteFiles: true,
    poolSize: poolSizeOf(process.env.DATABASE_POOL_SIZE),
  });
  try {
    const admin = await adminToken(t);
    const masterId = await publishedMaster(t, admin, { name: 'Bench CardConnect Bank' });
    const post = async (token: string, url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
    };
    await post(admin, `/api/card-connect/mapper/${masterId}`, {
      fields: [
        { formKey: 'CompanyName', attribute: 'merchant.legalBusinessName' },
        { formKey: 'PhoneNumber', attribute: 'merchant.demographic.businessPhone' },
        { formKey: 'Email', attribute: 'merchant.ownership.owner.ownerEmail' },
        { formKey: 'pseudo.applicationId', attribute: 'merchant.akaBusinessName' },
      ],
    });
    const a = await registerCompany(t, { companyName: 'Bench CardConnect Bank', membershipId: 'MEMBERSHIP_006' });
    await post(a.token, '/api/companies/card-connect', {
      username: user.username,
      password: user.password,
      saleCode: 'BENCH',
      pricingTemplateId: '500',
      clientSecretKey: user.clientSecret,
      clientId: user.clientId,
    });
    const formIds: string[] = [];
    for (let f = 0; f < Math.ceil(CC_N / PER_FORM); f++) {
      const formId = await activeForm(t, a, masterId, `Bench CardConnect form ${f + 1}`);
      await post(a.token, '/api/integrations/config', {
        formId,
        integrationToActivate: 'cardconnect',
        autoSync: true,
        activeIntegration: true,
      });
      formIds.push(formId);
    }
    const headers = { 'x-api-key': t.config.secrets.publicApiKey };
    let next = 0;
    await Promise.all(
      Array.from({ length: SUBMITTERS }, async () => {
        while (next < CC_N) {
          const i = next++;
          const remoteAddress = uniqueAddress();
          const draft = await t.app.inject({
            method: 'POST',
            url: '/api/public/applications/drafts',
            headers,
            payload: { customFormId: formIds[i % formIds.length], email: uniqueEmail('cc'), data: {} },
            remoteAddress,
          });
          if (draft.statusCode !== 201) throw new Error(`draft: ${draft.body}`);
          const { applicationId, code } = draft.json() as { applicationId: string; code: string };
          const submit = await t.app.inject({
            method: 'POST',
            url: `/api/public/applications/${applicationId}/submit?code=${code}`,
            headers,
            payload: {
              data: {
                Firstname: 'Ada',
                Lastname: `Lovelace ${i}`,
                PhoneNumber: '(555) 123-4567',
                Email: `ada.${i}@example.com`,
                CompanyName: `Analytical Engines ${i} LLC`,
              },
              revision: 1,
            },
            remoteAddress,
          });
          if (submit.statusCode !== 200) throw new Error(`submit: ${submit.body}`);
        }
      }),
    );
    await t.events.drain();
    const db = t.database.db;
    const rows = async (state?: string) => {
      const [r] = await db
        .select({ n: count() })
        .from(integrationSyncs)
        .where(
          state
            ? and(eq(integrationSyncs.kind, 'cardconnect'), eq(integrationSyncs.state, state))
            : eq(integrationSyncs.kind, 'cardconnect'),
        );
      return r?.n ?? 0;
    };
    while ((await rows()) < CC_N) await new Promise((r) => setTimeout(r, 200));
    await t.mailer.settle();
    const opened = new Date();
    const tOpen = performance.now();
    open();
    // a sync that ends needing attention or failed is over too: waiting for it to be synced would hang to the bound
    const ended = async () => (await rows('synced')) + (await rows('needs_attention')) + (await rows('failed'));
    while ((await ended()) < CC_N) {
      if (performance.now() - tOpen > 15 * 60_000) throw new Error('the CardConnect syncs did not finish in 15 min');
      await new Promise((r) => setTimeout(r, 100));
    }
    const syncS = (performance.now() - tOpen) / 1000;
    const unsynced = await db
      .select({ state: integrationSyncs.state, lastError: integrationSyncs.lastError, n: count() })
      .from(integrationSyncs)
      .where(
        and(eq(integrationSyncs.kind, 'cardconnect'), inArray(integrationSyncs.state, ['needs_attention', 'failed'])),
      )
      .groupBy(integrationSyncs.state, integrationSyncs.lastError);
    for (const u of unsynced) console.log(`${kind} CardConnect: ${u.n} ${u.state}: ${u.lastError ?? '(no words)'}`);
    const notSynced = unsynced.reduce((n, u) => n + Number(u.n), 0);
    const attempts = await db
      .select({ startedAt: integrationSyncAttempts.startedAt, finishedAt: integrationSyncAttempts.finishedAt })
      .from(integrationSyncAttempts)
      .where(and(isNotNull(integrationSyncAttempts.finishedAt), gte(integrationSyncAttempts.startedAt, opened)));
    const ms = attempts.map((x) => (x.finishedAt as Date).getTime() - x.startedAt.getTime());
    const merchants = sim.state.merchants();
    const apps = new Set(merchants.map((m) => m.merchant.akaBusinessName));
    const perS = CC_N / syncS;
    const once = sim.state.stats().creates === CC_N && apps.size === CC_N;
    console.log(
      `\n${kind} CardConnect: ${CC_N} synced in ${syncS.toFixed(1)} s after the gate opened: ${perS.toFixed(1)} syncs/s; per sync p50 ${quantile(ms, 0.5)} ms, p99 ${quantile(ms, 0.99)} ms (${ms.length} attempts); simulator creates ${sim.state.stats().creates}, token calls ${sim.state.stats().tokenCalls}; load average ${load()}`,
    );
    verdicts.push(
      `${kind} CardConnect: ${perS.toFixed(1)} syncs/s (target >= 50) -> ${perS >= 50 && notSynced === 0 ? 'met' : 'NOT met'}; ${once ? `${CC_N} merchants created once each` : 'merchant creates differ from the applications: WRONG'}${notSynced ? `; ${notSynced} ended needs_attention/failed: WRONG` : ''}`,
    );
  } finally {
    open();
    await t.close();
    await sim.stop();
  }
}

const only = process.env.BENCH_DB;
console.log(
  `sync bench: ${N} applications, simulator answering in ${LATENCY_MS} ms, ${process.platform} ${process.arch}`,
);
for (const kind of benchDatabases().filter((k) => !only || k === only)) {
  if (N > 0) await measure(kind);
  await measureCardConnect(kind);
}
console.log(`\n${verdicts.join('\n')}`);
if (!process.env.TEST_DATABASE_URL) console.log('(set TEST_DATABASE_URL to measure PostgreSQL in the same run)');
