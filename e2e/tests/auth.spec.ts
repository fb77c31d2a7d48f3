import { expect, type Page, test } from '@playwright/test';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { ADMIN } from '../playwright.config';
import { seriousViolations } from '../support/axe';
import { field, PASSWORD, register, registerCompany, signIn, verify } from '../support/client';
import { codeFromOutbox, mailCount, uniqueEmail } from '../support/outbox';

/** A confirmed client account made through the pages. */
async function confirmedAccount(page: Page) {
  const email = uniqueEmail();
  await register(page, email);
  await verify(page, email);
  await expect(page).toHaveURL(/\/login/);
  return email;
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
  await expect(page.getByText(email).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('home.png') });
  // the session survives a reload (the refresh cookie restores it)
  await page.reload();
  await expect(page.getByRole('heading', { name: UI_TEXT.homeTitle })).toBeVisible();
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
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: UI_TEXT.registerCompanyTitle })).toBeVisible();
});
