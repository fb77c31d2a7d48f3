import { MESSAGES } from '@under/core/messages';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { activeDemoForm } from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/client';
import { demoClient } from '../support/outbox';
import { shot } from '../support/page-tools';
import { expect, test } from '../support/test';

/** Decision 053: a form built by mistake, before anyone applied on it, is deleted from the list after a confirmation. */
test('deletes a form nobody has applied on, after the confirmation', async ({ page, request }) => {
  const { email, password } = demoClient();
  const { name } = await activeDemoForm(request, email, password);
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page.getByRole('link', { name: 'Forms' }).first()).toBeVisible();
  await page.goto('/all-form');
  await page.getByLabel(T.searchLabel).fill(name);
  const row = page.getByTestId('custom-form-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `${T.actionsColumn}: ${name}` }).click();
  await page.getByRole('menuitem', { name: T.deleteFormOf(name) }).click();
  const dialog = page.getByRole('dialog', { name: MESSAGES.deleteConfirmTitle });
  await expect(dialog.getByText(T.deleteFormMessage(name))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'form-delete-confirm');
  await dialog.getByRole('button', { name: T.deleteForm }).click();
  await expect(page.getByText(T.deleted(name))).toBeVisible();
  await expect(row).toHaveCount(0);
});
