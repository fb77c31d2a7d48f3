import { mkdirSync } from 'node:fs';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { seriousViolations } from '../support/axe';
import { field, signIn } from '../support/client';
import { demoClient, uniqueEmail } from '../support/outbox';
import { expect, test } from '../support/test';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone (390 px) every member shows its status and actions, on screen and uncut', async ({ page }) => {
  const demo = demoClient();
  await page.goto('/login');
  await signIn(page, demo.email, demo.password);
  await expect(page.getByRole('heading', { name: UI_TEXT.homeTitle })).toBeVisible();
  // a member with an actions menu (an open invitation)
  await page.goto('/invite-members');
  const invitee = uniqueEmail('phone');
  await field(page, UI_TEXT.emailLabel).fill(invitee);
  await page.getByRole('button', { name: UI_TEXT.inviteButton }).click();
  await expect(page.getByText(MESSAGES.invitationSent(invitee))).toBeVisible();
  await page.getByRole('link', { name: UI_TEXT.backToTeam }).click();

  const row = page.getByTestId('member-row').filter({ hasText: invitee });
  await expect(row).toBeVisible();
  const actions = row.getByRole('button', { name: UI_TEXT.memberActionsLabel(invitee) });
  const status = row.getByText(UI_TEXT.statusInvited, { exact: true });
  for (const target of [actions, status]) {
    const box = await target.boundingBox();
    if (!box) throw new Error('not shown');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // the badge's text is not cut: its box holds the whole text
  expect(await status.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  // nothing needs sideways scrolling
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // the sort buttons stay
  await expect(page.getByRole('button', { name: UI_TEXT.sortBy(UI_TEXT.statusColumn) })).toBeVisible();
  await actions.click();
  await expect(page.getByRole('menuitem', { name: UI_TEXT.revokeInvitation })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
  mkdirSync('/tmp/shots-B', { recursive: true });
  await page.screenshot({ path: '/tmp/shots-B/team-390.png', fullPage: true });
});
