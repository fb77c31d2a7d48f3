import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { BILLING_TEXT as T } from '@under/core/ui-text/billing';
import { ADMIN } from '../playwright.config';
import { seriousViolations } from '../support/axe';
import { clientWithCompany, field, signIn } from '../support/client';
import { uniqueEmail } from '../support/outbox';
import { shot } from '../support/page-tools';
import { expect, test } from '../support/test';

const DAY_MS = 86_400_000;
/** The server reads its clock offset from this file (TEST_CLOCK_FILE in playwright.config.ts). */
const setClockOffset = (ms: number) =>
  writeFileSync(path.join(process.env.E2E_DATA_DIR as string, 'clock-offset'), String(ms));

const nav = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name, exact: true });

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/admin/sign-in', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(res.status()).toBe(200);
  return (await res.json()).accessToken;
}

async function payWithCard(page: Page, number: string) {
  await field(page, T.nameOnCard).fill('Ann Lee');
  await field(page, T.cardNumber).fill(number);
  await field(page, T.expiration).fill('12/34');
  await field(page, T.cvc).fill('123');
  await page.getByRole('button', { name: T.payButton }).click();
}

test.afterEach(() => setClockOffset(0));

test('trial, two invitations, a card payment, the renewal a month later, both in the billing history with invoices; an admin refunds', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = await clientWithCompany(page, 'Renewal Savings Bank', uniqueEmail('billing'));

  // plans: try Nature free for 14 days, no card
  await nav(page, UI_TEXT.navPlans).click();
  await expect(page.getByTestId('plan-card')).toHaveCount(6);
  await page.getByRole('link', { name: T.tryFreeLabel('Nature', 14) }).click();
  await expect(page).toHaveURL(/\/membership-trial\?plan=MEMBERSHIP_003$/);
  await expectAccessible(page);
  await page.getByRole('button', { name: T.trialStart }).click();
  await expect(page).toHaveURL(/\/membership$/);
  await expect(page.getByTestId('plan-status')).toContainText('Free trial until');
  await expect(page.locator('[aria-current="true"]')).toContainText('Nature');
  await expectAccessible(page);
  await shot(page, 'membership-trial-running');

  // the trial's quota lets the team invite two members
  await nav(page, UI_TEXT.navTeam).click();
  for (const invitee of [uniqueEmail('teller'), uniqueEmail('officer')]) {
    await page.getByRole('button', { name: UI_TEXT.inviteTitle }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Email/).fill(invitee);
    await dialog.getByRole('button', { name: UI_TEXT.inviteButton }).click();
    await expect(dialog.getByText(MESSAGES.invitationSent(invitee))).toBeVisible();
    await page.keyboard.press('Escape');
  }
  const companyId = /\/team\/([0-9a-f-]{36})/.exec(page.url())?.[1] as string;

  // pay for Nature with the test card
  await nav(page, UI_TEXT.navPlans).click();
  await page.getByRole('link', { name: T.choosePlanLabel('Nature') }).click();
  await expect(page).toHaveURL(/\/payment-membership\/MEMBERSHIP_003$/);
  await expect(page.getByRole('heading', { name: T.paymentTitle('Nature') })).toBeVisible();
  // the amount charged today, stated once before paying
  await expect(page.getByTestId('charge-today')).toContainText('Today you are charged $99.00 for Nature until');
  await expectAccessible(page);
  await shot(page, 'payment-membership');
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/billings$/);
  await expect(page.getByTestId('billing-row')).toHaveCount(1);
  await expect(page.getByTestId('saved-card')).toHaveText('visa ending in 4242');

  // an admin gives the company 20 % off for three months: the next renewal takes it off
  const couponAdmin = { authorization: `Bearer ${await adminToken(request)}` };
  const coupon = await request.post('/api/coupon', {
    headers: couponAdmin,
    data: {
      code: `E2E${Date.now().toString(36).toUpperCase()}`,
      name: 'Launch 20',
      percentage: 20,
      durationInMonths: 3,
    },
  });
  expect(coupon.status()).toBe(201);
  const applied = await request.post(`/api/company/${companyId}/coupon/${(await coupon.json()).id}`, {
    headers: couponAdmin,
  });
  expect(applied.ok()).toBe(true);

  // a month and a day later the renewal job charges the next period
  setClockOffset(32 * DAY_MS);
  const admin = await adminToken(request);
  const run = await request.post('/api/admin/billing/renewals', { headers: { authorization: `Bearer ${admin}` } });
  expect(await run.json()).toMatchObject({ charged: 1 });

  // the session ended with the month; sign in again
  await page.goto('/login');
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: UI_TEXT.homeTitle })).toBeVisible();
  await nav(page, T.navBilling).click();
  const rows = page.getByTestId('billing-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Renewal');
  // Nature is $99.00: 20 % off is $19.80
  await expect(rows.nth(0)).toContainText('$79.20');
  await expect(rows.nth(0)).toContainText('−$19.80');
  await expect(rows.nth(1)).toContainText('Subscription');
  await expect(page.getByTestId('billing-status')).toHaveText(['Paid', 'Paid']);
  await expectAccessible(page);
  await shot(page, 'billing-history');
  for (const i of [0, 1]) {
    const download = page.waitForEvent('download');
    await rows
      .nth(i)
      .getByRole('button', { name: /Download the invoice/ })
      .click();
    const file = await (await download).path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  }

  // an admin refunds the renewal; the client sees it refunded
  const list = await request.get(`/api/companies/${companyId}/billings`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const [renewal] = (await list.json()).items;
  const refund = await request.post(`/api/billings/${renewal.id}/refund`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(refund.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('billing-status')).toHaveText(['Refunded', 'Paid']);
});

test('a declined card shows the spec text with what failed and changes nothing', async ({ page }) => {
  await clientWithCompany(page, 'Declined Credit Union', uniqueEmail('declined'));
  await page.goto('/payment-membership/MEMBERSHIP_002');
  await payWithCard(page, '4000 0000 0000 0002');
  await expect(page.getByTestId('card-error')).toHaveText(T.cardFailed('declined'));
  await expect(page.getByTestId('card-error')).toContainText(MESSAGES.cardValidation);
  await expectAccessible(page);
  await shot(page, 'card-declined');
  // refused by the card's bank as expired
  await field(page, T.cardNumber).fill('4000 0000 0000 0069');
  await page.getByRole('button', { name: T.payButton }).click();
  await expect(page.getByTestId('card-error')).toHaveText(T.cardFailed('expiry'));
  // a number that is not a card is refused in the browser, saying the number is the problem
  await field(page, T.cardNumber).fill('4242 4242 4242 4241');
  await page.getByRole('button', { name: T.payButton }).click();
  await expect(page.getByTestId('card-error')).toHaveText(T.cardFailed('number'));
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'card-number-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await nav(page, UI_TEXT.navPlans).click();
  await expect(page.locator('[aria-current="true"]')).toContainText('Basic');
  await nav(page, T.navBilling).click();
  await expect(page.getByText(T.empty)).toBeVisible();
});
