import type { Page } from '@playwright/test';
import { MAPPER_TEXT as M } from '@under/core/ui-text/admin-mapper';
import { MASTER_FORMS_TEXT as F } from '@under/core/ui-text/admin-master-forms';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { merchantAcroFormPdf } from '../fixtures/pdfs';
import { signInAdmin, uniqueName } from '../support/admin';
import { adminHeaders, savedMapping } from '../support/admin-api';
import { seriousViolations } from '../support/axe';
import { field } from '../support/client';
import { box } from '../support/mapper';
import { shot, watchConsole } from '../support/page-tools';
import { expect, test } from '../support/test';

/**
 * Issue 10, "Done when": an institution's 3-page AcroForm application becomes a published, active master form
 * whose wizard an applicant could use as it is: one page per PDF page, labels people read, the system fields once,
 * the entity-type checkboxes as one radio, encrypted identifiers from the starter dictionary.
 */
test.use({ viewport: { width: 1440, height: 1000 } });

/** Selects a box in the mapper and binds it to the option whose name matches. */
async function bind(page: Page, key: string, type: string, option: RegExp) {
  const target = box(page, key, type);
  // the selected box wears its resize handles, which cover a checkbox-sized box: it needs no second click
  if ((await target.getAttribute('aria-pressed')) !== 'true') await target.click();
  await expect(target).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('combobox', { name: M.bindingLabel }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('combobox', { name: M.bindingLabel })).toHaveValue(option);
}

test('a mapped AcroForm PDF becomes an active master form with one page per PDF page', async ({ page, request }) => {
  test.setTimeout(240_000);
  const headers = await adminHeaders(request);
  await signInAdmin(page);
  const browserErrors = watchConsole(page);

  // 1. upload: the mapper opens and offers the PDF's own 15 fields as the start
  const templateName = uniqueName('Lakeside Bank application');
  await page.goto('/admin/pdf-mapping');
  await page.getByRole('button', { name: T.uploadButton }).first().click();
  const upload = page.getByRole('dialog', { name: T.uploadTitle });
  await field(upload, T.templateNameLabel).fill(templateName);
  await upload.locator('input[type="file"]').setInputFiles(await merchantAcroFormPdf());
  await upload.getByRole('button', { name: T.uploadSubmit }).click();
  await expect(page).toHaveURL(/\/admin\/pdf-mapping\/edit\/[0-9a-f-]{36}$/);
  const templateId = page.url().split('/').at(-1) as string;
  await page.getByRole('button', { name: M.acroStart(15) }).click();

  // 2. bindings: system fields, encrypted starter-dictionary entries, three checkboxes to one radio entry
  // the system field "DBA Name" (the starter dictionary's entry of that key is offered as the system field, once)
  await bind(page, 'dba_name', 'text', /^DBA Name \(CompanyName, Text\)/);
  await bind(page, 'email', 'text', /^Email \(Email, Email\)/);
  await bind(page, 'ein', 'text', /\(federal_tax_id, Text\)/);
  // the entry is encrypted (and required): the box says so too
  await expect(page.getByRole('checkbox', { name: M.encryptedLabel })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: M.requiredLabel })).toBeChecked();
  // a checkbox is offered only what it can take: no text entry
  await box(page, 'type_sole', 'checkbox').click();
  await page.getByRole('combobox', { name: M.bindingLabel }).click();
  await expect(page.getByRole('option', { name: /federal_tax_id/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  for (const [key, choice] of [
    ['type_sole', 'Sole proprietorship'],
    ['type_llc', 'LLC'],
    ['type_corp', 'Corporation'],
  ] as const) {
    await bind(page, key, 'checkbox', /\(entity_type, Radio\)/);
    await page.getByRole('combobox', { name: M.optionValueLabel }).click();
    await page.getByRole('option', { name: choice, exact: true }).click();
  }
  await bind(page, 'owner_first', 'text', /\(Firstname, Text\)/);
  await bind(page, 'owner_last', 'text', /\(Lastname, Text\)/);
  await bind(page, 'owner_ssn', 'text', /\(owner1_ssn, Text\)/);
  await expect(page.getByRole('checkbox', { name: M.encryptedLabel })).toBeChecked();
  await bind(page, 'routing_number', 'text', /\(bank_routing_number, Text\)/);
  await bind(page, 'account_number', 'text', /\(bank_account_number, Text\)/);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'c-mapper-bound', { fullPage: false });

  const posted = page.waitForResponse(
    (r) => r.url().endsWith(`/api/pdf_templates/${templateId}/mapping_fields`) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: M.save }).click();
  expect((await posted).status()).toBe(200);
  await expect(page.getByText(M.saved)).toBeVisible();
  const saved = await savedMapping(request, headers, templateId);
  expect(saved).toHaveLength(15);

  // 3. the master form
  await page.goto('/admin/templates');
  await page.getByRole('button', { name: F.newButton }).click();
  const create = page.getByRole('dialog', { name: F.createTitle });
  await field(create, F.templateLabel).selectOption({ label: F.templateOption(templateName, 15) });
  const formName = uniqueName('Lakeside merchant form');
  await field(create, F.nameLabel).fill(formName);
  await create.getByRole('button', { name: F.createButton }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/layout-universal-form/${templateId}/[0-9a-f-]{36}$`));
  const formId = page.url().split('/').at(-1) as string;
  await expect(page.getByRole('heading', { name: F.designerTitle(formName) })).toBeVisible();
  // a fresh form has nothing to fix before it can be published
  await expect(page.getByTestId('save-state')).toHaveText(F.stateSaved);

  const made = await (await request.get(`/api/master_forms/${formId}`, { headers })).json();
  const pages = made.structure.allField.components as {
    type: string;
    title: string;
    components: { key: string; type: string; label: string; euEncrypted?: boolean; values?: { label: string }[] }[];
  }[];
  expect(made.structure.allField.display).toBe('wizard');
  expect(pages.map((p) => [p.type, p.title])).toEqual([
    ['panel', 'Page 1'],
    ['panel', 'Page 2'],
    ['panel', 'Page 3'],
  ]);
  expect(pages.map((p) => p.components.map((c) => c.key))).toEqual([
    ['PhoneNumber', 'recordId', 'legal_name', 'CompanyName', 'federal_tax_id', 'Email', 'entity_type'],
    ['Firstname', 'Lastname', 'owner1_ssn', 'owner_dob'],
    ['bank_name', 'bank_routing_number', 'bank_account_number', 'date_signed'],
  ]);
  const fields = pages.flatMap((p) => p.components);
  const byKey = (key: string) => fields.find((c) => c.key === key);
  expect(byKey('legal_name')?.label).toMatch(/^Legal name/);
  expect(byKey('federal_tax_id')).toMatchObject({ label: 'Federal Tax ID (EIN)', euEncrypted: true });
  expect(byKey('owner1_ssn')).toMatchObject({ label: 'Owner 1 Social Security Number', euEncrypted: true });
  expect(byKey('bank_account_number')?.euEncrypted).toBe(true);
  expect(byKey('entity_type')?.values?.map((v) => v.label)).toEqual(['Sole proprietorship', 'LLC', 'Corporation']);
  expect(byKey('owner_dob')).toMatchObject({ type: 'datetime', label: 'Owner DOB' });
  expect(byKey('date_signed')).toMatchObject({ type: 'datetime', label: 'Date signed' });
  expect(made.structure.dictionaryIds).toHaveLength(5);

  // 4. publish, and accept to make it active
  await page.getByRole('button', { name: F.publishButton, exact: true }).click();
  await page
    .getByRole('dialog', { name: F.publishTitle(1) })
    .getByRole('button', { name: F.publishConfirm })
    .click();
  const offer = page.getByRole('dialog', { name: F.activateTitle });
  await expect(offer.getByText(F.activateText(formName, 1))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await offer.getByRole('button', { name: F.activateConfirm }).click();
  await expect(offer).toBeHidden();
  await expect(page.getByTestId('version')).toHaveText(F.versionNumber(1));

  // 5. the preview: three pages, the first with the labels an applicant reads
  await page.getByRole('tab', { name: F.tabPreview }).click();
  const preview = page.getByTestId('layout-preview');
  const steps = preview.getByRole('navigation', { name: 'Form pages' }).getByRole('button');
  await expect(steps).toHaveText(['1. Page 1', '2. Page 2', '3. Page 3']);
  await expect(preview.getByLabel(/^Legal name/).first()).toBeVisible();
  await expect(preview.getByText('Federal Tax ID (EIN)').first()).toBeVisible();
  await expect(preview.getByText('DBA Name').first()).toBeVisible();
  await expect(preview.getByRole('radio', { name: 'Sole proprietorship' })).toBeVisible();
  await expect(preview.getByRole('radio', { name: 'Corporation' })).toBeVisible();
  await expect(preview.getByText('legal_name')).toHaveCount(0);
  await expect(preview.getByText('type_sole')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'c-preview');

  // 6. the list says Active
  await page.goto('/admin/templates');
  await field(page, F.searchLabel).fill(formName);
  const row = page.getByTestId('master-form-row').filter({ hasText: formName });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(F.statusActive, { exact: true })).toBeVisible();
  await expect(row.getByText(F.versionNumber(1))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'c-list-active', { fullPage: false });
  expect((await (await request.get(`/api/master_forms/${formId}`, { headers })).json()).status).toBe('active');
  browserErrors.expectNone();
});
