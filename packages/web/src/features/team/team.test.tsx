import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../test/fake-api';
import { field, renderApp, SUMMARY } from '../../test/render-app';

const ANN = {
  id: 'u1',
  kind: 'user',
  email: 'ann@bank.example',
  firstName: 'Ann',
  lastName: 'Lee',
  phoneNumber: '5551234567',
  role: 'ADMINISTRATOR',
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  invitation: null,
};
const SAM = {
  ...ANN,
  id: '00000000-0000-4000-8000-000000000002',
  email: 'sam@bank.example',
  firstName: 'Sam',
  role: 'STANDARD',
};
const page = (items: unknown[]) => ({ status: 200, body: { items, total: items.length, page: 1, pageSize: 10 } });
const searches = (api: ReturnType<typeof renderApp>['api']) =>
  api.calls('GET /api/members').map(([input]) => new URL(String(input), 'http://localhost').searchParams.get('q'));

describe('/team/{companyId}', () => {
  it('searches 500 ms after the last keystroke, and only with 3 to 50 characters', async () => {
    const { user, api } = renderApp({
      path: '/team/c1',
      api: { 'GET /api/members': page([ANN, SAM]), 'GET /api/companies/summary': { status: 200, body: SUMMARY } },
    });
    // the first render also loads the page's chunk
    await screen.findByText('Sam Lee', {}, { timeout: 5000 });
    const box = screen.getByLabelText(UI_TEXT.searchMembersLabel);

    await user.type(box, 'sa');
    expect(await screen.findByText(MESSAGES.searchLength, {}, { timeout: 2000 })).toBeTruthy();
    expect(searches(api).filter(Boolean)).toEqual([]);

    api.on('GET /api/members', page([SAM]));
    await user.type(box, 'm');
    await waitFor(() => expect(searches(api)).toContain('sam'), { timeout: 2000 });
    // one request for the whole word, none for its prefixes
    expect(searches(api).filter(Boolean)).toEqual(['sam']);
    await waitFor(() => expect(screen.queryByText('Ann Lee')).toBeNull());
    expect(screen.queryByText(MESSAGES.searchLength)).toBeNull();
  }, 15_000);

  it('hides the administrator actions from a STANDARD member', async () => {
    renderApp({
      path: '/team/c1',
      api: {
        'GET /api/me': {
          status: 200,
          body: { ...ANN, pool: 'client', role: 'STANDARD', company: SUMMARY.company, membership: null },
        },
        'GET /api/members': page([ANN, SAM]),
        'GET /api/companies/summary': { status: 200, body: SUMMARY },
      },
    });
    await screen.findByText('Sam Lee');
    expect(screen.queryByRole('button', { name: UI_TEXT.inviteTitle })).toBeNull();
    expect(screen.queryByRole('button', { name: UI_TEXT.memberActionsLabel(SAM.email) })).toBeNull();
    expect(screen.queryByRole('link', { name: UI_TEXT.navSettings })).toBeNull();
  });

  it('asks before deactivating a member', async () => {
    const { user, api } = renderApp({
      path: '/team/c1',
      api: {
        'GET /api/members': page([ANN, SAM]),
        'GET /api/companies/summary': { status: 200, body: SUMMARY },
        [`PUT /api/members/${SAM.id}/status`]: { status: 200, body: { ...SAM, status: 'inactive' } },
      },
    });
    // generous waits: the page chunk and the menu may be slow on a busy machine
    const slow = { timeout: 5000 };
    await user.click(await screen.findByRole('button', { name: UI_TEXT.memberActionsLabel(SAM.email) }, slow));
    await user.click(await screen.findByRole('menuitem', { name: UI_TEXT.deactivateMember }, slow));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByText(UI_TEXT.deactivateConfirmText(SAM.email))).toBeTruthy();
    expect(api.calls(`PUT /api/members/${SAM.id}/status`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: UI_TEXT.deactivateMember }));
    await waitFor(() => expect(api.calls(`PUT /api/members/${SAM.id}/status`)).toHaveLength(1), slow);
    expect(JSON.parse(String(api.calls(`PUT /api/members/${SAM.id}/status`)[0]?.[1]?.body))).toEqual({
      status: 'inactive',
    });
  }, 15_000);

  it('says when the members could not be loaded, and loads them again on request', async () => {
    const { user, api } = renderApp({
      path: '/team/c1',
      api: {
        'GET /api/members': [apiError(500, ERROR_CODES.internal, MESSAGES.http500), page([ANN])],
        'GET /api/companies/summary': { status: 200, body: SUMMARY },
      },
    });
    const title = await screen.findByText(UI_TEXT.listLoadError, {}, { timeout: 5000 });
    const alert = title.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText(MESSAGES.http500)).toBeTruthy();
    expect(screen.queryByTestId('member-row')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: UI_TEXT.retry }));
    expect(await screen.findByTestId('member-row')).toBeTruthy();
    expect(screen.queryByText(UI_TEXT.listLoadError)).toBeNull();
    expect(api.calls('GET /api/members')).toHaveLength(2);
  });
});

describe('/invite-members', () => {
  const render = (reply: Parameters<typeof renderApp>[0]['api']) =>
    renderApp({
      path: '/invite-members',
      api: {
        'GET /api/companies/summary': {
          status: 200,
          body: { ...SUMMARY, subscription: { ...SUMMARY.subscription, userQuota: 5 } },
        },
        ...reply,
      },
    });

  it('checks the e-mail with the server rule before sending', async () => {
    const { user, api } = render({});
    await user.type(await screen.findByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: UI_TEXT.inviteButton }));
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeTruthy();
    expect(api.calls('POST /api/invitations')).toHaveLength(0);
  });

  it.each([
    [ERROR_CODES.emailAlreadyAdded, MESSAGES.emailAlreadyAdded],
    [ERROR_CODES.joinedAnotherTeam, MESSAGES.joinedAnotherTeam('sam@bank.example')],
  ])('shows %s under the e-mail field', async (code, message) => {
    const { user } = render({ 'POST /api/invitations': apiError(409, code, message) });
    await user.type(await screen.findByLabelText(/^Email/), 'Sam@Bank.example');
    await user.click(screen.getByRole('button', { name: UI_TEXT.inviteButton }));
    expect(await screen.findByText(message)).toBeTruthy();
    const email = field(UI_TEXT.emailLabel);
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the quota refusal above the form, and sends the role chosen', async () => {
    const { user, api } = render({
      'POST /api/invitations': apiError(409, 'team/user-quota', MESSAGES.userQuotaInvite),
    });
    await user.type(await screen.findByLabelText(/^Email/), 'sam@bank.example');
    await user.selectOptions(screen.getByLabelText(UI_TEXT.roleLabel), 'ADMINISTRATOR');
    await user.click(screen.getByRole('button', { name: UI_TEXT.inviteButton }));
    const refusal = await screen.findByText(MESSAGES.userQuotaInvite);
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    expect(JSON.parse(String(api.calls('POST /api/invitations')[0]?.[1]?.body))).toEqual({
      email: 'sam@bank.example',
      role: 'ADMINISTRATOR',
    });
  });
});

describe('/invite-members at the quota', () => {
  it('says the plan has no seat left, links to the plans, and disables Send', async () => {
    renderApp({
      path: '/invite-members',
      api: { 'GET /api/companies/summary': { status: 200, body: SUMMARY } },
    });
    const note = await screen.findByTestId('invite-no-seats');
    expect(note.textContent).toContain(UI_TEXT.inviteNoSeats);
    expect(within(note).getByRole('link', { name: UI_TEXT.inviteSeePlans }).getAttribute('href')).toBe('/membership');
    expect(screen.getByRole('button', { name: UI_TEXT.inviteButton }).hasAttribute('disabled')).toBe(true);
  });
});
