import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@under/core/messages';
import { ADMIN_MAILS_TEXT as T } from '@under/core/ui-text/admin-mails';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const FAILED = {
  id: '00000000-0000-4000-8000-0000000000a1',
  to: 'ann@bank.example',
  kind: 'sign-up-code',
  status: 'failed',
  attempts: 9,
  lastError: 'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:25',
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T09:20:00.000Z',
  nextAttemptAt: null,
  sentAt: null,
  retryable: true,
};
const ERASED = { ...FAILED, id: '00000000-0000-4000-8000-0000000000a2', to: 'old@bank.example', retryable: false };
const list = (items: unknown[]) => ({ status: 200, body: { items, total: items.length, page: 1, pageSize: 10 } });
const slow = { timeout: 8000 };
const statusOf = (call: unknown[] | undefined) => new URL(String(call?.[0]), 'http://x').searchParams.get('status');

function render(api: Parameters<typeof renderApp>[0]['api'] = {}) {
  return renderApp({ app: 'admin', path: '/mails', api: { 'GET /api/admin/mails': list([FAILED, ERASED]), ...api } });
}

describe('/admin/mails', { timeout: 90_000 }, () => {
  it('lists failed mails by kind, never by subject, with attempts and the last error', async () => {
    const { api } = render();
    const rows = await screen.findAllByTestId('mail-row', {}, slow);
    expect(rows).toHaveLength(2);
    const row = rows[0] as HTMLElement;
    expect(within(row).getByText('ann@bank.example')).toBeTruthy();
    expect(within(row).getByText(T.kindNames['sign-up-code'])).toBeTruthy();
    expect(within(row).getByText('9')).toBeTruthy();
    expect(within(row).getByText(FAILED.lastError)).toBeTruthy();
    expect(within(row).getByText('Jan/02/2026 09:20 UTC')).toBeTruthy();
    // a failed mail whose content was erased cannot be sent again
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText(T.contentErased)).toBeTruthy();
    expect(statusOf(api.calls('GET /api/admin/mails')[0])).toBe('failed');
  });

  it('says "No failed mails" when there are none, and filters by status', async () => {
    const { user, api } = render({ 'GET /api/admin/mails': list([]) });
    expect(await screen.findByText(T.emptyByStatus.failed, {}, slow)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(T.statusFilterLabel), 'sent');
    expect(await screen.findByText(T.emptyByStatus.sent, {}, slow)).toBeTruthy();
    expect(api.calls('GET /api/admin/mails').map(statusOf)).toContain('sent');
  });

  it('sends a failed mail again only after confirmation, then reloads the list', async () => {
    const { user, api } = render({
      [`POST /api/admin/mails/${FAILED.id}/retry`]: { status: 200, body: { ok: true } },
    });
    await user.click(await screen.findByRole('button', { name: T.retryLabel(FAILED.to) }, slow));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByText(T.retryMessage(T.kindNames['sign-up-code'], FAILED.to))).toBeTruthy();
    // backing out sends nothing
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    expect(api.calls(`POST /api/admin/mails/${FAILED.id}/retry`)).toHaveLength(0);

    const before = api.calls('GET /api/admin/mails').length;
    api.on('GET /api/admin/mails', list([ERASED]));
    await user.click(screen.getByRole('button', { name: T.retryLabel(FAILED.to) }));
    const again = await screen.findByRole('dialog', {}, slow);
    await user.click(within(again).getByRole('button', { name: T.retryConfirm }));
    await waitFor(() => expect(api.calls(`POST /api/admin/mails/${FAILED.id}/retry`)).toHaveLength(1), slow);
    expect(await screen.findByText(T.retried, {}, slow)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('mail-row')).toHaveLength(1), slow);
    expect(api.calls('GET /api/admin/mails').length).toBeGreaterThan(before);
  });

  it('shows the server refusal of a retry', async () => {
    const { user } = render({
      [`POST /api/admin/mails/${FAILED.id}/retry`]: apiError(409, 'mail/not-retryable', MESSAGES.mailNotRetryable),
    });
    await user.click(await screen.findByRole('button', { name: T.retryLabel(FAILED.to) }, slow));
    const dialog = await screen.findByRole('dialog', {}, slow);
    await user.click(within(dialog).getByRole('button', { name: T.retryConfirm }));
    expect(await screen.findByText(MESSAGES.mailNotRetryable, {}, slow)).toBeTruthy();
  });
});
