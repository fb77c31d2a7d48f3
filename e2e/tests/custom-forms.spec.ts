import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { acroFormPdf, applicationPdf } from '../fixtures/pdfs';
import { uniqueName } from '../support/admin';
import { adminHeaders, saveMapping, uploadTemplate } from '../support/admin-api';
import { seriousViolations } from '../support/axe';
import { field, registerCompany, signedUpUser } from '../support/client';
import { shot } from '../support/page-tools';
import { expect, test } from '../support/test';

test.use({ viewport: { width: 1440, height: 1000 } });

test('a client builds a form in the wizard from a published master form, activates it and gets its applicant link', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // the admin's side, through the API: a mapped template, a master form made from it, active and published
  const headers = await adminHeaders(request);
  const institution = uniqueName('Harbor Bank');
  const template = await uploadTemplate(request, headers, await acroFormPdf(), institution);
  await saveMapping(request, headers, template.templateId, template.acroFields);
  const master = await (
    await request.post('/api/master_forms', { headers, data: { templateId: template.templateId } })
  ).json();
  expect(
    (await request.patch(`/api/master_forms/${master.formId}/status`, { headers, data: { status: 'active' } })).ok(),
  ).toBe(true);
  expect((await request.patch(`/api/master_forms/${master.formId}/versions`, { headers, data: {} })).ok()).toBe(true);

  await signedUpUser(page);
  await registerCompany(page, uniqueName('Forms Co'));
  await page.getByRole('link', { name: T.navForms }).first().click();
  await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
  await expect(page.getByText(T.emptyTitle)).toBeVisible();
  await page.getByRole('link', { name: T.createButton }).click();

  // 1. the financial institution, searched and selected
  await expect(page).toHaveURL(/\/create-form$/);
  const searched = page.waitForResponse((r) => r.url().includes('/api/client_master_forms?q=') && r.ok());
  await field(page, T.institutionSearch).fill(institution.slice(0, 10));
  await searched;
  const card = page.getByTestId('institution-card').filter({ hasText: institution });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `${T.select} ${institution}` }).click();
  const formName = uniqueName('Merchant application');
  await field(page, T.formNameLabel).fill(formName);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: T.createAndContinue }).click();

  // 2. the institution's questions locked, one question of our own added with the keyboard
  await expect(page).toHaveURL(/\/create-form\?formId=[0-9a-f-]{36}&step=2/);
  const formId = new URL(page.url()).searchParams.get('formId') as string;
  await expect(page.getByRole('heading', { name: T.masterFieldsTitle })).toBeVisible();
  const addText = page.getByRole('button', { name: 'Add Text field' });
  await addText.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: T.saveAndContinue })).toBeEnabled();
  await page.getByRole('button', { name: T.saveAndContinue }).click();

  // 3. a PDF to read and the terms to accept
  await expect(page).toHaveURL(/step=3/);
  await page.locator('input[type="file"]').setInputFiles(await applicationPdf('fee-schedule.pdf'));
  await expect(page.getByTestId('document-row')).toHaveCount(1);
  await page.getByTestId('terms-editor').click();
  await page.keyboard.type('I accept the fee schedule.');
  await page.getByRole('button', { name: T.saveAndContinue }).click();

  // 4. layout and the preview at 390 px, then finish
  await expect(page).toHaveURL(/step=4/);
  await page.getByText(T.previewPhone, { exact: true }).click();
  await expect(page.getByTestId('form-preview')).toHaveCSS('width', '390px');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'custom-form-wizard-layout');
  await page.getByRole('button', { name: T.finish }).click();

  // done: the applicant link and its QR code; the form is activated
  await expect(page.getByRole('heading', { name: T.doneTitle })).toBeVisible();
  await expect(page.getByTestId('applicant-link')).toHaveValue(new RegExp(`/application-form/${formId}$`));
  await expect(page.getByTestId('applicant-qr')).toBeVisible();
  await page.getByRole('button', { name: T.activateOf(formName) }).click();
  await expect(page.getByText(T.activated(formName))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'custom-form-done');

  // the list shows it active, with the extra question kept behind the institution's
  await page.getByRole('link', { name: T.toList }).click();
  const row = page.getByTestId('custom-form-row').filter({ hasText: formName });
  await expect(row).toContainText(T.statusActive);
  await row.getByRole('button', { name: T.previewOf(formName) }).click();
  await expect(page.getByRole('dialog', { name: T.previewOf(formName) })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'custom-form-list-preview');
});
