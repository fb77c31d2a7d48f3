import type { Browser, Page } from '@playwright/test';
import { INTEGRATION_MESSAGES } from '@under/core/integrations/connection-messages';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { MANAGE_INTEGRATION_TEXT as T } from '@under/core/ui-text/manage-integration';
import { adminHeaders } from '../support/admin-api';
import { seriousViolations } from '../support/axe';
import { field, PASSWORD, registerCompany, signedUpUser, signIn } from '../support/client';
import { codeFromOutbox, invitationPathFromOutbox, uniqueEmail } from '../support/outbox';
import { shot, tabTo } from '../support/page-tools';
import { expect, test } from '../support/test';

/**
 * /manage-integration (issue #23 §3; decision 073), what works without a Salesforce client: the upgrade text of plans
 * without the CRM, the connect form's checks and the server's words, a STANDARD member's read-only view. The connect
 * journey against the simulator comes once the client is wired.
 */

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** A link of the header's main navigation. */
function nav(page: Page, label: string) {
  return page.getByRole('navigation', { name: UI_TEXT.mainNavigation }).getByRole('link', { name: label, exact: true });
}

/** A new company's administrator on the page; answers the company id the page read. */
async function openPage(page: Page) {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/integrations') && r.ok());
  await nav(page, T.navIntegrations).click();
  await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
  return (await (await answer).json()).companyId as string;
}

async function memberOf(browser: Browser, page: Page, adminEmail: string) {
  const signInAnswer = await page.request.post('/api/auth/client/sign-in', {
    data: { email: adminEmail, password: PASSWORD },
  });
  expect(signInAnswer.ok(), await signInAnswer.text()).toBe(true);
  const token = (await signInAnswer.json()).accessToken as string;
  const invitee = uniqueEmail('crm-member');
  const invited = await page.request.post('/api/invitations', {
    headers: { authorization: `Bearer ${token}` },
    data: { email: invitee, role: 'STANDARD' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const mp = await context.newPage();
  await mp.goto(await invitationPathFromOutbox(invitee));
  await field(mp, UI_TEXT.passwordLabel).fill(PASSWORD);
  await field(mp, UI_TEXT.confirmPasswordLabel).fill(PASSWORD);
  await mp.getByRole('button', { name: UI_TEXT.registerButton }).click();
  await expect(mp).toHaveURL(/\/verify-email/);
  await field(mp, UI_TEXT.verificationCodeLabel).fill(await codeFromOutbox(invitee));
  await mp.getByRole('button', { name: UI_TEXT.verifyButton }).click();
  await expect(mp).toHaveURL(/\/login/);
  await signIn(mp, invitee);
  await field(mp, UI_TEXT.firstNameLabel).fill('Sam');
  await field(mp, UI_TEXT.lastNameLabel).fill('Member');
  await field(mp, UI_TEXT.phoneLabel).fill('(555) 222-3333');
  await mp.getByRole('button', { name: UI_TEXT.joinTeamButton }).click();
  await expect(mp.getByRole('heading', { name: UI_TEXT.homeTitle })).toBeVisible();
  return { context, page: mp };
}

test('a plan without the CRM sees the upgrade text; a CRM plan gets the connect form, checked, in words', async ({
  page,
  browser,
}) => {
  const email = await signedUpUser(page, uniqueEmail('crm-admin'));
  await registerCompany(page, 'Integration Bank');
  const companyId = await openPage(page);

  // Basic: the spec's upgrade text and the way to the plans; the processors listed without actions
  const salesforce = page.getByRole('region', { name: T.names.salesforce });
  await expect(salesforce.getByText(MESSAGES.upgradeRequired)).toBeVisible();
  await expect(salesforce.getByTestId('integration-state')).toHaveText(T.states.not_connected);
  await expect(salesforce.getByRole('textbox')).toHaveCount(0);
  const processors = page.getByRole('region', { name: T.processorsTitle });
  await expect(processors.getByRole('listitem')).toHaveCount(3);
  await expect(processors.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'manage-integration-upgrade');

  // the platform admin moves the company to a plan with the CRM
  const admin = await adminHeaders(page.request);
  const moved = await page.request.put(`/api/accounts/${companyId}/subscription-level`, {
    headers: admin,
    data: { membershipId: 'MEMBERSHIP_004' },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  await page.reload();
  await expect(salesforce.getByText(MESSAGES.upgradeRequired)).toHaveCount(0);
  const key = salesforce.getByLabel(T.consumerKeyLabel);
  const secret = salesforce.getByLabel(T.consumerSecretLabel);
  const domain = salesforce.getByLabel(T.domainLabel);
  await expect(key).toHaveValue('');
  await expect(secret).toHaveAttribute('type', 'password');

  // empty: each field says what it needs; keyboard only
  await tabTo(page, salesforce.getByRole('button', { name: T.connectSubmit }));
  await page.keyboard.press('Enter');
  await expect(salesforce.getByText(T.keyRequired)).toBeVisible();
  await expect(salesforce.getByText(T.secretRequired)).toBeVisible();
  await expect(salesforce.getByText(T.domainRequired)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'manage-integration-required');

  // a domain that is not Salesforce's: the server's words
  await key.fill('3MVG9e2eConsumerKeyForTheForm0001');
  await secret.fill('E2E-CONSUMER-SECRET-0001');
  await domain.fill('evil.example.com');
  await salesforce.getByRole('button', { name: T.connectSubmit }).click();
  await expect(salesforce.getByText(INTEGRATION_MESSAGES.domainNotAllowed)).toBeVisible();
  await expect(domain).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'manage-integration-domain');

  // a Salesforce domain: without a wired Salesforce client the connection cannot start ("Connection Failed !")
  await domain.fill('login.salesforce.com');
  await salesforce.getByRole('button', { name: T.connectSubmit }).click();
  await expect(salesforce.getByRole('alert')).toHaveText(INTEGRATION_MESSAGES.connectionFailed);
  await expect(page).toHaveURL(/\/manage-integration$/);

  // the callback's result flags become the spec's messages
  await page.goto('/manage-integration?salesforce=expired_code');
  await expect(page.getByRole('alert').first()).toHaveText(INTEGRATION_MESSAGES.expiredCode);
  await page.goto('/manage-integration?salesforce=invalid_client');
  await expect(page.getByRole('alert').first()).toHaveText(INTEGRATION_MESSAGES.invalidClient);
  await expectAccessible(page);
  await shot(page, 'manage-integration-callback-message');

  // a STANDARD member reads the state, without the form or actions
  const member = await memberOf(browser, page, email);
  try {
    const mp = member.page;
    await openPage(mp);
    await expect(mp.getByTestId('member-note')).toHaveText(T.memberNote);
    const region = mp.getByRole('region', { name: T.names.salesforce });
    await expect(region.getByTestId('integration-state')).toHaveText(T.states.not_connected);
    await expect(region.getByRole('textbox')).toHaveCount(0);
    await expect(region.getByRole('button')).toHaveCount(0);
    await expectAccessible(mp);
    await shot(mp, 'manage-integration-member');
  } finally {
    await member.context.close();
  }
});
