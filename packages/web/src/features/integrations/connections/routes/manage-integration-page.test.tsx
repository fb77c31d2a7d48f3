import '../../../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import { KYC_SETUP_TEXT } from '@under/core/ui-text/kyc';
import { MANAGE_INTEGRATION_TEXT } from '@under/core/ui-text/manage-integration';
import { VANTIV_SETUP_TEXT } from '@under/core/ui-text/vantiv';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';

const OVERVIEW = {
  status: 200,
  body: {
    companyId: '00000000-0000-4000-8000-0000000000c0',
    planAllowsCrm: true,
    canManage: true,
    integrations: [
      {
        kind: 'salesforce',
        available: true,
        state: 'not_connected',
        domain: null,
        instanceUrl: null,
        consumerKey: null,
        consumerSecret: null,
        connectedAt: null,
        tokenRefreshedAt: null,
        turnedOffAt: null,
      },
    ],
    configs: [],
  },
};

/** An answer that comes only when the test lets it go. */
function held(body: unknown) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const reply = async () => {
    await gate;
    return jsonResponse(200, body);
  };
  return { reply, release: () => release() };
}

describe('/manage-integration', { timeout: 60_000 }, () => {
  it('shows the Worldpay and KYC cards only once their state is known, never "Not connected" while it loads', async () => {
    const kyc = held({ state: 'connected', apiKey: '****1234', connectedAt: '2026-11-01T00:00:00.000Z' });
    const vantiv = held({
      state: 'connected',
      username: 'b***',
      password: '****',
      connectedAt: '2026-11-01T00:00:00.000Z',
    });
    renderApp({
      path: '/manage-integration',
      api: {
        'GET /api/integrations': OVERVIEW,
        'GET /api/companies/kyc': kyc.reply,
        'GET /api/companies/vantiv': vantiv.reply,
      },
    });
    // the page is up (its overview answered) while both cards' states are still on their way
    await screen.findByRole('heading', { name: MANAGE_INTEGRATION_TEXT.names.salesforce }, { timeout: 20_000 });
    expect(screen.queryByRole('heading', { name: KYC_SETUP_TEXT.title })).toBeNull();
    expect(screen.queryByRole('heading', { name: VANTIV_SETUP_TEXT.title })).toBeNull();
    expect(screen.queryByTestId('kyc-setup-state')).toBeNull();
    expect(screen.queryByTestId('vantiv-state')).toBeNull();

    kyc.release();
    vantiv.release();
    await screen.findByRole('heading', { name: KYC_SETUP_TEXT.title }, { timeout: 20_000 });
    await waitFor(() =>
      expect(screen.getByTestId('kyc-setup-state').textContent).toBe(MANAGE_INTEGRATION_TEXT.states.connected),
    );
    await screen.findByRole('heading', { name: VANTIV_SETUP_TEXT.title });
    expect(screen.getByTestId('vantiv-state').textContent).toBe(MANAGE_INTEGRATION_TEXT.states.connected);
  });
});
