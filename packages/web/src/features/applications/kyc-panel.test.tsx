import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { KYC_TEXT as T } from '@under/core/ui-text/kyc';
import { describe, expect, it, vi } from 'vitest';
import { pollDelay } from '../../lib/use-bounded-poll';
import { renderApp } from '../../test/render-app';
import { applicationKycKey, KYC_POLL } from './api/kyc-api';

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
const SUBMISSION = {
  id: '00000000-0000-4000-8000-00000000c001',
  applicationId: APP,
  state: 'completed',
  problem: null,
  createdAt: '2026-11-02T10:00:00.000Z',
  submittedAt: '2026-11-02T10:00:01.000Z',
  completedAt: '2026-11-02T10:05:00.000Z',
  updatedAt: '2026-11-02T10:05:00.000Z',
  owners: [
    { ownerNumber: 1, name: 'Ada Lovelace', result: 'pass', reasons: [], decidedAt: '2026-11-02T10:05:00.000Z' },
    {
      ownerNumber: 2,
      name: 'Grace Reviewer',
      result: 'review',
      reasons: [{ code: 'address_unverified', message: 'The address could not be matched to the person.' }],
      decidedAt: '2026-11-02T10:05:00.000Z',
    },
    {
      ownerNumber: 3,
      name: 'Alan Failsworth',
      result: 'fail',
      reasons: [{ code: 'ssn_mismatch', message: 'The SSN does not match the name and date of birth.' }],
      decidedAt: '2026-11-02T10:05:00.000Z',
    },
  ],
};
const page = (kyc: { status: number; body?: unknown }) =>
  renderApp({
    path: `/applications/${APP}`,
    api: {
      [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
      [`GET /api/applications/${APP}/syncs`]: { status: 200, body: { items: [] } },
      [`GET /api/applications/${APP}/kyc`]: kyc,
    },
  });

describe('the KYC panel of an application (issue #24 section 3)', { timeout: 60_000 }, () => {
  it("shows each owner's result in words, the reasons of review and fail, and when", async () => {
    page({ status: 200, body: { submission: SUBMISSION } });
    const panel = await screen.findByRole('region', { name: T.title }, { timeout: 20_000 });
    expect(within(panel).getByTestId('kyc-state').textContent).toBe(T.states.completed);
    const owners = within(panel).getAllByTestId('kyc-owner');
    expect(owners).toHaveLength(3);
    const [ada, grace, alan] = owners as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(ada).getByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(within(ada).getByTestId('kyc-owner-result').textContent).toBe(T.results.pass);
    expect(within(ada).queryByTestId('kyc-reasons')).toBeNull();
    expect(within(grace).getByTestId('kyc-owner-result').textContent).toBe(T.results.review);
    expect(within(grace).getByText('The address could not be matched to the person.')).toBeTruthy();
    expect(within(alan).getByTestId('kyc-owner-result').textContent).toBe(T.results.fail);
    expect(within(alan).getByText('The SSN does not match the name and date of birth.')).toBeTruthy();
    expect(within(alan).getByText(/^Decided /)).toBeTruthy();
    expect(within(panel).getByRole('list', { name: T.title })).toBeTruthy();
  });

  it('a pending submission says no result yet; a stopped one says why', async () => {
    page({
      status: 200,
      body: {
        submission: {
          ...SUBMISSION,
          state: 'failed',
          completedAt: null,
          problem: 'The KYC provider refused the API key: a client ADMINISTRATOR enters it again.',
          owners: SUBMISSION.owners.map((o) => ({ ...o, result: null, reasons: [], decidedAt: null })),
        },
      },
    });
    const panel = await screen.findByRole('region', { name: T.title }, { timeout: 20_000 });
    expect(within(panel).getByTestId('kyc-state').textContent).toBe(T.states.failed);
    expect(within(panel).getByText(/refused the API key/)).toBeTruthy();
    expect(within(panel).getAllByText(T.noResult)).toHaveLength(3);
  });

  it('stops asking by itself after a bound while the checks stay pending, and offers Refresh', async () => {
    const KYC = `GET /api/applications/${APP}/kyc`;
    const pending = { ...SUBMISSION, state: 'pending', completedAt: null };
    const { api, queryClient, user } = page({ status: 200, body: { submission: pending } });
    const panel = await screen.findByRole('region', { name: T.title }, { timeout: 20_000 });
    expect(within(panel).queryByTestId('kyc-stalled')).toBeNull();
    // the page's clock moves on past the bound; the next answer (still pending) finds it
    const real = Date.now;
    const spy = vi.spyOn(Date, 'now').mockImplementation(() => real() + KYC_POLL.stopAfterMs + 1000);
    try {
      await queryClient.invalidateQueries({ queryKey: applicationKycKey(APP) });
      const stalled = await within(panel).findByTestId('kyc-stalled', {}, { timeout: 8000 });
      expect(stalled.textContent).toContain(T.pollStopped(KYC_POLL.stopAfterMs / 60_000));
      const asked = api.calls(KYC).length;
      await user.click(within(stalled).getByRole('button', { name: T.refresh }));
      await waitFor(() => expect(api.calls(KYC).length).toBeGreaterThan(asked));
      await waitFor(() => expect(within(panel).queryByTestId('kyc-stalled')).toBeNull());
    } finally {
      spy.mockRestore();
    }
  });

  it('looks again less and less often while the checks stay pending, then not at all', () => {
    expect(pollDelay(KYC_POLL, 0)).toBe(15_000);
    expect(pollDelay(KYC_POLL, 4 * 60_000)).toBe(60_000);
    expect(pollDelay(KYC_POLL, 20 * 60_000)).toBe(120_000);
    expect(pollDelay(KYC_POLL, KYC_POLL.stopAfterMs)).toBe(false);
  });

  it('an application without KYC shows no panel', async () => {
    const { api } = page({ status: 200, body: { submission: null } });
    // the detail has loaded and the KYC answer with it
    await screen.findByRole('region', { name: 'Integrations' }, { timeout: 8000 });
    await waitFor(() => expect(api.calls(`GET /api/applications/${APP}/kyc`).length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: T.title })).toBeNull();
  });
});
