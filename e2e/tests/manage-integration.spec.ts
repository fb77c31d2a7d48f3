import type { Browser, Page } from '@playwright/test';
import { INTEGRATION_MESSAGES } from '@under/core/integrations/connection-messages';
import { SYNCABILITY_WORDS } from '@under/core/integrations/form-integrations.schema';
import { SYNC_STATE_LABELS, SYNC_WORDS } from '@under/core/integrations/sync.schema';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { APPLICATIONS_TEXT as A } from '@under/core/ui-text/client-applications';
import { CUSTOM_FORMS_TEXT as CF } from '@under/core/ui-text/client-custom-forms';
import { FORM_INTEGRATIONS_TEXT as F, SYNCABILITY_TEXT } from '@under/core/ui-text/client-form-integrations';
import { MAPPING_TEXT as M } from '@under/core/ui-text/client-integrations-mapping';
import { SYNC_TEXT as S } from '@under/core/ui-text/integrations-sync';
import { MANAGE_INTEGRATION_TEXT as T } from '@under/core/ui-text/manage-integration';
import { VANTIV_SETUP_TEXT } from '@under/core/ui-text/vantiv';
import { SALESFORCE_SIM } from '../playwright.config';
import { signInAdmin } from '../support/admin';
import { adminHeaders } from '../support/admin-api';
import { activeDemoForm, signFromSuccessPage, submitApplication } from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { clientWithCompany, field, PASSWORD, signIn } from '../support/client';
import { codeFromOutbox, invitationPathFromOutbox, uniqueEmail } from '../support/outbox';
import { shot, tabTo } from '../support/page-tools';
import { expect, test } from '../support/test';

/**
 * /manage-integration (issue #23 §3; decision 073): the upgrade text of plans without the CRM, the connect form's
 * checks and the server's words, a STANDARD member's read-only view; then the whole loop against the Salesforce
 * SIMULATOR (decision 072; never Salesforce) that playwright.config.ts starts beside the portal. Both journeys that
 * use the simulator are in this file, so they never run at the same time (its injected faults are global).
 */

/** The app `npm run simulators` registers (packages/server/src/simulators/start.ts): the simulator's, not a real one. */
const SIM_APP = {
  consumerKey: '3MVG9SIMULATOR.Under.dev.consumer.key',
  consumerSecret: 'SIMULATOR-CONSUMER-SECRET-NOT-SALESFORCE',
};

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
  const email = await clientWithCompany(page, 'Integration Bank', uniqueEmail('crm-admin'));
  const companyId = await openPage(page);

  // Basic: the spec's upgrade text and the way to the plans; the processors listed without actions
  const salesforce = page.getByRole('region', { name: T.names.salesforce });
  await expect(salesforce.getByText(MESSAGES.upgradeRequired)).toBeVisible();
  await expect(salesforce.getByTestId('integration-state')).toHaveText(T.states.not_connected);
  await expect(salesforce.getByRole('textbox')).toHaveCount(0);
  const processors = page.getByRole('region', { name: T.processorsTitle });
  // CardConnect and Worldpay/Vantiv have their own cards (issue #24 §1, §2); tsys is listed
  await expect(processors.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('region', { name: VANTIV_SETUP_TEXT.title }).getByTestId('vantiv-state')).toHaveText(
    T.states.not_connected,
  );
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

test("a new institution connects to the Salesforce simulator and maps its form; an applicant's signed application becomes one Lead; a failure shows in words and Sync again fixes it; the form's Salesforce turned off stops it, in words, for the admin too", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const companyName = `Loop Bank ${Date.now() % 100000}`;
  const email = await clientWithCompany(page, companyName, uniqueEmail('sf-loop'));
  const companyId = await openPage(page);
  const admin = await adminHeaders(page.request);
  const moved = await page.request.put(`/api/accounts/${companyId}/subscription-level`, {
    headers: admin,
    data: { membershipId: 'MEMBERSHIP_006' },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  await page.reload();

  // connect: the browser goes to the simulator's consent page and comes back connected
  const salesforce = page.getByRole('region', { name: T.names.salesforce });
  await salesforce.getByLabel(T.consumerKeyLabel).fill(SIM_APP.consumerKey);
  await salesforce.getByLabel(T.consumerSecretLabel).fill(SIM_APP.consumerSecret);
  await salesforce.getByLabel(T.domainLabel).fill(SALESFORCE_SIM);
  await salesforce.getByRole('button', { name: T.connectSubmit }).click();
  await expect(page.getByRole('heading', { name: 'Allow access?' })).toBeVisible({ timeout: 15_000 });
  await shot(page, 'salesforce-simulator-consent');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/manage-integration\?salesforce=connected$/, { timeout: 15_000 });
  await expect(salesforce.getByTestId('integration-state')).toHaveText(T.states.connected);
  await expectAccessible(page);
  await shot(page, 'manage-integration-connected');

  // a form of the company's, mapped to the simulator's Lead (its describe read through the connection)
  const { customFormId, name: formName, headers } = await activeDemoForm(request, email, PASSWORD);
  await page.goto('/all-form');
  const row = page.getByTestId('custom-form-row').filter({ hasText: formName });
  await row.getByRole('button', { name: `${CF.actionsColumn}: ${formName}` }).click();
  await page.getByRole('menuitem', { name: M.formActionOf(formName) }).click();
  await expect(page.getByRole('heading', { name: M.title, level: 1 })).toBeVisible();
  await page.getByLabel(M.selectLabelOf('Last Name')).selectOption('Lastname');
  await page.getByLabel(M.selectLabelOf('Company')).selectOption('CompanyName');
  await page.getByLabel(M.externalIdLabel).selectOption('Under_Application_Id__c');
  await page.getByRole('radio', { name: M.modeAuto }).check();
  await page.getByRole('button', { name: M.save }).click();
  await expect(page.getByText(M.saved)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'salesforce-mapping-saved');

  // an applicant fills the form in, submits and signs
  const applicant = uniqueEmail('sf-applicant');
  await submitApplication(page, customFormId, applicant, `Loop Trading ${Date.now() % 100000}`);
  await signFromSuccessPage(page, applicant);

  // the institution's application page: synced, one Lead in the simulator with the application's values
  await page.goto('/');
  await page.getByRole('link', { name: A.navApplications, exact: true }).click();
  await page.getByLabel(A.searchLabel).fill(applicant);
  await expect(page.getByRole('row')).toHaveCount(2, { timeout: 10_000 });
  await page.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/applications\/[0-9a-f-]{36}$/);
  const applicationId = page.url().split('/').pop() as string;
  const panel = page.getByRole('region', { name: S.title });
  await expect(panel.getByTestId('sync-state')).toHaveText(SYNC_STATE_LABELS.synced, { timeout: 30_000 });
  const leads = async () =>
    (
      (await (await request.get(`${SALESFORCE_SIM}/__sim/records?object=Lead`)).json()) as {
        records: Record<string, unknown>[];
      }
    ).records.filter((r) => r.Under_Application_Id__c === applicationId);
  const detail = await (await request.get(`/api/applications/${applicationId}`, { headers })).json();
  expect(await leads()).toEqual([
    expect.objectContaining({ LastName: detail.data.Lastname, Company: detail.data.CompanyName }),
  ]);
  await panel.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await shot(page, 'application-synced');

  // the simulator answers 503 for a while: Sync again says so in words; once it answers, Sync again fixes it
  const faults = (fail: number) => request.post(`${SALESFORCE_SIM}/__sim/faults`, { data: { fail } });
  expect((await faults(100)).ok()).toBe(true);
  try {
    await panel.getByRole('button', { name: `${S.syncAgain}: Salesforce` }).click();
    await expect(panel.getByTestId('sync-error')).toContainText(SYNC_WORDS.unavailable, { timeout: 30_000 });
    await shot(page, 'application-sync-failed');
  } finally {
    await faults(0);
  }
  await panel.getByRole('button', { name: `${S.syncAgain}: Salesforce` }).click();
  await expect(panel.getByTestId('sync-state')).toHaveText(SYNC_STATE_LABELS.synced, { timeout: 30_000 });
  await expect(panel.getByTestId('sync-error')).toHaveCount(0);
  expect(await leads()).toHaveLength(1);
  await expectAccessible(page);
  await shot(page, 'application-sync-again');

  // the forms list: the form uses Salesforce (connected, mapped, auto-sync); turned off for the form, it stops syncing
  await page.goto('/all-form');
  const formRow = page.getByTestId('custom-form-row').filter({ hasText: formName });
  await expect(formRow.getByText(`${T.states.connected} · ${F.mapped} · ${F.modes['auto-sync']}`)).toBeVisible();
  const useSalesforce = formRow.getByRole('switch', { name: F.switchOf(T.names.salesforce, formName) });
  await expect(useSalesforce).toBeChecked();
  await useSalesforce.click();
  await expect(page.getByText(F.turnedOff(T.names.salesforce, formName))).toBeVisible();
  await expect(useSalesforce).not.toBeChecked();
  await expectAccessible(page);
  await shot(page, 'forms-list-integrations-off');
  await page.goto(`/applications/${applicationId}`);
  await panel.getByRole('button', { name: `${S.syncAgain}: Salesforce` }).click();
  await expect(panel.getByTestId('sync-error')).toContainText(SYNCABILITY_WORDS.formNotUsing, { timeout: 30_000 });
  await shot(page, 'application-form-not-using-salesforce');

  // the platform admin's syncability check on the form's applications says the same
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const ap = await adminContext.newPage();
    await signInAdmin(ap);
    await ap.goto(`/admin/accounts/${encodeURIComponent(companyName)}/${companyId}/${customFormId}/applications`);
    const appRow = ap.getByTestId('admin-application-row').filter({ hasText: applicant });
    await appRow.getByRole('button', { name: new RegExp(`^${SYNCABILITY_TEXT.check}`) }).click();
    const dialog = ap.getByRole('dialog');
    await expect(dialog.getByTestId('syncability').filter({ hasText: 'Salesforce' })).toContainText(
      SYNCABILITY_TEXT.notSyncable,
    );
    await expect(dialog.getByText(SYNCABILITY_WORDS.formNotUsing)).toBeVisible();
    await expectAccessible(ap);
    await shot(ap, 'admin-syncability-check');
  } finally {
    await adminContext.close();
  }

  // turned back on: Sync again syncs, still one Lead
  await page.goto('/all-form');
  await useSalesforce.click();
  await expect(page.getByText(F.turnedOn(T.names.salesforce, formName))).toBeVisible();
  await page.goto(`/applications/${applicationId}`);
  await panel.getByRole('button', { name: `${S.syncAgain}: Salesforce` }).click();
  await expect(panel.getByTestId('sync-state')).toHaveText(SYNC_STATE_LABELS.synced, { timeout: 30_000 });
  expect(await leads()).toHaveLength(1);
});
