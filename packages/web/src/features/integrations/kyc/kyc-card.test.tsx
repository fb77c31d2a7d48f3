import '../../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { KYC_SETUP_TEXT as T } from '@under/core/ui-text/kyc';
import { MANAGE_INTEGRATION_TEXT as M } from '@under/core/ui-text/manage-integration';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fake-api';
import { ME, renderApp } from '../../../test/render-app';

const NONE = { state: 'not_connected', apiKey: null, connectedAt: null };
const SAVED = { state: 'connected', apiKey: '••••••••••••-KEY', connectedAt: '2026-11-29T06:00:00.000Z' };
const OVERVIEW = {
  status: 200,
  body: {
    companyId: '00000000-0000-4000-8000-0000000000c0',
    planAllowsCrm: true,
    canManage: true,
    integrations: [],
    configs: [],
  },
};
const slow = { timeout: 8000 };
const card = async () => (await screen.findByRole('region', { name: T.title }, slow)) as HTMLElement;
const keyField = () => screen.getByLabelText(new RegExp(`^${T.apiKeyLabel}`)) as HTMLInputElement;

describe('the KYC card of /manage-integration (decision 089)', { timeout: 60_000 }, () => {
  it('an ADMINISTRATOR saves the API key: a write-only password field, then the mask and Connected', async () => {
    const { user, api } = renderApp({
      path: '/manage-integration',
      api: {
        'GET /api/integrations': OVERVIEW,
        'GET /api/companies/kyc': { status: 200, body: NONE },
        'POST /api/companies/kyc': [
          apiError(400, ERROR_CODES.integrationFailed, 'The KYC provider refused the API key.'),
          { status: 200, body: SAVED },
        ],
      },
    });
    const region = await card();
    expect(region.querySelector('[data-testid="kyc-setup-state"]')?.textContent).toBe(M.states.not_connected);
    const key = keyField();
    // never the user's own login offered, never shown as typed until asked (its toggle is named)
    expect(key.type).toBe('password');
    expect(key.getAttribute('autocomplete')).toBe('new-password');
    expect(key.value).toBe('');
    expect(screen.getAllByRole('button', { name: UI_TEXT.togglePasswordVisibility }).length).toBeGreaterThan(0);

    // empty: said, nothing sent
    await user.click(within(region).getByRole('button', { name: T.save }));
    expect(await screen.findByText(T.apiKeyRequired)).toBeTruthy();
    expect(api.calls('POST /api/companies/kyc')).toHaveLength(0);

    // the provider refuses: its words, nothing kept
    await user.type(keyField(), 'wrong-key');
    await user.click(within(region).getByRole('button', { name: T.save }));
    expect(await screen.findByText('The KYC provider refused the API key.', {}, slow)).toBeTruthy();

    await user.clear(keyField());
    await user.type(keyField(), 'SIMULATOR-KYC-API-KEY');
    await user.click(within(region).getByRole('button', { name: T.save }));
    expect(await screen.findByText(T.saved, {}, slow)).toBeTruthy();
    expect(JSON.parse(String(api.calls('POST /api/companies/kyc')[1]?.[1]?.body))).toEqual({
      apiKey: 'SIMULATOR-KYC-API-KEY',
    });
    // the key is gone from the page: the field is empty, the mask the server answered is shown
    await waitFor(() => expect(keyField().value).toBe(''), slow);
    expect(screen.getByText(T.savedMask(SAVED.apiKey))).toBeTruthy();
    expect(region.querySelector('[data-testid="kyc-setup-state"]')?.textContent).toBe(M.states.connected);
    expect(region.textContent).not.toContain('SIMULATOR-KYC-API-KEY');
  });

  it('an empty field keeps the saved key: its mask is sent back', async () => {
    const { user, api } = renderApp({
      path: '/manage-integration',
      api: {
        'GET /api/integrations': OVERVIEW,
        'GET /api/companies/kyc': { status: 200, body: SAVED },
        'POST /api/companies/kyc': { status: 200, body: SAVED },
      },
    });
    const region = await card();
    await user.click(within(region).getByRole('button', { name: T.save }));
    await waitFor(() => expect(api.calls('POST /api/companies/kyc')).toHaveLength(1), slow);
    expect(JSON.parse(String(api.calls('POST /api/companies/kyc')[0]?.[1]?.body))).toEqual({ apiKey: SAVED.apiKey });
  });

  it('a STANDARD member sees the state, no key field', async () => {
    renderApp({
      path: '/manage-integration',
      api: {
        'GET /api/me': { status: 200, body: { ...ME, role: 'STANDARD' } },
        'GET /api/integrations': { status: 200, body: { ...OVERVIEW.body, canManage: false } },
        'GET /api/companies/kyc': { status: 200, body: { ...SAVED, apiKey: null } },
      },
    });
    const region = await card();
    expect(region.querySelector('[data-testid="kyc-setup-state"]')?.textContent).toBe(M.states.connected);
    expect(screen.queryByLabelText(new RegExp(`^${T.apiKeyLabel}`))).toBeNull();
  });
});
