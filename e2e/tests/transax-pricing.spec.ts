import type { Page } from '@playwright/test';
import { TRANSAX_MESSAGES } from '@under/core/integrations/transax.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { MANAGE_INTEGRATION_TEXT as M } from '@under/core/ui-text/manage-integration';
import { TRANSAX_TEXT as T } from '@under/core/ui-text/transax';
import { seriousViolations } from '../support/axe';
import { registerCompany, signedUpUser } from '../support/client';
import { uniqueEmail } from '../support/outbox';
import { shot } from '../support/page-tools';
import { expect, test } from '../support/test';

/**
 * The Transax pricing screen (issue #24 §2; decision 088) against the Transax SIMULATOR playwright.config.ts starts
 * (never Transax): a host off the allowlist is refused in words, the simulator's gateway gives the stored list.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const GATEWAY = `http://127.0.0.1:${port + 1021}`;

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test('an institution reads its Transax pricing from the simulator gateway', async ({ page }) => {
  await signedUpUser(page, uniqueEmail('tx-admin'));
  await registerCompany(page, 'Transax Pricing Bank');
  await page
    .getByRole('navigation', { name: UI_TEXT.mainNavigation })
    .getByRole('link', { name: M.navIntegrations, exact: true })
    .click();
  await page.getByRole('link', { name: T.manage }).click();
  await expect(page).toHaveURL(/\/transax-pricing$/);
  await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
  await expect(page.getByText(T.none)).toBeVisible();
  await expectAccessible(page);

  const field = (label: string) => page.getByLabel(label, { exact: false }).first();
  await field(T.gatewayUrlLabel).fill('https://evil.example.com');
  await field(T.userLabel).fill('sim-transax-user');
  await field(T.passwordLabel).fill('SIMULATOR-TRANSAX-PASSWORD-NOT-TRANSAX');
  await page.getByRole('button', { name: T.retrieve }).click();
  await expect(page.getByText(TRANSAX_MESSAGES.gatewayNotAllowed)).toBeVisible();
  await expect(field(T.passwordLabel)).toHaveValue('');

  await field(T.gatewayUrlLabel).fill(GATEWAY);
  await field(T.passwordLabel).fill('SIMULATOR-TRANSAX-PASSWORD-NOT-TRANSAX');
  await page.getByRole('button', { name: T.retrieve }).click();
  await expect(page.getByTestId('transax-plan')).toHaveCount(3);
  await expect(page.getByText('Retail interchange plus')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('SIMULATOR-TRANSAX-PASSWORD-NOT-TRANSAX');
  await expectAccessible(page);
  await shot(page, 'transax-pricing');
});
