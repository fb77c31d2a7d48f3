import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { CC_SYNC_WORDS } from '@under/core/integrations/cardconnect-sync-words';
import { SYNC_WORDS } from '@under/core/integrations/sync.schema';
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

  it('an application never synced offers Sync now', async () => {
    renderApp({
      path: `/applications/${APP}`,
      api: {
        [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
        [`GET /api/applications/${APP}/syncs`]: { status: 200, body: { items: [] } },
      },
    });
    const panel = await screen.findByRole('region', { name: S.title }, { timeout: 8000 });
    expect(await within(panel).findByText(S.none, {}, { timeout: 8000 })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: S.syncNow })).toBeTruthy();
  });
  it('Sync now that leaves no sync says nothing took it and why, not "Syncing…" for ever', async () => {
    const { user, api } = renderApp({
      path: `/applications/${APP}`,
      api: {
        [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
        [`GET /api/applications/${APP}/syncs`]: { status: 200, body: { items: [] } },
        [`POST /api/salesforce/sync/${APP}`]: { status: 202, body: { status: 'queued' } },
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
