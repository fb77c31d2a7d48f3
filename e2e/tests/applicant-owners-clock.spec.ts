import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@under/core/messages';
import { APPLICANT_TEXT as T } from '@under/core/ui-text/applicant';
import { OWNERS_TEXT as O } from '../../packages/web/src/features/applicant/owners/owners-text';
import { applicantPath, firstInput, freshPage, invited, saved, waitForMail } from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { field } from '../support/client';
import { uniqueEmail } from '../support/outbox';
import { expect, test } from '../support/test';

/**
 * The owners' journey that moves the server's clock (an expired link): it runs in the `clock` project, alone, after
 * the other journeys (playwright.config.ts); the rest of the owners' journeys are in applicant-owners.spec.ts.
 */
const SHOTS = '/tmp/shots-J';

const DAY_MS = 86_400_000;
/** The server reads its clock offset (ms) from this file (TEST_CLOCK_FILE in playwright.config.ts). */
const setClockOffset = (ms: number) =>
  writeFileSync(path.join(process.env.E2E_DATA_DIR as string, 'clock-offset'), String(ms));

test("4. an owner's expired link says so and e-mails a fresh link on request", async ({ page, request, browser }) => {
  test.setTimeout(90_000);
  const app = await invited(request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(app.path);
  await firstInput(page).fill('Expiring Trading');
  await saved(page);
  await page.getByRole('button', { name: T.ownersOpen }).click();
  await page.getByRole('button', { name: O.add }).click();
  const ownerEmail = uniqueEmail('late-owner');
  await field(page, O.nameLabel(2)).fill('Cy Late');
  await field(page, O.emailLabel(2)).fill(ownerEmail);
  await field(page, O.percentLabel(2)).fill('10');
  await page.getByRole('button', { name: O.save }).click();
  await expect(page.getByText(O.saved)).toBeVisible();
  const ownerPath = applicantPath(await waitForMail(ownerEmail));

  const owner = await freshPage(browser);
  try {
    // the link lives 30 days: 31 days later it is expired
    setClockOffset(31 * DAY_MS);
    await owner.page.goto(ownerPath);
    await expect(owner.page.getByText(MESSAGES.urlExpired)).toBeVisible();
    await expect(owner.page.getByText(T.expiredText)).toBeVisible();
    expect(await seriousViolations(owner.page)).toEqual([]);
    await owner.page.screenshot({ path: `${SHOTS}/expired-link-1280.png` });
    await owner.page.getByRole('button', { name: T.sendFreshLink }).click();
    await expect(owner.page.getByRole('status').filter({ hasText: T.freshLinkSent })).toBeVisible();
    const freshPath = applicantPath(await waitForMail(ownerEmail, 1));
    expect(freshPath).not.toBe(ownerPath);
    // the fresh link works (on the same moved clock) and opens the owner's part
    await owner.page.goto(freshPath);
    await expect(owner.page.getByRole('heading', { name: O.bannerTitle })).toBeVisible();
    await expect(field(owner.page, 'Owner 2 first name')).toBeEditable();
  } finally {
    setClockOffset(0);
    await owner.context.close();
  }
});
