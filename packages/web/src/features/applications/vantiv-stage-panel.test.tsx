import '../../test/setup';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VANTIV_MESSAGES, type VantivStageResult } from '@under/core/integrations/vantiv.schema';
import { SYNC_TEXT } from '@under/core/ui-text/integrations-sync';
import { VANTIV_TEXT as T } from '@under/core/ui-text/vantiv';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { VantivStageCard } from './review/vantiv-stage-panel';

const NEVER: VantivStageResult = {
  applicationId: 'a1',
  outcome: null,
  message: null,
  legalEntityId: null,
  subMerchantId: null,
  responseCode: null,
  responseDescription: null,
  problems: [],
  stagedAt: null,
};

function renderCard(result: VantivStageResult | undefined, error: string | null = null) {
  const onStage = vi.fn();
  render(
    <MantineProvider env="test">
      <VantivStageCard result={result} onStage={onStage} pending={false} error={error} />
    </MantineProvider>,
  );
  return { onStage, user: userEvent.setup() };
}

describe('VantivStageCard', () => {
  it('offers "Stage with Worldpay" before any staging, and says it was never staged', async () => {
    const { onStage, user } = renderCard(NEVER);
    expect(screen.getByRole('region', { name: T.title })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(T.notStaged);
    await user.click(screen.getByRole('button', { name: T.stage }));
    expect(onStage).toHaveBeenCalledTimes(1);
  });

  it('shows a staging in words with the provider ids', () => {
    renderCard({
      ...NEVER,
      outcome: 'staged',
      message: VANTIV_MESSAGES.staged,
      legalEntityId: '201000',
      subMerchantId: '201001',
      responseCode: 10,
      responseDescription: 'Approved',
      stagedAt: '2026-11-29T03:00:00.000Z',
    });
    expect(screen.getByTestId('vantiv-outcome').textContent).toBe(T.outcomes.staged);
    expect(screen.getByRole('status').textContent).toBe(VANTIV_MESSAGES.staged);
    expect(screen.getByText(`${T.legalEntityId}: 201000 · ${T.subMerchantId}: 201001`)).toBeTruthy();
    expect(screen.getByText(T.responseCode(10, 'Approved'))).toBeTruthy();
    expect(screen.getByRole('button', { name: T.stageAgain })).toBeTruthy();
  });

  it('says "already staged" and "for review" in words', () => {
    const { unmount } = render(
      <MantineProvider env="test">
        <VantivStageCard
          result={{ ...NEVER, outcome: 'already_staged', message: VANTIV_MESSAGES.alreadyStaged }}
          onStage={vi.fn()}
          pending={false}
          error={null}
        />
      </MantineProvider>,
    );
    expect(screen.getByTestId('vantiv-outcome').textContent).toBe(T.outcomes.already_staged);
    expect(screen.getByRole('status').textContent).toBe(VANTIV_MESSAGES.alreadyStaged);
    unmount();
    renderCard({ ...NEVER, outcome: 'for_review', message: VANTIV_MESSAGES.forReview, responseCode: 20 });
    expect(screen.getByTestId('vantiv-outcome').textContent).toBe(T.outcomes.for_review);
    expect(screen.getByRole('status').textContent).toBe(VANTIV_MESSAGES.forReview);
  });

  it('lists what to correct on errors, and a refusal as an alert', () => {
    renderCard(
      {
        ...NEVER,
        outcome: 'errors',
        message: VANTIV_MESSAGES.errors,
        problems: [VANTIV_MESSAGES.cannotSend, 'Website: Worldpay requires it.'],
      },
      'Worldpay did not accept the user name or password: enter them again.',
    );
    const problems = screen.getByTestId('vantiv-problems');
    expect(problems.textContent).toContain(T.problemsTitle);
    expect(problems.textContent).toContain('Website: Worldpay requires it.');
    expect(screen.getByTestId('vantiv-error').textContent).toContain('Worldpay did not accept');
  });
});

const APP = '00000000-0000-4000-8000-00000000a088';
const DETAIL = {
  applicationId: APP,
  number: 8,
  status: 'pending',
  signStatus: null,
  customFormId: '00000000-0000-4000-8000-00000000f088',
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
const CONNECTED = { state: 'connected', username: null, password: null, connectedAt: '2026-11-01T10:00:00.000Z' };

describe('Stage with Worldpay on the application page', { timeout: 60_000 }, () => {
  it('stages once and shows the outcome in words', async () => {
    const { user, api } = renderApp({
      path: `/applications/${APP}`,
      api: {
        [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
        'GET /api/companies/vantiv': { status: 200, body: CONNECTED },
        [`GET /api/vantiv/stage/${APP}`]: { status: 200, body: { ...NEVER, applicationId: APP } },
        'POST /api/vantiv/stage': {
          status: 200,
          body: {
            ...NEVER,
            applicationId: APP,
            outcome: 'already_staged',
            message: VANTIV_MESSAGES.alreadyStaged,
            legalEntityId: '201000',
            subMerchantId: '201001',
          },
        },
      },
    });
    const card = await screen.findByRole('region', { name: T.title }, { timeout: 8000 });
    await user.click(within(card).getByRole('button', { name: T.stage }));
    expect(await within(card).findByText(VANTIV_MESSAGES.alreadyStaged, {}, { timeout: 8000 })).toBeTruthy();
    expect(api.calls('POST /api/vantiv/stage')).toHaveLength(1);
    expect(within(card).getByTestId('vantiv-outcome').textContent).toBe(T.outcomes.already_staged);
  });

  it('is not shown while the company has not set up Worldpay', async () => {
    const { api } = renderApp({
      path: `/applications/${APP}`,
      api: {
        [`GET /api/applications/${APP}`]: { status: 200, body: DETAIL },
        'GET /api/companies/vantiv': { status: 200, body: { ...CONNECTED, state: 'not_connected', connectedAt: null } },
      },
    });
    // the page is there (its Integrations panel), and the Worldpay card is not
    await screen.findByRole('region', { name: SYNC_TEXT.title }, { timeout: 8000 });
    await waitFor(() => expect(api.calls('GET /api/companies/vantiv').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: T.title })).toBeNull();
  });
});
