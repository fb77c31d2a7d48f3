import { readFileSync } from 'node:fs';
import { APPLICATIONS_TEXT as A } from '@under/core/ui-text/client-applications';
import { CUSTOMERS_TEXT as C } from '@under/core/ui-text/client-customers';
import { activeDemoForm, submitApplication } from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/client';
import { demoClient, mailCount, uniqueEmail } from '../support/outbox';
import { shot, waitForToastsGone } from '../support/page-tools';
import { expect, test } from '../support/test';

/**
 * Issue 14: the institution's morning: the dashboard's counts, filter the new applications, open one, read its answers page by page,
 * approve it (the applicant told by e-mail), and export the approved ones to Excel and CSV; at 1280 and 390 px.
 */
test('filter, open, approve and export an application, on a wide and a phone screen', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { email: clientEmail, password } = demoClient();
  const { customFormId } = await activeDemoForm(request, clientEmail, password);
  const email = uniqueEmail('review');
  const company = `Review Trading ${Date.now() % 100000}`;
  await submitApplication(page, customFormId, email, company);

  await page.goto('/login');
  await signIn(page, clientEmail, password);
  // the dashboard (where signing in lands): counts by status over the period, each a way into the list
  await expect(page.getByRole('link', { name: A.navApplications, exact: true })).toBeVisible();
  const dashboard = page.getByRole('region', { name: A.dashTitle });
  await expect(dashboard.getByTestId('dash-pending')).toHaveText(/^[1-9]\d*$/);
  await dashboard.getByText(A.dashMonths(12), { exact: true }).click();
  await expect(dashboard.getByRole('radio', { name: A.dashMonths(12) })).toBeChecked();
  await expect(dashboard.getByRole('columnheader', { name: A.colMonth })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'dashboard-1280', { fullPage: true });
  // filter: pending ones (from the dashboard; the URL keeps it), searched by the applicant's e-mail
  await dashboard.getByRole('link', { name: /^Pending \d+$/ }).click();
  await expect(page.getByRole('heading', { name: A.listTitle })).toBeVisible();
  await expect(page).toHaveURL(/status=pending/);
  await expect(page.getByRole('combobox', { name: A.statusFilterLabel })).toHaveValue('pending');
  await page.getByLabel(A.searchLabel).fill(email);
  const row = page.getByRole('row').filter({ hasText: 'Pending' }).first();
  await expect(page.getByRole('row')).toHaveCount(2, { timeout: 10_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'applications-filtered-1280');
  await row.getByRole('link').first().click();

  // the answers, page by page, as the applicant saw them
  await expect(page.getByRole('heading', { name: A.answersTitle })).toBeVisible();
  await expect(page.getByRole('region', { name: A.answersTitle }).getByText(company)).toBeVisible();
  await expect(page.getByRole('region', { name: A.answersTitle }).getByText(email).first()).toBeVisible();
  await expect(page.getByTestId('application-status')).toHaveText('Pending');

  // a correction by the institution, in the form the application was made on (masked values left as they are)
  await page.getByRole('link', { name: A.editAnswers }).click();
  await expect(page.getByRole('heading', { name: /^Edit application No\. \d+$/ })).toBeVisible();
  await expect(page.getByText(A.editSignedWarning)).toBeVisible();
  await page.getByLabel(/^Last Name/).fill('Corrected');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'edit-application-1280');
  for (let i = 0; i < 10 && !(await page.getByRole('button', { name: A.editSave }).isVisible()); i++) {
    await page.getByRole('button', { name: 'Next' }).click();
  }
  // the last Next opened the last page and saved nothing yet (it once turned into the submit button mid-click)
  await expect(page).toHaveURL(/\/edit-application\?applicationId=/);
  await page.getByRole('button', { name: A.editSave }).click();
  await expect(page.getByText(A.editSaved(1, 0))).toBeVisible();
  await expect(page.getByText('Nothing changed.')).toHaveCount(0);
  await expect(page.getByRole('region', { name: A.answersTitle }).getByText('Corrected')).toBeVisible();

  // deny asks for a reason first; approve with an e-mail to the applicant
  await page.getByRole('button', { name: A.actionFor.denied }).click();
  const deny = page.getByRole('dialog', { name: A.dialogFor.denied });
  await deny.getByRole('button', { name: A.actionFor.denied }).click();
  await expect(deny.getByRole('alert')).toHaveText('Give a reason to deny the application');
  await deny.getByRole('button', { name: A.cancel }).click();
  await expect(page.getByTestId('application-status')).toHaveText('Pending');

  const before = mailCount(email);
  await page.getByRole('button', { name: A.actionFor.approved }).click();
  const approve = page.getByRole('dialog', { name: A.dialogFor.approved });
  await approve.getByLabel(A.reasonLabel).fill('Documents complete');
  await approve.getByLabel(A.notifyLabelFor.approved as string).check();
  expect(await seriousViolations(page)).toEqual([]);
  await approve.getByRole('button', { name: A.actionFor.approved }).click();
  await expect(page.getByTestId('application-status')).toHaveText('Approved');
  await expect(page.getByText(A.decisionReason('Documents complete'))).toBeVisible();
  await expect.poll(() => mailCount(email), { timeout: 15_000 }).toBeGreaterThan(before);
  // a note for the team (never shown to the applicant)
  const notes = page.getByRole('region', { name: A.notesTitle });
  await notes.getByRole('button', { name: A.addNote }).click();
  await expect(notes.getByText('Write the note first')).toBeVisible();
  await notes.getByLabel(A.noteLabel).fill('Voided check received; approved.');
  await notes.getByRole('button', { name: A.addNote }).click();
  // the note in the list (the field may still hold its text for a moment)
  await expect(notes.getByRole('listitem').getByText('Voided check received; approved.')).toBeVisible();
  await expect(notes.getByLabel(A.noteLabel)).toHaveValue('');
  // reopening is offered now; the history has the decision, still intact
  await expect(page.getByRole('button', { name: A.actionFor.pending })).toBeVisible();
  await expect(page.getByTestId('history-chain')).toContainText('History intact');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'application-approved-1280', { fullPage: true });

  // export the approved ones: a real .xlsx (a zip) and a CSV that names the application
  await page.getByRole('link', { name: A.back }).click();
  await page.getByRole('combobox', { name: A.statusFilterLabel }).selectOption('approved');
  await expect(page).toHaveURL(/status=approved/);
  // sorted by a column, kept in the URL with the filter
  await page.getByRole('button', { name: `Sort by ${A.colSubmitted}` }).click();
  await expect(page).toHaveURL(/sort=submittedAt/);
  await expect(page.getByRole('columnheader', { name: `Sort by ${A.colSubmitted}` })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  // the filter and sort saved as a view, for this user, and picked again after clearing the filters
  await page.getByRole('button', { name: A.saveView }).click();
  const saveDialog = page.getByRole('dialog', { name: A.saveViewTitle });
  const viewName = `Approved ${Date.now() % 100000}`;
  await saveDialog.getByLabel(A.viewNameLabel).fill(viewName);
  await saveDialog.getByRole('button', { name: A.saveView }).click();
  await expect(page.getByRole('combobox', { name: A.savedViewLabel })).toHaveValue(/.+/);
  await page.getByRole('button', { name: A.clearFilters }).click();
  await expect(page).not.toHaveURL(/status=approved/);
  await page.getByRole('combobox', { name: A.savedViewLabel }).selectOption({ label: viewName });
  await expect(page).toHaveURL(/status=approved/);
  await expect(page).toHaveURL(/sort=submittedAt/);
  // the confirmations of the last steps have gone (the export buttons sit under them)
  await waitForToastsGone(page);
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: A.exportXlsx }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(
    readFileSync(await xlsx.path())
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');
  await waitForToastsGone(page);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: A.exportCsv }).click(),
  ]);
  const text = readFileSync(await csv.path(), 'utf8');
  // which application, on which form and version, first (issue 21 section 5)
  expect(text.split('\r\n')[0]).toMatch(/^\uFEFF?Application number,Form,Form version,/);
  expect(text).toContain(email);
  expect(text).toContain('Approved');
  expect(text).not.toContain('Pending');

  // the Customers screen: the applicant with their applications
  await page.getByRole('link', { name: A.navCustomers }).click();
  await expect(page.getByRole('heading', { name: C.listTitle })).toBeVisible();
  await page.getByLabel(C.listSearchLabel).fill(email);
  const customer = page.getByRole('row').filter({ hasText: email });
  await expect(customer).toContainText('1 approved');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'customers-1280');
  await page.goto('/applications?status=approved');

  // a phone: the same list and application
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel(A.searchLabel).fill(email);
  await expect(page.getByRole('row')).toHaveCount(2, { timeout: 10_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'applications-filtered-390');
  await page.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByTestId('application-status')).toHaveText('Approved');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'application-approved-390', { fullPage: true });
});
