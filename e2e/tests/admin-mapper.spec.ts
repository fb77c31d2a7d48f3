import type { APIRequestContext } from '@playwright/test';
import { MESSAGES } from '@under/core/messages';
import { MAPPER_TEXT as T } from '@under/core/ui-text/admin-mapper';
import { applicationPdf } from '../fixtures/pdfs';
import { signInAdmin, uniqueName } from '../support/admin';
import { adminHeaders, uploadTemplate } from '../support/admin-api';
import { seriousViolations } from '../support/axe';
import { field } from '../support/client';
import { box, boxAt, overlay, placeAt, reviewFromMapper } from '../support/mapper';
import { shot } from '../support/page-tools';
import { readPdf } from '../support/pdf-read';
import { expect, test } from '../support/test';

test.use({ viewport: { width: 1440, height: 1000 } });

/** The 3-page application (page 2 rotated) and a text dictionary entry, through the admin API. */
async function seed(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const template = await uploadTemplate(request, headers, await applicationPdf(), uniqueName('Mapper'));
  const entryName = `biz_name_${Date.now().toString(36)}`;
  const entry = await request.post('/api/dictionaries', {
    headers,
    data: { type: 'text', name: entryName, label: 'Business name' },
  });
  expect(entry.status(), await entry.text()).toBe(201);
  return { templateId: template.templateId, pages: template.pages, entryName, headers };
}

test('the admin maps every field type on a normal and a rotated page, saves, reviews', async ({ page, request }) => {
  const { templateId, entryName, headers } = await seed(request);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await signInAdmin(page);
  await page.goto(`/admin/pdf-mapping/edit/${templateId}`);
  await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
  // pdf.js draws page 1 (its canvas appears when rendered)
  await expect(page.locator('[data-page="1"] canvas'), consoleErrors.join('\n')).toHaveCount(1);

  // an empty mapping is refused with the spec's text
  await page.getByRole('button', { name: T.save }).click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.mappingEmpty })).toBeVisible();

  // page 1: the text-like types, one under another
  const onPage1 = ['text', 'number', 'currency', 'date', 'image', 'signature'] as const;
  for (const [i, type] of onPage1.entries()) await placeAt(page, type, 1, 120, 120 + i * 50);
  await expect(box(page, 'text_1', T.types.text)).toBeVisible();

  // page 2 is turned by /Rotate 90: displayed 792 x 612
  await expect(page.locator('[data-page="2"]')).toHaveCSS('width', '792px');
  await overlay(page, 2).scrollIntoViewIfNeeded();
  await expect(page.locator('[data-page="2"] canvas')).toHaveCount(1);
  await placeAt(page, 'checkbox', 2, 100, 100);
  await placeAt(page, 'radio', 2, 160, 100);
  await placeAt(page, 'checkboxList', 2, 220, 100);
  await placeAt(page, 'replica', 2, 300, 100);
  await shot(page, 'mapper-rotated-page-100');

  // Ctrl+D on a radio adds a second choice of the same group
  await box(page, 'radio_1', T.types.radio).click();
  await page.keyboard.press('Control+d');
  await expect(page.getByRole('button', { name: T.boxLabel('radio_1', T.types.radio) })).toHaveCount(2);

  // keyboard nudging: 1 pt, 10 pt with Shift
  const checkbox = box(page, 'checkbox_1', T.types.checkbox);
  await checkbox.click();
  await expect(checkbox).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(field(page, T.xInput)).toHaveValue('101');
  await expect(field(page, T.yInput)).toHaveValue('110');

  // a checkbox is not offered a text entry (spec 1 §5 type matches; decision 030)
  await page.getByRole('combobox', { name: T.bindingLabel }).click();
  await expect(page.getByRole('option', { name: T.bindingNone })).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(entryName) })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // the text field binds to the dictionary entry and takes its key
  await overlay(page, 1).scrollIntoViewIfNeeded();
  await box(page, 'text_1', T.types.text).click();
  await page.getByRole('combobox', { name: T.bindingLabel }).click();
  await page.getByRole('option', { name: new RegExp(entryName) }).click();
  await expect(box(page, entryName, T.types.text)).toBeVisible();
  await field(page, T.requiredLabel).check();

  // zoom changes the screen, not the points
  await page.getByRole('button', { name: T.zoomIn }).click();
  await page.getByRole('button', { name: T.zoomIn }).click();
  await expect(page.getByTestId('zoom-level')).toHaveText('150%');
  await expect(page.locator('[data-page="1"] canvas')).toHaveCount(1);
  expect(await boxAt(page, box(page, 'number_1', T.types.number), 1, 1.5)).toEqual({ x: 120, y: 170 });
  await shot(page, 'mapper-page1-150');
  await overlay(page, 2).scrollIntoViewIfNeeded();
  await shot(page, 'mapper-rotated-page-150');
  expect(await boxAt(page, box(page, 'checkboxList_1', T.types.checkboxList), 2, 1.5)).toEqual({ x: 220, y: 100 });

  expect(await seriousViolations(page)).toEqual([]);

  // leaving with unsaved changes asks first
  await page.getByRole('link', { name: T.backToTemplates }).click();
  const dialog = page.getByRole('dialog', { name: T.leaveTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /cancel/i }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/pdf-mapping/edit/${templateId}$`));

  // save, then the server has every box where it was placed, in points
  const posted = page.waitForResponse(
    (r) => r.url().endsWith(`/api/pdf_templates/${templateId}/mapping_fields`) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: T.save }).click();
  const answer = await posted;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page.getByText(T.saved)).toBeVisible();
  const saved = (await (await request.get(`/api/pdf_templates/${templateId}/mapping_fields`, { headers })).json())
    .data as { key: string; type: string; page: number; x: number; y: number; bindingField?: { key: string } }[];
  expect(saved).toHaveLength(11);
  expect(new Set(saved.map((f) => f.type))).toEqual(
    new Set([
      'text',
      'number',
      'currency',
      'checkbox',
      'radio',
      'checkboxList',
      'date',
      'image',
      'signature',
      'replica',
    ]),
  );
  expect(saved.find((f) => f.type === 'text')).toMatchObject({
    key: entryName,
    page: 1,
    x: 120,
    y: 120,
    bindingField: { key: entryName },
  });
  expect(saved.find((f) => f.type === 'checkbox')).toMatchObject({ page: 2, x: 101, y: 110 });
  expect(saved.find((f) => f.type === 'checkboxList')).toMatchObject({ page: 2, x: 220, y: 100 });

  // after a reload the boxes are where they were
  await page.reload();
  await expect(box(page, 'signature_1', T.types.signature)).toBeVisible();
  expect(await boxAt(page, box(page, 'signature_1', T.types.signature), 1)).toEqual({ x: 120, y: 370 });
  expect(await boxAt(page, box(page, entryName, T.types.text), 1)).toEqual({ x: 120, y: 120 });
  await overlay(page, 2).scrollIntoViewIfNeeded();
  expect(await boxAt(page, box(page, 'checkbox_1', T.types.checkbox), 2)).toEqual({ x: 101, y: 110 });
  await shot(page, 'mapper-after-reload');

  // a pointer drag moves a box; with snapping on it lands on the 5-pt grid
  await overlay(page, 1).scrollIntoViewIfNeeded();
  const signature = box(page, 'signature_1', T.types.signature);
  const from = await signature.boundingBox();
  if (!from) throw new Error('signature box not visible');
  await page.mouse.move(from.x + 20, from.y + 8);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + 8, { steps: 4 });
  await page.mouse.move(from.x + 73, from.y + 8, { steps: 4 });
  await page.mouse.up();
  await expect(field(page, T.xInput)).toHaveValue('175');
  await expect(field(page, T.yInput)).toHaveValue('370');
  await expect(page.getByText(T.unsaved)).toBeVisible();

  // reloading with unsaved changes asks the browser's own question; staying keeps the change
  const asked = new Promise<string>((resolve) => {
    page.once('dialog', async (dialog) => {
      resolve(dialog.type());
      await dialog.dismiss();
    });
  });
  await page.evaluate(() => setTimeout(() => window.location.reload(), 0));
  expect(await asked).toBe('beforeunload');
  await expect(field(page, T.xInput)).toHaveValue('175');

  // the review PDF of the current mapping: the bytes the page received are a PDF of the template's 3 pages
  const review = await reviewFromMapper(page, templateId);
  expect((await readPdf(new Uint8Array(review))).pageCount).toBe(3);
  // the one 401 is the session restore on the login page, before signing in
  expect(consoleErrors.filter((e) => !e.includes('status of 401'))).toEqual([]);
});

test('the admin places confirm-page boxes for two owners and saves them', async ({ page, request }) => {
  const { templateId, headers } = await seed(request);
  await signInAdmin(page);
  await page.goto(`/admin/mapper-confirm-page/${templateId}`);
  await expect(page.getByRole('heading', { name: T.confirmTitle })).toBeVisible();
  await expect(page.locator('[data-page="1"] canvas')).toHaveCount(1);

  // pointer: the primary applicant's signature on page 1
  await page
    .getByRole('radiogroup', { name: T.confirmItemLabel })
    .getByText(T.confirmItems.signature ?? '')
    .click();
  await overlay(page, 1).click({ position: { x: 300, y: 600 } });
  await expect(
    page.getByRole('button', { name: T.confirmBoxLabel(T.confirmItems.signature ?? '', T.ownerPrimary) }),
  ).toBeVisible();

  // keyboard: the first additional owner's initials on page 3
  await page
    .getByRole('radiogroup', { name: T.confirmItemLabel })
    .getByText(T.confirmItems.initials ?? '')
    .click();
  await page.getByRole('combobox', { name: T.ownerLabel }).first().click();
  await page.getByRole('option', { name: T.ownerAdditional(1) }).click();
  await page.getByRole('button', { name: T.placeOnPageButton(3) }).click();
  const initials = page.getByRole('button', {
    name: T.confirmBoxLabel(T.confirmItems.initials ?? '', T.ownerAdditional(1)),
  });
  await expect(initials).toBeFocused();
  await page.keyboard.press('Shift+ArrowRight');
  await shot(page, 'confirm-page-mapper');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: T.confirmSave }).click();
  await expect(page.getByText(T.confirmSaved)).toBeVisible();
  const saved = (await (await request.get(`/api/pdf_templates/${templateId}/confirm-page-mapper`, { headers })).json())
    .items;
  expect(saved).toEqual([
    expect.objectContaining({
      item: 'signature',
      owner: 'primaryApplicant',
      page: 1,
      x: 300,
      y: 600,
      width: 160,
      height: 40,
    }),
    expect.objectContaining({ item: 'initials', owner: 1, page: 3, x: 46, y: 36, width: 60, height: 25 }),
  ]);
  await page.reload();
  await expect(initials).toBeVisible();
});
