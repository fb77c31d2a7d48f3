import type { Locator, Page } from '@playwright/test';
import { CC_MAPPER_TEXT as T } from '@under/core/ui-text/admin-cardconnect-mapper';
import { signInAdmin } from '../support/admin';
import { seriousViolations } from '../support/axe';
import { shot } from '../support/page-tools';
import { expect, test } from '../support/test';

/**
 * The platform admin maps the seeded sample master form to CardConnect's boarding attributes (issue #24 §1;
 * decision 090): searchable choices grouped by object path with type and help text, a doubtful pairing confirmed
 * before the save, kept after a reload.
 */
test.use({ viewport: { width: 1440, height: 1000 } });

const SAMPLE = 'Sample merchant application';
const rowOf = (page: Page, key: string) => page.locator(`[data-form-key="${key}"]`);

async function pick(row: Locator, search: string, option: string) {
  const input = row.locator('input').first();
  await input.click();
  await input.fill(search);
  await row.page().getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

test('an admin maps the sample master form to CardConnect attributes', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  await page.goto('/admin/templates');
  await page.getByRole('link', { name: T.openMapperOf(SAMPLE) }).click();
  await expect(page.getByRole('heading', { name: `${T.title}: ${SAMPLE}` })).toBeVisible();
  await shot(page, 'cardconnect-mapper-loading');
  await expect(rowOf(page, 'pseudo.applicationId')).toBeVisible({ timeout: 45_000 });
  expect(await seriousViolations(page)).toEqual([]);

  // the dropdown: grouped by object path, each attribute with its type
  await rowOf(page, 'CompanyName').locator('input').first().click();
  await expect(page.getByRole('listbox')).toContainText('merchant.demographic');
  await shot(page, 'cardconnect-mapper-dropdown');
  await page.keyboard.press('Escape');

  await pick(rowOf(page, 'CompanyName'), 'dba', 'DBA name (string)');
  await expect(rowOf(page, 'CompanyName')).toContainText('Type: string · No more than 100 characters');
  await pick(rowOf(page, 'legal_name'), 'legal', 'Legal business name (string)');
  await pick(rowOf(page, 'monthly_volume'), 'monthly', 'Average monthly volume (USD) (decimal)');
  await expect(rowOf(page, 'monthly_volume').getByTestId('cc-warning')).toHaveCount(0);
  // a text field to a date: warned, confirmed before the save
  await pick(rowOf(page, 'business_description'), 'start date', 'Business start date (date)');
  await expect(rowOf(page, 'business_description').getByTestId('cc-warning')).toContainText('read as dates');
  await expect(rowOf(page, 'business_description')).toContainText('Value must be parsed to MM/DD/YYYY');
  await page.getByRole('button', { name: T.save }).click();
  const dialog = page.getByRole('dialog', { name: T.warningsTitle });
  await expect(dialog).toContainText('Business start date');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'cardconnect-mapper-warning');
  await dialog.getByRole('button', { name: T.keepEditing }).click();

  // the admin drops the doubtful line (keyboard: the choice's clear button), then saves without a warning
  const description = rowOf(page, 'business_description');
  await description.locator('input').first().focus();
  await description.locator('button').first().click();
  await expect(description.locator('input').first()).toHaveValue('');
  await page.getByRole('button', { name: T.save }).click();
  await expect(page.getByText(T.saved).first()).toBeVisible();
  await expect(page.getByText(` · ${T.savedAt('')}`, { exact: false })).toBeVisible();
  await shot(page, 'cardconnect-mapper-saved');

  await page.reload();
  await expect(rowOf(page, 'CompanyName').locator('input').first()).toHaveValue('DBA name (string)');
  await expect(rowOf(page, 'monthly_volume').locator('input').first()).toHaveValue(
    'Average monthly volume (USD) (decimal)',
  );
  await expect(rowOf(page, 'business_description').locator('input').first()).toHaveValue('');
});
