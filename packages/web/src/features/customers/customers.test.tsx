import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import { CUSTOMERS_TEXT as T } from '@under/core/ui-text/client-customers';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { formatOffset, offsetMinutes } from './components/time-zone';

const form = (id: string, name: string, status = 'active') => ({
  customFormId: `00000000-0000-4000-8000-0000000000${id}`,
  name,
  status,
  version: 1,
  masterFormId: '00000000-0000-4000-8000-0000000000aa',
  institution: 'Harbor Bank',
  masterVersion: 1,
  updateMode: 'system-auto-update',
  wizardStep: 4,
  isPublished: true,
  hasUpdate: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
});
const MERCHANT = form('f1', 'Merchant form');
const LOANS = form('f2', 'Loan form');
const list = (items: unknown[]) => ({ status: 200, body: { items, total: items.length, page: 1, pageSize: 100 } });
const sent = { status: 201, body: { applicationId: '00000000-0000-4000-8000-0000000000a1', status: 'invite_sent' } };
const slow = { timeout: 8000 };
const bodyOf = (call: unknown[] | undefined) => JSON.parse(String((call?.[1] as RequestInit | undefined)?.body));

describe('customer invitations', { timeout: 90_000 }, () => {
  it('/create-customer invites to the chosen active form with the browser time zone and says "Invite sent"', async () => {
    const { user, api } = renderApp({
      path: '/create-customer',
      api: { 'GET /api/custom_forms': list([MERCHANT, LOANS]), 'POST /api/applications/invite': sent },
    });
    const select = await screen.findByLabelText(new RegExp(`^${T.formLabel}`), {}, slow);
    await screen.findByRole('option', { name: LOANS.name }, slow);
    const [listCall] = api.calls('GET /api/custom_forms');
    expect(new URL(String(listCall?.[0]), 'http://x').searchParams.get('status')).toBe('active');
    // nothing is sent without a form and a valid e-mail
    await user.click(screen.getByRole('button', { name: T.sendButton }));
    expect(await screen.findByText(T.formRequired)).toBeTruthy();
    expect(screen.getByText(T.emailInvalid)).toBeTruthy();
    expect(api.calls('POST /api/applications/invite')).toHaveLength(0);

    await user.selectOptions(select, LOANS.customFormId);
    await user.type(screen.getByLabelText(new RegExp(`^${T.invitedEmailLabel}`)), 'merchant@shop.example');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect((screen.getByLabelText(new RegExp(`^${T.timeZoneLabel}`)) as HTMLSelectElement).value).toBe(zone);
    expect(screen.getByTestId('time-zone-offset').textContent).toBe(T.offsetLabel(formatOffset(offsetMinutes(zone))));
    await user.click(screen.getByRole('button', { name: T.sendButton }));
    expect(await screen.findByText(T.inviteSentTo('merchant@shop.example'), {}, slow)).toBeTruthy();
    expect(bodyOf(api.calls('POST /api/applications/invite')[0])).toEqual({
      customFormId: LOANS.customFormId,
      invitedEmail: 'merchant@shop.example',
      emailPrimary: 'primary',
      timeZone: zone,
      timeZoneOffset: offsetMinutes(zone),
    });
  });

  it('sends another primary e-mail and a chosen time zone; shows the server refusal', async () => {
    const { user, api } = renderApp({
      path: `/create-customer?formId=${MERCHANT.customFormId}`,
      api: {
        'GET /api/custom_forms': list([MERCHANT]),
        'POST /api/applications/invite': [apiError(409, ERROR_CODES.customFormInactive, MESSAGES.inactiveForm), sent],
      },
    });
    await screen.findByRole('option', { name: MERCHANT.name }, slow);
    expect((screen.getByLabelText(new RegExp(`^${T.formLabel}`)) as HTMLSelectElement).value).toBe(
      MERCHANT.customFormId,
    );
    await user.type(screen.getByLabelText(new RegExp(`^${T.invitedEmailLabel}`)), 'assistant@shop.example');
    await user.click(screen.getByRole('radio', { name: T.primaryOther }));
    await user.type(screen.getByLabelText(new RegExp(`^${T.primaryOtherLabel}`)), 'owner@shop.example');
    await user.selectOptions(screen.getByLabelText(new RegExp(`^${T.timeZoneLabel}`)), 'Asia/Tokyo');
    expect(screen.getByTestId('time-zone-offset').textContent).toBe(T.offsetLabel('UTC+09:00'));
    await user.click(screen.getByRole('button', { name: T.sendButton }));
    expect(await screen.findByText(MESSAGES.inactiveForm, {}, slow)).toBeTruthy();
    expect(screen.queryByText(/^Invite sent to/)).toBeNull();
    await user.click(screen.getByRole('button', { name: T.sendButton }));
    expect(await screen.findByText(T.inviteSentTo('assistant@shop.example'), {}, slow)).toBeTruthy();
    const calls = api.calls('POST /api/applications/invite');
    expect(calls).toHaveLength(2);
    expect(bodyOf(calls[1])).toEqual({
      customFormId: MERCHANT.customFormId,
      invitedEmail: 'assistant@shop.example',
      emailPrimary: 'owner@shop.example',
      timeZone: 'Asia/Tokyo',
      timeZoneOffset: 540,
    });
  });

  it('the form list invites a customer to an active form from its menu', async () => {
    const paused = form('f3', 'Paused form', 'inactive');
    const { user, api } = renderApp({
      path: '/all-form',
      api: { 'GET /api/custom_forms': list([MERCHANT, paused]), 'POST /api/applications/invite': sent },
    });
    const rows = await screen.findAllByTestId('custom-form-row', {}, slow);
    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: `Actions: ${paused.name}` }));
    expect(screen.queryByRole('menuitem', { name: T.inviteAction })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: `Actions: ${MERCHANT.name}` }));
    await user.click(await screen.findByRole('menuitem', { name: T.inviteAction }, slow));
    const dialog = await screen.findByRole('dialog', { name: T.inviteActionOf(MERCHANT.name) }, slow);
    expect(within(dialog).queryByLabelText(new RegExp(`^${T.formLabel}`))).toBeNull();
    await user.type(within(dialog).getByLabelText(new RegExp(`^${T.invitedEmailLabel}`)), 'new@shop.example');
    await user.click(within(dialog).getByRole('button', { name: T.sendButton }));
    expect(await within(dialog).findByText(T.inviteSentTo('new@shop.example'), {}, slow)).toBeTruthy();
    await waitFor(() => expect(api.calls('POST /api/applications/invite')).toHaveLength(1));
    expect(bodyOf(api.calls('POST /api/applications/invite')[0])).toMatchObject({
      customFormId: MERCHANT.customFormId,
      invitedEmail: 'new@shop.example',
      emailPrimary: 'primary',
    });
  });
});
