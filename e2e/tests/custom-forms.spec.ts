import type { APIRequestContext } from '@playwright/test';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { acroFormPdf, applicationPdf } from '../fixtures/pdfs';
import { uniqueName } from '../support/admin';
import { adminHeaders, saveMapping, uploadTemplate } from '../support/admin-api';
import { seriousViolations } from '../support/axe';
import { clientWithCompany, field } from '../support/client';
import { shot, tabTo } from '../support/page-tools';
import { expect, test } from '../support/test';

test.use({ viewport: { width: 1440, height: 1000 } });

/** The admin's side, through the API: a mapped template, a master form made from it, active and published. */
async function publishedMasterForm(request: APIRequestContext, institution: string) {
  const headers = await adminHeaders(request);
  const template = await uploadTemplate(request, headers, await acroFormPdf(), institution);
  await saveMapping(request, headers, template.templateId, template.acroFields);
  const master = await (
    await request.post('/api/master_forms', { headers, data: { templateId: template.templateId } })
  ).json();
  // published first: a master form never published cannot be switched on
  const published = await request.patch(`/api/master_forms/${master.formId}/versions`, { headers, data: {} });
  expect(published.ok(), await published.text()).toBe(true);
  const activated = await request.patch(`/api/master_forms/${master.formId}/status`, {
    headers,
    data: { status: 'active' },
  });
  expect(activated.ok(), await activated.text()).toBe(true);
  return master as { formId: string };
}

test('a client builds a form in the wizard from a published master form, activates it and gets its applicant link', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const institution = uniqueName('Harbor Bank');
  await publishedMasterForm(request, institution);

  await clientWithCompany(page, uniqueName('Forms Co'));
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
  // the master form is a wizard: our question goes on a page of our own (the new page is selected, so it lands there)
  await page.getByRole('button', { name: 'Add Panel / page' }).click();
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
  await expect(page.getByTestId('done-lead')).toHaveText(T.doneLead);
  await page.getByRole('button', { name: T.activateOf(formName) }).click();
  await expect(page.getByText(T.activated(formName))).toBeVisible();
  // the text and the button follow the activation at once (issue 21 section 5)
  await expect(page.getByTestId('done-lead')).toHaveText(T.doneLeadActive);
  await expect(page.getByRole('button', { name: T.activateOf(formName) })).toHaveCount(0);
  // Copy says it copied
  await page.getByRole('button', { name: T.copy, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: T.linkCopied })).toBeVisible();
  await expect(page.getByRole('button', { name: T.copied, exact: true })).toBeVisible();
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

test('the whole wizard with the keyboard only: institution, a question, a document and T&Cs, the owner e-mail, finish', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const institution = uniqueName('Keyboard Bank');
  await publishedMasterForm(request, institution);
  await clientWithCompany(page, uniqueName('Keys Co'));

  // from here on: Tab, Shift+Tab, Enter, Space, arrows and typing only
  await tabTo(page, page.getByRole('link', { name: T.navForms }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: T.createButton }));
  await page.keyboard.press('Enter');

  // 1. search the institution, select it, name the form, Enter submits
  await expect(page).toHaveURL(/\/create-form$/);
  await tabTo(page, field(page, T.institutionSearch));
  const searched = page.waitForResponse((r) => r.url().includes('/api/client_master_forms?q=') && r.ok());
  await page.keyboard.type(institution.slice(0, 12));
  await searched;
  const select = page.getByRole('button', { name: `${T.select} ${institution}` });
  await tabTo(page, select);
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: `${T.selected} ${institution}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await tabTo(page, field(page, T.formNameLabel));
  const formName = uniqueName('Keyboard form');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(formName);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');

  // 2. an e-mail question of our own from the palette, then save and continue
  await expect(page).toHaveURL(/\/create-form\?formId=[0-9a-f-]{36}&step=2/);
  // the master form is a wizard: our question goes on a page of our own (the new page is selected, so it lands there)
  await tabTo(page, page.getByRole('button', { name: 'Add Panel / page' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Add Email' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-type="email"]')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await tabTo(page, page.getByRole('button', { name: T.saveAndContinue }));
  await page.keyboard.press('Enter');

  // 3. a PDF chosen from the file dialog the button opens, and the terms typed in
  await expect(page).toHaveURL(/step=3/);
  await tabTo(page, page.getByRole('button', { name: T.addDocument }));
  // bounded: once in CI the chooser never opened and the journey waited out its whole 4 minutes before the retry
  const chooser = page.waitForEvent('filechooser', { timeout: 15_000 });
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(await applicationPdf('keyboard-terms.pdf'));
  await expect(page.getByTestId('document-row')).toHaveCount(1);
  await tabTo(page, page.getByTestId('terms-editor'));
  await page.keyboard.type('I accept the terms, by keyboard.');
  expect(await seriousViolations(page)).toEqual([]);
  await tabTo(page, page.getByRole('button', { name: T.saveAndContinue }));
  await page.keyboard.press('Enter');

  // 4. our e-mail question carries the owner's e-mail (arrows in the select), the phone preview (arrows), finish
  await expect(page).toHaveURL(/step=4/);
  const owner = field(page, T.ownerEmailLabel);
  await tabTo(page, owner);
  await page.keyboard.press('ArrowDown');
  await expect(owner).not.toHaveValue('');
  await tabTo(page, page.getByRole('radio', { name: T.previewDesktop }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('form-preview')).toHaveCSS('width', '390px');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'custom-form-wizard-keyboard');
  await tabTo(page, page.getByRole('button', { name: T.finish }));
  await page.keyboard.press('Enter');

  // done: activate and go to the list, still by keyboard
  await expect(page.getByRole('heading', { name: T.doneTitle })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: T.activateOf(formName) }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(T.activated(formName))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await tabTo(page, page.getByRole('link', { name: T.toList }));
  await page.keyboard.press('Enter');
  const row = page.getByTestId('custom-form-row').filter({ hasText: formName });
  await expect(row).toContainText(T.statusActive);
});
