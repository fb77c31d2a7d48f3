import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { describe, expect, it } from 'vitest';
import { getPendingInvitation, setPendingInvitation } from '../../lib/pending-invitation';
import { getPendingVerification } from '../../lib/pending-verification';
import { field, ME, PROFILE, renderApp } from '../../test/render-app';

const CODE = 'abcdefghijklmnopqrstuvwxyz0123456789_-AB';
const OPEN = {
  email: 'sam@bank.example',
  companyName: 'First Bank',
  role: 'STANDARD',
  status: 'pending',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

describe('/register/{invitationCode}', () => {
  it('shows the company and the fixed e-mail, signs up with it and keeps the invitation for later', async () => {
    const { user, api, location } = renderApp({
      path: `/register/${CODE}`,
      auth: 'signed-out',
      api: {
        [`GET /api/invitations/${CODE}`]: { status: 200, body: OPEN },
        'POST /api/auth/client/sign-up': { status: 201, body: { ok: true } },
      },
    });
    await screen.findByRole('heading', { name: UI_TEXT.invitationTitle('First Bank') }, { timeout: 5000 });
    const email = field(UI_TEXT.emailLabel) as HTMLInputElement;
    expect(email.value).toBe(OPEN.email);
    expect(email.readOnly).toBe(true);
    await user.type(field(UI_TEXT.passwordLabel), 'Secret123');
    await user.type(field(UI_TEXT.confirmPasswordLabel), 'Secret123');
    await user.click(screen.getByRole('button', { name: UI_TEXT.registerButton }));
    await screen.findByRole('heading', { name: UI_TEXT.verifyEmailTitle });
    expect(location()).toBe('/verify-email');
    expect(JSON.parse(String(api.calls('POST /api/auth/client/sign-up')[0]?.[1]?.body))).toEqual({
      email: OPEN.email,
      password: 'Secret123',
    });
    expect(getPendingVerification()?.email).toBe(OPEN.email);
    expect(getPendingInvitation()).toEqual({
      code: CODE,
      email: OPEN.email,
      companyName: 'First Bank',
      role: 'STANDARD',
    });
  });

  it.each([
    ['expired', MESSAGES.invitationExpired],
    ['revoked', MESSAGES.invitationRevoked],
    ['accepted', MESSAGES.invitationUsed],
  ])('says why an %s invitation cannot be used', async (status, message) => {
    renderApp({
      path: `/register/${CODE}`,
      auth: 'signed-out',
      api: { [`GET /api/invitations/${CODE}`]: { status: 200, body: { ...OPEN, status, message } } },
    });
    await screen.findByRole('heading', { name: UI_TEXT.invitationInvalidTitle }, { timeout: 5000 });
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: UI_TEXT.registerButton })).toBeNull();
  });

  it('joins the team from /register-company once signed in, without a company name', async () => {
    setPendingInvitation({ code: CODE, email: ME.email, companyName: 'First Bank', role: 'ADMINISTRATOR' });
    const { user, api } = renderApp({
      path: '/',
      api: {
        'GET /api/me': [
          { status: 200, body: { ...ME, company: null } },
          { status: 200, body: ME },
        ],
        'POST /api/profiles': { status: 201, body: PROFILE },
      },
    });
    await screen.findByRole('heading', { name: UI_TEXT.joinTeamTitle('First Bank') }, { timeout: 5000 });
    expect(screen.getByText(UI_TEXT.joinTeamLead('First Bank', 'client administrator'))).toBeTruthy();
    expect(screen.queryByLabelText(/^Company name/)).toBeNull();
    await user.type(field(UI_TEXT.firstNameLabel), 'Ann');
    await user.type(field(UI_TEXT.lastNameLabel), 'Lee');
    await user.type(field(UI_TEXT.phoneLabel), '555-123-4567');
    await user.click(screen.getByRole('button', { name: UI_TEXT.joinTeamButton }));
    await waitFor(() => expect(api.calls('POST /api/profiles')).toHaveLength(1));
    expect(JSON.parse(String(api.calls('POST /api/profiles')[0]?.[1]?.body))).toEqual({
      email: ME.email,
      firstName: 'Ann',
      lastName: 'Lee',
      // shown in the spec's display once the field is left
      phoneNumber: '(555) 123-4567',
      invitationCode: CODE,
    });
    await screen.findByRole('heading', { name: UI_TEXT.homeTitle });
    expect(getPendingInvitation()).toBeNull();
  }, 15_000);
});
