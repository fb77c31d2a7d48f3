import { APPLICANT_TEXT as T } from '@under/core/ui-text/applicant';
import { VAULT_TEXT as V } from '@under/core/ui-text/applicant-vault';
import { activeDemoForm, fillRequired, signFromSuccessPage } from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { field } from '../support/client';
import { codeFromOutbox, demoClient, mailCount, uniqueEmail } from '../support/outbox';
import { shot } from '../support/page-tools';
import { expect, test } from '../support/test';

// Issue 12 "Fill it in once": the answers of one application, remembered by choice once the applicant signed with a
// code e-mailed to them, fill in another form after another e-mailed code (decisions 039, 050).
test('answers remembered on one form fill in another one after an e-mailed code', async ({ page, request }) => {
  const demo = demoClient();
  const first = await activeDemoForm(request, demo.email, demo.password);
  const second = await activeDemoForm(request, demo.email, demo.password);
  const email = uniqueEmail('vault');

  // the first application, with "Remember my answers" ticked
  await page.goto(`/application-form/${first.customFormId}`);
  await page.getByLabel(T.emailLabel).fill(email);
  await page.getByRole('button', { name: T.emailContinue }).click();
  for (let i = 0; i < 20; i++) {
    await fillRequired(page, email);
    if (await page.getByRole('button', { name: T.submit }).isVisible()) break;
    await page.getByRole('button', { name: 'Next' }).click();
  }
  // the signature pad loads lazily on the last page: sign by typing the name
  await page.getByText('Type your name').click();
  await page.getByLabel(/type your full name$/).fill('Ann Lee');
  await page.getByLabel(V.rememberLabel).check();
  await page.getByRole('button', { name: T.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/application-form-successfully/${first.customFormId}$`), {
    timeout: 15_000,
  });
  // the vault takes the answers when the e-mailed signing code has proved the address (decision 050)
  await signFromSuccessPage(page, email);

  // the second form: the offer, the e-mailed code, the answers filled in
  await page.goto(`/application-form/${second.customFormId}`);
  await page.getByLabel(T.emailLabel).fill(email);
  await page.getByRole('button', { name: T.emailContinue }).click();
  const legal = field(page, 'Legal business name');
  await expect(legal).toHaveValue('');
  await page.getByRole('button', { name: V.offerButton }).click();
  const dialog = page.getByRole('dialog', { name: V.dialogTitle });
  await dialog.getByLabel(V.emailLabel).fill(email);
  const before = mailCount(email);
  await dialog.getByRole('button', { name: V.sendCode }).click();
  const code = await codeFromOutbox(email, before);
  await dialog.getByLabel(V.codeLabel).fill(code);
  await dialog.getByRole('button', { name: V.unlock }).click();
  await expect(page.getByText(/We filled in \d+ answers? you saved/)).toBeVisible();
  await expect(legal).not.toHaveValue('');
  // the vault keeps no e-mail: the address that unlocked it fills the Email field
  await expect(field(page, 'Email')).toHaveValue(email);
  await expect(page.getByText(/^Legal business name/).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'applicant-vault-prefilled-1280');
  // the prefilled answers are saved with the new application
  await expect(page.getByTestId('save-status')).toHaveText(T.statusSaved, { timeout: 15_000 });
  const filled = await legal.inputValue();
  await page.reload();
  await expect(field(page, 'Legal business name')).toHaveValue(filled);
});
