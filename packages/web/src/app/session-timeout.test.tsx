import '../test/setup';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { describe, expect, it } from 'vitest';
import { alertColour, renderApp } from '../test/render-app';

// The timer itself is tested with fake timers (lib/session-timer.test.ts); here short real durations
// check the wiring: responses -> timer -> alert -> 'Stay signed in' / sign-out.
describe('session time-out in the app', () => {
  it("offers 'Stay signed in', which calls GET /session and closes the alert", async () => {
    const { user, api } = renderApp({
      path: '/',
      timerDurations: { alertMs: 300, timeoutMs: 60_000 },
      api: {
        'GET /api/auth/client/session': {
          status: 200,
          body: { pool: 'client', userId: 'u1', email: 'a@b.co', idleExpiresAt: 0 },
        },
      },
    });
    // /api/me is the last response; the alert comes 300 ms after it.
    await screen.findByTestId('header-email');
    const stay = await screen.findByRole('button', { name: UI_TEXT.staySignedIn }, { timeout: 3000 });
    expect(screen.getByText(MESSAGES.sessionTimeoutAlertTitle)).toBeTruthy();
    await user.click(stay);
    await waitFor(() => expect(screen.queryByText(MESSAGES.sessionTimeoutAlertTitle)).toBeNull());
    expect(api.calls('GET /api/auth/client/session')).toHaveLength(1);
  });

  it('signs out at the time-out and tells the user why on the login page', async () => {
    const { location, api } = renderApp({
      path: '/edit-account',
      timerDurations: { alertMs: 100, timeoutMs: 400 },
      api: { 'POST /api/auth/client/sign-out': { status: 200, body: { ok: true } } },
    });
    expect(await screen.findByText(MESSAGES.sessionExpired, {}, { timeout: 3000 })).toBeTruthy();
    // not good news: the notice colour, not the green of 'verified' or 'password changed'
    expect(alertColour(MESSAGES.sessionExpired)).toBe('brand');
    expect(location()).toBe('/login?redirect=%2Fedit-account');
    expect(api.calls('POST /api/auth/client/sign-out')).toHaveLength(1);
  });
});
