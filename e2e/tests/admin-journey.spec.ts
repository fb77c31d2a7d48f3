import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MAPPER_TEXT as M } from '@under/core/ui-text/admin-mapper';
import { MASTER_FORMS_TEXT as F } from '@under/core/ui-text/admin-master-forms';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { acroFormPdf, applicationPdf } from '../fixtures/pdfs';
import { signInAdmin, uniqueName } from '../support/admin';
import { adminHeaders, type SavedField, savedMapping } from '../support/admin-api';
import { seriousViolations } from '../support/axe';
import { field } from '../support/client';
import { box, overlay, placeAt, reviewFromMapper } from '../support/mapper';
import { drag, shot, watchConsole } from '../support/page-tools';
import { type PdfText, readPdf } from '../support/pdf-read';
import { expect, test } from '../support/test';

/**
 * Issue 5 from end to end, through the pages only: the admin uploads an institution's PDF, maps a field of every
 * type on two pages (one of them rotated), binds one to a dictionary entry, saves, reviews the filled PDF (read back
 * here: every value inside its box), starts another template from its AcroForm fields, then makes a master form
 * from the first one, lays it out and publishes it.
 */
test.use({ viewport: { width: 1440, height: 1000 } });

async function uploadThroughDialog(page: Page, name: string, file: string) {
  await page.goto('/admin/pdf-mapping');
  await page.getByRole('button', { name: T.uploadButton }).first().click();
  const dialog = page.getByRole('dialog', { name: T.uploadTitle });
  await field(dialog, T.templateNameLabel).fill(name);
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole('button', { name: T.uploadSubmit }).click();
  await expect(page).toHaveURL(/\/admin\/pdf-mapping\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: M.title })).toBeVisible();
  await expect(page.locator('[data-page="1"] canvas')).toHaveCount(1);
  return page.url().split('/').at(-1) as string;
}

async function saveInMapper(page: Page, templateId: string) {
  const posted = page.waitForResponse(
    (r) => r.url().endsWith(`/api/pdf_templates/${templateId}/mapping_fields`) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: M.save }).click();
  const answer = await posted;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page.getByText(M.saved)).toBeVisible();
}

/** A text run sits inside a box when both ends of its baseline do and its glyphs fit the box's height. */
function inside(run: PdfText, f: SavedField) {
  const slack = 0.5;
  const within = (x: number, y: number) =>
    x >= f.x - slack && x <= f.x + f.width + slack && y >= f.y - slack && y <= f.y + f.height + slack;
  return within(run.x, run.y) && within(run.endX, run.endY) && run.height <= f.height + slack;
}

test('an institution PDF becomes a published master form', async ({ page, request }) => {
  test.setTimeout(240_000);
  const headers = await adminHeaders(request);
  const entryName = `dba_${Date.now().toString(36)}`;
  const entry = await request.post('/api/dictionaries', {
    headers,
    data: { type: 'text', name: entryName, label: 'Doing business as' },
  });
  expect(entry.status(), await entry.text()).toBe(201);

  await signInAdmin(page);
  const browserErrors = watchConsole(page);

  // 1. upload through the dialog: the 3-page application whose page 2 is turned by /Rotate 90
  const templateName = uniqueName('Harbor Bank application');
  const templateId = await uploadThroughDialog(page, templateName, await applicationPdf('harbor.pdf'));

  // 2. one field of every type: the text-like ones in the printed boxes of page 1 (rows 92, 152, ... from the top)
  const onPage1 = ['text', 'number', 'currency', 'date', 'image', 'signature'] as const;
  for (const [row, type] of onPage1.entries()) await placeAt(page, type, 1, 122, 92 + row * 60);
  await overlay(page, 2).scrollIntoViewIfNeeded();
  await expect(page.locator('[data-page="2"] canvas')).toHaveCount(1);
  await placeAt(page, 'checkbox', 2, 100, 100);
  await placeAt(page, 'radio', 2, 160, 100);
  await placeAt(page, 'checkboxList', 2, 220, 100);
  await placeAt(page, 'replica', 2, 300, 100);
  // the replica repeats the number on the rotated page
  await page.getByRole('combobox', { name: M.replicaOfLabel }).click();
  await page.getByRole('option', { name: 'number_1', exact: true }).click();

  // the text field takes the dictionary entry (and its key)
  await overlay(page, 1).scrollIntoViewIfNeeded();
  await box(page, 'text_1', 'text').click();
  await page.getByRole('combobox', { name: M.bindingLabel }).click();
  await page.getByRole('option', { name: new RegExp(entryName) }).click();
  await expect(box(page, entryName, 'text')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await saveInMapper(page, templateId);
  await shot(page, 'journey-mapper', { fullPage: false });

  const saved = await savedMapping(request, headers, templateId);
  expect(new Set(saved.map((f) => f.type)).size).toBe(10);
  expect(new Set(saved.map((f) => f.page))).toEqual(new Set([1, 2]));
  expect(saved.find((f) => f.type === 'text')?.bindingField).toMatchObject({ key: entryName });

  // 3. the review PDF: read back, every printed value inside its box, on the rotated page too
  const review = await reviewFromMapper(page, templateId);
  const { pageCount, texts } = await readPdf(new Uint8Array(review));
  expect(pageCount).toBe(3);
  for (const f of saved.filter((x) => ['text', 'number', 'currency', 'date', 'replica'].includes(x.type))) {
    const runs = texts.filter((t) => t.page === f.page && inside(t, f));
    expect(runs.length, `a value inside ${f.key} (${f.type}) on page ${f.page}`).toBeGreaterThan(0);
  }
  const number = texts.find((t) => t.page === 1 && inside(t, saved.find((f) => f.type === 'number') as SavedField));
  const replica = texts.find((t) => t.page === 2 && inside(t, saved.find((f) => f.type === 'replica') as SavedField));
  expect(replica?.text).toBe(number?.text);
  // kept beside the screenshots, with page images when poppler is installed, to look at
  const out = process.env.SHOTS_DIR ?? test.info().outputPath();
  const pdfFile = path.join(out, 'journey-review.pdf');
  writeFileSync(pdfFile, review);
  spawnSync('pdftoppm', ['-png', '-r', '60', pdfFile, path.join(out, 'journey-review')]);

  // 4. an AcroForm PDF: its own fields are the starting mapping
  const acroId = await uploadThroughDialog(page, uniqueName('Acro Bank application'), await acroFormPdf('acro.pdf'));
  await page.getByRole('button', { name: M.acroStart(5) }).click();
  await saveInMapper(page, acroId);
  expect(await savedMapping(request, headers, acroId)).toHaveLength(5);

  // 5. a master form from the first template, laid out over two pages and published
  await page.goto('/admin/templates');
  await page.getByRole('button', { name: F.newButton }).click();
  const create = page.getByRole('dialog', { name: F.createTitle });
  await field(create, F.templateLabel).selectOption({ label: F.templateOption(templateName, saved.length) });
  const formName = uniqueName('Harbor merchant form');
  await field(create, F.nameLabel).fill(formName);
  await create.getByRole('button', { name: F.createButton }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/layout-universal-form/${templateId}/[0-9a-f-]{36}$`));
  const formId = page.url().split('/').at(-1) as string;
  await expect(page.getByRole('heading', { name: F.designerTitle(formName) })).toBeVisible();
  await expect(page.getByTestId(`canvas-${entryName}`)).toBeVisible();
  // one wizard page per PDF page already (decision 030): a new page gets the number
  await expect(page.getByLabel('Form display')).toHaveValue('wizard');
  await page.getByRole('button', { name: 'Add Panel / page' }).click();
  const secondPage = page.getByTestId('canvas-panel');
  await drag(
    page,
    page.getByTestId('canvas-number_1').getByRole('button', { name: /^Drag / }),
    secondPage.getByText('Drop fields here'),
    'center',
  );
  await expect(secondPage.getByTestId('canvas-number_1')).toBeVisible();
  await page.getByRole('button', { name: F.saveButton, exact: true }).click();
  await expect(page.getByTestId('save-state')).toHaveText(F.stateSaved);
  await page.getByRole('button', { name: F.publishButton, exact: true }).click();
  await page
    .getByRole('dialog', { name: F.publishTitle(1) })
    .getByRole('button', { name: F.publishConfirm })
    .click();
  await expect(page.getByTestId('version')).toHaveText(F.versionNumber(1));
  const offer = page.getByRole('dialog', { name: F.activateTitle });
  await offer.getByRole('button', { name: F.activateConfirm }).click();
  await expect(offer).toBeHidden();
  await page.getByRole('tab', { name: F.tabPreview }).click();
  await expect(
    page.getByTestId('layout-preview').getByRole('heading', { name: 'Merchant Processing Application' }),
  ).toBeVisible();
  await shot(page, 'journey-preview');

  const form = await (await request.get(`/api/master_forms/${formId}`, { headers })).json();
  expect(form).toMatchObject({ version: 1, templateId, hasUnpublishedChanges: false, status: 'active' });
  const pages = form.structure.allField.components as { type: string; components: { key: string }[] }[];
  expect(pages.at(-1)?.components.map((c) => c.key)).toEqual(['number_1']);
  browserErrors.expectNone();
});
