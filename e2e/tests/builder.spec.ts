import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { field } from '../support/client';
import { drag } from '../support/page-tools';
import { expect, test } from '../support/test';

test.use({ viewport: { width: 1440, height: 1100 } });

const SHOTS = '/tmp/shots-B';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The keys of a canvas list's own components, top to bottom. */
async function keysIn(list: Locator) {
  return list.locator(':scope > [data-key]').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.key));
}

/** Moves a field by keyboard: pick up with Space, arrows, drop with Space; then waits for the canvas to settle. */
async function keyboardMove(page: Page, handle: Locator, key: 'ArrowUp' | 'ArrowDown', over: string) {
  // dnd-kit measures the canvas when a drag starts: the last drop's animation must have ended.
  await expect(page.locator('[data-key][style*="translate"]')).toHaveCount(0);
  await handle.focus();
  await page.keyboard.press('Space');
  // dnd-kit marks the handle pressed once it has picked the item up and measured the drop targets.
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press(key);
  // dnd-kit may scroll the page (smoothly) rather than move the field; the move is done once it announces the
  // stop reached (it announces the stop under the field as soon as it is picked up, too).
  await expect(page.getByRole('status').filter({ hasText: `was moved over droppable area ${over}.` })).toHaveCount(1);
  await page.keyboard.press('Space');
}

async function openBuilder(page: Page) {
  await page.goto('/form-playground');
  await page.getByText('Builder', { exact: true }).click();
  await expect(page.getByRole('region', { name: 'Form', exact: true })).toBeVisible();
}

/** Selects the field with `key` (its Edit button) and types a new label. */
async function rename(page: Page, key: string, label: string) {
  await page
    .getByTestId(`canvas-${key}`)
    .getByRole('button', { name: /^Edit / })
    .click();
  const settings = page.getByRole('complementary', { name: 'Field settings' });
  await field(settings, 'Label').fill(label);
}

test('an author builds a wizard: fields by mouse and by keyboard, keys follow labels, Next checks only its page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openBuilder(page);
  // The untouched new form does not greet with problems.
  await expect(page.getByTestId('save-problems')).toHaveCount(0);
  const canvas = page.getByRole('region', { name: 'Form', exact: true });

  // By mouse: two fields dragged in, a third dropped between them, where the pointer is.
  await drag(page, page.getByRole('button', { name: 'Add Text field' }), canvas);
  await drag(page, page.getByRole('button', { name: 'Add Email' }), canvas);
  await expect(page.getByTestId('canvas-email')).toBeVisible();
  const email = await page.getByTestId('canvas-email').boundingBox();
  if (!email) throw new Error('no email on the canvas');
  const number = await page.getByRole('button', { name: 'Add Number' }).boundingBox();
  if (!number) throw new Error('no palette');
  await page.mouse.move(number.x + number.width / 2, number.y + number.height / 2);
  await page.mouse.down();
  await page.mouse.move(number.x + 30, number.y, { steps: 4 });
  // Just above the e-mail field's middle: between the text field and the e-mail field.
  await page.mouse.move(email.x + email.width / 2, email.y + 6, { steps: 12 });
  await page.mouse.up();
  await expect.poll(() => keysIn(canvas)).toEqual(['textField', 'number', 'email']);

  // The canvas draws the fields as the applicant sees them, inert.
  const drawn = page.getByTestId('canvas-textField').getByLabel('Text field', { exact: true });
  await expect(drawn).toBeVisible();
  await expect(drawn).not.toBeFocused();
  expect(await drawn.evaluate((el) => el.closest('[inert]') !== null)).toBe(true);

  // Keys follow labels: camelCase, unique.
  await rename(page, 'textField', 'Legal name');
  await expect(page.getByTestId('canvas-legalName')).toBeVisible();
  await expect(field(page.getByRole('complementary', { name: 'Field settings' }), 'Key')).toHaveValue('legalName');
  await rename(page, 'number', 'Legal name');
  await expect(page.getByTestId('canvas-legalName1')).toBeVisible();
  await rename(page, 'legalName', 'DBA name');
  await expect(page.getByTestId('canvas-dbaName')).toBeVisible();
  await rename(page, 'email', 'Owner e-mail');
  await expect(page.getByTestId('canvas-ownerEMail')).toBeVisible();
  // Required fields on both sides of the page break to come.
  for (const name of ['DBA name', 'Owner e-mail']) {
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const settings = page.getByRole('complementary', { name: 'Field settings' });
    await settings.getByRole('tab', { name: 'Validation' }).click();
    await settings.getByRole('switch', { name: 'Required' }).check({ force: true });
  }

  // A wizard: the fields go onto Page 1; a second page is added from the palette by keyboard (Enter).
  await page.getByLabel('Form display').selectOption('wizard');
  const pages = page.getByRole('region', { name: 'Pages', exact: true });
  await expect.poll(() => keysIn(pages)).toEqual(['page']);
  await page.getByRole('button', { name: 'Add Panel / page' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => keysIn(pages)).toHaveLength(2);
  const [, second] = (await keysIn(pages)) as string[];
  const page1 = page.getByRole('region', { name: 'Inside Page 1', exact: true });
  const page2 = page.getByTestId(`canvas-${second}`).getByRole('region', { name: /^Inside / });

  // By keyboard: the e-mail field, last on page 1, moves down once: into page 2, not between the pages.
  const handle = page.getByRole('button', { name: 'Drag Owner e-mail', exact: true });
  await keyboardMove(page, handle, 'ArrowDown', `container:${second}`);
  await expect.poll(() => keysIn(page2)).toEqual(['ownerEMail']);
  await expect.poll(() => keysIn(pages)).toEqual(['page', second]);
  // And back up: from the top of page 2 to the end of page 1.
  await keyboardMove(page, handle, 'ArrowUp', 'item:legalName1');
  await expect.poll(() => keysIn(page1)).toEqual(['dbaName', 'legalName1', 'ownerEMail']);
  // Down again, so each page has a required field.
  await keyboardMove(page, handle, 'ArrowDown', `container:${second}`);
  await expect.poll(() => keysIn(page2)).toEqual(['ownerEMail']);
  await expect.poll(() => keysIn(page1)).toEqual(['dbaName', 'legalName1']);

  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'builder-wizard');

  // The preview: Next on the empty first page shows that page's errors only, and stays on it.
  await page.getByText('Preview', { exact: true }).click();
  const form = page.getByRole('form');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByText('DBA name is required')).toBeVisible();
  await expect(field(form, 'DBA name')).toBeFocused();
  await expect(form.getByText('Owner e-mail is required')).toHaveCount(0);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(form.getByText(/Step 1 of 2/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'wizard-next-errors');
  // Enter on page 1 goes on once it is filled, never submits.
  await field(form, 'DBA name').fill('Corner Shop');
  await page.keyboard.press('Enter');
  await expect(form.getByText(/Step 2 of 2/)).toBeVisible();
  await expect(form.getByText('Owner e-mail is required')).toHaveCount(0);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert').getByRole('link', { name: 'Owner e-mail is required' })).toBeVisible();
});

test('on a phone (390 px) the builder stacks the palette above the canvas', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openBuilder(page);
  await page.getByRole('button', { name: 'Add Text field' }).click();
  // a layout with nested lists, and a field inside one of its columns
  await page.getByRole('button', { name: 'Add Columns' }).click();
  await page.getByRole('button', { name: 'Add Email' }).click();
  await expect(page.getByTestId('canvas-email')).toBeVisible();
  const palette = await page.getByRole('navigation', { name: 'Field types' }).boundingBox();
  const canvas = await page.getByRole('region', { name: 'Form', exact: true }).boundingBox();
  if (!palette || !canvas) throw new Error('builder not shown');
  expect(palette.y + palette.height).toBeLessThanOrEqual(canvas.y);
  expect(canvas.x + canvas.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // every tool of every frame is on screen
  for (const tool of await page
    .getByTestId(/^canvas-/)
    .getByRole('button')
    .all()) {
    const box = await tool.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  }
  await shot(page, 'builder-390');
});

test('an author puts fields into a data grid and a tab; a grid field keeps its own key', async ({ page }) => {
  await openBuilder(page);
  await page.getByRole('button', { name: 'Add Tabs' }).click();
  const tab2 = page.getByRole('region', { name: 'Tabs, tab Tab 2', exact: true });
  await expect(tab2).toBeVisible();
  // A data grid starts with one text column; a field added while it is selected goes into it.
  await page.getByRole('button', { name: 'Add Data grid' }).click();
  await expect(page.getByTestId('canvas-datagrid.textField')).toBeVisible();
  await page.getByRole('button', { name: 'Add Email' }).click();
  const grid = page.getByRole('region', { name: 'Inside Data grid', exact: true });
  await expect.poll(() => keysIn(grid)).toEqual(['datagrid.textField', 'datagrid.email']);
  // Moved by keyboard into the second tab (up past the grid's text field and the grid's frame), the grid's e-mail
  // field leaves the grid's scope.
  const handle = page.getByRole('button', { name: 'Drag Email', exact: true });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  for (const over of ['item:datagrid.textField', 'item:datagrid', 'container:tabs:1']) {
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('status').filter({ hasText: `was moved over droppable area ${over}.` })).toHaveCount(1);
  }
  await page.keyboard.press('Space');
  await expect.poll(() => keysIn(tab2)).toEqual(['email']);
  await expect.poll(() => keysIn(grid)).toEqual(['datagrid.textField']);
  await shot(page, 'builder-grid-tabs');
});
