import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { CUSTOM_FORMS_TEXT } from '@under/core/ui-text/client-custom-forms';
import { seriousViolations } from '../support/axe';
import { clientWithCompany, field, PASSWORD, registerCompany, signedUpUser, signIn } from '../support/client';
import { codeFromOutbox, demoClient, invitationPathFromOutbox, uniqueEmail } from '../support/outbox';
import { shot } from '../support/page-tools';
import { expect, test } from '../support/test';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** A second browser, for the invited member, with the same base URL as the first. */
async function secondBrowser(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return { context, page: await context.newPage() };
}

async function signInAsDemo(page: Page) {
  const demo = demoClient();
  await page.goto('/login');
  await signIn(page, demo.email, demo.password);
  await expect(page.getByRole('heading', { name: UI_TEXT.homeTitle })).toBeVisible();
  return demo;
}

/** A link of the header's main navigation. */
function nav(page: Page, label: string) {
  return page.getByRole('navigation', { name: UI_TEXT.mainNavigation }).getByRole('link', { name: label, exact: true });
}

function memberRow(page: Page, text: string) {
  return page.getByTestId('member-row').filter({ hasText: text });
}

test('register a company: /register-company, then the home page with plan, quotas and team', async ({ page }) => {
  const email = await signedUpUser(page);
  await expectAccessible(page);
  // the page's rules are the server's: required fields and the phone pattern
  await page.getByRole('button', { name: UI_TEXT.registerCompanyButton }).click();
  await expect(page.getByText(MESSAGES.companyNameRequired)).toBeVisible();
  await field(page, UI_TEXT.companyNameLabel).fill('AB');
  await field(page, UI_TEXT.phoneLabel).fill('12345');
  await field(page, UI_TEXT.firstNameLabel).click();
  await expect(page.getByText(MESSAGES.companyNameLength)).toBeVisible();
  await expect(page.getByText(MESSAGES.invalidPhone)).toBeVisible();
  await shot(page, 'register-company-errors');
  // other pages wait until there is a company
  await page.goto('/membership');
  await expect(page).toHaveURL(/\/register-company\?redirect=%2Fmembership/);

  await registerCompany(page, 'Harbor Credit Union', /\/membership$/);
  await nav(page, UI_TEXT.navHome).click();
  const main = page.getByRole('main');
  await expect(main.getByText('Harbor Credit Union')).toBeVisible();
  await expect(main.getByText('Basic')).toBeVisible();
  await expect(main.getByText(UI_TEXT.quotaOf(1, 1))).toBeVisible();
  await expect(main.getByText(UI_TEXT.quotaOf(0, 1))).toBeVisible();
  // a new institution is led first to Create form; its Basic plan has no seat, so Home points to the plans
  await expect(main.getByRole('link').first()).toHaveText(CUSTOM_FORMS_TEXT.createButton);
  await expect(main.getByText(UI_TEXT.teamAloneNoSeats)).toBeVisible();
  await expect(main.getByRole('link', { name: UI_TEXT.inviteTitle })).toHaveCount(0);
  await expect(main.getByText('Ann Lee')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'home');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'home-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // plans: six, the current one marked
  await nav(page, UI_TEXT.navPlans).click();
  await expect(page.getByTestId('plan-card')).toHaveCount(6);
  await expect(page.locator('[aria-current="true"]')).toContainText('Basic');
  await expectAccessible(page);
  await shot(page, 'membership');

  // profile: view, then edit names and phone
  await nav(page, UI_TEXT.navAccount).click();
  await expect(page.getByRole('heading', { name: UI_TEXT.profileTitle })).toBeVisible();
  await expect(page.getByText('(555) 123-4567')).toBeVisible();
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'all-profile');
  await page.getByRole('link', { name: UI_TEXT.editProfileLink }).click();
  await field(page, UI_TEXT.firstNameLabel).fill('Anna');
  await field(page, UI_TEXT.phoneLabel).fill('555.987.6543');
  await field(page, UI_TEXT.lastNameLabel).click();
  await expect(field(page, UI_TEXT.phoneLabel)).toHaveValue('(555) 987-6543');
  await page.getByRole('button', { name: UI_TEXT.saveButton }).click();
  await expect(page.getByText(UI_TEXT.profileSaved)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'edit-account');
  await page.goto('/all-profile');
  await expect(page.getByText('Anna Lee')).toBeVisible();
});

test('invite a member, who registers from the e-mailed link and shows up active; change their role; deactivating signs them out', async ({
  page,
  browser,
}) => {
  await signInAsDemo(page);
  await nav(page, UI_TEXT.navTeam).click();
  await expect(page.getByRole('heading', { name: UI_TEXT.teamTitle })).toBeVisible();
  await expectAccessible(page);

  const invitee = uniqueEmail('member');
  await page.getByRole('button', { name: UI_TEXT.inviteTitle }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Email/).fill(invitee);
  await dialog.getByRole('button', { name: UI_TEXT.inviteButton }).click();
  await expect(dialog.getByText(MESSAGES.invitationSent(invitee))).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'invite-dialog');
  await page.keyboard.press('Escape');
  await expect(memberRow(page, invitee)).toContainText(UI_TEXT.statusInvited);

  // the invited person, in a browser of their own
  const member = await secondBrowser(browser);
  const mp = member.page;
  await mp.goto(await invitationPathFromOutbox(invitee));
  await expect(mp.getByRole('heading', { name: UI_TEXT.invitationTitle('Demo Bank') })).toBeVisible();
  const email = field(mp, UI_TEXT.emailLabel);
  await expect(email).toHaveValue(invitee);
  await expect(email).toHaveAttribute('readonly', '');
  await expectAccessible(mp);
  await shot(mp, 'invitation');
  await field(mp, UI_TEXT.passwordLabel).fill(PASSWORD);
  await field(mp, UI_TEXT.confirmPasswordLabel).fill(PASSWORD);
  await mp.getByRole('button', { name: UI_TEXT.registerButton }).click();
  await expect(mp).toHaveURL(/\/verify-email/);
  await field(mp, UI_TEXT.verificationCodeLabel).fill(await codeFromOutbox(invitee));
  await mp.getByRole('button', { name: UI_TEXT.verifyButton }).click();
  await expect(mp).toHaveURL(/\/login/);
  await signIn(mp, invitee);
  await expect(mp.getByRole('heading', { name: UI_TEXT.joinTeamTitle('Demo Bank') })).toBeVisible();
  await expect(field(mp, UI_TEXT.companyNameLabel)).toHaveCount(0);
  await expectAccessible(mp);
  await shot(mp, 'join-team');
  await field(mp, UI_TEXT.firstNameLabel).fill('Sam');
  await field(mp, UI_TEXT.lastNameLabel).fill('Member');
  await field(mp, UI_TEXT.phoneLabel).fill('(555) 222-3333');
  await mp.getByRole('button', { name: UI_TEXT.joinTeamButton }).click();
  await expect(mp.getByRole('heading', { name: UI_TEXT.homeTitle })).toBeVisible();
  await expect(mp.getByRole('main').getByText('Demo Bank')).toBeVisible();
  // a STANDARD member sees no administrator navigation or actions
  await expect(nav(mp, UI_TEXT.navSettings)).toHaveCount(0);
  await expect(mp.getByRole('button', { name: UI_TEXT.inviteTitle })).toHaveCount(0);

  // the administrator sees the member active, with the invited role
  await page.reload();
  const row = memberRow(page, invitee);
  await expect(row).toContainText('Sam Member');
  await expect(row).toContainText(UI_TEXT.statusActive);
  await expect(row).toContainText('client standard');
  await shot(page, 'team');

  // role change
  await row.getByRole('button', { name: UI_TEXT.memberActionsLabel(invitee) }).click();
  await page.getByRole('menuitem', { name: UI_TEXT.makeAdministrator }).click();
  await expect(row).toContainText('client administrator');

  // deactivation asks first, then signs the member out
  await row.getByRole('button', { name: UI_TEXT.memberActionsLabel(invitee) }).click();
  await page.getByRole('menuitem', { name: UI_TEXT.deactivateMember }).click();
  const confirm = page.getByRole('dialog', { name: UI_TEXT.deactivateConfirmTitle });
  await expect(confirm).toContainText(UI_TEXT.deactivateConfirmText(invitee));
  // the row's menu closes with a transition: judge the page once it is gone (axe saw an empty role=menu mid-fade)
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'deactivate-confirm');
  await confirm.getByRole('button', { name: UI_TEXT.deactivateMember }).click();
  await expect(row).toContainText(UI_TEXT.statusInactive);

  // the member's next step finds them signed out, on /deactivated-account
  await nav(mp, UI_TEXT.navTeam).click();
  await expect(mp).toHaveURL(/\/deactivated-account$/);
  await expect(mp.getByText(MESSAGES.userDeactivated)).toBeVisible();
  await expectAccessible(mp);
  await shot(mp, 'deactivated');
  await mp.goto('/');
  await expect(mp).toHaveURL(/\/login/);
  await signIn(mp, invitee);
  await expect(mp).toHaveURL(/\/deactivated-account$/);
  await member.context.close();

  // the member overview
  await row.getByRole('link', { name: 'Sam Member' }).click();
  await expect(page.getByRole('heading', { name: UI_TEXT.memberTitle })).toBeVisible();
  await expect(page.getByText('(555) 222-3333')).toBeVisible();
  await expect(page.getByRole('button', { name: UI_TEXT.activateMember })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'member');
});

test('the team search waits for 3 characters and filters; page sizes are the spec options', async ({ page }) => {
  await signInAsDemo(page);
  await nav(page, UI_TEXT.navTeam).click();
  const search = page.getByLabel(UI_TEXT.searchMembersLabel);
  await search.fill('de');
  await expect(page.getByText(MESSAGES.searchLength)).toBeVisible();
  await search.fill('demo@under');
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await search.fill('nobody-here');
  await expect(page.getByText(UI_TEXT.noMembersFound)).toBeVisible();
  await expect(page.getByLabel(UI_TEXT.rowsPerPage).locator('option')).toHaveText([
    '10',
    '20',
    '25',
    '50',
    '75',
    '100',
  ]);
});

test('an invite page at the quota says so, links to the plans and disables Send', async ({ page }) => {
  await clientWithCompany(page, 'Basic Lending');
  await page.goto('/invite-members');
  const note = page.getByTestId('invite-no-seats');
  await expect(note).toContainText(UI_TEXT.inviteNoSeats);
  await expect(page.getByRole('button', { name: UI_TEXT.inviteButton })).toBeDisabled();
  await expectAccessible(page);
  await shot(page, 'invite-quota');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'invite-quota-390');
  await note.getByRole('link', { name: UI_TEXT.inviteSeePlans }).click();
  await expect(page).toHaveURL(/\/membership$/);
});

test('an e-mail already in the team is refused with "Email already add"', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto('/invite-members');
  // the e-mail rules show on the page, and someone who belongs to another team is refused
  await field(page, UI_TEXT.emailLabel).fill('not-an-email');
  await page.getByRole('button', { name: UI_TEXT.inviteButton }).click();
  await expect(page.getByText(MESSAGES.emailInvalid)).toBeVisible();
  const invitee = uniqueEmail('twice');
  await field(page, UI_TEXT.emailLabel).fill(invitee);
  await page.getByRole('button', { name: UI_TEXT.inviteButton }).click();
  await expect(page.getByText(MESSAGES.invitationSent(invitee))).toBeVisible();
  await field(page, UI_TEXT.emailLabel).fill(invitee);
  await page.getByRole('button', { name: UI_TEXT.inviteButton }).click();
  await expect(page.getByText(MESSAGES.emailAlreadyAdded)).toBeVisible();
  const link = await invitationPathFromOutbox(invitee);
  // revoke it again from the team page, after confirming
  await page.getByRole('link', { name: UI_TEXT.backToTeam }).click();
  const row = memberRow(page, invitee);
  await row.getByRole('button', { name: UI_TEXT.memberActionsLabel(invitee) }).click();
  await page.getByRole('menuitem', { name: UI_TEXT.revokeInvitation }).click();
  await page.getByRole('dialog').getByRole('button', { name: UI_TEXT.revokeInvitation }).click();
  await expect(row).toHaveCount(0);
  // the revoked link now says so
  await page.getByRole('button', { name: UI_TEXT.logOut }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: UI_TEXT.invitationInvalidTitle })).toBeVisible();
  await expect(page.getByText(MESSAGES.invitationRevoked)).toBeVisible();
});

test('whitelist domains: one invalid domain rejects the whole list', async ({ page }) => {
  await clientWithCompany(page, 'Domain Trust Bank');
  await nav(page, UI_TEXT.navSettings).click();
  await expect(page.getByRole('heading', { name: UI_TEXT.settingsTitle })).toBeVisible();
  const domains = field(page, UI_TEXT.whitelistLabel);
  await domains.fill('bank.com\nnot a domain\nmail.bank.co.uk');
  await page.getByRole('button', { name: UI_TEXT.whitelistSave }).click();
  await expect(page.getByText(MESSAGES.invalidDomainList)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'whitelist-invalid');
  await domains.fill('Bank.com\nmail.bank.co.uk\n');
  await page.getByRole('button', { name: UI_TEXT.whitelistSave }).click();
  await expect(page.getByText(UI_TEXT.whitelistSaved)).toBeVisible();
  await page.reload();
  await expect(field(page, UI_TEXT.whitelistLabel)).toHaveValue('bank.com\nmail.bank.co.uk');
});

test('a logo upload shows in the header; files that are not images are refused', async ({ page }) => {
  await clientWithCompany(page, 'Logo Savings');
  await expect(page.getByTestId('header-logo')).toHaveCount(0);
  await page.goto('/application-settings');
  const input = page.locator('input[type="file"]');
  // named .png but not a PNG: the server checks the content
  await input.setInputFiles(path.join(FIXTURES, 'not-an-image.png'));
  await page.getByRole('button', { name: UI_TEXT.logoUploadButton }).click();
  await expect(page.getByText(MESSAGES.fileTypeNotSupported)).toBeVisible();
  // an empty file is refused on the page
  await input.setInputFiles({ name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) });
  await expect(page.getByText(MESSAGES.fileEmpty)).toBeVisible();
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText(MESSAGES.fileTypeNotSupported)).toBeVisible();

  await input.setInputFiles(path.join(FIXTURES, 'logo.png'));
  await page.getByRole('button', { name: UI_TEXT.logoUploadButton }).click();
  await expect(page.getByText(UI_TEXT.logoUploaded)).toBeVisible();
  const logo = page.getByTestId('header-logo');
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('alt', UI_TEXT.logoAlt('Logo Savings'));
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  const box = await logo.boundingBox();
  expect(box?.width).toBe(80);
  expect(box?.height).toBe(37);
  await expectAccessible(page);
  await shot(page, 'settings-logo');
});

test('expired, revoked or unknown invitation links get a clear page', async ({ page }) => {
  await page.goto('/register/this-code-does-not-exist-anywhere-0001');
  await expect(page.getByRole('heading', { name: UI_TEXT.invitationInvalidTitle })).toBeVisible();
  await expect(page.getByRole('main').getByText(MESSAGES.invitationNotFound)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'invitation-invalid');
});
