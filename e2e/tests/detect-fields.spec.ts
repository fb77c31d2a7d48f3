import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAPPER_TEXT as M } from '@under/core/ui-text/admin-mapper';
import { DETECT_TEXT as D } from '@under/core/ui-text/admin-mapper-detect';
import { MASTER_FORMS_TEXT as F } from '@under/core/ui-text/admin-master-forms';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { makeFlatApplicationPdf } from '../../packages/server/src/test/flat-application-pdf';
import { signInAdmin, uniqueName } from '../support/admin';
import { adminHeaders, type SavedField, savedMapping } from '../support/admin-api';
import { seriousViolations } from '../support/axe';
import { field } from '../support/client';
import { box } from '../support/mapper';
import { shot, watchConsole } from '../support/page-tools';
import { expect, test } from '../support/test';

/**
 * Issue 25, "Done when": an admin uploads a flat two-page merchant application (printed lines, combs, checkboxes,
 * no AcroForm), clicks "Detect fields", accepts the proposals, fixes two, saves, then makes a master form of it and
 * publishes it.
 */
test.use({ viewport: { width: 1440, height: 1000 } });

test('a flat PDF becomes a mapped, bound template in one click that the admin reviews', async ({ page, request }) => {
  test.setTimeout(240_000);
  const headers = await adminHeaders(request);
  const file = path.join(tmpdir(), `flat-application-${Date.now()}.pdf`);
  writeFileSync(file, await makeFlatApplicationPdf());
  await signInAdmin(page);
  const browserErrors = watchConsole(page);

  // 1. upload the flat PDF: nothing to offer from an AcroForm
  const templateName = uniqueName('Flat Bank application');
  await page.goto('/admin/pdf-mapping');
  await page.getByRole('button', { name: T.uploadButton }).first().click();
  const upload = page.getByRole('dialog', { name: T.uploadTitle });
  await field(upload, T.templateNameLabel).fill(templateName);
  await upload.locator('input[type="file"]').setInputFiles(file);
  await upload.getByRole('button', { name: T.uploadSubmit }).click();
  await expect(page).toHaveURL(/\/admin\/pdf-mapping\/edit\/[0-9a-f-]{36}$/);
  const templateId = page.url().split('/').at(-1) as string;
  await expect(page.getByText(M.emptyMapping)).toBeVisible();
  await shot(page, 'd-before-detect', { fullPage: false });

  // 2. detect: dashed proposals with their confidence, bound to the dictionary
  await page.getByRole('button', { name: D.detect }).click();
  const banner = page.getByRole('alert').filter({ hasText: D.title });
  // the first detection starts pdf.js in a PDF process: seconds on a busy machine (the button shows it working)
  await expect(banner).toBeVisible({ timeout: 45_000 });
  const count = Number(/(\d+) proposed fields/.exec((await banner.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThanOrEqual(38);
  const ein = page.getByRole('button', { name: /^Proposed Text field federal_tax_id, \d+% sure$/ });
  await expect(ein).toBeVisible();
  await ein.click();
  await expect(page.getByText(D.bound('Federal Tax ID (EIN)'))).toBeVisible();
  await expect(page.getByText(D.labelOnPage('Fed Tax ID'))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'd-proposals', { fullPage: false });

  // accept one, undo it: the proposal comes back, the mapping is empty again
  await page.getByRole('button', { name: D.accept, exact: true }).click();
  await expect(box(page, 'federal_tax_id', 'text')).toBeVisible();
  await page.getByRole('button', { name: D.undo }).click();
  await expect(box(page, 'federal_tax_id', 'text')).toHaveCount(0);
  await expect(page.getByText(D.intro(count))).toBeVisible();

  // 3. accept all
  await page.getByRole('button', { name: D.acceptAll }).click();
  await expect(page.getByText(D.accepted(count))).toBeVisible();
  await expect(page.getByText(`${templateName} · ${M.fieldCount(count)}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Proposed / })).toHaveCount(0);

  // 4. fix two: the entity checkbox gets a key of our own, the average ticket box moves down 2 pt
  await box(page, 'sole_proprietorship', 'checkbox').click();
  const key = page.getByRole('textbox', { name: M.keyLabel });
  await key.fill('entity_sole');
  await key.blur();
  await expect(box(page, 'entity_sole', 'checkbox')).toBeVisible();
  const ticket = box(page, 'average_ticket', 'currency');
  await ticket.click();
  await ticket.press('ArrowDown');
  await ticket.press('ArrowDown');

  const posted = page.waitForResponse(
    (r) => r.url().endsWith(`/api/pdf_templates/${templateId}/mapping_fields`) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: M.save }).click();
  expect((await posted).status()).toBe(200);
  await expect(page.getByText(M.saved)).toBeVisible();
  const saved = (await savedMapping(request, headers, templateId)) as (SavedField & {
    euEncrypted: boolean;
    required: boolean;
  })[];
  expect(saved).toHaveLength(count);
  const byKey = new Map(saved.map((f) => [f.key, f]));
  expect(byKey.get('federal_tax_id')).toMatchObject({
    euEncrypted: true,
    required: true,
    bindingField: { key: 'federal_tax_id' },
  });
  expect(byKey.get('owner2_ssn')).toMatchObject({ euEncrypted: true, bindingField: { key: 'owner2_ssn' } });
  expect(byKey.get('signature')?.type).toBe('signature');
  expect(byKey.get('date_signed')?.type).toBe('date');
  expect(byKey.has('entity_sole')).toBe(true);
  // a box bound to an amount became an amount field, bound
  expect(byKey.get('average_ticket')).toMatchObject({ type: 'currency', bindingField: { key: 'average_ticket' } });
  expect(byKey.has('sole_proprietorship')).toBe(false);
  await shot(page, 'd-after-save', { fullPage: false });

  // 5. a master form of it, published
  await page.goto('/admin/templates');
  await page.getByRole('button', { name: F.newButton }).click();
  const create = page.getByRole('dialog', { name: F.createTitle });
  await field(create, F.templateLabel).selectOption({ label: F.templateOption(templateName, count) });
  const formName = uniqueName('Flat merchant form');
  await field(create, F.nameLabel).fill(formName);
  await create.getByRole('button', { name: F.createButton }).click();
  // the designer is a chunk of its own: on a loaded machine it takes a while to open
  await expect(page).toHaveURL(new RegExp(`/admin/layout-universal-form/${templateId}/[0-9a-f-]{36}$`), {
    timeout: 30_000,
  });
  await expect(page.getByTestId('save-state')).toHaveText(F.stateSaved, { timeout: 30_000 });
  await page.getByRole('button', { name: F.publishButton, exact: true }).click();
  await page
    .getByRole('dialog', { name: F.publishTitle(1) })
    .getByRole('button', { name: F.publishConfirm })
    .click();
  const offer = page.getByRole('dialog', { name: F.activateTitle });
  await offer.getByRole('button', { name: F.activateConfirm }).click();
  await expect(offer).toBeHidden();
  await expect(page.getByTestId('version')).toHaveText(F.versionNumber(1));
  await page.getByRole('tab', { name: F.tabPreview }).click();
  const preview = page.getByTestId('layout-preview');
  await expect(preview.getByText('Federal Tax ID (EIN)').first()).toBeVisible();
  await shot(page, 'd-published-preview');
  browserErrors.expectNone();
});
