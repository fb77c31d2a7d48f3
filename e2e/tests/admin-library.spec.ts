import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { MESSAGES } from '@under/core/messages';
import { ADMIN_LIBRARY_TEXT as T } from '@under/core/ui-text/admin-library';
import { signInAdmin } from '../support/admin';
import { seriousViolations } from '../support/axe';
import { field } from '../support/client';
import { drag } from '../support/page-tools';
import { expect, test } from '../support/test';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-library';
mkdirSync(SHOTS, { recursive: true });

test.use({ viewport: { width: 1440, height: 1000 } });

/** Keys are unique per run: the journeys share one server and database. */
const uniqueKey = (stem: string) => `${stem}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Errors the page logs (failed requests are the network's report, e.g. the 409 of a used key, not a bug). */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function searchDictionary(page: Page, key: string) {
  await field(page, T.searchDictionariesLabel).fill(key);
  await expect(page.getByTestId('dictionary-row')).toHaveCount(1);
  return page.getByTestId('dictionary-row').filter({ hasText: key });
}

test('dictionary entries: create one of each choice type with options, edit, push an update, delete', async ({
  page,
}) => {
  // long journeys on a machine shared with other runs
  test.setTimeout(150_000);
  const errors = consoleErrors(page);
  await signInAdmin(page);
  await page.goto('/admin/dictionaries');
  await expect(page.getByRole('heading', { name: T.dictionariesTitle, level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // a currency offers the number attributes (looked at in the screenshot), and Cancel sends nothing
  await page.getByRole('button', { name: T.newDictionary }).first().click();
  const currency = page.getByRole('dialog', { name: T.newDictionaryTitle });
  await field(currency, T.typeLabel).selectOption('currency');
  await expect(field(currency, T.decimalLimitLabel)).toBeVisible();
  await expect(field(currency, T.minValueLabel)).toBeVisible();
  await expect(field(currency, T.patternLabel)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/dictionary-currency.png` });
  await currency.getByRole('button', { name: 'Cancel' }).click();
  await expect(currency).toBeHidden();

  const keys: Record<'radio' | 'checkboxList', string> = {
    radio: uniqueKey('ownership'),
    checkboxList: uniqueKey('services'),
  };
  for (const type of ['radio', 'checkboxList'] as const) {
    await page.getByRole('button', { name: T.newDictionary }).first().click();
    const drawer = page.getByRole('dialog', { name: T.newDictionaryTitle });
    await expect(drawer).toBeVisible();
    // the required messages of the spec, before anything is sent
    if (type === 'radio') {
      await drawer.getByRole('button', { name: T.createEntry }).click();
      await expect(drawer.getByText(MESSAGES.dictionaryTypeRequired)).toBeVisible();
      await expect(drawer.getByText(MESSAGES.dictionaryKeyRequired)).toBeVisible();
      await expect(drawer.getByText(MESSAGES.dictionaryLabelRequired)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/dictionary-required.png` });
    }
    await field(drawer, T.typeLabel).selectOption(type);
    await field(drawer, T.nameLabel).fill(keys[type]);
    await field(drawer, T.labelLabel).fill(type === 'radio' ? 'Ownership type' : 'Services offered');
    await drawer.getByRole('button', { name: T.createEntry }).click();
    await expect(drawer.getByText(T.optionsRequired)).toBeVisible();
    const choices = type === 'radio' ? ['Sole proprietor', 'Partnership'] : ['Card present', 'E-commerce'];
    for (const [i, label] of choices.entries()) {
      await drawer.getByRole('button', { name: T.addOption }).click();
      await field(drawer, T.optionLabel(i + 1)).fill(label);
      await field(drawer, T.optionValue(i + 1)).fill(label.toLowerCase().replace(/[^a-z]+/g, '_'));
    }
    if (type === 'radio') {
      await field(drawer, T.defaultValueLabel).selectOption('partnership');
      await drawer.getByRole('switch', { name: new RegExp(`^${T.requireLabel}`) }).check({ force: true });
      await field(drawer, T.conditionsLabel).fill('{"==": [{"var": "country"}, "US"]}');
      await field(drawer, T.alternativeKeysLabel).fill('owner_kind');
      await page.keyboard.press('Enter');
      await page.screenshot({ path: `${SHOTS}/dictionary-form.png` });
      expect(await seriousViolations(page)).toEqual([]);
    }
    await drawer.getByRole('button', { name: T.createEntry }).click();
    await expect(drawer).toBeHidden();
    const row = await searchDictionary(page, keys[type]);
    await expect(row.getByText(T.typeNames[type])).toBeVisible();
  }

  // edit: the saved attributes come back, a new label is kept
  let row = await searchDictionary(page, keys.radio);
  await expect(row.getByText(T.requiredFlag)).toBeVisible();
  await row.getByRole('button', { name: keys.radio, exact: true }).click();
  const edit = page.getByRole('dialog', { name: T.editDictionaryTitle(keys.radio) });
  await expect(field(edit, T.optionLabel(2))).toHaveValue('Partnership');
  await expect(field(edit, T.defaultValueLabel)).toHaveValue('partnership');
  await expect(field(edit, T.conditionsLabel)).toHaveValue(/"var": "country"/);
  await field(edit, T.labelLabel).fill('Type of ownership');
  await edit.getByRole('button', { name: T.saveEntry }).click();
  await expect(edit).toBeHidden();
  row = await searchDictionary(page, keys.radio);
  await expect(row.getByText('Type of ownership')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dictionary-list.png` });

  // push the update to the master forms: the job's progress reaches done
  await row.getByRole('button', { name: T.rowActions(keys.radio) }).click();
  await page.getByRole('menuitem', { name: T.pushAction }).click();
  const push = page.getByRole('dialog', { name: T.pushTitle });
  await push.getByRole('button', { name: T.pushStart }).click();
  await expect(push.getByTestId('push-progress')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(push.getByText(/^Done\./)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dictionary-push-done.png` });
  await push.getByRole('button', { name: T.close }).first().click();
  await expect(push).toBeHidden();

  // delete, after a confirmation
  for (const key of [keys.radio, keys.checkboxList]) {
    row = await searchDictionary(page, key);
    await row.getByRole('button', { name: T.rowActions(key) }).click();
    await page.getByRole('menuitem', { name: T.deleteAction }).click();
    const confirm = page.getByRole('dialog', { name: T.deleteTitle });
    await expect(confirm.getByText(T.deleteMessage(key))).toBeVisible();
    await confirm.getByRole('button', { name: T.deleteConfirm }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(T.noDictionariesFound)).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('sections: build one in the builder, refuse a used key, edit and save', async ({ page }) => {
  const key = uniqueKey('owner_info');
  // long journeys on a machine shared with other runs
  // long journeys on a machine shared with other runs
  test.setTimeout(150_000);
  const errors = consoleErrors(page);
  await signInAdmin(page);
  await page.goto('/admin/view-sections');
  await expect(page.getByRole('heading', { name: T.sectionsTitle, level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: T.newSection }).first().click();
  await expect(page).toHaveURL(/\/admin\/new-section$/);

  const canvas = page.getByRole('region', { name: 'Form', exact: true });
  await expect(canvas).toBeVisible();
  // the settings sit above the builder: bring palette and canvas into the viewport for the mouse
  // (below the fixed header)
  await page.getByTestId('form-builder').evaluate((el) => {
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 100);
  });
  await page.screenshot({ path: `${SHOTS}/section-builder-before-drag.png` });
  await drag(page, page.getByRole('button', { name: 'Add Text field' }), canvas);
  await expect(page.getByTestId('canvas-textField')).toBeVisible();
  await drag(page, page.getByRole('button', { name: 'Add Email' }), canvas);
  await expect(page.getByTestId('canvas-email')).toBeVisible();

  await field(page, T.sectionKeyLabel).fill(key);
  await field(page, T.sectionLabelLabel).fill('Owner information');
  await field(page, T.sectionTitleLabel).fill('Owner');
  await page.getByPlaceholder(T.processorsPlaceholder).click();
  await page.getByRole('option', { name: 'CardConnect' }).click();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SHOTS}/section-new.png`, fullPage: true });
  await page.getByRole('button', { name: T.createSection }).click();
  await expect(page).toHaveURL(/\/admin\/section\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: T.editSectionTitle(key) })).toBeVisible();
  await expect(page.getByTestId('save-state')).toHaveText(T.savedBadge);
  const sectionUrl = page.url();

  // a second section with the same key is refused on the key field
  await page.goto('/admin/new-section');
  await page.getByRole('button', { name: 'Add Number' }).click();
  await field(page, T.sectionKeyLabel).fill(key);
  await field(page, T.sectionLabelLabel).fill('Duplicate');
  await page.getByPlaceholder(T.processorsPlaceholder).click();
  await page.getByRole('option', { name: 'CardConnect' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: T.createSection }).click();
  await expect(page.getByText(MESSAGES.sectionKeyUsed)).toBeVisible();
  await expect(field(page, T.sectionKeyLabel)).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${SHOTS}/section-key-used.png` });
  await expect(page).toHaveURL(/\/admin\/new-section$/);

  // leaving with unsaved changes asks first
  await page.getByRole('link', { name: new RegExp(T.backToSections) }).click();
  const leave = page.getByRole('dialog', { name: T.leaveTitle });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: T.leaveConfirm }).click();
  await expect(page).toHaveURL(/\/admin\/view-sections$/);

  // edit from the list and save
  await field(page, T.searchSectionsLabel).fill(key);
  await expect(page.getByTestId('section-row')).toHaveCount(1);
  await page.getByRole('link', { name: key }).click();
  await expect(page).toHaveURL(sectionUrl);
  await expect(page.getByTestId('canvas-email')).toBeVisible();
  await field(page, T.sectionTitleLabel).fill('Business owner');
  await page.getByRole('button', { name: 'Add Phone number' }).click();
  await expect(page.getByTestId('save-state')).toHaveText(T.unsavedBadge);
  await page.getByRole('button', { name: T.saveSection }).click();
  await expect(page.getByTestId('save-state')).toHaveText(T.savedBadge);
  await page.screenshot({ path: `${SHOTS}/section-edit.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // preview with the renderer
  await page.getByRole('button', { name: T.previewButton }).click();
  const preview = page.getByRole('dialog', { name: T.previewTitle });
  await expect(preview.getByRole('heading', { name: 'Business owner' })).toBeVisible();
  await expect(preview.getByLabel(/^Email/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/section-preview.png` });
  await preview.getByRole('button', { name: 'Close' }).first().click();

  // saved for real: a reload shows the new title and three fields
  await page.reload();
  await expect(field(page, T.sectionTitleLabel)).toHaveValue('Business owner');
  await expect(page.getByTestId('canvas-phoneNumber')).toBeVisible();

  // push the section to master forms
  await page.getByRole('button', { name: T.pushSectionAction }).click();
  const push = page.getByRole('dialog', { name: T.pushTitle });
  await push.getByRole('button', { name: T.pushStart }).click();
  await expect(push.getByTestId('push-progress')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await push.getByRole('button', { name: T.close }).first().click();

  await page.goto('/admin/view-sections');
  await expect(page.getByTestId('section-row').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sections-list.png` });
  expect(errors).toEqual([]);
});
