import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import { DEFAULT_MEMBERSHIPS } from '@under/core/accounts/membership.schema';
import { formatDate } from '@under/core/forms/format';
import { MESSAGES } from '@under/core/messages';
import { BILLING_TEXT as T } from '@under/core/ui-text/billing';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../test/fake-api';
import { field, ME, renderApp, SUMMARY } from '../../test/render-app';

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

const QUOTE = {
  kind: 'subscribe',
  monthlyCents: 4900,
  priceCents: 4900,
  discountCents: 0,
  amountCents: 4900,
  periodEnd: '2026-12-28T10:00:00.000Z',
};

describe('an active coupon on Plans and Home', () => {
  const discount = {
    coupon: {
      id: 'k1',
      code: 'LAUNCH',
      name: 'Launch',
      percentage: 20,
      amount: null,
      durationInMonths: 3,
      expiresAt: null,
    },
    appliedAt: '2026-11-01T00:00:00.000Z',
    endsAt: '2099-02-01T00:00:00.000Z',
    planPriceCents: 4900,
    discountCents: 980,
  };
  const note = T.couponActive('Launch', T.couponPercentOff(20), formatDate(discount.endsAt));

  it('shows the discount and when it ends on Plans', async () => {
    renderApp({
      path: '/membership',
      api: {
        'GET /api/memberships': { status: 200, body: DEFAULT_MEMBERSHIPS },
        'GET /api/subscription': { status: 200, body: SUBSCRIPTION },
        'GET /api/companies/c1/discount': { status: 200, body: discount },
      },
    });
    expect((await screen.findByTestId('coupon-note')).textContent).toBe(note);
    expect(note).toContain('20% off until');
  });

  it('shows it on Home, and nothing once it has ended', async () => {
    const { unmount } = renderApp({
      path: '/',
      api: {
        'GET /api/companies/summary': { status: 200, body: SUMMARY },
        'GET /api/companies/c1/discount': { status: 200, body: discount },
      },
    });
    expect((await screen.findByTestId('coupon-note')).textContent).toBe(note);
    unmount();
    const { api: calls } = renderApp({
      path: '/',
      api: {
        'GET /api/companies/summary': { status: 200, body: SUMMARY },
        'GET /api/companies/c1/discount': {
          status: 200,
          body: { ...discount, endsAt: '2026-01-01T00:00:00.000Z', discountCents: 0 },
        },
      },
    });
    await waitFor(() => expect(calls.calls('GET /api/companies/c1/discount')).toHaveLength(1));
    await screen.findByText('Basic');
    expect(screen.queryByTestId('coupon-note')).toBeNull();
  });
});

describe('/payment-membership/{membership}', () => {
  const api = {
    'GET /api/memberships': { status: 200, body: DEFAULT_MEMBERSHIPS },
    'GET /api/billing/config': { status: 200, body: { gateway: 'test', publishableKey: null } },
    'GET /api/subscription': { status: 200, body: SUBSCRIPTION },
    'GET /api/subscription/quote': { status: 200, body: QUOTE },
  };

  it('states the amount charged today, from the server quote, in one sentence before charging', async () => {
    const { api: calls } = renderApp({
      path: '/payment-membership/MEMBERSHIP_002',
      api: {
        ...api,
        'GET /api/subscription/quote': {
          status: 200,
          body: { ...QUOTE, discountCents: 980, amountCents: 3920 },
        },
      },
    });
    await screen.findByRole('heading', { name: T.paymentTitle('Simple') });
    const sentence = T.chargeToday({
      kind: 'subscribe',
      amount: '$39.20',
      price: '$49.00',
      discount: '$9.80',
      plan: 'Simple',
      monthly: '$49.00',
      until: formatDate(QUOTE.periodEnd),
    });
    expect(sentence).toContain('Today you are charged $39.20 ($49.00 less $9.80 from your coupon)');
    expect(screen.getByTestId('charge-today').textContent).toBe(sentence);
    // said once: no second, different line about the price
    expect(document.body.textContent?.split('Today you are charged').length).toBe(2);
    expect(document.body.textContent).not.toContain('per month, charged today');
    const asked = new URL(String(calls.calls('GET /api/subscription/quote')[0]?.[0]), 'http://localhost');
    expect(asked.searchParams.get('membershipId')).toBe('MEMBERSHIP_002');
    expect(calls.calls('POST /api/subscription')).toHaveLength(0);
  });

  it('an upgrade states the prorated difference charged today', async () => {
    renderApp({
      path: '/payment-membership/MEMBERSHIP_004',
      api: {
        ...api,
        'GET /api/subscription/quote': {
          status: 200,
          body: { ...QUOTE, kind: 'upgrade', monthlyCents: 29900, priceCents: 12500, amountCents: 12500 },
        },
      },
    });
    const sentence = await screen.findByTestId('charge-today');
    expect(sentence.textContent).toContain('Today you are charged $125.00: the difference for the rest of this period');
  });

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
    expect(await screen.findByText(T.cardFailed('number'))).toBeTruthy();
    expect(T.cardFailed('number')).toContain(MESSAGES.cardValidation);
    expect(calls.calls('POST /api/subscription')).toHaveLength(0);
  });

  it.each([
    ['an expired date', '4242 4242 4242 4242', '01/20', '123', 'expiry', T.expiration],
    ['a short security code', '4242 4242 4242 4242', '12/34', '12', 'cvc', T.cvc],
  ] as const)(
    'with %s says what failed and marks that field, named as on the form',
    async (_, number, exp, cvc, failure, label) => {
      const { user, api: calls } = renderApp({ path: '/payment-membership/MEMBERSHIP_002', api });
      await screen.findByRole('heading', { name: T.paymentTitle('Simple') });
      await user.type(field(T.nameOnCard), 'Ann Lee');
      await user.type(field(T.cardNumber), number);
      await user.type(field(T.expiration), exp);
      await user.type(field(T.cvc), cvc);
      await user.click(screen.getByRole('button', { name: T.payButton }));
      expect((await screen.findByTestId('card-error')).textContent).toBe(T.cardFailed(failure));
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
      expect(T.cvc).toContain('CVC');
      expect(calls.calls('POST /api/subscription')).toHaveLength(0);
    },
  );

  it("shows the server's refusal with what failed", async () => {
    const { user } = renderApp({
      path: '/payment-membership/MEMBERSHIP_002',
      api: {
        ...api,
        'POST /api/subscription': apiError(402, 'billing/card-validation', T.cardFailed('declined')),
      },
    });
    await screen.findByRole('heading', { name: T.paymentTitle('Simple') });
    await user.type(field(T.nameOnCard), 'Ann Lee');
    await user.type(field(T.cardNumber), '4000 0000 0000 0002');
    await user.type(field(T.expiration), '12/34');
    await user.type(field(T.cvc), '123');
    await user.click(screen.getByRole('button', { name: T.payButton }));
    expect((await screen.findByTestId('card-error')).textContent).toBe(T.cardFailed('declined'));
  });
});
