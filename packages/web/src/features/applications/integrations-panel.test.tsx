import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { CC_SYNC_WORDS } from '@under/core/integrations/cardconnect-sync-words';
import { SYNC_WORDS } from '@under/core/integrations/sync.schema';
import { CC_STATUS_TEXT as C } from '@under/core/ui-text/cardconnect-status';
import { SYNC_TEXT as S } from '@under/core/ui-text/integrations-sync';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { SYNC_POLL, syncPollDelay } from './api/sync-api';

const APP = '00000000-0000-4000-8000-00000000a002';
const DETAIL = {
  applicationId: APP,
  number: 7,
  status: 'pending',
  signStatus: null,
  customFormId: '00000000-0000-4000-8000-00000000f002',
  formName: 'Merchant form',
  formVersion: 1,
  applicantEmail: 'ada@example.com',
  applicantCompanyName: 'Analytical Engines',
  data: {},
  form: { display: 'form', components: [] },
  revision: 1,
  owners: [],
  signatures: [],
  submittedAt: '2026-11-01T10:00:00.000Z',
  decidedAt: null,
  statusReason: null,
  blocked: false,
  createdAt: '2026-10-30T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  updatedBy: 'ada@example.com',
};
const sync = (over: object) => ({
  syncId: 's1',
  integration: 'salesforce',
  target: 'org',
  state: 'needs_attention',
  attempts: 1,
  nextAttemptAt: null,
  recordId: null,
  recordUrl: null,
  lastError: SYNC_WORDS.expired,
  syncedAt: null,
  updatedAt: '2026-11-02T10:00:00.000Z',
  history: [
    {
      attempt: 1,
      startedAt: '2026-11-02T10:00:00.000Z',
      finishedAt: '2026-11-02T10:00:01.000Z',
      outcome: 'needs_attention',
      message: SYNC_WORDS.expired,
      httpStatus: null,
    },
  ],
  ...over,
});
const RECORD = 'https://acme.my.salesforce.com/lightning/r/Lead/00Q1/view';
const STATUS_CALL = 'POST /api/custom_forms/integration_status';
const SF_SYNC = `POST /api/salesforce/sync/${APP}`;
const CC_SYNC = `POST /api/applications/${APP}/sync-to-cc`;
const integration = (kind: string, over: object = {}) => ({
  integration: kind,
  active: false,
  permitted: true,
  state: 'not_connected',
  mapped: false,
  mode: null,
  ...over,
});
/** The application's form's integrations (the forms list's status call for its one form). */
const formStatus = (sf: object, cc: object) => ({
  status: 200,
  body: {
    items: [
      {
        customFormId: DETAIL.customFormId,
        integrations: [integration('salesforce', sf), integration('cardconnect', cc)],
      },
    ],
  },
});
const SF_ONLY = formStatus({ active: true, state: 'connected', mapped: true, mode: 'auto-sync' }, {});
/** A company with CardConnect and no Salesforce; its form uses CardConnect. */
const CC_ONLY = formStatus({ active: true }, { active: true, state: 'connected', mode: 'manual-sync' });
const ccView = (over: object = {}) => ({
  configured: true,
  sent: false,
  merchantId: null,
  boardingStatusCd: null,
  boardingStatus: null,
  signatureStatusCd: null,
  signatureStatus: null,
  final: false,
  pending: false,
  lastCheckedAt: null,
  nextCheckAt: null,
  message: 'Not sent to CardConnect yet.',
  problems: [],
  history: [],
  ...over,
});

describe('the Integrations panel of an application (issue #23 section 4)', { timeout: 60_000 }, () => {
  it('shows the state, the error in words and the attempts; Sync again asks once and shows the result', async () => {
    const { user, api } = renderApp({
      path: `/applications/${APP}`,
      api: {
        [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
        [`GET /api/applications/${APP}/syncs`]: [
          { status: 200, body: { items: [sync({})] } },
          {
            status: 200,
            body: {
              items: [
                sync({
                  state: 'synced',
                  attempts: 1,
                  lastError: null,
                  recordId: '00Q1',
                  recordUrl: RECORD,
                  syncedAt: '2026-11-02T11:00:00.000Z',
                }),
              ],
            },
          },
        ],
        [`POST /api/salesforce/sync/${APP}`]: { status: 202, body: { status: 'queued' } },
      },
    });
    const panel = await screen.findByRole('region', { name: S.title }, { timeout: 8000 });
    const card = await within(panel).findByRole('article', { name: 'Salesforce' }, { timeout: 8000 });
    expect(within(card).getByTestId('sync-state').textContent).toBe('Needs attention');
    expect(within(card).getByTestId('sync-error').textContent).toContain(SYNC_WORDS.expired);
    expect(within(card).getByTestId('sync-attempts').textContent).toContain(`${S.attemptsLabel}: 1`);
    expect(within(card).getAllByTestId('sync-attempt')).toHaveLength(1);
    await user.click(within(card).getByRole('button', { name: `${S.syncAgain}: Salesforce` }));
    expect(await within(panel).findByText(S.resultSynced('Salesforce'), {}, { timeout: 8000 })).toBeTruthy();
    expect(api.calls(`POST /api/salesforce/sync/${APP}`)).toHaveLength(1);
    const link = within(panel).getByRole('link', { name: /Open the record in Salesforce/ });
    expect(link.getAttribute('href')).toBe(RECORD);
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it("a CardConnect sync shows its merchant id; Sync again sends sync-to-cc with the application's form", async () => {
    const cc = (over: object) =>
      sync({
        syncId: 's2',
        integration: 'cardconnect',
        target: 'copilot',
        lastError: CC_SYNC_WORDS.uncertainCreate,
        ...over,
      });
    const { user, api } = renderApp({
      path: `/applications/${APP}`,
      api: {
        [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
        [`GET /api/applications/${APP}/syncs`]: [
          { status: 200, body: { items: [cc({})] } },
          { status: 200, body: { items: [cc({ state: 'synced', lastError: null, recordId: '840000000007919' })] } },
        ],
        [`POST /api/applications/${APP}/sync-to-cc`]: { status: 202, body: { status: 'queued' } },
      },
    });
    const panel = await screen.findByRole('region', { name: S.title }, { timeout: 8000 });
    const card = await within(panel).findByRole('article', { name: 'CardConnect' }, { timeout: 8000 });
    expect(within(card).getByTestId('sync-error').textContent).toContain(CC_SYNC_WORDS.uncertainCreate);
    await user.click(within(card).getByRole('button', { name: `${S.syncAgain}: CardConnect` }));
    expect(await within(panel).findByText(S.resultSynced('CardConnect'), {}, { timeout: 8000 })).toBeTruthy();
    const calls = api.calls(`POST /api/applications/${APP}/sync-to-cc`);
    expect(calls).toHaveLength(1);
    expect(JSON.stringify(calls[0])).toContain(DETAIL.customFormId);
    expect(api.calls(`POST /api/salesforce/sync/${APP}`)).toHaveLength(0);
    expect(within(panel).getByTestId('sync-record-id').textContent).toBe('Merchant ID: 840000000007919');
  });

  it('an application never synced offers Sync now when its form uses a connected Salesforce', async () => {
    const { api } = renderApp({
      path: `/applications/${APP}`,
      api: {
        [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
        [`GET /api/applications/${APP}/syncs`]: { status: 200, body: { items: [] } },
        [STATUS_CALL]: SF_ONLY,
      },
    });
    const panel = await screen.findByRole('region', { name: S.title }, { timeout: 8000 });
    expect(await within(panel).findByText(S.none, {}, { timeout: 8000 })).toBeTruthy();
    expect(await within(panel).findByRole('button', { name: S.syncNow }, { timeout: 8000 })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: S.sendToCardConnect })).toBeNull();
    expect(JSON.parse(String(api.calls(STATUS_CALL)[0]?.[1]?.body))).toEqual({ customFormIds: [DETAIL.customFormId] });
  });

  it("a CardConnect-only company's application offers Send to CardConnect, never Salesforce's route; the CardConnect status follows the sync", async () => {
    const ccSync = (over: object) =>
      sync({ syncId: 's3', integration: 'cardconnect', target: 'copilot', lastError: null, history: [], ...over });
    const { user, api } = renderApp({
      path: `/applications/${APP}`,
      api: {
        [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
        [`GET /api/applications/${APP}/syncs`]: [
          { status: 200, body: { items: [] } },
          { status: 200, body: { items: [ccSync({ state: 'queued', attempts: 0 })] } },
          { status: 200, body: { items: [ccSync({ state: 'synced', recordId: '840000000007919' })] } },
        ],
        [STATUS_CALL]: CC_ONLY,
        [CC_SYNC]: { status: 202, body: { status: 'queued' } },
        // not sent until the sync made the merchant; then its status, without anyone pressing Refresh
        [`GET /api/applications/${APP}/cc-status`]: [
          { status: 200, body: ccView() },
          { status: 200, body: ccView() },
          {
            status: 200,
            body: ccView({
              sent: true,
              merchantId: '840000000007919',
              boardingStatusCd: 'INPROG',
              boardingStatus: 'In progress',
              signatureStatusCd: 'NOT_SENT',
              signatureStatus: 'Not sent',
              message: null,
            }),
          },
        ],
      },
    });
    const panel = await screen.findByRole('region', { name: S.title }, { timeout: 8000 });
    const send = await within(panel).findByRole('button', { name: S.sendToCardConnect }, { timeout: 8000 });
    // no Salesforce connection: no Salesforce "Sync now"
    expect(within(panel).queryByRole('button', { name: S.syncNow })).toBeNull();
    const status = await screen.findByRole('region', { name: C.title }, { timeout: 8000 });
    expect(within(status).queryByText('840000000007919')).toBeNull();
    // the keyboard reaches it
    send.focus();
    await user.keyboard('{Enter}');
    expect(await within(panel).findByText(S.resultSynced('CardConnect'), {}, { timeout: 15_000 })).toBeTruthy();
    expect(api.calls(SF_SYNC)).toHaveLength(0);
    const calls = api.calls(CC_SYNC);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ formId: DETAIL.customFormId });
    // sent once: no second offer
    expect(within(panel).queryByRole('button', { name: S.sendToCardConnect })).toBeNull();
    expect(await within(status).findByText('840000000007919', {}, { timeout: 15_000 })).toBeTruthy();
    expect(within(status).getAllByText('In progress').length).toBeGreaterThan(0);
    expect(api.calls(`POST /api/applications/${APP}/cc-status/refresh`)).toHaveLength(0);
  });

  it('beside a Salesforce sync, offers Send to CardConnect while CardConnect has none; a form not using it says so', async () => {
    const { api } = renderApp({
      path: `/applications/${APP}`,
      api: {
        [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
        [`GET /api/applications/${APP}/syncs`]: {
          status: 200,
          body: { items: [sync({ state: 'synced', lastError: null, recordId: '00Q1', recordUrl: RECORD })] },
        },
        [STATUS_CALL]: [
          formStatus({ active: true, state: 'connected' }, { active: true, state: 'connected', mode: 'auto-sync' }),
        ],
      },
    });
    const panel = await screen.findByRole('region', { name: S.title }, { timeout: 8000 });
    expect(await within(panel).findByRole('button', { name: S.sendToCardConnect }, { timeout: 8000 })).toBeTruthy();
    // syncs exist: no empty-state Sync now
    expect(within(panel).queryByRole('button', { name: S.syncNow })).toBeNull();
    expect(api.calls(CC_SYNC)).toHaveLength(0);
  });

  it('a one-row forms list and the application share the status call: going from one to the other and back renders both', async () => {
    const FORM_ROW = {
      customFormId: DETAIL.customFormId,
      name: 'Merchant form',
      status: 'active',
      version: 1,
      masterFormId: '00000000-0000-4000-8000-0000000000a1',
      institution: 'Harbor Bank',
      masterVersion: 1,
      updateMode: 'system-auto-update',
      wizardStep: 4,
      isPublished: true,
      hasUpdate: false,
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-01-02T10:00:00.000Z',
    };
    const { router } = renderApp({
      path: '/all-form',
      api: {
        'GET /api/custom_forms': { status: 200, body: { items: [FORM_ROW], total: 1, page: 1, pageSize: 10 } },
        [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
        [`GET /api/applications/${APP}/syncs`]: { status: 200, body: { items: [] } },
        [STATUS_CALL]: SF_ONLY,
      },
    });
    // the forms list stores the status of its one form under the key the application page reads
    expect(await screen.findByText('Connected · Mapped · Auto-sync', {}, { timeout: 8000 })).toBeTruthy();
    await router.navigate(`/applications/${APP}`);
    const panel = await screen.findByRole('region', { name: S.title }, { timeout: 8000 });
    expect(await within(panel).findByRole('button', { name: S.syncNow }, { timeout: 8000 })).toBeTruthy();
    await router.navigate('/all-form');
    expect(await screen.findByText('Connected · Mapped · Auto-sync', {}, { timeout: 8000 })).toBeTruthy();
  });

  it('beside a CardConnect sync sent first, still offers Salesforce Sync now when the form uses Salesforce', async () => {
    const { user, api } = renderApp({
      path: `/applications/${APP}`,
      api: {
        [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
        [`GET /api/applications/${APP}/syncs`]: {
          status: 200,
          body: {
            items: [
              sync({
                syncId: 's4',
                integration: 'cardconnect',
                target: 'copilot',
                state: 'synced',
                lastError: null,
                recordId: '840000000007919',
              }),
            ],
          },
        },
        [STATUS_CALL]: formStatus(
          { active: true, state: 'connected', mapped: true, mode: 'manual-sync' },
          { active: true, state: 'connected', mode: 'manual-sync' },
        ),
        [SF_SYNC]: { status: 202, body: { status: 'queued' } },
      },
    });
    const panel = await screen.findByRole('region', { name: S.title }, { timeout: 8000 });
    const sf = await within(panel).findByRole('button', { name: S.syncNowTo('Salesforce') }, { timeout: 8000 });
    // CardConnect was sent: no second offer
    expect(within(panel).queryByRole('button', { name: S.sendToCardConnect })).toBeNull();
    await user.click(sf);
    await waitFor(() => expect(api.calls(SF_SYNC)).toHaveLength(1));
    expect(api.calls(CC_SYNC)).toHaveLength(0);
  });

  it('CardConnect connected but not used by the form, no Salesforce: no button, and why', async () => {
    renderApp({
      path: `/applications/${APP}`,
      api: {
        [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
        [`GET /api/applications/${APP}/syncs`]: { status: 200, body: { items: [] } },
        [STATUS_CALL]: formStatus({ active: true }, { active: false, state: 'connected' }),
      },
    });
    const panel = await screen.findByRole('region', { name: S.title }, { timeout: 8000 });
    expect(await within(panel).findByText(S.ccFormOff, {}, { timeout: 8000 })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: S.syncNow })).toBeNull();
    expect(within(panel).queryByRole('button', { name: S.sendToCardConnect })).toBeNull();
  });

  it('no connected integration on the form: no button, and what to do', async () => {
    renderApp({
      path: `/applications/${APP}`,
      api: {
        [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
        [`GET /api/applications/${APP}/syncs`]: { status: 200, body: { items: [] } },
        [STATUS_CALL]: formStatus({ active: true }, {}),
      },
    });
    const panel = await screen.findByRole('region', { name: S.title }, { timeout: 8000 });
    expect(await within(panel).findByText(S.noTarget, {}, { timeout: 8000 })).toBeTruthy();
    expect(within(panel).queryByRole('button')).toBeNull();
  });
  it('Sync now that leaves no sync says nothing took it and why, not "Syncing…" for ever', async () => {
    const { user, api } = renderApp({
      path: `/applications/${APP}`,
      api: {
        [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
        [`GET /api/applications/${APP}/syncs`]: { status: 200, body: { items: [] } },
        [`POST /api/salesforce/sync/${APP}`]: { status: 202, body: { status: 'queued' } },
        [STATUS_CALL]: SF_ONLY,
      },
    });
    const panel = await screen.findByRole('region', { name: S.title }, { timeout: 8000 });
    await user.click(await within(panel).findByRole('button', { name: S.syncNow }, { timeout: 8000 }));
    expect(await within(panel).findByText(S.nothingToSync, {}, { timeout: 8000 })).toBeTruthy();
    expect(within(panel).getByTestId('sync-result').textContent).not.toContain(S.syncing);
    expect(api.calls(`POST /api/salesforce/sync/${APP}`)).toHaveLength(1);
  });

  it('names the host of a record that is not at Salesforce (the simulator)', async () => {
    const SIM = 'http://127.0.0.1:4011/lightning/r/Lead/00Q1/view';
    renderApp({
      path: `/applications/${APP}`,
      api: {
        [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
        [`GET /api/applications/${APP}/syncs`]: {
          status: 200,
          body: { items: [sync({ state: 'synced', lastError: null, recordId: '00Q1', recordUrl: SIM })] },
        },
      },
    });
    const panel = await screen.findByRole('region', { name: S.title }, { timeout: 8000 });
    const link = await within(panel).findByRole(
      'link',
      { name: /Open the record at 127\.0\.0\.1:4011/ },
      { timeout: 8000 },
    );
    expect(link.textContent).toBe(`${S.openRecordAt('127.0.0.1:4011')} (00Q1)`);
    expect(within(panel).queryByText(/Open the record in Salesforce/)).toBeNull();
  });

  it('stops asking after a bound while a sync stays queued, and offers Refresh', async () => {
    const { user, api } = renderApp({
      path: `/applications/${APP}`,
      api: {
        [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
        [`GET /api/applications/${APP}/syncs`]: {
          status: 200,
          body: { items: [sync({ state: 'queued', lastError: null, nextAttemptAt: '2026-11-02T10:01:00.000Z' })] },
        },
      },
    });
    const panel = await screen.findByRole('region', { name: S.title }, { timeout: 8000 });
    await within(panel).findByRole('article', { name: 'Salesforce' }, { timeout: 8000 });
    // the page's clock moves on past the bound (the next look, 2 s later, finds it still queued)
    const real = Date.now;
    const skew = SYNC_POLL.stopAfterMs + 1000;
    const spy = vi.spyOn(Date, 'now').mockImplementation(() => real() + skew);
    try {
      const stopped = await within(panel).findByText(
        S.pollStopped(SYNC_POLL.stopAfterMs / 60_000),
        {},
        { timeout: 8000 },
      );
      expect(stopped).toBeTruthy();
      const asked = api.calls(`GET /api/applications/${APP}/syncs`).length;
      // no more looks by itself
      await new Promise((r) => setTimeout(r, 2500));
      expect(api.calls(`GET /api/applications/${APP}/syncs`)).toHaveLength(asked);
      await user.click(within(panel).getByRole('button', { name: S.refresh }));
      await waitFor(() => expect(api.calls(`GET /api/applications/${APP}/syncs`).length).toBeGreaterThan(asked));
      await waitFor(() => expect(within(panel).queryByText(S.pollStopped(SYNC_POLL.stopAfterMs / 60_000))).toBeNull());
    } finally {
      spy.mockRestore();
    }
  });

  it('looks again less and less often while a sync stays busy, then not at all', () => {
    expect(syncPollDelay(0)).toBe(2000);
    expect(syncPollDelay(8_000)).toBe(2000);
    expect(syncPollDelay(60_000)).toBe(15_000);
    expect(syncPollDelay(5 * 60_000)).toBe(30_000);
    expect(syncPollDelay(SYNC_POLL.stopAfterMs)).toBe(false);
  });
});
