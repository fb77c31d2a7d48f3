import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { CC_STATUS_TEXT as C } from '@under/core/ui-text/cardconnect-status';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { CC_POLL, ccPollDelay } from './api/cc-status-api';

const APP = '00000000-0000-4000-8000-00000000a087';
const DETAIL = {
  applicationId: APP,
  number: 8,
  status: 'pending',
  signStatus: null,
  customFormId: '00000000-0000-4000-8000-00000000f087',
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
const view = (over: object = {}) => ({
  configured: true,
  sent: true,
  merchantId: '4000000000001',
  boardingStatusCd: 'OFS',
  boardingStatus: 'Out for signature',
  signatureStatusCd: 'PENDING',
  signatureStatus: 'Pending',
  final: false,
  pending: false,
  lastCheckedAt: '2026-11-02T10:00:00.000Z',
  nextCheckAt: '2026-11-02T10:01:00.000Z',
  message: null,
  problems: [],
  history: [
    {
      at: '2026-11-02T10:00:00.000Z',
      boardingStatusCd: 'OFS',
      boardingStatus: 'Out for signature',
      signatureStatusCd: 'PENDING',
      signatureStatus: 'Pending',
    },
    {
      at: '2026-11-02T09:00:00.000Z',
      boardingStatusCd: 'INPROG',
      boardingStatus: 'In progress',
      signatureStatusCd: 'NOT_SENT',
      signatureStatus: 'Not sent',
    },
  ],
  ...over,
});
const base = { [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL } };
const panelOf = () => screen.findByRole('region', { name: C.title }, { timeout: 15_000 });

describe('the CardConnect status panel of an application (issue #24 section 1)', { timeout: 60_000 }, () => {
  it('shows merchant id, boarding and signature status and the changes; Refresh asks CardConnect and shows its answer', async () => {
    const { user, api } = renderApp({
      path: `/applications/${APP}`,
      api: {
        ...base,
        [`GET /api/applications/${APP}/cc-status`]: { status: 200, body: view() },
        [`POST /api/applications/${APP}/cc-status/refresh`]: {
          status: 200,
          body: view({ boardingStatusCd: 'QUALIFY', boardingStatus: 'Qualifying', signatureStatus: 'Signed' }),
        },
      },
    });
    const panel = await panelOf();
    expect((await within(panel).findByTestId('cc-merchant-id', {}, { timeout: 15_000 })).textContent).toBe(
      '4000000000001',
    );
    expect(within(panel).getByTestId('cc-boarding').textContent).toBe('Out for signature');
    expect(within(panel).getByTestId('cc-signature').textContent).toBe('Pending');
    expect(within(panel).getAllByTestId('cc-change')).toHaveLength(2);
    expect(within(panel).getByText(C.merchantId)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: C.refresh }));
    expect(await within(panel).findByText(C.refreshed, {}, { timeout: 15_000 })).toBeTruthy();
    expect(within(panel).getByTestId('cc-boarding').textContent).toBe('Qualifying');
    expect(within(panel).getByTestId('cc-signature').textContent).toBe('Signed');
    expect(api.calls(`POST /api/applications/${APP}/cc-status/refresh`)).toHaveLength(1);
    expect(within(panel).getByRole('status').textContent).toBe(C.refreshed);
  });

  it('says "not sent to CardConnect yet" without Refresh', async () => {
    renderApp({
      path: `/applications/${APP}`,
      api: {
        ...base,
        [`GET /api/applications/${APP}/cc-status`]: {
          status: 200,
          body: view({
            sent: false,
            merchantId: null,
            boardingStatusCd: null,
            boardingStatus: null,
            signatureStatusCd: null,
            signatureStatus: null,
            lastCheckedAt: null,
            nextCheckAt: null,
            message: C.notSent,
            history: [],
          }),
        },
      },
    });
    const panel = await panelOf();
    expect(await within(panel).findByText(C.notSent, {}, { timeout: 15_000 })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: C.refresh })).toBeNull();
  });

  it('hides the panel for a company that never set up CardConnect', async () => {
    const { api } = renderApp({
      path: `/applications/${APP}`,
      api: {
        ...base,
        [`GET /api/applications/${APP}/cc-status`]: {
          status: 200,
          body: view({ configured: false, sent: false, merchantId: null, message: C.notSent, history: [] }),
        },
      },
    });
    await waitFor(() => expect(api.calls(`GET /api/applications/${APP}/cc-status`).length).toBeGreaterThan(0), {
      timeout: 15_000,
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(screen.queryByRole('region', { name: C.title })).toBeNull();
  });

  it('shows refused fields by their form labels; a final status says so', async () => {
    renderApp({
      path: `/applications/${APP}`,
      api: {
        ...base,
        [`GET /api/applications/${APP}/cc-status`]: {
          status: 200,
          body: view({
            boardingStatusCd: 'DECLINED',
            boardingStatus: 'Declined',
            final: true,
            nextCheckAt: null,
            message: C.invalidData,
            problems: [{ field: 'Doing business as', message: 'No more than 100 characters' }],
          }),
        },
      },
    });
    const panel = await panelOf();
    const msg = await within(panel).findByTestId('cc-message', {}, { timeout: 15_000 });
    expect(msg.textContent).toContain(C.invalidData);
    expect(msg.textContent).toContain('Doing business as: No more than 100 characters');
    expect(within(panel).getByTestId('cc-final').textContent).toBe(C.final);
  });

  it("the application's history names a boarding change in words", async () => {
    renderApp({
      path: `/applications/${APP}`,
      api: {
        ...base,
        [`GET /api/applications/${APP}/cc-status`]: { status: 200, body: view() },
        [`GET /api/applications/${APP}/history`]: {
          status: 200,
          body: {
            items: [
              {
                seq: 1,
                at: '2026-11-02T10:00:00.000Z',
                action: 'application.cardconnect-status',
                actorKind: 'user',
                actor: 'Ann Lee',
                role: 'ADMINISTRATOR',
                ip: null,
                userAgent: null,
                details: { from: 'OFS', to: 'QUALIFY', signature: 'SIGNED' },
              },
            ],
            total: 1,
            page: 1,
            pageSize: 100,
            chain: { intact: true, brokenAt: null, events: 1 },
          },
        },
      },
    });
    const rows = await screen.findAllByTestId('history-row', {}, { timeout: 15_000 });
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[2]?.textContent).toBe(
      C.historyLine('Out for signature', 'Qualifying'),
    );
  });

  it('reads again less and less often while not final, then stops', () => {
    expect(ccPollDelay(0)).toBe(5_000);
    expect(ccPollDelay(60_000)).toBe(15_000);
    expect(ccPollDelay(10 * 60_000)).toBe(60_000);
    expect(ccPollDelay(CC_POLL.stopAfterMs)).toBe(false);
  });
});
