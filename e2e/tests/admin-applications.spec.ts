import type { Page } from '@playwright/test';
import { ADMIN_ACCOUNTS_TEXT as A } from '@under/core/ui-text/admin-accounts';
import { APPLICATIONS_TEXT as AT } from '@under/core/ui-text/client-applications';
import { ADMIN_APPLICATIONS_TEXT as T } from '../../packages/web/src/features/admin-applications/admin-applications-text';
import { signInAdmin } from '../support/admin';
import { activeDemoForm, submitApplication } from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { demoClient, uniqueEmail } from '../support/outbox';
import { overflowing, shot } from '../support/page-tools';
import { expect, test } from '../support/test';

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Nothing sticks out of the screen sideways (wide tables scroll inside their own frame); names what does. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await overflowing(page)).toEqual([]);
}

/**
 * Issue 14, the platform admin's side: an account's forms, one form's applications filtered by status, the form's
 * members searched by e-mail, and the figures across accounts on the overview; at 1280 and 390 px.
 */
test("the admin reads a form's applications and members, and the figures across accounts", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // the demo bank's new form: two invitations (invite sent) and one submitted application (pending)
  const { email: clientEmail, password } = demoClient();
  const { customFormId, name: formName, headers } = await activeDemoForm(request, clientEmail, password);
  const me = await request.get('/api/me', { headers });
  expect(me.ok(), await me.text()).toBe(true);
  const { id: companyId, name: companyName } = ((await me.json()) as { company: { id: string; name: string } }).company;
  const invitedEmails = [uniqueEmail('member-a'), uniqueEmail('member-b')];
  for (const invitedEmail of invitedEmails) {
    const invited = await request.post('/api/applications/invite', { headers, data: { customFormId, invitedEmail } });
    expect(invited.status(), await invited.text()).toBe(201);
  }
  const applicant = uniqueEmail('member-pending');
  const applicantCompany = `Members Trading ${Date.now() % 100000}`;
  await submitApplication(page, customFormId, applicant, applicantCompany);

  await signInAdmin(page);
  // ---- the account's forms, from the accounts list and its summary
  await page.getByRole('link', { name: A.navAccounts }).click();
  await expect(page.getByRole('heading', { name: A.accountsTitle })).toBeVisible();
  await page.getByLabel(A.searchLabel).fill(companyName);
  await page
    .getByRole('link', { name: A.summaryLabel(companyName), exact: true })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: A.summaryTitle(companyName) })).toBeVisible();
  await page.getByRole('link', { name: A.seeForms }).click();
  await expect(page.getByRole('heading', { name: A.formsPageTitle(companyName) })).toBeVisible();
  const formRow = page.getByTestId('account-custom-form-row').filter({ hasText: formName });
  await expect(formRow).toBeVisible();
  await expect(formRow.getByRole('cell').nth(3)).toHaveText('3');
  await expectAccessible(page);
  await shot(page, 'admin-account-forms-1280');

  // ---- the form's applications, filtered by status (the URL keeps it)
  await formRow.getByRole('link', { name: `Applications of ${formName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/accounts/[^/]+/${companyId}/${customFormId}/applications`));
  await expect(page.getByRole('heading', { name: T.applicationsTitle(companyName) })).toBeVisible();
  await expect(page.getByText(T.formLine(formName))).toBeVisible();
  const rows = page.getByTestId('admin-application-row');
  await expect(rows).toHaveCount(3);
  await page.getByRole('combobox', { name: AT.statusFilterLabel }).selectOption('pending');
  await expect(page).toHaveURL(/status=pending/);
  await expect(rows).toHaveCount(1);
  // the sample form's first input is a name, not the company: the row is found by its applicant's e-mail
  await expect(rows.first()).toContainText(applicant);
  await expect(rows.first()).toContainText(AT.statusLabels.pending as string);
  await page.getByRole('combobox', { name: AT.statusFilterLabel }).selectOption('approved');
  await expect(page.getByText(AT.noMatch)).toBeVisible();
  await page.getByRole('combobox', { name: AT.statusFilterLabel }).selectOption('pending');
  await expect(rows).toHaveCount(1);
  await expectAccessible(page);
  await shot(page, 'admin-form-applications-1280');

  // ---- its members: the two invited and the applicant, found by e-mail
  await page.getByRole('link', { name: T.navMembers }).click();
  await expect(page.getByRole('heading', { name: T.membersTitle(companyName) })).toBeVisible();
  const members = page.getByTestId('application-member-row');
  for (const email of [applicant, ...invitedEmails]) await expect(members.filter({ hasText: email })).toHaveCount(1);
  await page.getByLabel(T.membersSearchLabel).fill(applicant);
  await expect(members).toHaveCount(1);
  await expect(members.first()).toContainText(applicant);
  await expect(members.first()).toContainText(T.roles.primary as string);
  await expectAccessible(page);
  await shot(page, 'admin-form-members-1280');

  // ---- the overview: the applications across accounts, over 12 months
  await page.goto('/admin/');
  const across = page.getByRole('region', { name: 'Applications across accounts' });
  await expect(across.getByTestId('admin-dash-pending')).toHaveText(/^[1-9]\d*$/);
  await across.getByText(AT.dashMonths(12), { exact: true }).click();
  await expect(across.getByRole('radio', { name: AT.dashMonths(12) })).toBeChecked();
  await expect(across.getByTestId('admin-dash-account').filter({ hasText: companyName })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'admin-overview-applications-1280');

  // ---- a phone: the same screens, each table scrolling in its own frame
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(
    `/admin/accounts/${encodeURIComponent(companyName)}/${companyId}/${customFormId}/applications?status=pending`,
  );
  await expect(page.getByRole('combobox', { name: AT.statusFilterLabel })).toHaveValue('pending');
  await expect(page.getByTestId('admin-application-row')).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'admin-form-applications-390');
  await page.getByRole('link', { name: T.navMembers }).click();
  await expect(page.getByTestId('application-member-row').filter({ hasText: applicant })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'admin-form-members-390');
  await page.goto('/admin/');
  await expect(
    page.getByRole('region', { name: 'Applications across accounts' }).getByTestId('admin-dash-pending'),
  ).toHaveText(/^[1-9]\d*$/);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'admin-overview-applications-390');
});
