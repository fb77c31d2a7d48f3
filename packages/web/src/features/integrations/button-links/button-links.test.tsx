import '../../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_BUTTON_LINKS_TEXT as T } from '@under/core/ui-text/admin-button-links';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const LINK = {
  id: '00000000-0000-4000-8000-0000000000b1',
  companyId: '00000000-0000-4000-8000-0000000000c1',
  companyName: 'Demo Bank',
  name: 'Ops hook',
  buttonLink: 'https://hooks.example.com/under',
  status: 'active',
  secretMask: '••••••••Mqec',
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};
const FAILED = {
  id: '00000000-0000-4000-8000-0000000000d1',
  eventId: '00000000-0000-4000-8000-0000000000e1',
  eventType: 'application.submitted',
  applicationId: '00000000-0000-4000-8000-0000000000f1',
  state: 'failed',
  attempts: 12,
  responseCode: 503,
  durationMs: 48,
  lastError: 'The receiver answered HTTP 503.',
  nextAttemptAt: null,
  resendOf: null,
  createdAt: '2026-01-02T09:20:05.000Z',
  deliveredAt: null,
};
const page = (items: unknown[], total = items.length) => ({
  status: 200,
  body: { items, total, page: 1, pageSize: 10 },
});
const slow = { timeout: 8000 };

describe('/admin/button-links', { timeout: 90_000 }, () => {
  it('lists the links with their secret masked and opens a link’s delivery log', async () => {
    renderApp({
      app: 'admin',
      path: '/button-links',
      api: {
        'GET /api/admin/button-links': { status: 200, body: { items: [LINK] } },
        [`GET /api/admin/button-links/${LINK.id}/deliveries`]: page([FAILED]),
      },
    });
    const row = await screen.findByTestId('button-link-row', {}, slow);
    expect(within(row).getByText('Demo Bank')).toBeTruthy();
    expect(within(row).getByText(LINK.secretMask)).toBeTruthy();
    expect(
      within(row)
        .getByRole('link', { name: T.logLabel(LINK.name) })
        .getAttribute('href'),
    ).toMatch(new RegExp(`/button-links/${LINK.id}$`));
  });

  it('finds the company of a new link by searching every company, not only the first page', async () => {
    const account = (id: string, name: string) => ({
      id,
      name,
      status: 'active',
      membershipId: 'MEMBERSHIP_002',
      membershipName: 'Simple',
      activeMembers: 2,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    const searches: string[] = [];
    const { user, api } = renderApp({
      app: 'admin',
      path: '/button-links',
      api: {
        'GET /api/admin/button-links': { status: 200, body: { items: [] } },
        'GET /api/accounts': (url) => {
          const q = url.searchParams.get('q') ?? '';
          searches.push(q);
          const items = q
            ? [account('00000000-0000-4000-8000-0000000000c9', 'Zeta Payments')]
            : [account(LINK.companyId, 'Demo Bank')];
          return jsonResponse(200, { items, total: q ? 1 : 150, page: 1, pageSize: 20 });
        },
        'POST /api/admin/button-links': (_url, init) =>
          jsonResponse(201, {
            integration: { ...LINK, ...JSON.parse(String(init?.body)), companyName: 'Zeta Payments' },
            secret: 'whsec_x',
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: T.addButton }, slow));
    const dialog = await screen.findByRole('dialog', { name: T.addTitle });
    const company = within(dialog).getByRole('combobox', { name: new RegExp(T.companyLabel) });
    await user.click(company);
    await user.type(company, 'Zeta');
    await user.click(await screen.findByRole('option', { name: 'Zeta Payments' }, slow));
    await user.type(within(dialog).getByRole('textbox', { name: new RegExp(T.nameLabel) }), 'Ops');
    await user.type(
      within(dialog).getByRole('textbox', { name: new RegExp(T.urlLabel) }),
      'https://hooks.example.com/z',
    );
    await user.click(within(dialog).getByRole('button', { name: T.saveButton }));
    await waitFor(() => expect(api.calls('POST /api/admin/button-links')).toHaveLength(1));
    const [, init] = api.calls('POST /api/admin/button-links')[0] as [unknown, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ companyId: '00000000-0000-4000-8000-0000000000c9' });
    // one search for the word typed (debounced), besides the first page
    expect(searches.filter((q) => q !== '')).toEqual(['Zeta']);
  });

  it('shows each delivery’s state, response code, duration and error, and resends only after confirmation', async () => {
    const resent = {
      ...FAILED,
      id: '00000000-0000-4000-8000-0000000000d2',
      state: 'queued',
      attempts: 0,
      resendOf: FAILED.id,
    };
    const { user, api } = renderApp({
      app: 'admin',
      path: `/button-links/${LINK.id}`,
      api: {
        'GET /api/admin/button-links': { status: 200, body: { items: [LINK] } },
        [`GET /api/admin/button-links/${LINK.id}/deliveries`]: page([FAILED], 31),
        [`POST /api/admin/button-links/${LINK.id}/deliveries/${FAILED.id}/resend`]: { status: 202, body: resent },
      },
    });
    const row = await screen.findByTestId('delivery-row', {}, slow);
    expect(within(row).getByText(T.eventNames['application.submitted'])).toBeTruthy();
    expect(within(row).getByText(T.stateNames.failed)).toBeTruthy();
    expect(within(row).getByText('503')).toBeTruthy();
    expect(within(row).getByText('48 ms')).toBeTruthy();
    expect(within(row).getByText(FAILED.lastError)).toBeTruthy();
    expect(screen.getByText(T.range(1, 10, 31))).toBeTruthy();
    const resend = within(row).getByRole('button', {
      name: T.resendLabel(T.eventNames['application.submitted'], 'Jan/02/2026 09:20:05 UTC'),
    });
    await user.click(resend);
    const dialog = await screen.findByRole('dialog', {}, slow);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    const path = `POST /api/admin/button-links/${LINK.id}/deliveries/${FAILED.id}/resend`;
    expect(api.calls(path)).toHaveLength(0);
    await user.click(resend);
    await user.click(
      within(await screen.findByRole('dialog', {}, slow)).getByRole('button', { name: T.resendConfirm }),
    );
    await waitFor(() => expect(api.calls(path)).toHaveLength(1), slow);
    expect(await screen.findByText(T.resent, {}, slow)).toBeTruthy();
  });
});
