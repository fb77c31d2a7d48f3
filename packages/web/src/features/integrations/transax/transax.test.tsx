import '../../../test/setup';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { type StoredTransaxPricing, TRANSAX_MESSAGES } from '@under/core/integrations/transax.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { TRANSAX_TEXT as T } from '@under/core/ui-text/transax';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http-error';
import { apiError, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { TransaxPricingTable, TransaxRetrieveForm } from './components/transax-pricing';

const STORED: StoredTransaxPricing = {
  gatewayHost: 'secure.transaxgateway.com',
  retrievedAt: '2026-11-29T03:00:00.000Z',
  pricing: [
    {
      id: 'TX-RETAIL-IC',
      name: 'Retail interchange plus',
      description: 'Interchange + 0.25%',
      discountRatePct: 0.25,
      perItemFee: 0.1,
      monthlyFee: 9.95,
    },
    {
      id: '4411',
      name: 'Restaurant tiered',
      description: null,
      discountRatePct: 1.79,
      perItemFee: 0.15,
      monthlyFee: null,
    },
  ],
};

const wrap = (ui: React.ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>);
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

describe('Transax pricing screen', () => {
  it('names what is missing and sends nothing', async () => {
    const onRetrieve = vi.fn(async () => undefined);
    wrap(<TransaxRetrieveForm onRetrieve={onRetrieve} />);
    await userEvent.setup().click(screen.getByRole('button', { name: T.retrieve }));
    for (const text of ['Enter the Transax gateway URL', 'Enter the Transax user', 'Enter the Transax password']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(onRetrieve).not.toHaveBeenCalled();
    // the gateway's credentials: the browser is not invited to fill in the user's Under login; the password field
    // is marked invalid with its error and its show/hide toggle is named
    expect(field(T.userLabel).getAttribute('autocomplete')).toBe('off');
    expect(field(T.passwordLabel).getAttribute('autocomplete')).toBe('new-password');
    expect(field(T.passwordLabel).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: UI_TEXT.togglePasswordVisibility })).toBeTruthy();
  });

  it("sends URL, user and password; shows the server's refusal in words and empties the password", async () => {
    const onRetrieve = vi.fn(async () => {
      throw new HttpError(400, 'integration/domain', TRANSAX_MESSAGES.gatewayNotAllowed);
    });
    wrap(<TransaxRetrieveForm onRetrieve={onRetrieve} />);
    const user = userEvent.setup();
    expect(field(T.passwordLabel).type).toBe('password');
    await user.type(field(T.gatewayUrlLabel), 'https://evil.example.com');
    await user.type(field(T.userLabel), 'me');
    await user.type(field(T.passwordLabel), 'secret');
    await user.click(screen.getByRole('button', { name: T.retrieve }));
    expect(onRetrieve).toHaveBeenCalledWith({ gatewayUrl: 'https://evil.example.com', user: 'me', password: 'secret' });
    expect(await screen.findByText(TRANSAX_MESSAGES.gatewayNotAllowed)).toBeTruthy();
    expect(field(T.passwordLabel).value).toBe('');
  });

  it('lists the stored pricing and picks one for the form; the selected one is marked', async () => {
    const onPick = vi.fn();
    wrap(<TransaxPricingTable stored={STORED} selectedId="4411" onPick={onPick} picking={false} />);
    const rows = screen.getAllByTestId('transax-plan');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('$9.95')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByTestId('transax-selected').textContent).toBe(T.picked);
    await userEvent.setup().click(screen.getByRole('button', { name: `${T.pick}: Retail interchange plus` }));
    expect(onPick).toHaveBeenCalledWith('TX-RETAIL-IC');
  });

  it('offers no pick without a form, and says when nothing was retrieved', () => {
    const { unmount } = wrap(<TransaxPricingTable stored={STORED} selectedId={null} onPick={null} picking={false} />);
    expect(screen.queryByRole('button', { name: new RegExp(T.pick) })).toBeNull();
    unmount();
    wrap(
      <TransaxPricingTable
        stored={{ gatewayHost: null, retrievedAt: null, pricing: [] }}
        selectedId={null}
        onPick={null}
        picking={false}
      />,
    );
    expect(screen.getByText(T.none)).toBeTruthy();
  });
});

describe('the Transax pricing page (issue #24 §2)', { timeout: 60_000 }, () => {
  const FORM_ID = '00000000-0000-4000-8000-0000000000f1';
  const FORMS = {
    status: 200,
    body: {
      items: [
        {
          customFormId: FORM_ID,
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
        },
      ],
      total: 1,
      page: 1,
      pageSize: 100,
    },
  };
  const CONFIG = {
    id: '00000000-0000-4000-8000-0000000000c1',
    formId: FORM_ID,
    integrationToActivate: 'tsys',
    companyId: '00000000-0000-4000-8000-0000000000c0',
    credentials: { user: '••••' },
    credentialsTemplateId: '00000000-0000-4000-8000-0000000000d1',
    selectedStoredPricing: null,
    autoSync: true,
    activeIntegration: false,
    updatedAt: '2026-11-02T10:00:00.000Z',
  };
  const overview = { companyId: 'c1', planAllowsCrm: true, canManage: true, integrations: [], configs: [CONFIG] };
  const SAVE = 'POST /api/integrations/config';

  it("offers a plan for the form only once the form's stored config is known, and sends its settings back as they are", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { user, api } = renderApp({
      path: `/transax-pricing/${FORM_ID}`,
      api: {
        'GET /api/transax/pricing': { status: 200, body: STORED },
        'GET /api/custom_forms': FORMS,
        'GET /api/integrations': async () => {
          await gate;
          return jsonResponse(200, overview);
        },
        [SAVE]: { status: 200, body: { ...CONFIG, selectedStoredPricing: { id: '4411' } } },
      },
    });
    expect(await screen.findAllByTestId('transax-plan', {}, { timeout: 8000 })).toHaveLength(2);
    // the overview still loading: nothing to pick (a save now would overwrite the config with defaults)
    expect(screen.queryByRole('button', { name: `${T.pick}: Restaurant tiered` })).toBeNull();
    release();
    await user.click(await screen.findByRole('button', { name: `${T.pick}: Restaurant tiered` }, { timeout: 8000 }));
    await waitFor(() => expect(api.calls(SAVE)).toHaveLength(1));
    expect(JSON.parse(String(api.calls(SAVE)[0]?.[1]?.body))).toMatchObject({
      formId: FORM_ID,
      integrationToActivate: 'tsys',
      credentialsTemplateId: CONFIG.credentialsTemplateId,
      autoSync: true,
      activeIntegration: false,
      selectedStoredPricing: { id: '4411' },
    });
  });

  it('offers nothing to pick when the overview failed, and says why', async () => {
    const { api } = renderApp({
      path: `/transax-pricing/${FORM_ID}`,
      api: {
        'GET /api/transax/pricing': { status: 200, body: STORED },
        'GET /api/custom_forms': FORMS,
        'GET /api/integrations': apiError(500, ERROR_CODES.internal, 'The integrations could not be read'),
      },
    });
    expect(await screen.findByText('The integrations could not be read', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getAllByTestId('transax-plan')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: new RegExp(`^${T.pick}:`) })).toBeNull();
    expect(api.calls(SAVE)).toHaveLength(0);
  });
});
