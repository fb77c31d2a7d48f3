import type { APIRequestContext } from '@playwright/test';
import { MASTER_FORMS_TEXT as T } from '@under/core/ui-text/admin-master-forms';
import { acroFormPdf } from '../fixtures/pdfs';
import { signInAdmin, uniqueName } from '../support/admin';
import { adminHeaders, saveMapping, uploadTemplate } from '../support/admin-api';
import { seriousViolations } from '../support/axe';
import { field } from '../support/client';
import { drag, shot } from '../support/page-tools';
import { expect, test } from '../support/test';

test.use({ viewport: { width: 1440, height: 1000 } });

/** A template uploaded through the signed URL, with its AcroForm fields saved as its mapping (admin API). */
async function mappedTemplate(request: APIRequestContext, name: string) {
  const headers = await adminHeaders(request);
  const template = await uploadTemplate(request, headers, await acroFormPdf(), name);
  await saveMapping(request, headers, template.templateId, template.acroFields);
  return { templateId: template.templateId, fieldCount: template.acroFields.length, headers };
}

test('an admin makes a master form from a mapped template, lays it out, publishes it and sets its mode and access', async ({
  page,
  request,
}) => {
  // one long journey on a machine shared with other runs
  test.setTimeout(150_000);
  const templateName = uniqueName('Acro bank');
  const { templateId, fieldCount, headers } = await mappedTemplate(request, templateName);
  const formName = uniqueName('Merchant form');
  await signInAdmin(page);
  // from here on, nothing the page logs is an error (the signed-out page's session probe answered 401 before)
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/admin/templates');
  await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
  await page.getByRole('button', { name: T.newButton }).click();
  const dialog = page.getByRole('dialog', { name: T.createTitle });
  await field(dialog, T.templateLabel).selectOption({ label: T.templateOption(templateName, fieldCount) });
  await expect(field(dialog, T.nameLabel)).toHaveValue(templateName);
  await field(dialog, T.nameLabel).fill(formName);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: T.createButton }).click();

  // the layout designer of the new form
  await expect(page).toHaveURL(new RegExp(`/admin/layout-universal-form/${templateId}/[0-9a-f-]{36}$`));
  const formId = page.url().split('/').at(-1) as string;
  await expect(page.getByRole('heading', { name: T.designerTitle(formName) })).toBeVisible();
  await expect(page.getByTestId('save-state')).toHaveText(T.stateSaved);
  await expect(page.getByTestId('version')).toHaveText(T.notPublished);
  await expect(page.getByTestId('canvas-owner_name')).toBeVisible();

  // pages: one per PDF page already (decision 030); a new page gets the business name
  await expect(page.getByLabel('Form display')).toHaveValue('wizard');
  await page.getByRole('button', { name: 'Add Panel / page' }).click();
  await expect(page.getByTestId('save-state')).toHaveText(T.stateUnsaved);
  const newPage = page.getByTestId('canvas-panel');
  await expect(newPage).toBeVisible();
  await drag(
    page,
    page.getByRole('button', { name: /^Drag Business/ }),
    newPage.getByText('Drop fields here'),
    'center',
  );
  await expect(newPage.getByTestId('canvas-Business_Name')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'designer');

  // header and progress: defaults of the spec, a new subtitle
  await page.getByRole('tab', { name: T.tabStyle }).click();
  await expect(field(page, T.headerTitleLabel)).toHaveValue('Merchant Processing Application');
  await expect(field(page, T.headerBackgroundLabel)).toHaveValue('#4582ec');
  await expect(field(page, T.progressActiveStepLabel)).toHaveValue('#2a6add');
  await field(page, T.headerSubtitleLabel).fill('One application for every processor.');
  await field(page, T.headerTextLabel).fill('#6a9af0');
  await expect(page.getByText(/^Hard to read/)).toBeVisible();
  await field(page, T.headerTextLabel).fill('#ffffff');
  await expect(page.getByText(/^Hard to read/)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'style');

  await page.getByRole('tab', { name: T.tabPreview }).click();
  const preview = page.getByTestId('layout-preview');
  await expect(preview.getByRole('heading', { name: 'Merchant Processing Application' })).toBeVisible();
  await expect(preview.getByText('One application for every processor.')).toBeVisible();
  await expect(preview.getByRole('navigation', { name: 'Form pages' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'preview');

  await page.getByRole('button', { name: T.saveButton, exact: true }).click();
  await expect(page.getByTestId('save-state')).toHaveText(T.stateSaved);
  const saved = await (await request.get(`/api/master_forms/${formId}`, { headers })).json();
  expect(saved.structure.allField.display).toBe('wizard');
  const lastPage = saved.structure.allField.components.at(-1);
  expect(lastPage.components.map((c: { key: string }) => c.key)).toEqual(['Business_Name']);
  expect(saved.structure.headerLayout.subtitle).toBe('One application for every processor.');

  // every publish is a new version
  for (const version of [1, 2]) {
    await page.getByRole('button', { name: T.publishButton, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: T.publishTitle(version) });
    await confirm.getByRole('button', { name: T.publishConfirm }).click();
    await expect(confirm).toBeHidden();
    // the first publish of an inactive form offers to make it active (decision 030); later ones do not ask
    if (version === 1) {
      const offer = page.getByRole('dialog', { name: T.activateTitle });
      await offer.getByRole('button', { name: T.activateConfirm }).click();
      await expect(offer).toBeHidden();
    }
    await expect(page.getByTestId('version')).toHaveText(T.versionNumber(version));
  }

  // leaving with unsaved changes warns
  await page.getByRole('tab', { name: T.tabStyle }).click();
  await field(page, T.headerTitleLabel).fill('Merchant application');
  await expect(page.getByTestId('save-state')).toHaveText(T.stateUnsaved);
  await page.getByRole('link', { name: T.backToTemplates }).click();
  const leave = page.getByRole('dialog', { name: T.leaveTitle });
  await expect(leave.getByText(T.leaveText)).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/layout-universal-form/);
  await page.getByRole('link', { name: T.backToTemplates }).click();
  await page.getByRole('dialog', { name: T.leaveTitle }).getByRole('button', { name: T.leaveConfirm }).click();
  await expect(page).toHaveURL(/\/admin\/templates$/);

  // the list: version 2, then the update mode and the access, each with its warning
  await field(page, T.searchLabel).fill(formName);
  const row = page.getByTestId('master-form-row').filter({ hasText: formName });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(T.versionNumber(2))).toBeVisible();
  await expect(page.getByTestId('master-form-row')).toHaveCount(1);
  await shot(page, 'list');
  await page.setViewportSize({ width: 760, height: 1000 });
  await shot(page, 'list-narrow');
  await page.setViewportSize({ width: 1440, height: 1000 });
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('button', { name: T.settingsOf(formName) }).click();
  const settings = page.getByRole('dialog', { name: T.settingsOf(formName) });
  await settings.getByRole('tab', { name: T.tabMode }).click();
  await settings.getByRole('radio', { name: T.modeManual }).click();
  const toManual = page.getByRole('dialog', { name: T.modeToManualTitle });
  await expect(toManual.getByText(T.modeToManualWarning)).toBeVisible();
  await toManual.getByRole('button', { name: T.modeSwitchButton }).click();
  await expect(settings.getByRole('radio', { name: T.modeManual })).toBeChecked();
  await settings.getByRole('radio', { name: T.modeAuto }).click();
  const toAuto = page.getByRole('dialog', { name: T.modeToAutoTitle });
  await expect(toAuto.getByText(T.modeToAutoWarning)).toBeVisible();
  await toAuto.getByRole('button', { name: 'Cancel' }).click();
  await expect(settings.getByRole('radio', { name: T.modeManual })).toBeChecked();

  await settings.getByRole('tab', { name: T.tabAccess }).click();
  await settings.getByRole('radio', { name: T.accessLimited }).check();
  await settings.getByRole('button', { name: T.saveAccess }).click();
  const limited = page.getByRole('dialog', { name: T.limitedTitle });
  await expect(limited.getByText(T.limitedWarning)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await limited.getByRole('button', { name: T.limitedConfirm }).click();
  await expect(page.getByText(T.accessSaved)).toBeVisible();

  await settings.getByRole('tab', { name: T.tabVersions }).click();
  await expect(settings.getByRole('cell', { name: T.versionNumber(2) })).toBeVisible();
  await expect(settings.getByRole('cell', { name: T.versionNumber(1) })).toBeVisible();
  await shot(page, 'settings');

  const after = await (await request.get(`/api/master_forms/${formId}`, { headers })).json();
  expect(after).toMatchObject({ access: 'limited', updateMode: 'user-manual-update', version: 2 });
  expect(errors).toEqual([]);
});
