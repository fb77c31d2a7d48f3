import type { Page } from '@playwright/test';
import { MESSAGES } from '@under/core/messages';
import { ADMIN_ACCOUNTS_TEXT as A } from '@under/core/ui-text/admin-accounts';
import { ADMIN_COUPONS_TEXT as C } from '@under/core/ui-text/admin-coupons';
import { signInAdmin, uniqueName } from '../support/admin';
import { seriousViolations } from '../support/axe';
import { clientWithCompany, field } from '../support/client';
import { shot } from '../support/page-tools';
import { expect, test } from '../support/test';

test.use({ viewport: { width: 1440, height: 900 } });

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

// Issue 15 "Coupons (admin)" and "Admin back office": the admin creates a coupon (13 months refused with the spec's
// text), applies it to a client account picked by name, finds the account by name and plan, makes it inactive (its
// user is signed out) and changes its plan without a charge.
test('the admin runs coupons and accounts: create, apply, find, deactivate, change the plan', async ({
  page,
  browser,
}) => {
  // a long journey on a shared machine
  test.setTimeout(180_000);
  // a client with a company, signed in in its own browser
  const client = await browser.newContext();
  const cp = await client.newPage();
  const companyName = uniqueName('Backoffice Bank');
  await clientWithCompany(cp, companyName);

  await signInAdmin(page);

  // ---- coupons
  await page.getByRole('link', { name: C.navCoupons }).click();
  await expect(page.getByRole('heading', { name: C.listTitle })).toBeVisible();
  await page.getByRole('link', { name: C.newCoupon }).click();
  await expect(page).toHaveURL(/\/admin\/create-coupon$/);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await field(page, C.codeLabel).fill(code);
  await field(page, C.nameLabel).fill('Launch offer');
  await field(page, C.percentageLabel).fill('20');
  await field(page, C.durationLabel).fill('13');
  await page.getByRole('button', { name: C.save }).click();
  await expect(page.getByText(MESSAGES.monthRange)).toBeVisible();
  await expectAccessible(page);
  await field(page, C.durationLabel).fill('3');
  await page.getByRole('button', { name: C.save }).click();
  await expect(page).toHaveURL(/\/admin\/edit-coupon\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: C.editTitle(code) })).toBeVisible();

  // applied to the client's account, picked by its name
  const picker = page.getByRole('combobox', { name: C.applyLabel });
  await picker.fill(companyName.slice(0, 14));
  await page.getByRole('option', { name: companyName }).click();
  await page.getByRole('button', { name: C.apply }).click();
  const applied = page.getByTestId('coupon-company-row').filter({ hasText: companyName });
  await expect(applied).toBeVisible();
  await expect(page.getByLabel(C.codeLabel, { exact: false }).first()).toBeDisabled();
  await shot(page, 'coupon-edit');
  await expectAccessible(page);

  await page.getByRole('link', { name: C.backToList }).click();
  const couponRow = page.getByTestId('coupon-row').filter({ hasText: code });
  await expect(couponRow).toContainText(C.percentOff(20));
  await expect(couponRow).toContainText(C.redemptions(1, null));
  await expectAccessible(page);

  // ---- accounts: search by name and filter by plans
  await page.getByRole('link', { name: A.navAccounts }).click();
  await expect(page.getByRole('heading', { name: A.accountsTitle })).toBeVisible();
  await page.getByLabel(A.searchLabel).fill(companyName);
  const row = page.getByTestId('account-row').filter({ hasText: companyName });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Basic');
  const plans = page.getByRole('combobox', { name: A.plansFilter });
  await plans.click();
  await page.getByRole('option', { name: 'Signature Plus' }).click();
  await expect(page.getByText(A.empty)).toBeVisible();
  await page.getByRole('option', { name: 'Basic' }).click();
  await page.keyboard.press('Escape');
  await expect(row).toBeVisible();
  await shot(page, 'accounts');
  await expectAccessible(page);

  // ---- inactive: the client is signed out on its next step
  await row.getByRole('link', { name: A.editLabel(companyName) }).click();
  await expect(page.getByRole('heading', { name: A.editTitle })).toBeVisible();
  await page.getByRole('radio', { name: A.statusNames.inactive }).check();
  await expect(page.getByText(A.inactiveWarning)).toBeVisible();
  await page.getByRole('button', { name: A.save }).click();
  await expect(page.getByText(A.saved)).toBeVisible();
  await cp.reload();
  await expect(cp).toHaveURL(/\/deactivated-account$/);
  await expect(cp.getByText(MESSAGES.userDeactivated)).toBeVisible();
  await client.close();

  // ---- the plan, changed without a charge
  await page.goto(`/admin/accounts`);
  await page.getByLabel(A.searchLabel).fill(companyName);
  await page
    .getByTestId('account-row')
    .filter({ hasText: companyName })
    .getByRole('link', { name: A.levelLabel(companyName) })
    .click();
  await expect(page.getByRole('heading', { name: A.levelTitle })).toBeVisible();
  await page.getByRole('radio', { name: /^Professional/ }).check();
  await page.getByRole('button', { name: A.levelSave }).click();
  await expect(page.getByText(A.levelSaved)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: A.backToAccounts }).click();
  await page.getByLabel(A.searchLabel).fill(companyName);
  const after = page.getByTestId('account-row').filter({ hasText: companyName });
  await expect(after).toContainText('Professional');
  await expect(after).toContainText(A.statusNames.inactive);

  // the summary shows the member as inactive, and the overview counts accounts
  await after.getByRole('link', { name: A.summaryLabel(companyName) }).click();
  await expect(page.getByRole('heading', { name: A.summaryTitle(companyName) })).toBeVisible();
  await expect(page.getByTestId('summary-member')).toContainText('inactive');
  // Professional costs $299.00: the 20% coupon takes $59.80 off now
  await expect(page.getByTestId('summary-coupon')).toContainText(code);
  await expect(page.getByTestId('summary-coupon')).toContainText('$59.80');
  await expectAccessible(page);
  await shot(page, 'company-summary');
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: A.overviewTitle })).toBeVisible();
  await expect(page.getByText(A.revenueHelp)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'overview');

  // User Administration lists the admins
  await page.getByRole('link', { name: A.navAdminUsers }).click();
  await expect(page.getByTestId('admin-user-row').filter({ hasText: 'admin@e2e.test' })).toBeVisible();
  await expectAccessible(page);
});
