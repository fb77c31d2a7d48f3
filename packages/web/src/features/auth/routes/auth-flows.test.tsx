import '../../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { describe, expect, it } from 'vitest';
import { getPendingVerification, setPendingVerification } from '../../../lib/pending-verification';
import { apiError } from '../../../test/fake-api';
import { alertColour, field, renderApp } from '../../../test/render-app';

const ok = { status: 200, body: { ok: true } };
const body = (call: unknown[] | undefined) => JSON.parse(String((call?.[1] as RequestInit | undefined)?.body));

describe('/login', () => {
  it("shows 'Invalid email or password' for a wrong password", async () => {
    const { user } = renderApp({
      path: '/login',
      auth: 'signed-out',
      api: { 'POST /api/auth/client/sign-in': apiError(401, 'auth/invalid-credentials', MESSAGES.invalidCredentials) },
    });
    await user.type(await waitFor(() => field(UI_TEXT.emailLabel)), 'ann@bank.example');
    await user.type(field(UI_TEXT.passwordLabel), 'wrong1');
    await user.click(screen.getByRole('button', { name: UI_TEXT.signInButton }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.invalidCredentials);
  });

  it('asks for the required fields without calling the server', async () => {
    const { user, api } = renderApp({ path: '/login', auth: 'signed-out' });
    await user.click(await screen.findByRole('button', { name: UI_TEXT.signInButton }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeTruthy();
    expect(api.calls('POST /api/auth/client/sign-in')).toHaveLength(0);
  });

  it('sends an unconfirmed user a fresh code and on to verify-email', async () => {
    const { user, api, location } = renderApp({
      path: '/login',
      auth: 'signed-out',
      api: {
        'POST /api/auth/client/sign-in': apiError(403, 'UserNotConfirmedException', MESSAGES.userNotConfirmed),
        'POST /api/auth/client/resend-code': ok,
      },
    });
    await user.type(await waitFor(() => field(UI_TEXT.emailLabel)), 'new@bank.example');
    await user.type(field(UI_TEXT.passwordLabel), 'abc123');
    await user.click(screen.getByRole('button', { name: UI_TEXT.signInButton }));
    await screen.findByRole('heading', { name: UI_TEXT.verifyEmailTitle });
    expect(location()).toBe('/verify-email');
    expect(body(api.calls('POST /api/auth/client/resend-code')[0])).toEqual({ email: 'new@bank.example' });
    expect(getPendingVerification()?.email).toBe('new@bank.example');
  });

  it('sends a deactivated user to /deactivated-account', async () => {
    const { user, location } = renderApp({
      path: '/login',
      auth: 'signed-out',
      api: { 'POST /api/auth/client/sign-in': apiError(403, 'auth/user-deactivated', MESSAGES.userDeactivated) },
    });
    await user.type(await waitFor(() => field(UI_TEXT.emailLabel)), 'old@bank.example');
    await user.type(field(UI_TEXT.passwordLabel), 'abc123');
    await user.click(screen.getByRole('button', { name: UI_TEXT.signInButton }));
    await screen.findByRole('heading', { name: UI_TEXT.deactivatedTitle });
    expect(location()).toBe('/deactivated-account');
  });
});

describe('/verify-email', () => {
  it('checks the code format, then confirms and sends the user to sign in', async () => {
    setPendingVerification('new@bank.example');
    const { user, api, location } = renderApp({
      path: '/verify-email',
      auth: 'signed-out',
      api: { 'POST /api/auth/client/confirm-sign-up': ok },
    });
    const code = await waitFor(() => field(UI_TEXT.verificationCodeLabel));
    await user.type(code, '12ab');
    await user.click(screen.getByRole('button', { name: UI_TEXT.verifyButton }));
    expect(await screen.findByText(MESSAGES.verificationCodeFormat)).toBeTruthy();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: UI_TEXT.verifyButton }));
    expect(await screen.findByText(UI_TEXT.emailVerified)).toBeTruthy();
    expect(location()).toBe('/login');
    // good news in green, and the e-mail filled in
    expect(alertColour(UI_TEXT.emailVerified)).toBe('green');
    expect((field(UI_TEXT.emailLabel) as HTMLInputElement).value).toBe('new@bank.example');
    expect(body(api.calls('POST /api/auth/client/confirm-sign-up')[0])).toEqual({
      email: 'new@bank.example',
      code: '123456',
    });
    expect(getPendingVerification()).toBeNull();
  });

  it('the green notice gives way to the answer of a failed sign-in, so the two never show together', async () => {
    setPendingVerification('new@bank.example');
    const { user } = renderApp({
      path: '/verify-email',
      auth: 'signed-out',
      api: {
        'POST /api/auth/client/confirm-sign-up': ok,
        'POST /api/auth/client/sign-in': apiError(429, 'rate-limited', `${MESSAGES.http429} (15 min)`),
      },
    });
    await user.type(await waitFor(() => field(UI_TEXT.verificationCodeLabel)), '123456');
    await user.click(screen.getByRole('button', { name: UI_TEXT.verifyButton }));
    expect(await screen.findByText(UI_TEXT.emailVerified)).toBeTruthy();
    await user.type(field(UI_TEXT.passwordLabel), 'Wrong-pass-1');
    await user.click(screen.getByRole('button', { name: UI_TEXT.signInButton }));
    expect(await screen.findByText(`${MESSAGES.http429} (15 min)`)).toBeTruthy();
    expect(screen.queryByText(UI_TEXT.emailVerified)).toBeNull();
  });

  it('shows a wrong code under the code input, and resends a code on request', async () => {
    setPendingVerification('new@bank.example');
    const { user, api } = renderApp({
      path: '/verify-email',
      auth: 'signed-out',
      api: {
        'POST /api/auth/client/confirm-sign-up': apiError(400, 'auth/code-mismatch', MESSAGES.codeInvalid),
        'POST /api/auth/client/resend-code': ok,
      },
    });
    await user.type(await waitFor(() => field(UI_TEXT.verificationCodeLabel)), '000000');
    await user.click(screen.getByRole('button', { name: UI_TEXT.verifyButton }));
    expect(await screen.findByText(MESSAGES.codeInvalid)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: UI_TEXT.resendCodeButton }));
    expect(await screen.findByText(UI_TEXT.codeResent)).toBeTruthy();
    expect(body(api.calls('POST /api/auth/client/resend-code')[0])).toEqual({ email: 'new@bank.example' });
  });
});

describe('password recovery', () => {
  it('goes forgot-password -> verify-reset-password -> reset-password -> login with a notice', async () => {
    const { user, api, location } = renderApp({
      path: '/forgot-password',
      auth: 'signed-out',
      api: {
        'POST /api/auth/client/forgot-password': ok,
        'POST /api/auth/client/confirm-forgot-password': ok,
      },
    });
    await user.type(await waitFor(() => field(UI_TEXT.emailLabel)), 'ann@bank.example');
    await user.click(screen.getByRole('button', { name: UI_TEXT.sendCodeButton }));

    await user.type(await waitFor(() => field(UI_TEXT.verificationCodeLabel)), '654321');
    expect(location()).toBe('/verify-reset-password');
    await user.click(screen.getByRole('button', { name: UI_TEXT.continueButton }));

    await user.type(await waitFor(() => field(UI_TEXT.newPasswordLabel)), 'abc');
    await user.type(field(UI_TEXT.confirmNewPasswordLabel), 'abd');
    await user.click(screen.getByRole('button', { name: UI_TEXT.resetPasswordButton }));
    expect(await screen.findByText(MESSAGES.passwordRules)).toBeTruthy();
    expect(screen.getByText(MESSAGES.passwordsDoNotMatch)).toBeTruthy();

    await user.clear(field(UI_TEXT.newPasswordLabel));
    await user.clear(field(UI_TEXT.confirmNewPasswordLabel));
    await user.type(field(UI_TEXT.newPasswordLabel), 'newPass1');
    await user.type(field(UI_TEXT.confirmNewPasswordLabel), 'newPass1');
    await user.click(screen.getByRole('button', { name: UI_TEXT.resetPasswordButton }));

    expect(await screen.findByText(UI_TEXT.passwordResetDone)).toBeTruthy();
    expect(location()).toBe('/login');
    expect(alertColour(UI_TEXT.passwordResetDone)).toBe('green');
    expect((field(UI_TEXT.emailLabel) as HTMLInputElement).value).toBe('ann@bank.example');
    expect(body(api.calls('POST /api/auth/client/confirm-forgot-password')[0])).toEqual({
      email: 'ann@bank.example',
      code: '654321',
      newPassword: 'newPass1',
    });
  });

  it('starts over at forgot-password when the reset page is opened directly', async () => {
    const { location } = renderApp({ path: '/reset-password', auth: 'signed-out' });
    await screen.findByRole('heading', { name: UI_TEXT.forgotPasswordTitle });
    expect(location()).toBe('/forgot-password');
  });

  it('asks for the e-mail too when the code page is opened from the mail, without the stored e-mail', async () => {
    const { user, location } = renderApp({ path: '/verify-reset-password', auth: 'signed-out' });
    expect(await screen.findByText(UI_TEXT.verifyResetAskEmail)).toBeTruthy();
    await user.type(field(UI_TEXT.emailLabel), 'ann@bank.example');
    await user.type(field(UI_TEXT.verificationCodeLabel), '654321');
    await user.click(screen.getByRole('button', { name: UI_TEXT.continueButton }));
    await screen.findByRole('heading', { name: UI_TEXT.resetPasswordTitle });
    expect(location()).toBe('/reset-password');
  });
});

describe('admin password recovery', () => {
  it('is linked from the admin sign-in page and runs against the admin pool, back to sign-in in green', async () => {
    const { user, api, location } = renderApp({
      app: 'admin',
      path: '/login',
      auth: 'signed-out',
      api: {
        'POST /api/auth/admin/forgot-password': ok,
        'POST /api/auth/admin/confirm-forgot-password': ok,
      },
    });
    await screen.findByRole('heading', { name: UI_TEXT.adminSignInTitle });
    await user.click(screen.getByRole('link', { name: UI_TEXT.forgotPasswordLink }));
    await screen.findByRole('heading', { name: UI_TEXT.forgotPasswordTitle });
    expect(location()).toBe('/forgot-password');
    expect(screen.getByText(UI_TEXT.adminAppName)).toBeTruthy();
    await user.type(field(UI_TEXT.emailLabel), 'root@under.example');
    await user.click(screen.getByRole('button', { name: UI_TEXT.sendCodeButton }));

    await user.type(await waitFor(() => field(UI_TEXT.verificationCodeLabel)), '123456');
    expect(location()).toBe('/verify-reset-password');
    await user.click(screen.getByRole('button', { name: UI_TEXT.continueButton }));
    await user.type(await waitFor(() => field(UI_TEXT.newPasswordLabel)), 'Admin1234');
    await user.type(field(UI_TEXT.confirmNewPasswordLabel), 'Admin1234');
    await user.click(screen.getByRole('button', { name: UI_TEXT.resetPasswordButton }));

    expect(await screen.findByText(UI_TEXT.passwordResetDone)).toBeTruthy();
    expect(location()).toBe('/login');
    expect(screen.getByRole('heading', { name: UI_TEXT.adminSignInTitle })).toBeTruthy();
    expect(alertColour(UI_TEXT.passwordResetDone)).toBe('green');
    expect(body(api.calls('POST /api/auth/admin/forgot-password')[0])).toEqual({ email: 'root@under.example' });
    expect(body(api.calls('POST /api/auth/admin/confirm-forgot-password')[0])).toEqual({
      email: 'root@under.example',
      code: '123456',
      newPassword: 'Admin1234',
    });
    expect(api.calls('POST /api/auth/client/forgot-password')).toHaveLength(0);
  });

  it('keeps a recovery begun in one app out of the other (one stored state per pool)', async () => {
    const client = renderApp({
      path: '/forgot-password',
      auth: 'signed-out',
      api: { 'POST /api/auth/client/forgot-password': ok },
    });
    await client.user.type(await waitFor(() => field(UI_TEXT.emailLabel)), 'ann@bank.example');
    await client.user.click(screen.getByRole('button', { name: UI_TEXT.sendCodeButton }));
    await screen.findByText(UI_TEXT.verifyResetText('ann@bank.example'));
    client.unmount();

    renderApp({ app: 'admin', path: '/verify-reset-password', auth: 'signed-out' });
    expect(await screen.findByText(UI_TEXT.verifyResetAskEmail)).toBeTruthy();
  });
});

describe('/edit-account', () => {
  async function submitChange(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await waitFor(() => field(UI_TEXT.oldPasswordLabel)), 'oldPass1');
    await user.type(field(UI_TEXT.newPasswordLabel), 'newPass1');
    await user.type(field(UI_TEXT.confirmNewPasswordLabel), 'newPass1');
    await user.click(screen.getByRole('button', { name: UI_TEXT.changePasswordButton }));
  }

  it('says the current password is wrong when the server answers false', async () => {
    const { user } = renderApp({
      path: '/edit-account',
      api: { 'POST /api/auth/client/change-password': { status: 200, body: false } },
    });
    await submitChange(user);
    expect(await screen.findByText(MESSAGES.passwordIncorrect)).toBeTruthy();
  });

  it('signs the user out locally after a change and asks them to sign in again', async () => {
    const { user, api, location, session } = renderApp({
      path: '/edit-account',
      api: { 'POST /api/auth/client/change-password': { status: 200, body: true } },
    });
    await submitChange(user);
    expect(await screen.findByText(UI_TEXT.passwordChanged)).toBeTruthy();
    expect(location()).toBe('/login');
    expect(alertColour(UI_TEXT.passwordChanged)).toBe('green');
    expect(session.auth.getState().accessToken).toBeNull();
    const [, init] = api.calls('POST /api/auth/client/change-password')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ oldPassword: 'oldPass1', newPassword: 'newPass1' });
  });
});
