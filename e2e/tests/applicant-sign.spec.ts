import { readFileSync } from 'node:fs';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { APPLICANT_TEXT as T } from '@under/core/ui-text/applicant';
import { SIGNING_TEXT as S } from '@under/core/ui-text/applicant-signing';
import { APPLICATIONS_TEXT as A } from '@under/core/ui-text/client-applications';
import { activeDemoForm, fillRequired, firstInput, waitForMail } from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/client';
import { demoClient, mailCount, uniqueEmail } from '../support/outbox';
import { overflowing, shot, tabTo } from '../support/page-tools';
import { expect, test } from '../support/test';

/**
 * Issue 13: the primary applicant submits, signs from the success page's link (the filled document drawn page by
 * page, the e-mailed code, a typed signature), the sealed documents come, and the verify page says we issued the
 * downloaded PDF unchanged; a link without the e-mailed code cannot sign.
 */
test('the applicant submits, proves the e-mail, signs, downloads the sealed documents and verifies one', async ({
  page,
  request,
}) => {
  const { email: clientEmail, password } = demoClient();
  const { customFormId } = await activeDemoForm(request, clientEmail, password);
  await page.goto(`/application-form/${customFormId}`);
  const email = uniqueEmail('signer');
  await page.getByLabel(T.emailLabel).fill(email);
  await page.getByRole('button', { name: T.emailContinue }).click();
  await firstInput(page).fill('Signed Trading');
  await expect(page.getByTestId('save-status')).toHaveText(T.statusSaved, { timeout: 15_000 });
  for (let i = 0; i < 20; i++) {
    await fillRequired(page, email);
    if (await page.getByRole('button', { name: T.submit }).isVisible()) break;
    await page.getByRole('button', { name: 'Next' }).click();
  }
  const typeName = page.getByText('Type your name');
  if (await typeName.isVisible()) {
    await typeName.click();
    await page.getByLabel(/type your full name$/).fill('Ann Lee');
  }
  const terms = page.getByLabel(T.termsAccept);
  if (await terms.isVisible()) await terms.check();
  await page.getByRole('button', { name: T.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/application-form-successfully/${customFormId}$`), { timeout: 15_000 });

  // the success page leads to signing
  await page.getByRole('link', { name: S.signNow }).click();
  await expect(page.getByRole('heading', { name: S.title })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Awaiting Signatures/)).toBeVisible();
  // the filled document, drawn page by page
  await expect(
    page
      .getByText(S.previewPage(1, 1))
      .or(page.getByText(/^Page 1 of \d+$/))
      .first(),
  ).toBeVisible({
    timeout: 20_000,
  });
  await shot(page, 'sign-preview-1280');

  // without the e-mailed code, no signature
  await page.getByRole('button', { name: S.typeTab }).click();
  await page.getByLabel(S.typedLabel).fill('Ann Lee');
  await page.getByLabel(S.codeLabel).fill('000000');
  await page.getByRole('checkbox', { name: S.confirm }).check();
  await page.getByRole('button', { name: S.signButton }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The code is incorrect or has expired' })).toBeVisible();

  const before = mailCount(email);
  await page.getByRole('button', { name: S.sendCode }).click();
  await expect(page.getByText(/We sent a code to/)).toBeVisible();
  const mail = await waitForMail(email, before);
  const code = mail.match(/is (\d{6})\./)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel(S.codeLabel).fill(code);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: S.signButton }).click();
  await expect(page.getByRole('heading', { name: S.doneTitle })).toBeVisible({ timeout: 15_000 });

  // the only owner signed: the sealed documents are prepared, then listed
  const download = page.getByRole('link', { name: /^Download / }).first();
  await expect(download).toBeVisible({ timeout: 60_000 });
  await shot(page, 'sign-done-1280');
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const saved = await file.path();
  const bytes = readFileSync(saved);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // the verify page (the portal's own header, not the form's banner): ours, unchanged
  await page.goto('/verify');
  await expect(page.getByRole('banner').getByRole('link', { name: UI_TEXT.appName })).toBeVisible();
  await page
    .getByLabel(S.verifyFile)
    .setInputFiles({ name: 'document.pdf', mimeType: 'application/pdf', buffer: bytes });
  await page.getByRole('button', { name: S.verifyButton }).click();
  await expect(page.getByText(/Issued by Under for application #\d+/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // one byte changed: not the one we issued
  const changed = Buffer.from(bytes);
  changed[200] = (changed[200] as number) ^ 0x01;
  await page
    .getByLabel(S.verifyFile)
    .setInputFiles({ name: 'changed.pdf', mimeType: 'application/pdf', buffer: changed });
  await page.getByRole('button', { name: S.verifyButton }).click();
  await expect(page.getByText(S.verifyChanged)).toBeVisible();
  await shot(page, 'verify-changed-1280');

  // the institution: the application in its list, signed, its documents and its intact history
  await page.goto('/login');
  await signIn(page, clientEmail, password);
  await page.getByRole('link', { name: A.navApplications, exact: true }).click();
  await expect(page.getByRole('heading', { name: A.listTitle })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Signed' }).first();
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: A.signaturesTitle })).toBeVisible();
  await expect(
    page.getByRole('region', { name: A.signaturesTitle }).getByRole('cell', { name: /^Signed / }),
  ).toBeVisible();
  await expect(page.getByTestId('history-chain')).toContainText('History intact');
  await expect(page.getByRole('button', { name: /^Download .*audit certificate/ })).toBeVisible();
  // deleting asks first, with the spec's words
  await page.getByRole('button', { name: /^Delete .*audit certificate/ }).click();
  await expect(page.getByText(MESSAGES.deleteConfirmText)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'application-page-1280');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // the Agreements screen: the sealed documents across applications, searchable
  await page.getByRole('link', { name: A.back }).click();
  await page.getByRole('link', { name: A.navAgreements }).click();
  await expect(page.getByRole('heading', { name: A.agreementsTitle })).toBeVisible();
  await page.getByLabel(A.searchLabel).fill('audit certificate');
  await expect(page.getByRole('button', { name: /^Download .*audit certificate/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Download .*answers and acceptance/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'agreements-1280');
});

/**
 * Issue 21 §5 on a 390 px phone: after Continue focus is on the form (its step line), after Submit on the success
 * page's heading; the filled document fits the width with nothing sticking out, zooms by keyboard inside its own
 * scrolling region (the page does not scroll sideways) and pinch zoom is not blocked; after Sign focus is on the
 * heading that replaced the form.
 */
test('at 390 px: focus follows Continue, Submit and Sign; the document to sign fits and zooms', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { email: clientEmail, password } = demoClient();
  const { customFormId } = await activeDemoForm(request, clientEmail, password);
  await page.goto(`/application-form/${customFormId}`);
  // pinch zoom is the browser's: the viewport does not forbid it
  const viewport = (await page.locator('meta[name=viewport]').getAttribute('content')) ?? '';
  expect(viewport).not.toMatch(/user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0)?\b/);
  const email = uniqueEmail('phone-signer');
  await page.getByLabel(T.emailLabel).fill(email);
  await page.getByLabel(T.emailLabel).press('Enter');
  // Continue's form is gone: focus is on the new page's step line, not on the body
  await expect(page.locator(':focus')).toHaveText(/^Step 1 of \d+/);
  await firstInput(page).fill('Phone Trading');
  await expect(page.getByTestId('save-status')).toHaveText(T.statusSaved, { timeout: 15_000 });
  for (let i = 0; i < 20; i++) {
    await fillRequired(page, email);
    if (await page.getByRole('button', { name: T.submit }).isVisible()) break;
    await page.getByRole('button', { name: 'Next' }).click();
  }
  const typeName = page.getByText('Type your name');
  if (await typeName.isVisible()) {
    await typeName.click();
    await page.getByLabel(/type your full name$/).fill('Ann Lee');
  }
  const terms = page.getByLabel(T.termsAccept);
  if (await terms.isVisible()) await terms.check();
  await page.getByRole('button', { name: T.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/application-form-successfully/${customFormId}$`), { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: T.successTitle })).toBeFocused();

  await page.getByRole('link', { name: S.signNow }).click();
  await expect(page.getByRole('heading', { name: S.title })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^Page 1 of \d+$/).first()).toBeVisible({ timeout: 30_000 });
  const region = page.getByRole('region', { name: S.previewRegion });
  const firstPage = region.locator('canvas').first();
  // fitted: nothing on the page sticks out past 390 px, the page drawn as wide as its region's content box
  expect(await overflowing(page)).toEqual([]);
  const fitted = (await firstPage.boundingBox())?.width ?? 0;
  const inner = await region.evaluate((el) => el.clientWidth - 16);
  expect(Math.abs(fitted - inner)).toBeLessThanOrEqual(2);
  expect(fitted).toBeGreaterThan(300);
  await region.scrollIntoViewIfNeeded();
  await shot(page, 'sign-preview-390', { fullPage: false });

  // zoom in by keyboard: the page grows inside its region, which scrolls sideways; the page itself does not
  const zoomIn = page.getByRole('button', { name: S.zoomIn });
  await tabTo(page, zoomIn);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByText(S.zoomLevel(200))).toBeVisible();
  await expect.poll(async () => (await firstPage.boundingBox())?.width ?? 0).toBeGreaterThan(fitted * 1.9);
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await overflowing(page)).toEqual([]);
  await region.evaluate((el) => {
    el.scrollLeft = el.scrollWidth / 4;
  });
  await shot(page, 'sign-preview-390-zoomed', { fullPage: false });
  // on to the last step and past it by keyboard: the button keeps the focus (a disabled one would drop it)
  await zoomIn.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByText(S.zoomLevel(300))).toBeVisible();
  await expect(zoomIn).toBeFocused();
  await expect(zoomIn).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: S.zoomOut })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(S.zoomLevel(200))).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText(S.zoomLevel(150))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const before = mailCount(email);
  await page.getByRole('button', { name: S.sendCode }).click();
  const mail = await waitForMail(email, before);
  const code = mail.match(/is (\d{6})\./)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.getByRole('button', { name: S.typeTab }).click();
  await page.getByLabel(S.typedLabel).fill('Ann Lee');
  await page.getByLabel(S.codeLabel).fill(code);
  await page.getByRole('checkbox', { name: S.confirm }).check();
  await page.getByRole('button', { name: S.signButton }).press('Enter');
  // the Sign button is gone: focus is on the heading that replaced the form
  await expect(page.getByRole('heading', { name: S.doneTitle })).toBeFocused({ timeout: 15_000 });
  await shot(page, 'sign-done-390', { fullPage: false });
});
