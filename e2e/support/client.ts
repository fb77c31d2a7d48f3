import { expect, type Locator, type Page } from '@playwright/test';
import { UI_TEXT } from '@under/core/ui-text';
import { codeFromOutbox, uniqueEmail } from './outbox';

export const PASSWORD = 'Secret123';

/** The input labelled exactly `label` (a required field's label ends with an asterisk). */
export function field(scope: Page | Locator, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

/** Fills /register and lands on /verify-email. */
export async function register(page: Page, email: string, password = PASSWORD) {
  await page.goto('/register');
  await field(page, UI_TEXT.emailLabel).fill(email);
  await field(page, UI_TEXT.passwordLabel).fill(password);
  await field(page, UI_TEXT.confirmPasswordLabel).fill(password);
  await page.getByRole('button', { name: UI_TEXT.registerButton }).click();
  await expect(page).toHaveURL(/\/verify-email/);
}

/** Enters the newest code mailed to `email` (skipping the first `after` mails) on a verify page. */
export async function verify(page: Page, email: string, after = 0) {
  await field(page, UI_TEXT.verificationCodeLabel).fill(await codeFromOutbox(email, after));
  await page.getByRole('button', { name: UI_TEXT.verifyButton }).click();
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await field(page, UI_TEXT.emailLabel).fill(email);
  await field(page, UI_TEXT.passwordLabel).fill(password);
  await page.getByRole('button', { name: UI_TEXT.signInButton }).click();
}

/** Sign-up, the code from the outbox, sign-in: a confirmed user without a company, on /register-company. */
export async function signedUpUser(page: Page, email = uniqueEmail('client')) {
  await register(page, email);
  await verify(page, email);
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: UI_TEXT.registerCompanyTitle })).toBeVisible();
  return email;
}

/** Fills /register-company; lands on the home page, or on `landsOn` when the guard kept a page to come back to. */
export async function registerCompany(page: Page, companyName: string, landsOn?: RegExp) {
  await field(page, UI_TEXT.companyNameLabel).fill(companyName);
  await field(page, UI_TEXT.firstNameLabel).fill('Ann');
  await field(page, UI_TEXT.lastNameLabel).fill('Lee');
  await field(page, UI_TEXT.phoneLabel).fill('555 123 4567');
  await page.getByRole('button', { name: UI_TEXT.registerCompanyButton }).click();
  if (landsOn) await expect(page).toHaveURL(landsOn);
  else await expect(page.getByRole('heading', { name: UI_TEXT.homeTitle })).toBeVisible();
}

/**
 * A new client with a company, signed in on the home page, made through the API (sign-up, the code from the outbox,
 * confirmation, sign-in, company) for the journeys whose subject comes after: a few seconds less each than through
 * the pages (auth.spec.ts and accounts.spec.ts go through the pages). The sign-in sets the session cookie of the
 * page's browser context (page.request shares it), so the app opens signed in.
 */
export async function clientWithCompany(page: Page, companyName: string, email = uniqueEmail('client')) {
  const api = page.request;
  const signedUp = await api.post('/api/auth/client/sign-up', { data: { email, password: PASSWORD } });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  const code = await codeFromOutbox(email);
  const confirmed = await api.post('/api/auth/client/confirm-sign-up', { data: { email, code } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const signedIn = await api.post('/api/auth/client/sign-in', { data: { email, password: PASSWORD } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  const profile = await api.post('/api/profiles', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { email, companyName, firstName: 'Ann', lastName: 'Lee', phoneNumber: '555 123 4567' },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: UI_TEXT.homeTitle })).toBeVisible();
  return email;
}
