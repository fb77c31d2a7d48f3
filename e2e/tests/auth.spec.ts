import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { ADMIN } from '../playwright.config';
import { adminHeaders } from '../support/admin-api';
import { seriousViolations } from '../support/axe';
import { field, PASSWORD, register, registerCompany, signIn, verify } from '../support/client';
import { codeFromOutbox, lastMailTo, mailCount, uniqueEmail } from '../support/outbox';
import { shot } from '../support/page-tools';
import { expect, test } from '../support/test';

/** A confirmed client account made through the pages. */
async function confirmedAccount(page: Page) {
  const email = uniqueEmail();
  await register(page, email);
  await verify(page, email);
  await expect(page).toHaveURL(/\/login/);
  return email;
}

/** The alert's background against Mantine's green and brand (orange) light shades, as the browser paints them. */
async function noticeColours(notice: Locator) {
  return notice.evaluate((element) => {
    const paint = (variable: string) => {
      const probe = document.createElement('div');
      probe.style.backgroundColor = `var(${variable})`;
      document.body.append(probe);
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    };
    return {
      shown: getComputedStyle(element).backgroundColor,
      green: paint('--mantine-color-green-light'),
      brand: paint('--mantine-color-brand-light'),
    };
  });
}

test('sign up, read the code from the outbox, verify, sign in and land on /', async ({ page }) => {
  const email = uniqueEmail('signup');
  await register(page, email);
  await expect(page.getByText(email)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await verify(page, email);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(UI_TEXT.emailVerified)).toBeVisible();
  await signIn(page, email);
  // a new account has no company yet: it registers one first (issue 3)
  await expect(page).toHaveURL(/\/register-company$/);
  await expect(page.getByRole('heading', { name: UI_TEXT.registerCompanyTitle })).toBeVisible();
  await registerCompany(page, 'Signup Savings');
  await expect(page).toHaveURL(/\/$/);
  // the header names the signed-in user (shown beside a long navigation only on wide screens)
  await expect(page.getByTestId('header-email')).toContainText(email);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('home.png') });
  // the session survives a reload (the refresh cookie restores it)
  await page.reload();
  await expect(page.getByRole('heading', { name: UI_TEXT.homeTitle })).toBeVisible();
});

test('a newly verified user lands on sign-in with the e-mail filled in and a green notice', async ({ page }) => {
  const email = uniqueEmail('verified');
  await register(page, email);
  await verify(page, email);
  await expect(page).toHaveURL(/\/login$/);
  const notice = page.getByRole('status').filter({ hasText: UI_TEXT.emailVerified });
  await expect(notice).toBeVisible();
  const colours = await noticeColours(notice);
  expect(colours.shown).toBe(colours.green);
  expect(colours.shown).not.toBe(colours.brand);
  await expect(field(page, UI_TEXT.emailLabel)).toHaveValue(email);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'verified-sign-in');
  // only the password is left to type
  await field(page, UI_TEXT.passwordLabel).fill(PASSWORD);
  await page.getByRole('button', { name: UI_TEXT.signInButton }).click();
  await expect(page.getByRole('heading', { name: UI_TEXT.registerCompanyTitle })).toBeVisible();
});

test('the register page shows the password rules and refuses mismatched passwords', async ({ page }) => {
  await page.goto('/register');
  await field(page, UI_TEXT.emailLabel).fill('someone@example.com');
  await field(page, UI_TEXT.passwordLabel).fill('short');
  await field(page, UI_TEXT.confirmPasswordLabel).fill('different1');
  await page.getByRole('button', { name: UI_TEXT.registerButton }).click();
  await expect(page.getByText(MESSAGES.passwordRules)).toBeVisible();
  await expect(page.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();
  await expect(page).toHaveURL(/\/register/);
});

test('a wrong code is refused with a message, and a new code can be sent', async ({ page }) => {
  const email = uniqueEmail('code');
  await register(page, email);
  const good = await codeFromOutbox(email);
  await field(page, UI_TEXT.verificationCodeLabel).fill(good === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: UI_TEXT.verifyButton }).click();
  await expect(page.getByText(MESSAGES.codeInvalid)).toBeVisible();
  await page.getByRole('button', { name: UI_TEXT.resendCodeButton }).click();
  await expect(page.getByText(UI_TEXT.codeResent)).toBeVisible();
  await expect.poll(() => mailCount(email)).toBe(2);
  await verify(page, email, 1);
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong password shows "Invalid email or password"', async ({ page }) => {
  const email = await confirmedAccount(page);
  await signIn(page, email, 'Wrong9999');
  await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('forgot password end to end', async ({ page }) => {
  const email = await confirmedAccount(page);
  const before = mailCount(email);
  await page.getByRole('link', { name: UI_TEXT.forgotPasswordLink }).click();
  await expect(page).toHaveURL(/\/forgot-password/);
  await field(page, UI_TEXT.emailLabel).fill(email);
  await page.getByRole('button', { name: UI_TEXT.sendCodeButton }).click();
  await expect(page).toHaveURL(/\/verify-reset-password/);
  const code = await codeFromOutbox(email, before);
  await field(page, UI_TEXT.verificationCodeLabel).fill(code);
  await page.getByRole('button', { name: UI_TEXT.continueButton }).click();
  await expect(page).toHaveURL(/\/reset-password/);
  await field(page, UI_TEXT.newPasswordLabel).fill('Renewed456');
  await field(page, UI_TEXT.confirmNewPasswordLabel).fill('Renewed456');
  await page.getByRole('button', { name: UI_TEXT.resetPasswordButton }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(UI_TEXT.passwordResetDone)).toBeVisible();
  await signIn(page, email, PASSWORD);
  await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  await signIn(page, email, 'Renewed456');
  await expect(page.getByRole('heading', { name: UI_TEXT.registerCompanyTitle })).toBeVisible();
});

test('log out returns to login, and the app is closed afterwards', async ({ page }) => {
  const email = await confirmedAccount(page);
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: UI_TEXT.registerCompanyTitle })).toBeVisible();
  await page.getByRole('button', { name: UI_TEXT.logOut }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
});

test('a deep link while signed out goes to login and back', async ({ page }) => {
  const email = await confirmedAccount(page);
  await page.goto('/edit-account');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fedit-account/);
  await signIn(page, email);
  // without a company the page waits for one, then comes back
  await expect(page).toHaveURL(/\/register-company\?redirect=%2Fedit-account$/);
  await registerCompany(page, 'Deep Link Bank', /\/edit-account$/);
  await expect(page).toHaveURL(/\/edit-account$/);
  await expect(page.getByRole('heading', { name: UI_TEXT.editAccountTitle })).toBeVisible();
});

test('changing the password forces a new sign-in', async ({ page }) => {
  const email = await confirmedAccount(page);
  await signIn(page, email);
  await registerCompany(page, 'Password Bank');
  await page.goto('/edit-account');
  await field(page, UI_TEXT.oldPasswordLabel).fill(PASSWORD);
  await field(page, UI_TEXT.newPasswordLabel).fill('Changed789');
  await field(page, UI_TEXT.confirmNewPasswordLabel).fill('Changed789');
  await page.getByRole('button', { name: UI_TEXT.changePasswordButton }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(UI_TEXT.passwordChanged)).toBeVisible();
  await signIn(page, email, 'Changed789');
  await expect(page.getByRole('heading', { name: UI_TEXT.homeTitle })).toBeVisible();
});

test('unknown routes show the 404 page with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText(MESSAGES.notFoundPage)).toBeVisible();
  await expect(page.getByRole('link', { name: UI_TEXT.backHome })).toBeVisible();
});

test('the admin signs in and lands on /admin/pdf-mapping', async ({ page }) => {
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByRole('heading', { name: UI_TEXT.adminSignInTitle })).toBeVisible();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/pdf-mapping$/);
  await expect(page.getByRole('heading', { name: UI_TEXT.pdfMappingTitle })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // an authenticated admin who opens the login page goes to the PDF mapping list
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin\/pdf-mapping$/);
});

test('the admin resets a forgotten password from the sign-in page, following the link in the mail', async ({
  page,
  browser,
  request,
}) => {
  // an admin of its own: resetting the seeded admin's password ended every other journey's admin session (the
  // CardConnect mapper journey found itself on the sign-in page when both ran at once)
  const headers = await adminHeaders(request);
  const email = uniqueEmail('admin-reset');
  const invited = await request.post('/api/admin-users', {
    headers,
    data: { email, firstName: 'Reset', lastName: 'Admin' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await expect.poll(() => mailCount(email)).toBe(1);
  // the invitation's way in is the recovery: a first password through the API, then the journey renews it
  const first = 'AdminFirst123';
  const asked = await request.post('/api/auth/admin/forgot-password', { data: { email } });
  expect(asked.status()).toBe(200);
  const set = await request.post('/api/auth/admin/confirm-forgot-password', {
    data: { email, code: await codeFromOutbox(email, 1), newPassword: first },
  });
  expect(set.status(), await set.text()).toBe(200);
  const renewed = 'AdminRenewed456';
  await page.goto('/admin/login');
  await page.getByRole('link', { name: UI_TEXT.forgotPasswordLink }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
  await expect(page.getByRole('heading', { name: UI_TEXT.forgotPasswordTitle })).toBeVisible();
  await expect(page.getByText(UI_TEXT.adminAppName, { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'admin-forgot-password');
  const before = mailCount(email);
  await field(page, UI_TEXT.emailLabel).fill(email);
  await page.getByRole('button', { name: UI_TEXT.sendCodeButton }).click();
  await expect(page).toHaveURL(/\/admin\/verify-reset-password$/);
  const code = await codeFromOutbox(email, before);

  // the mail links to the admin app's code page; opened in a fresh tab it asks for the e-mail as well
  const link = lastMailTo(email).match(/https?:\/\/[^\s"<>]+\/admin\/verify-reset-password/)?.[0];
  expect(link).toBeTruthy();
  const context = await browser.newContext();
  const fromMail = await context.newPage();
  await fromMail.goto(new URL(link as string).pathname);
  await expect(fromMail.getByText(UI_TEXT.verifyResetAskEmail)).toBeVisible();
  await field(fromMail, UI_TEXT.emailLabel).fill(email);
  await field(fromMail, UI_TEXT.verificationCodeLabel).fill(code);
  await fromMail.getByRole('button', { name: UI_TEXT.continueButton }).click();
  await expect(fromMail).toHaveURL(/\/admin\/reset-password$/);
  await field(fromMail, UI_TEXT.newPasswordLabel).fill(renewed);
  await field(fromMail, UI_TEXT.confirmNewPasswordLabel).fill(renewed);
  await fromMail.getByRole('button', { name: UI_TEXT.resetPasswordButton }).click();
  await expect(fromMail).toHaveURL(/\/admin\/login$/);
  const notice = fromMail.getByRole('status').filter({ hasText: UI_TEXT.passwordResetDone });
  await expect(notice).toBeVisible();
  const colours = await noticeColours(notice);
  expect(colours.shown).toBe(colours.green);
  await expect(field(fromMail, UI_TEXT.emailLabel)).toHaveValue(email);
  await shot(fromMail, 'admin-password-reset-done');

  await signIn(fromMail, email, first);
  await expect(fromMail.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  await signIn(fromMail, email, renewed);
  await expect(fromMail).toHaveURL(/\/admin\/pdf-mapping$/);
  await context.close();
});

test('a client account is refused by the admin app', async ({ page }) => {
  const email = await confirmedAccount(page);
  await page.goto('/admin/login');
  await signIn(page, email);
  await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);
});

test('the forms can be completed with the keyboard alone', async ({ page }) => {
  const email = await confirmedAccount(page);
  await page.goto('/login');
  await field(page, UI_TEXT.emailLabel).focus();
  // the sign-in page may have kept the e-mail it was handed after verification: replace it
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: UI_TEXT.registerCompanyTitle })).toBeVisible();
});
