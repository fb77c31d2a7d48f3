import type { Page } from '@playwright/test';
import { APPLICANT_TEXT as T } from '@under/core/ui-text/applicant';
import { APPLICATIONS_TEXT as A } from '@under/core/ui-text/client-applications';
import {
  activeDemoForm,
  applicantPath,
  firstInput,
  lastPageShown,
  signFromSuccessPage,
  submitApplication,
  waitForMail,
} from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/client';
import { demoClient, mailCount, uniqueEmail } from '../support/outbox';
import { overflowing, shot, tabTo, waitForToastsGone } from '../support/page-tools';
import { expect, test } from '../support/test';

/** Searches the list for the applicant's e-mail and opens the one row the answer to that search holds. */
async function openByEmail(page: Page, email: string) {
  // the row count is read from the searched answer, not from the unfiltered list still on screen
  const searched = page.waitForResponse((r) => /\/api\/applications\?.*\bq=/.test(r.url()));
  await page.getByLabel(A.searchLabel).fill(email);
  await searched;
  await expect(page.getByRole('row')).toHaveCount(2, { timeout: 10_000 });
  await page.getByRole('row').nth(1).getByRole('link').first().click();
}

/**
 * Issue 14 (decision 052): the institution asks the applicant to correct a submitted, signed application; the
 * applicant opens the e-mailed edit link, changes an answer, submits again and signs again; the institution sees
 * the correction, approves it and copies it into a new one for the same applicant with the keyboard alone. At 1280
 * and 390 px.
 */
test('an edit link lets the applicant correct and re-sign; the team copies the application', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { email: clientEmail, password } = demoClient();
  const { customFormId } = await activeDemoForm(request, clientEmail, password);
  const email = uniqueEmail('correct');
  const company = `Correct Trading ${Date.now() % 100000}`;
  await submitApplication(page, customFormId, email, company);
  await signFromSuccessPage(page, email);

  // the team opens it and e-mails the applicant an edit link
  await page.goto('/login');
  await signIn(page, clientEmail, password);
  // signed in (the navigation shows) before leaving the page, or the sign-in is cut short
  await expect(page.getByRole('link', { name: A.navApplications, exact: true })).toBeVisible();
  await page.goto('/applications');
  await openByEmail(page, email);
  const corrections = page.getByRole('region', { name: A.correctionsTitle });
  await expect(corrections).toBeVisible();
  await expect(corrections.getByLabel(A.editLinkOwner)).toHaveValue(email);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'corrections-1280');
  const before = mailCount(email);
  await corrections.getByRole('button', { name: A.editLinkMail }).click();
  await expect(page.getByText(A.editLinkSent(email))).toBeVisible();
  const mail = await waitForMail(email, before);
  expect(mail).toContain('please correct');

  // the applicant corrects the company name and submits again
  await page.goto(applicantPath(mail));
  await expect(page.getByText(T.editingNotice)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(T.readOnlyNotice)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'applicant-editing-1280');
  await firstInput(page).fill(`${company} Ltd`);
  await expect(page.getByTestId('save-status')).toHaveText(T.statusSaved, { timeout: 15_000 });
  for (let i = 0; i < 20 && !(await page.getByRole('button', { name: T.submit }).isVisible()); i++) {
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await lastPageShown(page);
  const terms = page.getByLabel(T.termsAccept);
  if ((await terms.isVisible()) && !(await terms.isChecked())) await terms.check();
  await page.getByRole('button', { name: T.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/application-form-successfully/${customFormId}$`), { timeout: 15_000 });
  // the change voided the signature: the applicant signs the corrected document again
  await signFromSuccessPage(page, email);

  // the team sees the correction, signed again, and the events in the history
  await page.goto('/applications');
  await openByEmail(page, email);
  await expect(page.getByRole('region', { name: A.answersTitle }).getByText(`${company} Ltd`)).toBeVisible();
  await expect(page.getByTestId('application-status')).toHaveText('Pending');
  const history = page.getByRole('region', { name: A.historyTitle });
  await expect(history.getByRole('cell', { name: 'edit-link', exact: true })).toBeVisible();
  await expect(history.getByRole('cell', { name: 'resubmit', exact: true })).toBeVisible();
  await expect(page.getByTestId('history-chain')).toContainText('History intact');
  // the documents of the corrected application, previewed page by page in place
  const documents = page.getByRole('region', { name: A.documentsTitle });
  const previewButton = documents.getByRole('button', { name: /^Preview / }).first();
  await expect(previewButton).toBeVisible({ timeout: 60_000 });
  // the documents signed before the correction stay, marked as replaced by the new generation
  await expect(documents.getByText(A.docCurrent(2)).first()).toBeVisible({ timeout: 60_000 });
  await expect(documents.getByText(A.docEarlier(1)).first()).toBeVisible();
  await previewButton.click();
  const preview = page.getByRole('dialog', { name: /^Preview / });
  await expect(preview.getByText(/^Page 1 of \d+$/).first()).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'document-preview-1280');
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);

  // keyboard only from here: approve the corrected application, then copy it into a new one
  await waitForToastsGone(page);
  // from the top of the page, as a keyboard user arriving on it
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await tabTo(page, page.getByRole('button', { name: A.actionFor.approved }));
  await page.keyboard.press('Enter');
  const approve = page.getByRole('dialog', { name: A.dialogFor.approved });
  await expect(approve.getByLabel(A.reasonLabel)).toBeFocused();
  await page.keyboard.type('Corrected and signed again');
  await tabTo(page, approve.getByRole('button', { name: A.actionFor.approved }), { max: 10 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('application-status')).toHaveText('Approved');
  const invites = mailCount(email);
  await tabTo(page, page.getByRole('button', { name: A.copyApplication }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: A.copyTitle });
  await expect(dialog.getByLabel(new RegExp(A.copyEmail))).toBeFocused();
  await expect(dialog.getByLabel(new RegExp(A.copyEmail))).toHaveValue(email);
  expect(await seriousViolations(page)).toEqual([]);
  await tabTo(page, dialog.getByRole('button', { name: A.copyConfirm }), { max: 10 });
  await page.keyboard.press('Enter');
  await expect(page.getByText(A.copyDone(email))).toBeVisible();
  await expect(page.getByTestId('application-status')).toHaveText('Invite sent');
  await expect(page.getByRole('region', { name: A.answersTitle }).getByText(`${company} Ltd`)).toBeVisible();
  await expect.poll(() => mailCount(email), { timeout: 15_000 }).toBeGreaterThan(invites);
  await shot(page, 'copied-1280', { fullPage: true });

  // on a phone: the corrections fit, the buttons reachable
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: A.correctionsTitle })).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'corrections-390', { fullPage: true });
});
