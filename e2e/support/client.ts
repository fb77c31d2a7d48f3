import { expect, type Page } from '@playwright/test';
import { MESSAGES } from '@under/core/messages';
import { codeFromOutbox, uniqueEmail } from './outbox';

export const PASSWORD = 'Secret123';

/** The input labelled exactly `label` (a required field's label ends with an asterisk). */
export function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await field(page, MESSAGES.emailLabel).fill(email);
  await field(page, MESSAGES.passwordLabel).fill(password);
  await page.getByRole('button', { name: MESSAGES.signInButton }).click();
}

/** Sign-up, the code from the outbox, sign-in: a confirmed user without a company, on /register-company. */
export async function signedUpUser(page: Page, email = uniqueEmail('client')) {
  await page.goto('/register');
  await field(page, MESSAGES.emailLabel).fill(email);
  await field(page, MESSAGES.passwordLabel).fill(PASSWORD);
  await field(page, MESSAGES.confirmPasswordLabel).fill(PASSWORD);
  await page.getByRole('button', { name: MESSAGES.registerButton }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  await field(page, MESSAGES.verificationCodeLabel).fill(await codeFromOutbox(email));
  await page.getByRole('button', { name: MESSAGES.verifyButton }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: MESSAGES.registerCompanyTitle })).toBeVisible();
  return email;
}

/** Fills /register-company and lands on the home page. */
/** Fills /register-company; lands on the home page, or on `landsOn` when the guard kept a page to come back to. */
export async function registerCompany(page: Page, companyName: string, landsOn?: RegExp) {
  await field(page, MESSAGES.companyNameLabel).fill(companyName);
  await field(page, MESSAGES.firstNameLabel).fill('Ann');
  await field(page, MESSAGES.lastNameLabel).fill('Lee');
  await field(page, MESSAGES.phoneLabel).fill('555 123 4567');
  await page.getByRole('button', { name: MESSAGES.registerCompanyButton }).click();
  if (landsOn) await expect(page).toHaveURL(landsOn);
  else await expect(page.getByRole('heading', { name: MESSAGES.homeTitle })).toBeVisible();
}
