import type { Page } from '@playwright/test';
import { CARDCONNECT_MESSAGES as M } from '@under/core/integrations/cardconnect-messages';
import { INTEGRATION_MESSAGES } from '@under/core/integrations/connection-messages';
import { UI_TEXT } from '@under/core/ui-text';
import { CARDCONNECT_TEXT as C } from '@under/core/ui-text/cardconnect';
import { MANAGE_INTEGRATION_TEXT as T } from '@under/core/ui-text/manage-integration';
import { CARDCONNECT_SIM } from '../playwright.config';
import { seriousViolations } from '../support/axe';
import { clientWithCompany } from '../support/client';
import { uniqueEmail } from '../support/outbox';
import { shot } from '../support/page-tools';
import { expect, test } from '../support/test';

/**
 * CardConnect's setup (issue #24 §1; decision 083) against the card-processor SIMULATOR that playwright.config.ts
 * starts beside the portal (never CardConnect): the credentials `npm run simulators` prints, checked by a token
 * before they are kept; turned off and on again.
 */
const SIM_USER = {
  username: 'under-api-sim',
  password: 'SIMULATOR-PASSWORD-NOT-CARDCONNECT',
  saleCode: 'SIM1',
  pricingTemplateId: '1001',
  clientSecretKey: 'SIMULATOR-CLIENT-SECRET-NOT-CARDCONNECT',
  clientId: 'merchapi-sim',
};

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

const input = (page: Page, label: string) => page.getByLabel(label, { exact: false }).first();

test('an institution sets up CardConnect against the simulator, turns it off and on again', async ({ page }) => {
  await clientWithCompany(page, 'Card Processor Bank', uniqueEmail('cc-admin'));
  await page
    .getByRole('navigation', { name: UI_TEXT.mainNavigation })
    .getByRole('link', { name: T.navIntegrations, exact: true })
    .click();
  const card = page.getByRole('region', { name: T.names.cardconnect });
  await expect(card.getByTestId('cardconnect-state')).toHaveText(T.states.not_connected);
  await expectAccessible(page);
  await card.getByRole('link', { name: C.setUp }).click();
  await expect(page).toHaveURL(/\/integrate-card-connect$/);
  await expect(page.getByRole('heading', { name: C.pageTitle })).toBeVisible();

  // empty: every credential says what it needs; a template id over 19 characters: the spec's words
  await input(page, C.pricingTemplateIdLabel).fill('1'.repeat(20));
  await page.getByRole('button', { name: C.save }).click();
  await expect(page.getByText(M.usernameRequired)).toBeVisible();
  await expect(page.getByText(M.clientSecretKeyRequired)).toBeVisible();
  await expect(page.getByText(M.pricingTemplateIdMax)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'cardconnect-required');

  // a wrong password: the simulator's token endpoint refuses it, the portal says so and keeps nothing
  await input(page, C.usernameLabel).fill(SIM_USER.username);
  await input(page, C.passwordLabel).fill('not-the-password');
  await input(page, C.saleCodeLabel).fill(SIM_USER.saleCode);
  await input(page, C.pricingTemplateIdLabel).fill(SIM_USER.pricingTemplateId);
  await input(page, C.clientSecretKeyLabel).fill(SIM_USER.clientSecretKey);
  await input(page, C.clientIdLabel).fill(SIM_USER.clientId);
  await page.getByRole('button', { name: C.save }).click();
  await expect(page.getByText(M.invalidCredentials)).toBeVisible();
  // nothing kept: no "Saved" mask on the form
  await expect(page.getByText(/^Saved: /)).toHaveCount(0);
  const before = (await (await page.request.get(`${CARDCONNECT_SIM}/__sim/stats`)).json()) as { tokenCalls: number };

  // the right one: checked with the simulator, then saved; the form shows masks only
  await input(page, C.passwordLabel).fill(SIM_USER.password);
  await page.getByRole('button', { name: C.save }).click();
  await expect(page.getByText(M.connected)).toBeVisible();
  const after = (await (await page.request.get(`${CARDCONNECT_SIM}/__sim/stats`)).json()) as { tokenCalls: number };
  expect(after.tokenCalls).toBe(before.tokenCalls + 1);
  await expect(input(page, C.passwordLabel)).toHaveValue('');
  await expect(page.getByText(/^Saved: \*+/).first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText(SIM_USER.password);
  await expectAccessible(page);
  await shot(page, 'cardconnect-saved');

  // back on the page: connected; turn off behind a confirmation
  await page.getByRole('link', { name: C.back }).click();
  await expect(card.getByTestId('cardconnect-state')).toHaveText(T.states.connected);
  await card.getByRole('button', { name: C.turnOff }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(M.turnOffConfirm)).toBeVisible();
  await dialog.getByRole('button', { name: C.turnOff }).click();
  await expect(card.getByTestId('cardconnect-state')).toHaveText(T.states.turned_off);
  await expect(card.getByText(INTEGRATION_MESSAGES.processorTurnedOff)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'cardconnect-turned-off');

  // Edit with nothing retyped: the saved credentials (their masks) are checked again and it is on
  await card.getByRole('link', { name: C.edit }).click();
  const beforeEdit = (await (await page.request.get(`${CARDCONNECT_SIM}/__sim/stats`)).json()) as {
    tokenCalls: number;
  };
  await page.getByRole('button', { name: C.save }).click();
  await expect(page.getByText(M.connected).first()).toBeVisible();
  const afterEdit = (await (await page.request.get(`${CARDCONNECT_SIM}/__sim/stats`)).json()) as {
    tokenCalls: number;
  };
  expect(afterEdit.tokenCalls).toBe(beforeEdit.tokenCalls + 1);
  await page.getByRole('link', { name: C.back }).click();
  await expect(card.getByTestId('cardconnect-state')).toHaveText(T.states.connected);
});
