import '../../../test/setup';
import { screen } from '@testing-library/react';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { describe, expect, it } from 'vitest';
import { getPendingVerification } from '../../../lib/pending-verification';
import { apiError } from '../../../test/fake-api';
import { field, renderApp } from '../../../test/render-app';

describe('/register', () => {
  it('shows the password rules of the server before sending anything', async () => {
    const { user, api } = renderApp({ path: '/register', auth: 'signed-out' });
    await screen.findByRole('heading', { name: UI_TEXT.registerTitle });

    await user.type(field(UI_TEXT.emailLabel), 'not-an-email');
    await user.type(field(UI_TEXT.passwordLabel), 'short');
    await user.type(field(UI_TEXT.confirmPasswordLabel), 'different1');
    await user.click(screen.getByRole('button', { name: UI_TEXT.registerButton }));

    expect(await screen.findByText(MESSAGES.passwordRules)).toBeTruthy();
    expect(screen.getByText(MESSAGES.passwordsDoNotMatch)).toBeTruthy();
    expect(screen.getByText(MESSAGES.emailInvalid)).toBeTruthy();
    // Keyboard users land on the first field to fix.
    expect(document.activeElement).toBe(field(UI_TEXT.emailLabel));
    // The error is tied to its input for screen readers.
    const password = field(UI_TEXT.passwordLabel);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    const describedBy = password.getAttribute('aria-describedby') ?? '';
    const descriptions = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(descriptions).toContain(MESSAGES.passwordRules);
    expect(api.calls('POST /api/auth/client/sign-up')).toHaveLength(0);
  });

  it('refuses one of the most common passwords with the rule message, before sending anything', async () => {
    const { user, api } = renderApp({ path: '/register', auth: 'signed-out' });
    await screen.findByRole('heading', { name: UI_TEXT.registerTitle });
    await user.type(field(UI_TEXT.emailLabel), 'ann@bank.example');
    await user.type(field(UI_TEXT.passwordLabel), 'Password1');
    await user.type(field(UI_TEXT.confirmPasswordLabel), 'Password1');
    await user.click(screen.getByRole('button', { name: UI_TEXT.registerButton }));
    expect(await screen.findByText(MESSAGES.passwordRules)).toBeTruthy();
    expect(api.calls('POST /api/auth/client/sign-up')).toHaveLength(0);
  });

  it('accepts a password with a special character and no spaces, then asks for the e-mailed code', async () => {
    const { user, api, location } = renderApp({
      path: '/register',
      auth: 'signed-out',
      api: { 'POST /api/auth/client/sign-up': { status: 201, body: { ok: true } } },
    });
    await screen.findByRole('heading', { name: UI_TEXT.registerTitle });
    await user.type(field(UI_TEXT.emailLabel), 'New@Bank.example');
    await user.type(field(UI_TEXT.passwordLabel), 'abc12!');
    await user.type(field(UI_TEXT.confirmPasswordLabel), 'abc12!');
    await user.click(screen.getByRole('button', { name: UI_TEXT.registerButton }));

    await screen.findByRole('heading', { name: UI_TEXT.verifyEmailTitle });
    expect(location()).toBe('/verify-email');
    expect(JSON.parse(String(api.calls('POST /api/auth/client/sign-up')[0]?.[1]?.body))).toEqual({
      email: 'new@bank.example',
      password: 'abc12!',
    });
    expect(getPendingVerification()).toEqual({ isPending: true, email: 'new@bank.example' });
  });

  it('says when the account already exists', async () => {
    const { user } = renderApp({
      path: '/register',
      auth: 'signed-out',
      api: { 'POST /api/auth/client/sign-up': apiError(409, 'auth/account-exists', MESSAGES.accountAlreadyExists) },
    });
    await screen.findByRole('heading', { name: UI_TEXT.registerTitle });
    await user.type(field(UI_TEXT.emailLabel), 'ann@bank.example');
    await user.type(field(UI_TEXT.passwordLabel), 'Ledger42');
    await user.type(field(UI_TEXT.confirmPasswordLabel), 'Ledger42');
    await user.click(screen.getByRole('button', { name: UI_TEXT.registerButton }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.accountAlreadyExists);
  });

  it('puts the field errors of a 400 under their inputs', async () => {
    const { user } = renderApp({
      path: '/register',
      auth: 'signed-out',
      api: {
        'POST /api/auth/client/sign-up': {
          status: 400,
          body: {
            statusCode: 400,
            code: 'validation',
            message: 'Bad request',
            errors: [{ path: 'email', message: MESSAGES.emailInvalid }],
          },
        },
      },
    });
    await screen.findByRole('heading', { name: UI_TEXT.registerTitle });
    await user.type(field(UI_TEXT.emailLabel), 'ann@bank.example');
    await user.type(field(UI_TEXT.passwordLabel), 'Ledger42');
    await user.type(field(UI_TEXT.confirmPasswordLabel), 'Ledger42');
    await user.click(screen.getByRole('button', { name: UI_TEXT.registerButton }));
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeTruthy();
    expect(field(UI_TEXT.emailLabel).getAttribute('aria-invalid')).toBe('true');
  });
});
