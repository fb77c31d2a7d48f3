import '../../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_BUTTON_LINKS_TEXT as T } from '@under/core/ui-text/admin-button-links';
import { describe, expect, it } from 'vitest';
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
