import '../test/setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { ADMIN_ACCOUNTS_TEXT } from '@under/core/ui-text/admin-accounts';
import { describe, expect, it, vi } from 'vitest';
import { setPendingVerification } from '../lib/pending-verification';
import { apiError, TOKEN } from '../test/fake-api';
import { field, ME, PROFILE, renderApp, SUMMARY } from '../test/render-app';
import { ErrorPage } from './error-page';
import { RootLayout } from './root-layout';

function Broken(): never {
  throw new Error('The chart exploded');
}

describe('client routing rules', () => {
  it('sends a signed-out visitor of a protected page to login, and back there after signing in', async () => {
    const { location, user, api } = renderApp({
      path: '/edit-account',
      auth: 'signed-out',
      api: { 'POST /api/auth/client/sign-in': TOKEN('fresh') },
    });

    await screen.findByRole('heading', { name: UI_TEXT.signInTitle });
    expect(location()).toBe('/login?redirect=%2Fedit-account');

    await user.type(field(UI_TEXT.emailLabel), 'Ann@Bank.example');
    await user.type(field(UI_TEXT.passwordLabel), 'secret1');
    await user.click(screen.getByRole('button', { name: UI_TEXT.signInButton }));

    await screen.findByRole('heading', { name: UI_TEXT.editAccountTitle });
    expect(location()).toBe('/edit-account');
    expect(JSON.parse(String(api.calls('POST /api/auth/client/sign-in')[0]?.[1]?.body))).toEqual({
      email: 'ann@bank.example',
      password: 'secret1',
    });
  });

  it('ignores a redirect to another site', async () => {
    const { location } = renderApp({ path: '/login?redirect=%2F%2Fevil.example', auth: 'signed-in' });
    await screen.findByRole('heading', { name: UI_TEXT.homeTitle });
    expect(location()).toBe('/');
  });

  it('sends a signed-in user who opens a public page home', async () => {
    for (const path of ['/login', '/register', '/forgot-password']) {
      const { location, unmount } = renderApp({ path });
      await screen.findByRole('heading', { name: UI_TEXT.homeTitle });
      expect(location()).toBe('/');
      unmount();
    }
  });

  it('shows the signed-in home: company, plan, quotas used and the team at a glance', async () => {
    renderApp({ path: '/', api: { 'GET /api/companies/summary': { status: 200, body: SUMMARY } } });
    const main = await screen.findByRole('main');
    await within(main).findByText('Basic');
    expect(within(main).getByText('First Bank')).toBeTruthy();
    expect(within(main).getByText(UI_TEXT.quotaOf(1, 1))).toBeTruthy();
    expect(within(main).getByText(UI_TEXT.quotaOf(0, 1))).toBeTruthy();
    expect(within(main).getByText(UI_TEXT.formsEmpty)).toBeTruthy();
    expect(within(main).getByText(UI_TEXT.teamAloneNoSeats)).toBeTruthy();
    expect(screen.getByTestId('header-email').textContent).toContain(ME.email);
  });

  it('sends a signed-in user without a company to /register-company, and back to the page afterwards', async () => {
    const { location, user, api } = renderApp({
      path: '/membership',
      api: {
        'GET /api/me': [
          { status: 200, body: { ...ME, company: null, role: 'STANDARD' } },
          { status: 200, body: { ...ME, membership: SUMMARY.membership } },
        ],
        'POST /api/profiles': { status: 201, body: PROFILE },
        'GET /api/memberships': { status: 200, body: [SUMMARY.membership] },
      },
    });
    await screen.findByRole('heading', { name: UI_TEXT.registerCompanyTitle });
    expect(location()).toBe('/register-company?redirect=%2Fmembership');
    await user.click(screen.getByRole('button', { name: UI_TEXT.registerCompanyButton }));
    expect(await screen.findByText(MESSAGES.companyNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.phoneRequired)).toBeTruthy();
    await user.type(field(UI_TEXT.companyNameLabel), 'First Bank');
    await user.type(field(UI_TEXT.firstNameLabel), 'Ann');
    await user.type(field(UI_TEXT.lastNameLabel), 'Lee');
    await user.type(field(UI_TEXT.phoneLabel), '5551234567');
    await user.tab();
    expect((field(UI_TEXT.phoneLabel) as HTMLInputElement).value).toBe('(555) 123-4567');
    await user.click(screen.getByRole('button', { name: UI_TEXT.registerCompanyButton }));
    await screen.findByRole('heading', { name: UI_TEXT.membershipTitle });
    expect(location()).toBe('/membership');
    expect(JSON.parse(String(api.calls('POST /api/profiles')[0]?.[1]?.body))).toEqual({
      email: ME.email,
      companyName: 'First Bank',
      firstName: 'Ann',
      lastName: 'Lee',
      phoneNumber: '(555) 123-4567',
    });
  });

  it('sends users who still have to verify their e-mail to verify-email', async () => {
    setPendingVerification('new@bank.example');
    const { location } = renderApp({ path: '/', auth: 'signed-out' });
    await screen.findByRole('heading', { name: UI_TEXT.verifyEmailTitle });
    expect(location()).toBe('/verify-email');
    expect(screen.getByText(UI_TEXT.verifyEmailText('new@bank.example'))).toBeTruthy();
  });

  it("sends a user whose /api/me status is 'inactive' to /deactivated-account", async () => {
    const { location } = renderApp({
      path: '/',
      api: { 'GET /api/me': { status: 200, body: { ...ME, status: 'inactive' } } },
    });
    await screen.findByRole('heading', { name: UI_TEXT.deactivatedTitle });
    expect(location()).toBe('/deactivated-account');
  });

  it("signs the user out to /deactivated-account on any 403 'auth/user-deactivated'", async () => {
    const { location, session, api } = renderApp({
      path: '/',
      api: {
        'GET /api/me': apiError(403, 'auth/user-deactivated', MESSAGES.userDeactivated),
        'POST /api/auth/client/sign-out': { status: 200, body: { ok: true } },
      },
    });
    await screen.findByRole('heading', { name: UI_TEXT.deactivatedTitle });
    expect(location()).toBe('/deactivated-account');
    await waitFor(() => expect(session.auth.getState().status).toBe('signed-out'));
    expect(api.calls('POST /api/auth/client/sign-out')).toHaveLength(1);
    expect(screen.getByRole('link', { name: UI_TEXT.backToSignIn })).toBeTruthy();
  });

  it('ends a session the server forgot and comes back to the page after signing in', async () => {
    const { location, notify } = renderApp({
      path: '/edit-account',
      api: {
        'GET /api/me': apiError(401, 'auth/no-user', MESSAGES.noCurrentUser),
        'POST /api/auth/client/refresh': apiError(401, 'auth/no-user', MESSAGES.noCurrentUser),
      },
    });
    await screen.findByRole('heading', { name: UI_TEXT.signInTitle });
    expect(location()).toBe('/login?redirect=%2Fedit-account');
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows the 404 page with a link home for unknown routes', async () => {
    renderApp({ path: '/no/such/page', auth: 'signed-out' });
    expect(await screen.findByRole('heading', { name: MESSAGES.notFoundPage })).toBeTruthy();
    expect(screen.getByRole('link', { name: UI_TEXT.backHome }).getAttribute('href')).toBe('/');
  });

  it('shows the error page with the details and a contact link when a page fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      renderApp({
        path: '/broken',
        routes: [
          { Component: RootLayout, ErrorBoundary: ErrorPage, children: [{ path: 'broken', Component: Broken }] },
        ],
      });
      expect(await screen.findByRole('heading', { name: MESSAGES.errorPage })).toBeTruthy();
      expect(screen.getByText('The chart exploded')).toBeTruthy();
      const contact = screen.getByRole('link', { name: new RegExp(UI_TEXT.contactSupport) });
      expect(contact.getAttribute('href')).toMatch(/^mailto:support@under\.example\?/);
    } finally {
      consoleError.mockRestore();
    }
  });

  it('logs out from the header: server told, storage cleared, back to login', async () => {
    const { user, api, location, session, queryClient, router } = renderApp({
      path: '/',
      api: { 'POST /api/auth/client/sign-out': { status: 200, body: { ok: true } } },
    });
    window.localStorage.setItem('something', '1');
    await screen.findByTestId('header-email');
    await user.click(screen.getByRole('button', { name: UI_TEXT.logOut }));
    await screen.findByRole('heading', { name: UI_TEXT.signInTitle });
    expect(location()).toBe('/login');
    expect(api.calls('POST /api/auth/client/sign-out')).toHaveLength(1);
    expect(session.auth.getState().accessToken).toBeNull();
    expect(window.localStorage.length).toBe(0);
    // The next user of this browser must not see the previous user's data.
    expect(queryClient.getQueryCache().find({ queryKey: ['me'] })).toBeUndefined();

    // Going back to a protected page afterwards leads to login again, not to a blank page.
    await act(() => router.navigate('/edit-account'));
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fedit-account'));
    expect(screen.getByRole('heading', { name: UI_TEXT.signInTitle })).toBeTruthy();
  });
});

describe('admin routing rules (basename /admin)', () => {
  it('sends a signed-in admin from login to /pdf-mapping', async () => {
    const { location } = renderApp({ app: 'admin', path: '/login' });
    await screen.findByRole('heading', { name: UI_TEXT.pdfMappingTitle });
    expect(location()).toBe('/pdf-mapping');
  });

  it('shows the admin overview at / (spec 1 §2 admin routes)', async () => {
    const { location } = renderApp({
      app: 'admin',
      path: '/',
      api: {
        'GET /api/admin/overview': {
          status: 200,
          body: { accounts: { total: 3, active: 2 }, revenueThisMonthCents: 123450, applicationsThisMonth: 0 },
        },
      },
    });
    await screen.findByRole('heading', { name: ADMIN_ACCOUNTS_TEXT.overviewTitle });
    expect(await screen.findByText('$1,234.50')).toBeTruthy();
    expect(location()).toBe('/');
  });

  it('sends a signed-out visitor to the admin login and back', async () => {
    const { location, user } = renderApp({
      app: 'admin',
      path: '/pdf-mapping',
      auth: 'signed-out',
      api: { 'POST /api/auth/admin/sign-in': TOKEN('a1') },
    });
    await screen.findByRole('heading', { name: UI_TEXT.adminSignInTitle });
    expect(location()).toBe('/login?redirect=%2Fpdf-mapping');
    expect(screen.queryByRole('link', { name: UI_TEXT.registerLink })).toBeNull();

    await user.type(field(UI_TEXT.emailLabel), 'admin@under.example');
    await user.type(field(UI_TEXT.passwordLabel), 'secret1');
    await user.click(screen.getByRole('button', { name: UI_TEXT.signInButton }));
    await screen.findByRole('heading', { name: UI_TEXT.pdfMappingTitle });
    await waitFor(() => expect(location()).toBe('/pdf-mapping'));
  });

  it("refuses a client account with 'Invalid email or password'", async () => {
    const { user } = renderApp({
      app: 'admin',
      path: '/login',
      auth: 'signed-out',
      api: { 'POST /api/auth/admin/sign-in': apiError(403, 'auth/permission-denied', MESSAGES.invalidCredentials) },
    });
    await user.type(await waitFor(() => field(UI_TEXT.emailLabel)), 'ann@bank.example');
    await user.type(field(UI_TEXT.passwordLabel), 'secret1');
    await user.click(screen.getByRole('button', { name: UI_TEXT.signInButton }));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.invalidCredentials);
  });
});
