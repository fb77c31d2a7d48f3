import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { SIGNING_TEXT as S } from '@under/core/ui-text/applicant-signing';
import { seriousViolations } from '../support/axe';
import { overflowing, shot, tabTo } from '../support/page-tools';
import { expect, test } from '../support/test';

/**
 * Issue 21: /verify is the portal's page: its own header (the product's wordmark, as the client app shows it), not
 * an institution's form banner; and a hostile file (400 KB of `/M(D:`, which stalled the server for a minute) is
 * refused with a clear message at once, the server still answering. The check of a real sealed PDF is in the
 * signing journey (applicant-sign.spec.ts).
 */
test('the verify page has the portal’s header and refuses a hostile file at once, with a clear message', async ({
  page,
  request,
}) => {
  await page.goto('/verify');
  const header = page.getByRole('banner');
  const wordmark = header.getByRole('link', { name: UI_TEXT.appName });
  await expect(wordmark).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: S.verifyTitle })).toBeVisible();
  await expect(page.getByText('Merchant Processing Application')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'verify-header-1280');

  const hostile = Buffer.from(`%PDF-1.7\n/ByteRange [0 1 2 3]\n${'/M(D:'.repeat(80_000)}`, 'latin1');
  await page
    .getByLabel(S.verifyFile)
    .setInputFiles({ name: 'hostile.pdf', mimeType: 'application/pdf', buffer: hostile });
  const started = Date.now();
  await page.getByRole('button', { name: S.verifyButton }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.verifyUnreadable);
  // the server's side is held to 2 s by the API test; the browser's round trip is given room on a busy machine
  expect(Date.now() - started).toBeLessThan(5_000);
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  await shot(page, 'verify-refused-1280');

  // a phone: the header and the form fit; the wordmark is reached by keyboard and leads to the portal
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflowing(page)).toEqual([]);
  await shot(page, 'verify-refused-390');
  await page.goto('/verify');
  await tabTo(page, wordmark);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: UI_TEXT.signInTitle })).toBeVisible();
});
