import { mkdirSync } from 'node:fs';
import { ADMIN_MAILS_TEXT as T } from '@under/core/ui-text/admin-mails';
import { signInAdmin } from '../support/admin';
import { seriousViolations } from '../support/axe';
import { register } from '../support/client';
import { codeFromOutbox, uniqueEmail } from '../support/outbox';
import { expect, test } from '../support/test';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-mails';
mkdirSync(SHOTS, { recursive: true });

test.use({ viewport: { width: 1440, height: 900 } });

// Issue 9 §4: admins see the outbox. A sign-up's code mail is listed as sent, by kind and recipient, never by its
// subject or code; the failed view (the default) says so when nothing failed.
test('the admin follows mails in the outbox: sent ones by kind, never their code; an empty failed list says so', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('outbox');
  const visitor = await browser.newPage();
  await register(visitor, email);
  const code = await codeFromOutbox(email);
  await visitor.close();

  await signInAdmin(page);
  await page.getByRole('link', { name: T.navMails }).click();
  await expect(page).toHaveURL(/\/admin\/mails/);
  await expect(page.getByRole('heading', { name: T.mailsTitle })).toBeVisible();
  await expect(page.getByText(T.emptyByStatus.failed)).toBeVisible();

  await page.getByLabel(T.statusFilterLabel).selectOption('sent');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row).toContainText(T.kindNames['sign-up-code']);
  await expect(page.locator('body')).not.toContainText(code);
  await page.screenshot({ path: `${SHOTS}/admin-mails-sent.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});
