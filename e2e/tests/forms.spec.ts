import type { Page } from '@playwright/test';
import { MESSAGES } from '@under/core/messages';
import { seriousViolations } from '../support/axe';
import { field } from '../support/client';
import { drag } from '../support/page-tools';
import { expect, test } from '../support/test';

test.use({ viewport: { width: 1440, height: 1200 } });

async function pasteAndRender(page: Page, form: unknown) {
  await page.goto('/form-playground');
  await page.getByLabel('Form JSON').fill(JSON.stringify(form));
  await page.getByRole('button', { name: 'Render' }).click();
}

test('build a form: drag fields in, set a condition and a required rule, preview, fill it', async ({ page }) => {
  await page.goto('/form-playground');
  await page.getByText('Builder', { exact: true }).click();
  const canvas = page.getByRole('region', { name: 'Form', exact: true });
  await expect(canvas).toBeVisible();

  await drag(page, page.getByRole('button', { name: 'Add Radio' }), canvas);
  await expect(page.getByTestId('canvas-radio')).toBeVisible();
  await drag(page, page.getByRole('button', { name: 'Add Text field' }), canvas);
  await expect(page.getByTestId('canvas-textField')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The text field: required, shown only when the radio is "Option 1".
  await page.getByTestId('canvas-textField').getByRole('button', { name: 'Edit Text field' }).click();
  const settings = page.getByRole('complementary', { name: 'Field settings' });
  await field(settings, 'Label').fill('Website');
  await settings.getByRole('tab', { name: 'Validation' }).click();
  await settings.getByRole('switch', { name: 'Required' }).check({ force: true });
  await settings.getByRole('tab', { name: 'Conditional' }).click();
  await settings.getByRole('button', { name: 'Add a condition' }).click();
  await settings.getByLabel('Value').selectOption('option1');
  await expect(settings.getByText('{"==":[{"var":"data.radio"},"option1"]}')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('builder.png'), fullPage: true });

  // A calculated value written in the Logic tab (decision 093): code is refused, JSON Logic is kept.
  await page.getByRole('button', { name: 'Add Text field' }).click();
  await settings.getByRole('tab', { name: 'Display' }).click();
  await field(settings, 'Label').fill('Choice');
  await settings.getByRole('tab', { name: 'Logic' }).click();
  const calculation = settings.getByLabel('Calculated value (JSON Logic)');
  await calculation.fill('"Chose " + data.radio');
  // the problem is the input's error, announced, and axe finds nothing serious with it shown
  await expect(settings.getByRole('alert').filter({ hasText: MESSAGES.javascriptRefused })).toBeVisible();
  await expect(calculation).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await calculation.fill('{"cat": ["Chose ", {"var": "data.radio"}]}');
  await expect(settings.getByText(MESSAGES.javascriptRefused)).toHaveCount(0);
  // undo and redo reach the Logic tab: it shows what the field holds (issue 25 review)
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(calculation).toHaveValue('');
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(calculation).toHaveValue('{"cat":["Chose ",{"var":"data.radio"}]}');
  // by keyboard: the new action's first control takes focus; a set value keeps its leading zeros
  await settings.getByRole('button', { name: 'Add a logic action' }).focus();
  await page.keyboard.press('Enter');
  const action = settings.getByRole('group', { name: 'Logic action 1' });
  await expect(action.getByLabel('Field')).toBeFocused();
  await action.getByLabel('Then').selectOption('value');
  await action.getByLabel('New value').fill('007');
  await expect(action.getByLabel('New value')).toHaveValue('007');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('builder-logic.png'), fullPage: true });
  await action.getByRole('button', { name: 'Remove logic action 1' }).press('Enter');
  await expect(settings.getByRole('button', { name: 'Add a logic action' })).toBeFocused();

  await page.getByText('Preview', { exact: true }).click();
  const preview = page.getByRole('form');
  await expect(field(preview, 'Website')).toHaveCount(0);
  await preview.getByRole('radio', { name: 'Option 1' }).check();
  await expect(field(preview, 'Website')).toBeVisible();
  await expect(field(preview, 'Choice')).toHaveValue('Chose option1');
  await preview.getByRole('button', { name: 'Submit' }).click();
  const summary = preview.getByRole('alert');
  await expect(summary.getByText(MESSAGES.missingRequiredFieldsTitle)).toBeVisible();
  await expect(summary.getByText(MESSAGES.missingRequiredFields)).toBeVisible();
  await expect(preview.getByText('Website is required').first()).toBeVisible();
  await summary.getByRole('link', { name: 'Website is required' }).click();
  await expect(field(preview, 'Website')).toBeFocused();
  await page.keyboard.type('https://shop.example');
  await expect(preview.getByText('Website is required')).toHaveCount(0);
  await expect(summary).toHaveCount(0);
  await preview.getByRole('radio', { name: 'Option 2' }).check();
  await expect(field(preview, 'Website')).toHaveCount(0);
});

test('reorder in the builder with the keyboard', async ({ page }) => {
  await page.goto('/form-playground');
  await page.getByText('Builder', { exact: true }).click();
  await page.getByRole('button', { name: 'Add Text field' }).click();
  await page.getByRole('button', { name: 'Add Email' }).click();
  const handle = page.getByRole('button', { name: 'Drag Email' });
  await handle.focus();
  await page.keyboard.press('Space');
  // dnd-kit marks the handle pressed once it has picked the item up and measured the drop targets.
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('canvas-email')).toHaveAttribute('style', /translate/);
  // dnd-kit works out what is under the moved item on the next frames: a drop in the same frame as the move can
  // still see the item over itself (no person presses that fast; a loaded CI machine's test runner did)
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.keyboard.press('Space');
  await expect(page.getByTestId(/^canvas-/).first()).toHaveAttribute('data-testid', 'canvas-email');
});

const KEYBOARD_FORM = {
  display: 'form',
  title: 'Merchant contact',
  components: [
    { type: 'textfield', key: 'Firstname', label: 'First Name', validate: { required: true } },
    { type: 'email', key: 'Email', label: 'Email', validate: { required: true } },
    {
      type: 'radio',
      key: 'plan',
      label: 'Plan',
      validate: { required: true },
      values: [
        { label: 'Basic', value: 'basic' },
        { label: 'Pro', value: 'pro' },
      ],
    },
    {
      type: 'select',
      key: 'kind',
      label: 'Business type',
      data: {
        values: [
          { label: 'LLC', value: 'llc' },
          { label: 'Sole proprietor', value: 'sole' },
        ],
      },
    },
    { type: 'checkbox', key: 'terms', label: 'I accept the terms', validate: { required: true } },
  ],
};

test('complete a form by keyboard alone', async ({ page }) => {
  await pasteAndRender(page, KEYBOARD_FORM);
  const form = page.getByRole('form', { name: 'Merchant contact' });
  await field(form, 'First Name').focus();
  await page.keyboard.type('Ann');
  await page.keyboard.press('Tab');
  await page.keyboard.type('ann@shop.example');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(form.getByRole('radio', { name: 'Pro' })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(form.getByRole('checkbox', { name: /I accept the terms/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Submit' })).toBeFocused();
  await page.keyboard.press('Enter');
  const result = page.getByTestId('validation-result');
  await expect(result).toContainText('"valid": true');
  await expect(result).toContainText('"plan": "pro"');
  await expect(result).toContainText('"terms": true');
});

test('the renderer has no serious accessibility violation, before and after a failed submit', async ({ page }) => {
  await page.goto('/form-playground');
  await page.getByRole('button', { name: 'Kitchen sink' }).click();
  const form = page.getByRole('form');
  await expect(field(form, 'DBA Name')).toBeVisible();
  await expect(form.getByText(/processing volume/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('renderer.png'), fullPage: true });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('renderer-errors.png'), fullPage: true });
});

test('a wizard shows its pages with the progress bar, and the summary link opens the right page', async ({ page }) => {
  await page.goto('/form-playground');
  await page.getByRole('button', { name: 'Wizard' }).click();
  const form = page.getByRole('form');
  await expect(form.getByRole('progressbar')).toBeVisible();
  // "Next" stops at the page's own problems (only that page's), so the last page is opened from the step list.
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByText('First Name is required')).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('navigation', { name: 'Form pages' }).getByRole('button').last().click();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('wizard.png'), fullPage: true });
  await form.getByRole('alert').getByRole('link', { name: 'First Name is required' }).click();
  await expect(field(form, 'First Name')).toBeFocused();
});

test('the 300-field form: every field is in the page at once, typeable, with calculations and conditions', async ({
  page,
}) => {
  await page.goto('/form-playground?fixture=large');
  const form = page.getByRole('form');
  // 30 panels of 10 fields; each panel's details and since fields wait for their conditions.
  await expect(form.locator('input, textarea, select')).toHaveCount(270);
  // The last panel, far below the fold, by keyboard.
  await field(form, 'Name 29').focus();
  await page.keyboard.type('Ann');
  await expect(field(form, 'Name 29')).toHaveValue('Ann');
  await page.keyboard.press('Tab');
  await page.keyboard.type('ann@shop.example');
  await field(form, 'Count 29').focus();
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  await page.keyboard.type('3');
  await expect(field(form, 'Total 29')).toHaveValue('6.00');
  await expect(field(form, 'Details 29')).toHaveCount(0);
  await form.getByRole('radiogroup', { name: 'Choice 29' }).getByRole('radio', { name: 'Yes' }).check();
  await expect(field(form, 'Details 29')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('large-form-end.png') });
});
