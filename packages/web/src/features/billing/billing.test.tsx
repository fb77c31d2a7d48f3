import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import { DEFAULT_MEMBERSHIPS } from '@under/core/accounts/membership.schema';
import { MESSAGES } from '@under/core/messages';
import { BILLING_TEXT as T } from '@under/core/ui-text/billing';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../test/fake-api';
import { field, ME, renderApp } from '../../test/render-app';

const [BASIC, SIMPLE, , PROFESSIONAL] = DEFAULT_MEMBERSHIPS;
const SUBSCRIPTION = {
  userQuota: 1,
  activatedUser: 1,
  formQuota: 1,
  activatedForm: 0,
  accountStatus: 'active',
  membershipId: 'MEMBERSHIP_001',
  membershipName: 'Basic',
  billing: {
    status: 'none',
    currentPeriodStart: null,
    currentPeriodEnd: null,
    trialEndsAt: null,
    trialUsed: false,
    cancelAtPeriodEnd: false,
    pendingMembershipId: null,
    retryUntil: null,
    card: null,
  },
};

describe('plan gating and the time-subscription check', () => {
  it('shows the spec upgrade text with the way to the plans when the plan lacks the CRM integration', async () => {
    renderApp({
      path: '/application-settings',
      api: { 'GET /api/me': { status: 200, body: { ...ME, membership: BASIC } } },
    });
    expect(await screen.findByText(MESSAGES.upgradeRequired)).toBeTruthy();
    expect(screen.getByRole('link', { name: T.upgradeAction }).getAttribute('href')).toBe('/membership');
  });

  it('shows the feature when the plan has it', async () => {
    renderApp({
      path: '/application-settings',
      api: { 'GET /api/me': { status: 200, body: { ...ME, membership: PROFESSIONAL } } },
    });
    expect(await screen.findByText(T.crmIncluded)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.upgradeRequired)).toBeNull();
  });

  it('says a failed renewal on every page and keeps the message in a cookie; account-not-found counts as success', async () => {
    const message = MESSAGES.subscriptionPastDue('2026-12-01');
    const { unmount } = renderApp({
      path: '/',
      api: { 'GET /api/check-times-subscription/c1': apiError(402, 'billing/past-due', message) },
    });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(document.cookie).toContain('under_subscription_message=');
    unmount();
    renderApp({
      path: '/',
      api: { 'GET /api/check-times-subscription/c1': apiError(404, 'not-found', MESSAGES.accountNotFound) },
    });
    await waitFor(() => expect(document.cookie).not.toContain('under_subscription_message='));
    expect(screen.queryByTestId('subscription-notice')).toBeNull();
  });
});

describe('/payment-membership/{membership}', () => {
  const api = {
    'GET /api/memberships': { status: 200, body: DEFAULT_MEMBERSHIPS },
    'GET /api/billing/config': { status: 200, body: { gateway: 'test', publishableKey: null } },
    'GET /api/subscription': { status: 200, body: SUBSCRIPTION },
  };

  it('sends only the test gateway token, never the card number', async () => {
    const paid = {
      ...SUBSCRIPTION,
      membershipId: SIMPLE?.id,
      membershipName: 'Simple',
      billing: { ...SUBSCRIPTION.billing, status: 'active', card: { brand: 'visa', last4: '4242' } },
    };
    const {
      user,
      api: calls,
      location,
    } = renderApp({
      path: '/payment-membership/MEMBERSHIP_002',
      api: { ...api, 'POST /api/subscription': { status: 200, body: paid } },
    });
    await screen.findByRole('heading', { name: T.paymentTitle('Simple') });
    await user.type(field(T.nameOnCard), 'Ann Lee');
    await user.type(field(T.cardNumber), '4242 4242 4242 4242');
    await user.type(field(T.expiration), '12/34');
    await user.type(field(T.cvc), '123');
    await user.click(screen.getByRole('button', { name: T.payButton }));
    await waitFor(() => expect(location()).toBe('/billings'));
    const body = String(calls.calls('POST /api/subscription')[0]?.[1]?.body);
    expect(JSON.parse(body)).toEqual({ membershipId: 'MEMBERSHIP_002', cardToken: 'tok_test_visa' });
    expect(body).not.toContain('4242 4242');
  });

  it('refuses a number that is not a test card in the browser with the spec text, sending nothing', async () => {
    const { user, api: calls } = renderApp({ path: '/payment-membership/MEMBERSHIP_002', api });
    await screen.findByRole('heading', { name: T.paymentTitle('Simple') });
    await user.type(field(T.nameOnCard), 'Ann Lee');
    await user.type(field(T.cardNumber), '4242 4242 4242 4241');
    await user.type(field(T.expiration), '12/34');
    await user.type(field(T.cvc), '123');
    await user.click(screen.getByRole('button', { name: T.payButton }));
    expect(await screen.findByText(MESSAGES.cardValidation)).toBeTruthy();
    expect(calls.calls('POST /api/subscription')).toHaveLength(0);
  });
});
