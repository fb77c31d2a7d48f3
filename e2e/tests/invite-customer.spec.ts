import { mkdirSync } from 'node:fs';
import { UI_TEXT } from '@under/core/ui-text';
import { CUSTOMERS_TEXT as T } from '@under/core/ui-text/client-customers';
import { activeDemoForm, waitForMail } from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { field, signIn } from '../support/client';
import { demoClient, uniqueEmail } from '../support/outbox';
import { expect, test } from '../support/test';

const SHOTS = '/tmp/shots-C';

test('the client invites a customer from /create-customer and from the form list; the e-mail carries the link', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const demo = demoClient();
  const form = await activeDemoForm(request, demo.email, demo.password);
  mkdirSync(SHOTS, { recursive: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signIn(page, demo.email, demo.password);
  await expect(page.getByRole('heading', { name: UI_TEXT.homeTitle })).toBeVisible();

  // 1. /create-customer: the form chosen, another primary address
  await page.goto('/create-customer');
  await expect(page.getByRole('heading', { name: T.inviteTitle })).toBeVisible();
  const formSelect = field(page, T.formLabel);
  await expect(formSelect.locator('option', { hasText: form.name })).toHaveCount(1);
  await formSelect.selectOption(form.customFormId);
  const invited = uniqueEmail('assistant');
  const primary = uniqueEmail('owner');
  await field(page, T.invitedEmailLabel).fill(invited);
  await page.getByRole('radio', { name: T.primaryOther }).check();
  await field(page, T.primaryOtherLabel).fill(primary);
  await expect(field(page, T.timeZoneLabel)).not.toHaveValue('');
  await expect(page.getByTestId('time-zone-offset')).toContainText('UTC');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/create-customer-1280-filled.png`, fullPage: true });
  await page.getByRole('button', { name: T.sendButton }).click();
  await expect(page.getByText(T.inviteSentTo(invited))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/create-customer-1280-sent.png`, fullPage: true });

  const mail = await waitForMail(invited);
  const link = mail.match(/\/application-form\/([0-9a-f-]{36})\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{40,})\/(\S+)/);
  expect(link?.[1]).toBe(form.customFormId);
  expect(decodeURIComponent((link?.[4] ?? '').replace(/[">].*$/, ''))).toBe(primary);
  expect(mail).toContain(form.name);
  // the primary address is told, without the link
  const notice = await waitForMail(primary);
  expect(notice).toContain(invited);
  expect(notice).not.toContain('/application-form/');

  // 2. the form list: "Invite customer" in the form's menu opens the invitation on that form
  await page.goto('/all-form');
  const row = page.getByTestId('custom-form-row').filter({ hasText: form.name });
  await row.getByRole('button', { name: `Actions: ${form.name}` }).click();
  await page.getByRole('menuitem', { name: T.inviteAction }).click();
  const dialog = page.getByRole('dialog', { name: T.inviteActionOf(form.name) });
  await expect(dialog).toBeVisible();
  const customer = uniqueEmail('customer');
  await field(dialog, T.invitedEmailLabel).fill(customer);
  await dialog.getByRole('button', { name: T.sendButton }).click();
  await expect(dialog.getByText(T.inviteSentTo(customer))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/form-list-invite-dialog-1280.png` });
  const second = await waitForMail(customer);
  expect(second).toContain(`/application-form/${form.customFormId}/`);

  // 3. on a phone (390 px): the page fits, nothing scrolls sideways
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/create-customer?formId=${form.customFormId}`);
  await expect(field(page, T.formLabel)).toHaveValue(form.customFormId);
  const phone = uniqueEmail('phone');
  await field(page, T.invitedEmailLabel).fill(phone);
  await page.getByRole('button', { name: T.sendButton }).click();
  await expect(page.getByText(T.inviteSentTo(phone))).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/create-customer-390-sent.png`, fullPage: true });
  await waitForMail(phone);
});
