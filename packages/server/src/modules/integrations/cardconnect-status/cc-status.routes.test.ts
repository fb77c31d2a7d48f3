import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { CC_STATUS_TEXT } from '@under/core/ui-text/cardconnect-status';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditEvents,
  cardConnectStatuses,
  cardConnectTemplateMappings,
  integrationSyncs,
  masterForms,
  pdfTemplates,
} from '../../../db/schema';
import { createOutbound, DEFAULT_OUTBOUND_ALLOW } from '../../../infra/outbound/outbound';
import { type CardConnectSimulator, type CcSimUser, startCardConnectSimulator } from '../../../simulators/cardconnect';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/helpers';
import { activeForm, insertApplication } from '../../applications/review/lists.fixtures';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { createCardConnectClient } from '../cardconnect/cardconnect.client';
import { type CardConnectClient, CardConnectError, type CardConnectToken } from '../cardconnect/cardconnect.port';
import { until } from '../sync/sync.fixtures';
import { isFinalBoarding, PENDING_DELAY_MS, POLL_DELAYS_MS, pollDelay } from './cc-status.service';

const EXTRA = [{ type: 'textfield', key: 'bank_name', label: 'Doing business as', input: true }];

describe('the poll back-off and final states (decision 087)', () => {
  it('waits longer while nothing changes, at most 6 h; LIVE, DECLINED and CANCELLED are final, BOARDED is not', () => {
    expect([0, 1, 2, 3, 8, 50].map(pollDelay)).toEqual([60_000, 120_000, 300_000, 600_000, 21_600_000, 21_600_000]);
    expect(POLL_DELAYS_MS.every((d, i) => i === 0 || d > (POLL_DELAYS_MS[i - 1] as number))).toBe(true);
    expect(['LIVE', 'DECLINED', 'CANCELLED'].every(isFinalBoarding)).toBe(true);
    expect(['INPROG', 'OFS', 'QUALIFY', 'UNDER', 'BOARDING', 'BOARDED'].some(isFinalBoarding)).toBe(false);
  });
});

/**
 * The application's CardConnect status (issue #24 §1 Status; decision 087) through the app: the real client on the
 * real outbound client against the loopback simulator (not CardConnect); the merchant made at the simulator through
 * the client and its id written into the CardConnect sync's row as the sync (another part) does; the poll runs on
 * the app's pg-boss.
 */
describe.each(testDatabases())('CardConnect status on %s', (kind) => {
  let t: TestApp;
  let sim: CardConnectSimulator;
  let user: CcSimUser;
  let simClient: CardConnectClient;
  let a: Caller;
  let b: Caller;
  let formId: string;
  let masterId: string;
  /** Errors the app's client throws on its next status calls (the simulator never refuses a status read). */
  const injected: CardConnectError[] = [];

  beforeAll(async () => {
    sim = await startCardConnectSimulator();
    user = sim.state.registerUser({
      username: 'status-api-user',
      password: 'Copilot-Pass-1',
      clientId: 'merchapi-status',
      clientSecret: 'Client-Secret-Key-88',
      salesCodes: ['API1'],
      templateIds: ['4242'],
    });
    const outbound = createOutbound({
      allow: DEFAULT_OUTBOUND_ALLOW,
      testHosts: sim.testHosts,
      timeoutMs: 5_000,
      maxBodyBytes: 1_000_000,
    });
    const endpoints = { apiUrl: sim.apiUrl, tokenUrl: sim.tokenUrl };
    simClient = createCardConnectClient(outbound, endpoints);
    const real = createCardConnectClient(outbound, endpoints);
    t = await createTestApp(kind, {
      outbound,
      config: { cardConnect: endpoints },
      cardConnect: {
        ...real,
        async status(tk: CardConnectToken, id: string) {
          const e = injected.shift();
          if (e) throw e;
          return real.status(tk, id);
        },
      },
    });
    const admin = await adminToken(t);
    masterId = await publishedMaster(t, admin, { name: 'CC Status Bank', extra: EXTRA });
    const mapped = await t.app.inject({
      method: 'POST',
      url: `/api/card-connect/mapper/${masterId}`,
      headers: bearer(admin),
      payload: { fields: [{ formKey: 'bank_name', attribute: 'merchant.dbaName' }] },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    a = await registerCompany(t, { companyName: 'CC Status A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'CC Status B', membershipId: 'MEMBERSHIP_006' });
    formId = await activeForm(t, a, masterId, 'CC status form');
    const connected = await t.app.inject({
      method: 'POST',
      url: '/api/companies/card-connect',
      headers: bearer(a.token),
      payload: {
        username: user.username,
        password: user.password,
        saleCode: 'API1',
        pricingTemplateId: '4242',
        clientSecretKey: user.clientSecret,
        clientId: user.clientId,
      },
    });
    expect(connected.statusCode, connected.body).toBe(200);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await sim?.stop();
  });
  beforeEach(() => {
    sim.state.failNext(0);
    injected.length = 0;
    t.clock.offsetMs = 0;
  });

  const get = (id: string, c: Caller = a) =>
    t.app.inject({ method: 'GET', url: `/api/applications/${id}/cc-status`, headers: bearer(c.token) });
  const refresh = (id: string, c: Caller = a) =>
    t.app.inject({ method: 'POST', url: `/api/applications/${id}/cc-status/refresh`, headers: bearer(c.token) });
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(cardConnectStatuses).where(eq(cardConnectStatuses.applicationId, id)))[0];

  /** A submitted application of company A. */
  const application = async () =>
    (await insertApplication(t.database.db, { companyId: a.companyId, customFormId: formId })).id;

  /** A merchant at the simulator (through the real client) whose id the CardConnect sync's row holds. */
  async function sent(applicationId: string) {
    const tk = await simClient.token({
      username: user.username,
      password: user.password,
      clientId: user.clientId,
      clientSecret: user.clientSecret,
    });
    const { merchantId } = await simClient.createMerchant(tk, {
      templateId: '4242',
      merchant: {
        salesCode: 'API1',
        dbaName: 'The Card Shoppe',
        legalBusinessName: 'The Card Shoppe LLC',
        demographic: { businessAddress: { address1: '1 Main St', city: 'Denver', stateCd: 'CO', zip: '80202' } },
        ownership: { owner: { ownerName: 'Ada Owner', ownerEmail: 'ada@example.com' } },
      },
    });
    const at = new Date();
    await t.database.db.insert(integrationSyncs).values({
      id: randomUUID(),
      applicationId,
      companyId: a.companyId,
      kind: 'cardconnect',
      target: 'merchant',
      state: 'synced',
      providerRecordId: merchantId,
      syncedAt: at,
      createdAt: at,
      updatedAt: at,
    });
    return { merchantId, token: tk };
  }

  it('answers "not sent to CardConnect yet" without a merchant id', async () => {
    const id = await application();
    const res = await get(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      configured: true,
      sent: false,
      merchantId: null,
      boardingStatus: null,
      message: CC_STATUS_TEXT.notSent,
    });
    expect(await rowOf(id)).toBeUndefined();
  });

  it('follows a new merchant with the durable poll; Refresh shows signature and boarding moving, each change kept', async () => {
    const id = await application();
    const { merchantId, token } = await sent(id);
    // the first look follows the merchant; the poll's job checks it at once
    expect((await get(id)).json()).toMatchObject({ sent: true, merchantId });
    const first = await until('the first check', async () => (await rowOf(id))?.lastCheckedAt && (await rowOf(id)));
    expect(first).toMatchObject({ boardingStatusCd: 'INPROG', signatureStatusCd: 'NOT_SENT', final: false });
    // the next check is a minute later (back-off from the first change)
    expect(first.nextCheckAt?.getTime()).toBeGreaterThan(Date.now() + 50_000);

    await simClient.requestSignature(token, merchantId);
    let view = (await refresh(id)).json();
    expect(view).toMatchObject({ boardingStatus: 'Out for signature', signatureStatus: 'Pending', message: null });
    sim.state.sign(merchantId);
    view = (await refresh(id)).json();
    expect(view).toMatchObject({
      boardingStatusCd: 'QUALIFY',
      boardingStatus: 'Qualifying',
      signatureStatusCd: 'SIGNED',
      signatureStatus: 'Signed',
      final: false,
    });
    expect(view.history.map((h: { boardingStatus: string }) => h.boardingStatus)).toEqual([
      'Qualifying',
      'Out for signature',
      'In progress',
    ]);
    // a check that sees no change keeps no change and waits longer
    const quiet = (await refresh(id)).json();
    expect(quiet.history).toHaveLength(3);
    expect((await rowOf(id))?.quietChecks).toBe(1);
    // the boarding changes are in the application's history
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.applicationId, id), eq(auditEvents.action, 'application.cardconnect-status')));
    expect(events.map((e) => (e.details as { to: string }).to).sort()).toEqual(['INPROG', 'OFS', 'QUALIFY']);
  });

  it('says "still processing, try again" while the provider is pending, and stops polling at a final state', async () => {
    const id = await application();
    const { merchantId } = await sent(id);
    await get(id);
    await until('the first check', async () => (await rowOf(id))?.lastCheckedAt);
    sim.state.setPending(merchantId, true);
    const pending = (await refresh(id)).json();
    expect(pending).toMatchObject({ pending: true, message: CC_STATUS_TEXT.stillProcessing });
    expect(new Date(pending.nextCheckAt).getTime()).toBeLessThanOrEqual(Date.now() + 61_000);
    sim.state.setPending(merchantId, false);
    sim.state.advance(merchantId, 'DECLINED');
    const final = (await refresh(id)).json();
    expect(final).toMatchObject({ boardingStatus: 'Declined', final: true, nextCheckAt: null, pending: false });
    // a final merchant is never due: the sweep and the job leave it alone, however late it is
    t.clock.offsetMs = 7 * 86_400_000;
    const calls = sim.state.stats().apiCalls;
    await t.services.ccStatus.sweep();
    await t.services.ccStatus.check(id);
    expect(sim.state.stats().apiCalls).toBe(calls);
  });

  it('a merchant the sweep finds is checked without anyone looking; a check cut short is resumed after its lease', async () => {
    const id = await application();
    await sent(id);
    await t.services.ccStatus.sweep();
    await until('the swept check', async () => (await rowOf(id))?.lastCheckedAt);
    // a worker that died holding the check: the row's next check is the lease's end
    await t.database.db
      .update(cardConnectStatuses)
      .set({ nextCheckAt: new Date(Date.now() + 60_000), boardingStatusCd: null })
      .where(eq(cardConnectStatuses.applicationId, id));
    expect(await t.services.ccStatus.resume()).toBe(0);
    t.clock.offsetMs = 120_000;
    expect(await t.services.ccStatus.resume()).toBeGreaterThanOrEqual(1);
    await until('the resumed check', async () => (await rowOf(id))?.boardingStatusCd === 'INPROG');
  });

  it('the provider down keeps the last status and says so; refused fields are named by their form labels', async () => {
    const id = await application();
    await sent(id);
    await refresh(id);
    sim.state.failNext(3);
    const down = (await refresh(id)).json();
    expect(down).toMatchObject({ boardingStatus: 'In progress', message: CC_STATUS_TEXT.unavailable });
    sim.state.failNext(0);
    injected.push(
      new CardConnectError('invalid_data', '1113 dba', 400, [
        { code: '1113', message: 'dbaName is invalid', errorField: 'merchant.dbaName', status: 'BAD_REQUEST' },
      ]),
    );
    const refused = (await refresh(id)).json();
    expect(refused.message).toBe(CC_STATUS_TEXT.invalidData);
    expect(refused.problems).toEqual([{ field: 'Doing business as', message: expect.stringContaining('100') }]);
    const ok = (await refresh(id)).json();
    expect(ok).toMatchObject({ message: null, problems: [] });
  });

  it('a "still processing" (409) answer is looked at again soon, not on the long back-off', async () => {
    const id = await application();
    await sent(id);
    await refresh(id);
    // many quiet checks: the back-off is at its 6 h
    await t.database.db
      .update(cardConnectStatuses)
      .set({ quietChecks: 20 })
      .where(eq(cardConnectStatuses.applicationId, id));
    injected.push(new CardConnectError('pending', 'status 409', 409));
    const pending = (await refresh(id)).json();
    expect(pending).toMatchObject({ pending: true, message: CC_STATUS_TEXT.stillProcessing });
    expect(new Date(pending.nextCheckAt).getTime()).toBeLessThanOrEqual(Date.now() + PENDING_DELAY_MS + 1_000);
  });

  it("refused fields keep the form's labels when the mapping is the one its template carries (isCloneCcMapper)", async () => {
    const admin = await adminToken(t);
    const cloneMaster = await publishedMaster(t, admin, {
      name: 'CC Status Clone',
      extra: [{ type: 'textfield', key: 'trade', label: 'Trading name', input: true }],
    });
    const [template] = await t.database.db
      .insert(pdfTemplates)
      .values({ name: `CC clone ${randomUUID()}`, fileKey: 'templates/test/none.pdf', fileSize: 1, pages: [] })
      .returning();
    await t.database.db.update(masterForms).set({ templateId: template?.id }).where(eq(masterForms.id, cloneMaster));
    await t.database.db.insert(cardConnectTemplateMappings).values({
      templateId: template?.id as string,
      fields: [{ formKey: 'trade', attribute: 'merchant.dbaName' }],
    });
    const cloneForm = await activeForm(t, a, cloneMaster, 'CC status clone form');
    const id = (await insertApplication(t.database.db, { companyId: a.companyId, customFormId: cloneForm })).id;
    await sent(id);
    // the first check (the row made) before the refused one, as a person's page would
    await refresh(id);
    injected.push(
      new CardConnectError('invalid_data', '1113 dba', 400, [
        { code: '1113', message: 'dbaName is invalid', errorField: 'merchant.dbaName', status: 'BAD_REQUEST' },
      ]),
    );
    const refused = (await refresh(id)).json();
    expect(refused.problems).toEqual([{ field: 'Trading name', message: expect.stringContaining('100') }]);
  });

  it("another company's user gets 404 and nothing is asked; so does a member without the form", async () => {
    const id = await application();
    await sent(id);
    const calls = sim.state.stats().apiCalls;
    for (const res of [await get(id, b), await refresh(id, b)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ERROR_CODES.applicationNotFound);
    }
    const member = await joinTeam(t, a);
    for (const res of [await get(id, member), await refresh(id, member)]) expect(res.statusCode).toBe(404);
    expect(await rowOf(id)).toBeUndefined();
    expect(sim.state.stats().apiCalls).toBe(calls);
  });
});
