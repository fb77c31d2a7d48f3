import { CC_SYNC_WORDS } from '@under/core/integrations/cardconnect-sync-words';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, integrationSyncs } from '../../../db/schema';
import type { Jobs } from '../../../infra/jobs/jobs';
import { createOutbound, DEFAULT_OUTBOUND_ALLOW } from '../../../infra/outbound/outbound';
import { type CardConnectSimulator, startCardConnectSimulator } from '../../../simulators/cardconnect';
import { bearer, type Caller, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/helpers';
import { activeForm, insertApplication } from '../../applications/review/lists.fixtures';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { createCardConnectClient } from '../cardconnect/cardconnect.client';
import type { CardConnectClient } from '../cardconnect/cardconnect.port';
import { CARDCONNECT_TARGET } from './sync.cardconnect';
import { createSyncRepository } from './sync.repository';
import { createIntegrationSyncService, queueSync } from './sync.service';

const APPLICATIONS = 40;
const WORKERS = 5;
const LEASE = 60_000;

/**
 * The kill soak for CardConnect (decision 086), in one process as `sync.soak.test.ts` does for Salesforce: 40
 * applications syncing to the CoPilot simulator through the real client; "processes" killed right after the
 * simulator answered a create, then after any call (a killed process's calls never return, it commits nothing more
 * and renews no lease), and a restarted one resumes. CoPilot cannot be searched, so a create whose answer a kill
 * lost is never sent again: that sync waits for a person (needs attention, in words). Never two merchants for one
 * application; every other sync ends synced with its merchant's id; nothing is left queued or running.
 */
describe.each(testDatabases())('the CardConnect sync soak on %s', (kind) => {
  let t: TestApp;
  let sim: CardConnectSimulator;
  let a: Caller;
  let formId: string;
  let client: CardConnectClient;

  beforeAll(async () => {
    sim = await startCardConnectSimulator();
    const user = sim.state.registerUser({ salesCodes: ['SOAK'], templateIds: ['77'] });
    const outbound = createOutbound({
      allow: DEFAULT_OUTBOUND_ALLOW,
      testHosts: sim.testHosts,
      timeoutMs: 5_000,
      maxBodyBytes: 1_000_000,
    });
    client = createCardConnectClient(outbound, { apiUrl: sim.apiUrl, tokenUrl: sim.tokenUrl });
    t = await createTestApp(kind, {
      outbound,
      cardConnect: client,
      config: { cardConnect: { apiUrl: sim.apiUrl, tokenUrl: sim.tokenUrl } },
    });
    const admin = await adminToken(t);
    const masterId = await publishedMaster(t, admin, { name: 'CC Soak Bank' });
    const fields = [
      { formKey: 'CompanyName', attribute: 'merchant.legalBusinessName' },
      { formKey: 'pseudo.applicationId', attribute: 'merchant.akaBusinessName' },
    ];
    const call = (token: string, method: 'POST', url: string, payload: object) =>
      t.app.inject({ method, url, headers: bearer(token), payload });
    expect((await call(admin, 'POST', `/api/card-connect/mapper/${masterId}`, { fields })).statusCode).toBe(200);
    a = await registerCompany(t, { companyName: 'CC Soak A', membershipId: 'MEMBERSHIP_006' });
    formId = await activeForm(t, a, masterId, 'CC soak form');
    const setup = {
      username: user.username,
      password: user.password,
      saleCode: 'SOAK',
      pricingTemplateId: '77',
      clientSecretKey: user.clientSecret,
      clientId: user.clientId,
    };
    expect((await call(a.token, 'POST', '/api/companies/card-connect', setup)).statusCode).toBe(200);
    const config = { formId, integrationToActivate: 'cardconnect', autoSync: false, activeIntegration: true };
    expect((await call(a.token, 'POST', '/api/integrations/config', config)).statusCode).toBe(200);
    // the instances here are the only workers
    await t.jobs.stop();
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await sim?.stop();
  });

  it(`${APPLICATIONS} applications, kills mid-run: never two merchants, the rest synced`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < APPLICATIONS; i++) {
      const app = await insertApplication(t.database.db, { companyId: a.companyId, customFormId: formId });
      await t.database.db
        .update(applications)
        .set({ data: { CompanyName: `Soak ${i} LLC` } })
        .where(eq(applications.id, app.id));
      ids.push(app.id);
      await queueSync(t.database.db, {
        applicationId: app.id,
        companyId: a.companyId,
        kind: 'cardconnect',
        target: CARDCONNECT_TARGET,
        at: new Date(),
        force: false,
      });
    }
    let clock = Date.now();
    const noJobs = { sendOnce: async () => null, sendManyOnce: async () => undefined } as unknown as Jobs;
    const never = () => new Promise<never>(() => undefined);

    function process_(kill: { after: number; of: string | null } | null) {
      let calls = 0;
      let killed = false;
      const guard =
        <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) =>
        async (...args: A): Promise<R> => {
          if (killed) return never();
          const r = await fn(...args);
          if (kill && (kill.of === null || kill.of === name)) calls++;
          if (kill && calls >= kill.after) killed = true;
          // the answer arrived, the process died before acting on it
          if (killed) return never();
          return r;
        };
      const guarded: CardConnectClient = {
        ...client,
        token: guard('token', client.token),
        createMerchant: guard('createMerchant', client.createMerchant),
        updateMerchant: guard('updateMerchant', client.updateMerchant),
        status: guard('status', client.status),
      };
      const syncs = createIntegrationSyncService({
        db: t.database.db,
        jobs: noJobs,
        log: t.app.log,
        now: () => clock,
        forms: { grantedMasterFormIds: async () => undefined },
        applications: t.services.applicationDetail,
        notifications: { syncFailed: async () => [], dispatch: async () => undefined },
        salesforce: () => {
          throw new Error('not used');
        },
        cardConnect: () => ({
          client: guarded,
          setupFor: (companyId) => t.services.cardConnect.setupFor(companyId),
          mappingFor: (masterFormId) => t.services.cardConnect.mappingFor(masterFormId),
        }),
        leaseMs: LEASE,
        afterProvider: async () => (killed ? never() : undefined),
      });
      async function run(): Promise<'killed' | 'idle'> {
        await syncs.resume();
        const queue: string[] = [];
        const worker = async () => {
          for (;;) {
            if (killed) return;
            if (queue.length === 0) {
              queue.push(...(await createSyncRepository(t.database.db).listDue(new Date(clock), 20)));
              if (queue.length === 0) return;
            }
            await syncs.runSync(queue.shift() as string);
          }
        };
        const workers = Array.from({ length: WORKERS }, worker);
        const killedNow = new Promise<'killed'>((resolve) => {
          const check = setInterval(() => {
            if (killed) {
              clearInterval(check);
              syncs.stop();
              resolve('killed');
            }
          }, 5);
          void Promise.all(workers).then(() => clearInterval(check));
        });
        const idle = await Promise.race([Promise.all(workers).then(() => 'idle' as const), killedNow]);
        syncs.stop();
        return idle;
      }
      return { run };
    }

    // killed right after the simulator answered a create, then after any call
    for (const kill of [
      { after: 8, of: 'createMerchant' },
      { after: 20, of: null },
    ]) {
      expect(await process_(kill).run()).toBe('killed');
      // the next start: the killed process's leases run out (it renews none)
      clock += LEASE + 1;
    }
    expect(await process_(null).run()).toBe('idle');

    const rows = await t.database.db
      .select()
      .from(integrationSyncs)
      .where(inArray(integrationSyncs.applicationId, ids));
    expect(rows).toHaveLength(APPLICATIONS);
    const merchants = sim.state.merchants();
    const merchantsOf = (id: string) => merchants.filter((m) => m.merchant.akaBusinessName === id);
    // never two merchants for one application, and never a create sent twice
    for (const id of ids) expect(merchantsOf(id).length).toBeLessThanOrEqual(1);
    expect(sim.state.stats().creates).toBe(merchants.length);
    expect(rows.filter((r) => r.state === 'queued' || r.state === 'running')).toEqual([]);
    const synced = rows.filter((r) => r.state === 'synced');
    for (const r of synced) expect(merchantsOf(r.applicationId)[0]?.merchantId).toBe(r.providerRecordId);
    // each create a kill cut short waits for a person (its merchant made, or the request never sent: we cannot
    // tell, and CoPilot cannot be searched)
    const waiting = rows.filter((r) => r.state !== 'synced');
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    // each of the two kills cuts short at most one create per worker: the rest synced
    expect(waiting.length).toBeLessThanOrEqual(2 * WORKERS);
    expect(synced.length).toBeGreaterThanOrEqual(APPLICATIONS - 2 * WORKERS);
    for (const r of waiting) {
      expect(r).toMatchObject({
        state: 'needs_attention',
        createPending: true,
        lastError: CC_SYNC_WORDS.uncertainCreate,
      });
    }
    expect(synced.length + waiting.length).toBe(APPLICATIONS);
    // at least the create whose answer the first kill lost was made
    const made = waiting.filter((r) => merchantsOf(r.applicationId).length === 1);
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(merchants.length).toBe(synced.length + made.length);
  }, 300_000);
});
