import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { BUTTON_LINK_HEADERS } from '@under/core/integrations/button-links.schema';
import { ADMIN_BUTTON_LINKS_TEXT as T } from '@under/core/ui-text/admin-button-links';
import { BUTTON_LINK_RECEIVER_PORT } from '../playwright.config';
import { signInAdmin, uniqueName } from '../support/admin';
import { seriousViolations } from '../support/axe';
import { waitForToastsGone } from '../support/page-tools';
import { expect, test } from '../support/test';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-button-links';
mkdirSync(SHOTS, { recursive: true });

test.use({ viewport: { width: 1440, height: 900 } });

// Issue #24 §4: the admin adds a button link (its secret shown once), turns it off (one last signed event), sees the
// receiver's 503 in the delivery log, and resends it: a new delivery of the same event, delivered.
test('the admin adds a button link, sees a failed delivery in the log and resends it', async ({ page }) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const answers = [503];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = answers.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(BUTTON_LINK_RECEIVER_PORT, '127.0.0.1', r));
  try {
    const name = uniqueName('Ops hook');
    await signInAdmin(page);
    await page.getByRole('link', { name: T.navButtonLinks }).click();
    await expect(page).toHaveURL(/\/admin\/button-links$/);
    await expect(page.getByRole('heading', { name: T.title })).toBeVisible();

    await page.getByRole('button', { name: T.addButton }).click();
    const dialog = page.getByRole('dialog', { name: T.addTitle });
    // the company is searched by name (every company, not a first page)
    const company = dialog.getByRole('combobox', { name: T.companyLabel });
    await company.click();
    await company.fill('Demo');
    await page.getByRole('option', { name: 'Demo Bank' }).click();
    await dialog.getByLabel(T.nameLabel).fill(name);
    await dialog.getByLabel(T.urlLabel).fill(`http://127.0.0.1:${BUTTON_LINK_RECEIVER_PORT}/hooks/under`);
    await page.screenshot({ path: `${SHOTS}/button-link-add.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: T.saveButton }).click();

    const secretDialog = page.getByRole('dialog', { name: T.secretTitle });
    const secret = (await secretDialog.getByTestId('button-link-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.screenshot({ path: `${SHOTS}/button-link-secret.png` });
    await secretDialog.getByRole('button', { name: T.secretDone }).click();
    const row = page.getByTestId('button-link-row').filter({ hasText: name });
    await expect(row).toContainText(T.statusNames.active);
    await expect(row).toContainText(secret.slice(-4));
    await expect(page.locator('body')).not.toContainText(secret);

    // turning off sends one last event; the receiver answers 503 the first time
    await row.getByRole('button', { name: T.turnOffButton }).click();
    await page.getByRole('dialog', { name: T.turnOffTitle }).getByRole('button', { name: T.turnOffConfirm }).click();
    await expect(row).toContainText(T.statusNames.inactive);
    await waitForToastsGone(page);
    await page.screenshot({ path: `${SHOTS}/button-links-list.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('link', { name: T.logLabel(name) }).click();
    await expect(page.getByRole('heading', { name: T.logTitle(name) })).toBeVisible();
    const first = page.getByTestId('delivery-row').first();
    await expect(first).toContainText('503', { timeout: 20_000 });
    await expect(first).toContainText(T.stateNames.queued);
    await expect(first).toContainText('The receiver answered HTTP 503.');
    await page.screenshot({ path: `${SHOTS}/button-link-log-503.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await first.getByRole('button', { name: T.resendButton }).click();
    await page.getByRole('dialog', { name: T.resendTitle }).getByRole('button', { name: T.resendConfirm }).click();
    await expect(page.getByTestId('delivery-row')).toHaveCount(2);
    const resent = page.getByTestId('delivery-row').first();
    await expect(resent).toContainText(T.stateNames.delivered, { timeout: 20_000 });
    await expect(resent).toContainText('200');
    await expect(resent).toContainText(T.resentOf);
    await waitForToastsGone(page);
    await page.screenshot({ path: `${SHOTS}/button-link-log-resent.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // the receiver got the same event twice, each signed with the secret shown once
    expect(received).toHaveLength(2);
    const [one, two] = received as [(typeof received)[0], (typeof received)[0]];
    expect(two.body).toBe(one.body);
    expect(JSON.parse(one.body)).toMatchObject({ type: 'integration.turned-off', application: null });
    expect(two.headers[BUTTON_LINK_HEADERS.eventId]).toBe(one.headers[BUTTON_LINK_HEADERS.eventId]);
    for (const r of received) {
      const ts = r.headers[BUTTON_LINK_HEADERS.timestamp] as string;
      const mac = createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex');
      expect(r.headers[BUTTON_LINK_HEADERS.signature]).toBe(`v1=${mac}`);
    }
  } finally {
    await new Promise((r) => receiver.close(r));
  }
});
