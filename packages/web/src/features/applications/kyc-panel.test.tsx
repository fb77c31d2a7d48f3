import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { KYC_TEXT as T } from '@under/core/ui-text/kyc';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

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

  it('an application without KYC shows no panel', async () => {
    const { api } = page({ status: 200, body: { submission: null } });
    // the detail has loaded and the KYC answer with it
    await screen.findByRole('region', { name: 'Integrations' }, { timeout: 8000 });
    await waitFor(() => expect(api.calls(`GET /api/applications/${APP}/kyc`).length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: T.title })).toBeNull();
  });
});
