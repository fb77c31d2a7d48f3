import type { Page } from '@playwright/test';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { acroFormPdf, applicationPdf, imageRenamedPdf } from '../fixtures/pdfs';
import { signInAdmin, uniqueName } from '../support/admin';
import { adminHeaders, saveMapping } from '../support/admin-api';
import { seriousViolations } from '../support/axe';
import { field } from '../support/client';
import { shot } from '../support/page-tools';
import { expect, test } from '../support/test';

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Console errors of the page, except the browser's own line for each 4xx answer (a taken name answers 409). */
const consoleErrors: string[] = [];
test.beforeEach(({ page }) => {
  consoleErrors.length = 0;
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      consoleErrors.push(message.text());
    }
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});
test.afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

/** Saves a one-field mapping through the API (the mapper page is another journey's). */
async function mapOneField(page: Page, templateId: string, onPage = 1) {
  await saveMapping(page.request, await adminHeaders(page.request), templateId, [
    { id: 'f1', key: 'business_name', type: 'text', page: onPage, x: 120, y: 100, width: 200, height: 18 },
  ]);
}

function templateRow(page: Page, name: string) {
  return page.getByTestId('template-row').filter({ has: page.getByText(name, { exact: true }) });
}

async function search(page: Page, text: string) {
  await page.getByLabel(T.searchLabel).fill(text);
}

/** Opens the upload dialog and sends the name and file; returns the dialog. */
async function upload(page: Page, name: string, file: string) {
  await page.getByRole('button', { name: T.uploadButton }).first().click();
  const dialog = page.getByRole('dialog', { name: T.uploadTitle });
  await field(dialog, T.templateNameLabel).fill(name);
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole('button', { name: T.uploadSubmit }).click();
  return dialog;
}

async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: T.actionsLabel(name) }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('upload a PDF template through the dialog and land on its mapper; a taken name is refused', async ({ page }) => {
  await signInAdmin(page);
  await expect(page.getByRole('heading', { name: UI_TEXT.pdfMappingTitle, level: 1 })).toBeVisible();
  await expect(page.getByText(T.emptyTitle).or(page.getByTestId('template-row').first())).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'templates-first-view');

  const name = uniqueName('Harbor application');
  const dialog = await upload(page, name, await applicationPdf());
  await expect(page).toHaveURL(/\/admin\/pdf-mapping\/edit\/[0-9a-f-]{36}$/);
  await expect(dialog).toBeHidden();

  // back on the list: the template with its three pages
  await page.goto('/admin/pdf-mapping');
  await search(page, name);
  const row = templateRow(page, name);
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('3');
  await shot(page, 'templates-list');

  // the same name again (case-insensitive): the spec's message under the name, nothing uploaded
  await page.getByRole('button', { name: T.uploadButton }).first().click();
  const again = page.getByRole('dialog', { name: T.uploadTitle });
  await field(again, T.templateNameLabel).fill(name.toUpperCase());
  await again.locator('input[type="file"]').setInputFiles(await applicationPdf('second.pdf'));
  await again.getByRole('button', { name: T.uploadSubmit }).click();
  await expect(again.getByText(MESSAGES.templateNameUsed)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'upload-name-taken');
  await again.getByRole('button', { name: UI_TEXT.cancelButton }).click();
  await expect(again).toBeHidden();
});

test('an image renamed .pdf is refused with a clear message and no template appears', async ({ page }) => {
  await signInAdmin(page);
  const name = uniqueName('Renamed image');
  const dialog = await upload(page, name, imageRenamedPdf());
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText(T.refusedTitle);
  await expect(alert).toContainText(MESSAGES.pdfNotPdf);
  await expect(alert).toContainText(T.nothingSaved);
  await expect(page).toHaveURL(/\/admin\/pdf-mapping$/);
  await expectAccessible(page);
  await shot(page, 'upload-refused');
  await dialog.getByRole('button', { name: UI_TEXT.cancelButton }).click();

  await search(page, name);
  await expect(page.getByText(T.noMatch)).toBeVisible();
  await expect(templateRow(page, name)).toHaveCount(0);
});

test('an AcroForm PDF is announced as a starting mapping; clone makes <name>_Copy; archive and restore', async ({
  page,
}) => {
  await signInAdmin(page);
  const name = uniqueName('Acro');
  await upload(page, name, await acroFormPdf());
  await expect(page).toHaveURL(/\/admin\/pdf-mapping\/edit\//);
  await expect(page.getByText(/offered as a starting mapping in the mapper/)).toBeVisible();

  await page.goto('/admin/pdf-mapping');
  await search(page, name);
  await expect(templateRow(page, name)).toBeVisible();

  await rowAction(page, name, T.clone);
  const clone = page.getByRole('dialog', { name: T.cloneTitle(name) });
  await expect(field(clone, T.cloneNameLabel)).toHaveValue(`${name}_Copy`);
  await expect(clone.getByRole('checkbox', { name: T.cloneCcMapper })).toBeChecked();
  await clone.getByRole('button', { name: T.cloneSubmit }).click();
  await expect(clone).toBeHidden();
  await expect(templateRow(page, `${name}_Copy`)).toBeVisible();

  // archive the copy: asked first, then gone from the current list and listed under Archived
  await rowAction(page, `${name}_Copy`, T.archive);
  const confirm = page.getByRole('dialog', { name: T.archiveTitle(`${name}_Copy`) });
  await confirm.getByRole('button', { name: T.archive }).click();
  await expect(templateRow(page, `${name}_Copy`)).toHaveCount(0);
  await expect(templateRow(page, name)).toBeVisible();
  await page.getByLabel(T.statusFilterLabel).selectOption('archived');
  const archived = templateRow(page, `${name}_Copy`);
  await expect(archived).toBeVisible();
  await expect(archived.getByText(T.statusArchived)).toBeVisible();
  await rowAction(page, `${name}_Copy`, T.restore);
  await expect(templateRow(page, `${name}_Copy`)).toHaveCount(0);
});

test('replace the PDF asks first and says it cannot be reverted; review PDF downloads', async ({ page }) => {
  await signInAdmin(page);
  const name = uniqueName('Replace me');
  await upload(page, name, await applicationPdf('replace-1.pdf'));
  await expect(page).toHaveURL(/\/admin\/pdf-mapping\/edit\//);
  // a field on page 3, which the new two-page file does not have
  await mapOneField(page, page.url().split('/').pop() as string, 3);
  await page.goto('/admin/pdf-mapping');
  await search(page, name);
  await expect(templateRow(page, name)).toBeVisible();

  await rowAction(page, name, T.replacePdf);
  const dialog = page.getByRole('dialog', { name: T.replaceTitle(name) });
  await dialog.locator('input[type="file"]').setInputFiles(await acroFormPdf('replace-2.pdf'));
  await dialog.getByRole('button', { name: T.replaceNext }).click();
  const confirm = page.getByRole('dialog', { name: T.replaceConfirmTitle });
  await expect(confirm.getByText(T.replaceConfirmText(name, 'replace-2.pdf'))).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: T.replaceConfirm }).click();
  const done = page.getByRole('dialog', { name: T.replacedTitle });
  await expect(done.getByText(T.replacedRemoved(1))).toBeVisible();
  await expect(done.getByText(T.removedField('business_name', 3))).toBeVisible();
  await shot(page, 'replace-removed');
  await done.getByRole('button', { name: T.done }).click();
  // the new file has two pages
  await expect(templateRow(page, name).getByRole('cell').nth(2)).toHaveText('2');

  await rowAction(page, name, T.reviewPdf);
  const review = page.getByRole('dialog', { name: T.reviewReadyTitle });
  const downloading = page.waitForEvent('download');
  await review.getByRole('link', { name: T.reviewDownload }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name}-review.pdf`);
});

test('general and global settings are saved and read back after a reload', async ({ page }) => {
  await signInAdmin(page);
  const name = uniqueName('Settings');
  await upload(page, name, await applicationPdf('settings.pdf'));
  await expect(page).toHaveURL(/\/admin\/pdf-mapping\/edit\//);
  const templateId = page.url().split('/').pop() as string;

  await page.goto(`/admin/general-setting/${templateId}`);
  await expect(page.getByRole('heading', { name: T.generalTitle })).toBeVisible();
  const fontSize = field(page, T.defaultFontSizeLabel);
  await expect(fontSize).toHaveValue('10');
  await fontSize.fill('');
  await page.getByRole('button', { name: T.saveSettings }).click();
  await expect(page.getByText(T.fontSizeRange)).toBeVisible();
  await fontSize.fill('12');
  await field(page, T.dateFormatLabel).selectOption('yyyy-MM-dd');
  await page.getByRole('button', { name: T.saveSettings }).click();
  await expect(page.getByText(T.settingsSaved)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'general-setting');
  await page.reload();
  await expect(field(page, T.defaultFontSizeLabel)).toHaveValue('12');
  await expect(field(page, T.dateFormatLabel)).toHaveValue('yyyy-MM-dd');

  await page.goto(`/admin/global-setting-page/${templateId}/2`);
  await expect(page.getByLabel(T.pageSelectLabel)).toHaveValue('2');
  await field(page, T.keyPrefixLabel).fill('bad prefix');
  await page.getByRole('button', { name: T.saveSettings }).click();
  await expect(page.getByText(MESSAGES.keyPattern)).toBeVisible();
  await field(page, T.keyPrefixLabel).fill('page2_');
  await field(page, T.pageFontSizeLabel).fill('8');
  await page.getByRole('button', { name: T.saveSettings }).click();
  await expect(page.getByText(T.settingsSaved)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'global-setting');
  await page.reload();
  await expect(field(page, T.keyPrefixLabel)).toHaveValue('page2_');
  await expect(field(page, T.pageFontSizeLabel)).toHaveValue('8');
  // page 1 has its own (empty) values
  await page.getByLabel(T.pageSelectLabel).selectOption('1');
  await expect(page).toHaveURL(new RegExp(`/global-setting-page/${templateId}/1$`));
  await expect(field(page, T.keyPrefixLabel)).toHaveValue('');
});

test('the upload dialog passes axe', async ({ page }) => {
  await signInAdmin(page);
  await page.getByRole('button', { name: T.uploadButton }).first().click();
  const dialog = page.getByRole('dialog', { name: T.uploadTitle });
  await dialog.getByRole('button', { name: T.uploadSubmit }).click();
  await expect(dialog.getByText(MESSAGES.templateNameRequired)).toBeVisible();
  await expectAccessible(page);
});

test('a mapped template is listed on /view-mapped-pdf with its version, and its review opens in a new tab', async ({
  page,
}) => {
  await signInAdmin(page);
  const name = uniqueName('Mapped');
  await upload(page, name, await applicationPdf('mapped.pdf'));
  await expect(page).toHaveURL(/\/admin\/pdf-mapping\/edit\//);
  const templateId = page.url().split('/').pop() as string;
  await mapOneField(page, templateId);

  await page.goto('/admin/view-mapped-pdf');
  await expect(page.getByRole('heading', { name: T.mappedTitle, level: 1 })).toBeVisible();
  const row = page.getByTestId('mapped-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText(T.versionLabel(1), { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'mapped-pdfs');

  await row.getByRole('button', { name: `${T.reviewPdf}: ${name}` }).click();
  const review = page.getByRole('dialog', { name: T.reviewReadyTitle });
  await expect(review).toBeVisible();
  await shot(page, 'review-ready');
  const opening = page.waitForEvent('popup');
  await review.getByRole('link', { name: T.reviewOpen }).click();
  const tab = await opening;
  expect(tab.url()).toMatch(/^blob:/);
  await tab.close();
});
