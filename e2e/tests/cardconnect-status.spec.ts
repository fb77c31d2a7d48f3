import type { Route } from '@playwright/test';
import { CC_STATUS_TEXT as C } from '@under/core/ui-text/cardconnect-status';
import { APPLICATIONS_TEXT as A } from '@under/core/ui-text/client-applications';
import { activeDemoForm, submitApplication } from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/client';
import { demoClient, uniqueEmail } from '../support/outbox';
import { overflowing, shot } from '../support/page-tools';
import { expect, test } from '../support/test';

/**
 * Issue #24 §1 Status (decision 087): the application page's CardConnect boarding panel. The CardConnect sync that
 * gives an application its merchant id is another part of the issue, so this journey answers the two cc-status calls
 * in the browser (the server's own answers are covered by cc-status.routes.test.ts against the simulator): the panel's
 * words, Refresh moving boarding and signature on, the changes, axe, and 390 px without sideways scroll.
 */
const change = (at: string, b: [string, string], s: [string, string]) => ({
  at,
  boardingStatusCd: b[0],
  boardingStatus: b[1],
  signatureStatusCd: s[0],
  signatureStatus: s[1],
});
const OFS = {
  configured: true,
  sent: true,
  merchantId: '4000000000001',
  boardingStatusCd: 'OFS',
  boardingStatus: 'Out for signature',
  signatureStatusCd: 'PENDING',
  signatureStatus: 'Pending',
  final: false,
  pending: true,
  lastCheckedAt: new Date(Date.now() - 60_000).toISOString(),
  nextCheckAt: new Date(Date.now() + 60_000).toISOString(),
  message: C.stillProcessing,
  problems: [],
  history: [
    change(new Date(Date.now() - 60_000).toISOString(), ['OFS', 'Out for signature'], ['PENDING', 'Pending']),
    change(new Date(Date.now() - 600_000).toISOString(), ['INPROG', 'In progress'], ['NOT_SENT', 'Not sent']),
  ],
};
const LIVE = {
  ...OFS,
  boardingStatusCd: 'LIVE',
  boardingStatus: 'Live',
  signatureStatusCd: 'SIGNED',
  signatureStatus: 'Signed',
  final: true,
  pending: false,
  lastCheckedAt: new Date().toISOString(),
  nextCheckAt: null,
  message: null,
  history: [change(new Date().toISOString(), ['LIVE', 'Live'], ['SIGNED', 'Signed']), ...OFS.history],
};

test('the CardConnect boarding panel: still processing, Refresh moves it to Live, accessible at 390 px', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { email: clientEmail, password } = demoClient();
  const { customFormId } = await activeDemoForm(request, clientEmail, password);
  const email = uniqueEmail('ccstatus');
  await submitApplication(page, customFormId, email, `Boarding Trading ${Date.now() % 100000}`);

  let current: object = OFS;
  let refreshes = 0;
  await page.route(/\/api\/applications\/[^/]+\/cc-status(\/refresh)?$/, async (route: Route) => {
    if (route.request().method() === 'POST') {
      refreshes += 1;
      current = LIVE;
    }
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(current) });
  });

  await page.goto('/login');
  await signIn(page, clientEmail, password);
  await page.getByRole('link', { name: A.navApplications, exact: true }).click();
  await page.getByLabel(A.searchLabel).fill(email);
  await expect(page.getByRole('row')).toHaveCount(2, { timeout: 10_000 });
  await page.getByRole('row').nth(1).getByRole('link').first().click();

  const panel = page.getByRole('region', { name: C.title });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('cc-merchant-id')).toHaveText('4000000000001');
  await expect(panel.getByTestId('cc-boarding')).toHaveText('Out for signature');
  await expect(panel.getByTestId('cc-signature')).toHaveText('Pending');
  await expect(panel.getByTestId('cc-message')).toHaveText(C.stillProcessing);
  await expect(panel.getByTestId('cc-change')).toHaveCount(2);
  await panel.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'cc-status-processing', { fullPage: false });

  // Refresh by keyboard: CardConnect's answer replaces the status, the status region says it was checked
  const refresh = panel.getByRole('button', { name: C.refresh });
  await refresh.focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toHaveText(C.refreshed);
  await expect(panel.getByTestId('cc-boarding')).toHaveText('Live');
  await expect(panel.getByTestId('cc-signature')).toHaveText('Signed');
  await expect(panel.getByTestId('cc-final')).toHaveText(C.final);
  await expect(panel.getByTestId('cc-change')).toHaveCount(3);
  expect(refreshes).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  expect(await overflowing(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'cc-status-live-390', { fullPage: false });
});
