import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { INTEGRATION_MESSAGES } from '@under/core/integrations/connection-messages';
import { FORM_INTEGRATIONS_TEXT as F } from '@under/core/ui-text/client-form-integrations';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../test/fake-api';
import { ME, renderApp } from '../../test/render-app';

const FORM = {
  customFormId: '00000000-0000-4000-8000-0000000000f1',
  name: 'Merchant form',
  status: 'active',
  version: 2,
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
const OTHER = { ...FORM, customFormId: '00000000-0000-4000-8000-0000000000f2', name: 'Withheld form' };
const salesforce = (over: Record<string, unknown>) => ({
  integration: 'salesforce',
  active: true,
  permitted: true,
  state: 'connected',
  mapped: true,
  mode: 'auto-sync',
  ...over,
});
const cardconnect = (over: Record<string, unknown>) => ({
  integration: 'cardconnect',
  active: false,
  permitted: true,
  state: 'not_connected',
  mapped: false,
  mode: null,
  ...over,
});
const STATUS = {
  status: 200,
  body: {
    items: [
      { customFormId: FORM.customFormId, integrations: [salesforce({}), cardconnect({})] },
      {
        customFormId: OTHER.customFormId,
        integrations: [salesforce({ active: false, permitted: false }), cardconnect({ permitted: false })],
      },
    ],
  },
};
/** The company connected CardConnect; the first form's use of it as given. */
const ccStatus = (cc: Record<string, unknown>) => ({
  status: 200,
  body: {
    items: [
      {
        customFormId: FORM.customFormId,
        integrations: [salesforce({}), cardconnect({ state: 'connected', ...cc })],
      },
      {
        customFormId: OTHER.customFormId,
        integrations: [
          salesforce({ active: false, permitted: false }),
          cardconnect({ state: 'connected', permitted: false }),
        ],
      },
    ],
  },
});
const CONFIG = 'POST /api/integrations/config';
const configBody = (autoSync: boolean) => ({
  status: 200,
  body: {
    id: '00000000-0000-4000-8000-0000000000c1',
    formId: FORM.customFormId,
    integrationToActivate: 'cardconnect',
    companyId: '00000000-0000-4000-8000-0000000000c0',
    credentials: {},
    credentialsTemplateId: null,
    selectedStoredPricing: null,
    autoSync,
    activeIntegration: true,
    updatedAt: '2026-11-02T10:00:00.000Z',
  },
});
/** The company's integrations overview: the form's stored CardConnect config, with settings the switch must keep. */
const OVERVIEW = {
  status: 200,
  body: {
    companyId: '00000000-0000-4000-8000-0000000000c0',
    planAllowsCrm: true,
    canManage: true,
    integrations: [],
    configs: [
      {
        ...configBody(false).body,
        credentials: { merchantId: '••••' },
        credentialsTemplateId: 'tpl-1',
        selectedStoredPricing: { id: '4411', name: 'Restaurant tiered' },
      },
    ],
  },
};
const list = { status: 200, body: { items: [FORM, OTHER], total: 2, page: 1, pageSize: 10 } };
const slow = { timeout: 8000 };
const PATCH = `PATCH /api/custom_forms/${FORM.customFormId}/integrations`;

describe("the forms list's integrations (decision 078)", { timeout: 90_000 }, () => {
  it('an ADMINISTRATOR turns Salesforce off and on per form, from one status call; the plan refusal is in words', async () => {
    const { user, api } = renderApp({
      path: '/all-form',
      api: {
        'GET /api/custom_forms': list,
        'POST /api/custom_forms/integration_status': STATUS,
        [PATCH]: [
          { status: 200, body: { customFormId: FORM.customFormId, integrations: [salesforce({ active: false })] } },
          apiError(403, ERROR_CODES.upgradeRequired, 'You need to upgrade subscription to activate this feature'),
        ],
      },
    });
    const toggle = await screen.findByRole('switch', { name: F.switchOf('Salesforce', FORM.name) }, slow);
    expect((toggle as HTMLInputElement).checked).toBe(true);
    // a company without CardConnect: Salesforce alone
    expect(screen.queryByRole('switch', { name: F.switchOf('CardConnect', FORM.name) })).toBeNull();
    expect(screen.queryByText(/CardConnect/)).toBeNull();
    const [row, withheld] = screen.getAllByTestId('custom-form-row') as HTMLElement[];
    expect(within(row as HTMLElement).getByText('Connected · Mapped · Auto-sync')).toBeTruthy();
    // the withheld template: no switch, and why
    expect(within(withheld as HTMLElement).queryByRole('switch')).toBeNull();
    expect(within(withheld as HTMLElement).getByText(F.notPermitted)).toBeTruthy();
    const sent = (key: string, i = 0) => JSON.parse(String(api.calls(key)[i]?.[1]?.body));
    expect(sent('POST /api/custom_forms/integration_status')).toEqual({
      customFormIds: [FORM.customFormId, OTHER.customFormId],
    });

    await user.click(toggle);
    expect(await screen.findByText(F.turnedOff('Salesforce', FORM.name), {}, slow)).toBeTruthy();
    expect(sent(PATCH)).toEqual({ integrations: { salesforce: false } });
    await user.click(toggle);
    expect(await screen.findByText('You need to upgrade subscription to activate this feature', {}, slow)).toBeTruthy();
    await waitFor(() => expect(api.calls(PATCH)).toHaveLength(2));
  });

  it('a STANDARD member reads the integrations without a switch', async () => {
    renderApp({
      path: '/all-form',
      api: {
        'GET /api/me': { status: 200, body: { ...ME, role: 'STANDARD' } },
        'GET /api/custom_forms': list,
        'POST /api/custom_forms/integration_status': STATUS,
      },
    });
    expect(await screen.findByText(`Salesforce: ${F.on}`, {}, slow)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(INTEGRATION_MESSAGES.notPermitted).toMatch(/not allowed/);
  });

  it('with CardConnect connected, an ADMINISTRATOR turns it on for a form and chooses auto-sync (keyboard too)', async () => {
    const { user, api } = renderApp({
      path: '/all-form',
      api: {
        'GET /api/custom_forms': list,
        'POST /api/custom_forms/integration_status': [
          ccStatus({}),
          ccStatus({ active: true, mode: 'manual-sync' }),
          ccStatus({ active: true, mode: 'auto-sync' }),
          ccStatus({ active: true, mode: 'manual-sync' }),
        ],
        [PATCH]: {
          status: 200,
          body: {
            customFormId: FORM.customFormId,
            integrations: [salesforce({}), cardconnect({ state: 'connected', active: true, mode: 'manual-sync' })],
          },
        },
        [CONFIG]: [configBody(true), configBody(false)],
        'GET /api/integrations': OVERVIEW,
      },
    });
    const cc = await screen.findByRole('switch', { name: F.switchOf('CardConnect', FORM.name) }, slow);
    expect((cc as HTMLInputElement).checked).toBe(false);
    // Salesforce's switch is still there beside it
    expect(screen.getByRole('switch', { name: F.switchOf('Salesforce', FORM.name) })).toBeTruthy();
    // off: no mode to choose yet
    expect(screen.queryByRole('switch', { name: F.autoSyncOf('CardConnect', FORM.name) })).toBeNull();
    // the withheld template: CardConnect in words, no switch
    const [, withheld] = screen.getAllByTestId('custom-form-row') as HTMLElement[];
    expect(within(withheld as HTMLElement).getByText(`CardConnect: ${F.off}`)).toBeTruthy();
    expect(within(withheld as HTMLElement).queryByRole('switch')).toBeNull();

    await user.click(cc);
    expect(await screen.findByText(F.turnedOn('CardConnect', FORM.name), {}, slow)).toBeTruthy();
    const sent = (key: string, i = 0) => JSON.parse(String(api.calls(key)[i]?.[1]?.body));
    expect(sent(PATCH)).toEqual({ integrations: { cardconnect: true } });
    const auto = await screen.findByRole('switch', { name: F.autoSyncOf('CardConnect', FORM.name) }, slow);
    expect((auto as HTMLInputElement).checked).toBe(false);
    // its name says what it switches (integration and form) and starts with the words it shows (label in name)
    expect(screen.getByRole('switch', { name: 'Auto-sync: CardConnect for Merchant form' })).toBe(auto);
    const shown = document.querySelector(`label[for="${auto.id}"]`)?.textContent ?? '';
    expect(shown).toBe(F.autoSync);
    expect(auto.getAttribute('aria-label')?.startsWith(`${shown}:`)).toBe(true);
    const line = screen.getAllByTestId('form-integration-cardconnect')[0] as HTMLElement;
    expect(within(line).getByText('Connected · Manual sync')).toBeTruthy();

    await user.click(auto);
    expect(await screen.findByText(F.autoSyncOn('CardConnect', FORM.name), {}, slow)).toBeTruthy();
    // the whole config: the stored settings sent back as they are (a partial body would reset them to the defaults)
    expect(sent(CONFIG)).toEqual({
      formId: FORM.customFormId,
      integrationToActivate: 'cardconnect',
      credentials: { merchantId: '••••' },
      credentialsTemplateId: 'tpl-1',
      selectedStoredPricing: { id: '4411', name: 'Restaurant tiered' },
      activeIntegration: true,
      autoSync: true,
    });
    await waitFor(() => expect((auto as HTMLInputElement).checked).toBe(true), slow);
    expect(within(line).getByText('Connected · Auto-sync')).toBeTruthy();

    // the keyboard: Space on the focused switch turns auto-sync off again
    auto.focus();
    await user.keyboard(' ');
    expect(await screen.findByText(F.autoSyncOff('CardConnect', FORM.name), {}, slow)).toBeTruthy();
    expect(sent(CONFIG, 1)).toMatchObject({ integrationToActivate: 'cardconnect', autoSync: false });
    // never a Salesforce change on the way
    expect(api.calls(PATCH)).toHaveLength(1);
  });

  it('a STANDARD member reads CardConnect and its mode in words', async () => {
    renderApp({
      path: '/all-form',
      api: {
        'GET /api/me': { status: 200, body: { ...ME, role: 'STANDARD' } },
        'GET /api/custom_forms': list,
        'POST /api/custom_forms/integration_status': ccStatus({ active: true, mode: 'auto-sync' }),
      },
    });
    expect(await screen.findByText(`CardConnect: ${F.on}`, {}, slow)).toBeTruthy();
    expect(screen.getByText('Connected · Auto-sync')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it("with KYC set up, an ADMINISTRATOR turns a form's identity checks on; its config keeps the other settings", async () => {
    const kycConfig = (active: boolean) => ({
      ...configBody(false).body,
      id: '00000000-0000-4000-8000-0000000000c2',
      integrationToActivate: 'kyc',
      activeIntegration: active,
    });
    const overview = (kyc: object[]) => ({ status: 200, body: { ...OVERVIEW.body, configs: kyc } });
    const { user, api } = renderApp({
      path: '/all-form',
      api: {
        'GET /api/custom_forms': list,
        'POST /api/custom_forms/integration_status': STATUS,
        'GET /api/companies/kyc': {
          status: 200,
          body: { state: 'connected', apiKey: '••••••••KEY', connectedAt: '2026-11-29T06:00:00.000Z' },
        },
        'GET /api/integrations': [overview([]), overview([]), overview([kycConfig(true)])],
        [CONFIG]: { status: 200, body: kycConfig(true) },
      },
    });
    const kyc = await screen.findByRole('switch', { name: 'Use KYC for Merchant form' }, slow);
    expect((kyc as HTMLInputElement).checked).toBe(false);
    await user.click(kyc);
    expect(await screen.findByText(F.kycOn(FORM.name), {}, slow)).toBeTruthy();
    expect(JSON.parse(String(api.calls(CONFIG)[0]?.[1]?.body))).toEqual({
      formId: FORM.customFormId,
      integrationToActivate: 'kyc',
      credentials: {},
      credentialsTemplateId: null,
      selectedStoredPricing: null,
      activeIntegration: true,
      autoSync: false,
    });
    await waitFor(() => expect((kyc as HTMLInputElement).checked).toBe(true), slow);
    // never a sync integration's change on the way
    expect(api.calls(PATCH)).toHaveLength(0);
  });

  it("a STANDARD member reads each form's KYC in words, without a switch", async () => {
    renderApp({
      path: '/all-form',
      api: {
        'GET /api/me': { status: 200, body: { ...ME, role: 'STANDARD' } },
        'GET /api/custom_forms': list,
        'POST /api/custom_forms/integration_status': STATUS,
        'GET /api/companies/kyc': { status: 200, body: { state: 'connected', apiKey: null, connectedAt: null } },
        'GET /api/integrations': {
          status: 200,
          body: {
            ...OVERVIEW.body,
            configs: [{ ...configBody(false).body, integrationToActivate: 'kyc', activeIntegration: true }],
          },
        },
      },
    });
    expect(await screen.findByText(`${F.kyc}: ${F.on}`, {}, slow)).toBeTruthy();
    expect(screen.getByText(`${F.kyc}: ${F.off}`)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('a company without KYC sees no KYC line', async () => {
    renderApp({
      path: '/all-form',
      api: {
        'GET /api/custom_forms': list,
        'POST /api/custom_forms/integration_status': STATUS,
        'GET /api/companies/kyc': { status: 200, body: { state: 'not_connected', apiKey: null, connectedAt: null } },
        'GET /api/integrations': OVERVIEW,
      },
    });
    expect(await screen.findByRole('switch', { name: F.switchOf('Salesforce', FORM.name) }, slow)).toBeTruthy();
    expect(screen.queryAllByTestId('form-integration-kyc')).toHaveLength(0);
  });
});
