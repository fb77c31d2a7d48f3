import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { APPLICANT_TEXT } from '@under/core/ui-text/applicant';
import { SIGNING_TEXT } from '@under/core/ui-text/applicant-signing';
import { VAULT_TEXT } from '@under/core/ui-text/applicant-vault';
import { ADMIN } from '../playwright.config';
import { uniqueName } from './admin';
import { demoClient, lastMailTo, mailCount, uniqueEmail } from './outbox';

/** The demo client's API headers and a new active form of its own on the seeded sample master form. */
export async function activeDemoForm(
  request: APIRequestContext,
  email: string,
  password: string,
  options: { termsAndConditions?: string } = {},
) {
  const signedIn = await request.post('/api/auth/client/sign-in', { data: { email, password } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const headers = { authorization: `Bearer ${(await signedIn.json()).accessToken}` };
  const masters = (await (await request.get('/api/client_master_forms', { headers })).json()) as {
    formId: string;
    name: string;
  }[];
  const sample = masters.find((m) => m.name === 'Sample merchant application') ?? masters[0];
  if (!sample) throw new Error('the demo client has no master form to build on');
  const name = uniqueName('Invite form');
  let created = await request.post('/api/custom_forms', { headers, data: { masterFormId: sample.formId, name } });
  if (created.status() === 409 && (await created.text()).includes('form-quota')) {
    // the demo team's plan keeps 10 forms and every journey makes one (a retried journey, two): the operator moves
    // the demo team to the unlimited plan, as an admin would for a busy institution, and the form is made again
    await unlimitedDemoPlan(request, headers);
    created = await request.post('/api/custom_forms', { headers, data: { masterFormId: sample.formId, name } });
  }
  expect(created.status(), await created.text()).toBe(201);
  const { customFormId } = await created.json();
  if (options.termsAndConditions) {
    const terms = await request.post(`/api/custom_forms/${customFormId}`, {
      headers,
      data: { customFormDocument: { termsAndConditions: options.termsAndConditions } },
    });
    expect(terms.ok(), await terms.text()).toBe(true);
  }
  const on = await request.patch(`/api/custom_forms/${customFormId}/status`, { headers, data: { status: 'active' } });
  expect(on.ok(), await on.text()).toBe(true);
  return { customFormId: customFormId as string, name, headers };
}

/** The seeded operator sets the demo team's plan to Signature Plus (no form quota), through the admin API. */
async function unlimitedDemoPlan(request: APIRequestContext, headers: Record<string, string>) {
  const me = await request.get('/api/me', { headers });
  expect(me.ok(), await me.text()).toBe(true);
  const companyId = ((await me.json()) as { company: { id: string } }).company.id;
  const admin = await request.post('/api/auth/admin/sign-in', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(admin.ok(), await admin.text()).toBe(true);
  const changed = await request.put(`/api/accounts/${companyId}/subscription-level`, {
    headers: { authorization: `Bearer ${(await admin.json()).accessToken}` },
    data: { membershipId: 'MEMBERSHIP_006' },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
}

/** Waits until `to` has received more than `after` e-mails; returns the newest. */
export async function waitForMail(to: string, after = 0) {
  await expect.poll(() => mailCount(to), { timeout: 15_000 }).toBeGreaterThan(after);
  return lastMailTo(to);
}

/** The applicant's link in an e-mail, as a path on the server the journeys use (the host is PUBLIC_URL's). */
export function applicantPath(mail: string): string {
  const link = mail.match(/\/application-form\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{40,}\/[^\s"<>]+/)?.[0];
  if (!link) throw new Error(`no applicant link in:\n${mail}`);
  return link;
}

/** Values the sample form's rules accept, by label (patterns of the starter dictionary). */
const BY_LABEL: [RegExp, string][] = [
  [/EIN|routing/i, '021000021'],
  [/SSN|social security/i, '123-45-6789'],
  [/account number/i, '000123456789'],
  [/\bstate\b/i, 'CA'],
  [/ZIP/i, '94105'],
  [/MCC/i, '5812'],
  [/card present/i, '60'],
  [/keyed|e-commerce/i, '20'],
  [/ownership/i, '100'],
  [/title/i, 'Owner'],
];

/**
 * Fills the required inputs of the wizard's current page that are still empty (the sample form: text, e-mail,
 * phone, numbers, dates, radio groups, selects, a typed signature).
 */
export async function fillRequired(page: Page, email: string) {
  const form = page.locator('form[aria-label]');
  for (const group of await form.locator('[role=radiogroup][aria-required=true]').all()) {
    if ((await group.locator('input:checked').count()) === 0) await group.locator('input[type=radio]').first().check();
  }
  // the segmented control's radio input is visually hidden (a forced check can land outside the viewport): a DOM
  // click selects it as the label would
  for (const how of await form.getByRole('radio', { name: 'Type your name' }).all()) {
    if (!(await how.isChecked())) await how.evaluate((el) => (el as HTMLInputElement).click());
  }
  for (const typed of await form.getByLabel(/type your full name$/).all()) {
    if ((await typed.inputValue()) === '') await typed.fill('Ann Lee');
  }
  const inputs = form.locator(
    'input[required]:not([readonly]):not([type=radio]):not([type=checkbox]), textarea[required]:not([readonly])',
  );
  for (const input of await inputs.all()) {
    if (!(await input.isVisible()) || (await input.inputValue()) !== '') continue;
    const id = (await input.getAttribute('id')) ?? '';
    const label = id ? ((await form.locator(`label[for="${id}"]`).first().textContent()) ?? '') : '';
    await input.fill(
      valueFor(label, (await input.getAttribute('type')) ?? 'text', await input.getAttribute('inputmode'), email),
    );
  }
  for (const select of await form.locator('select[required]').all()) {
    if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
  }
}

/** A value the sample form accepts for an input of this label, type and input mode. */
export function valueFor(label: string, type: string, mode: string | null, email: string): string {
  const known = BY_LABEL.find(([pattern]) => pattern.test(label))?.[1];
  if (known) return known;
  if (type === 'email' || /e-?mail/i.test(label)) return email;
  if (type === 'tel' || mode === 'tel' || /phone/i.test(label)) return '5552345678';
  if (type === 'date') return '1980-01-02';
  if (mode === 'numeric' || mode === 'decimal' || type === 'number') return '12';
  return 'Test value';
}

/** The first editable input of the wizard's current page. */
export const firstInput = (page: Page) =>
  page.locator('form[aria-label] input:not([type=hidden]):not([readonly])').first();

/** The label text of an input (its `label[for]`, without the required asterisk). */
export async function labelOf(page: Page, input: ReturnType<Page['locator']>) {
  const id = (await input.getAttribute('id')) ?? '';
  return ((await page.locator(`label[for="${id}"]`).first().textContent()) ?? '').replace(/\s*\*\s*$/, '');
}

/**
 * From the success page, the applicant signs as the pages offer it: "Review and sign now", the code e-mailed to
 * `email`, a typed signature and the confirmation. Ends when the page says it is signed.
 */
export async function signFromSuccessPage(page: Page, email: string, name = 'Ann Lee') {
  await page.getByRole('link', { name: SIGNING_TEXT.signNow }).click();
  await expect(page.getByRole('heading', { name: SIGNING_TEXT.title })).toBeVisible({ timeout: 15_000 });
  // the confirmation opens once the document to sign has been drawn
  await expect(page.getByText(/^Page 1 of \d+$/).first()).toBeVisible({ timeout: 30_000 });
  const before = mailCount(email);
  await page.getByRole('button', { name: SIGNING_TEXT.sendCode }).click();
  const mail = await waitForMail(email, before);
  const code = mail.match(/is (\d{6})\./)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.getByRole('button', { name: SIGNING_TEXT.typeTab }).click();
  await page.getByLabel(SIGNING_TEXT.typedLabel).fill(name);
  await page.getByLabel(SIGNING_TEXT.codeLabel).fill(code);
  await page.getByRole('checkbox', { name: SIGNING_TEXT.confirm }).check();
  await page.getByRole('button', { name: SIGNING_TEXT.signButton }).click();
  await expect(page.getByRole('heading', { name: SIGNING_TEXT.doneTitle })).toBeVisible({ timeout: 15_000 });
}

/**
 * The primary applicant's last page, whole: its Submit button and the parts loaded with it (the "Remember my answers"
 * card and the documents and terms, each its own chunk) shown. A click on Submit before they show can land on the
 * card that appears under the pointer and pushes the button down: the submit never happens (the flaky first attempt
 * of applications-corrections in CI).
 */
export async function lastPageShown(page: Page) {
  await expect(page.getByRole('button', { name: APPLICANT_TEXT.submit })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: VAULT_TEXT.rememberLabel })).toBeVisible();
}

/**
 * An applicant fills in the demo form from its public page and submits: the e-mail first, `company` in the first
 * input, every required field, a typed signature and the terms when asked. Ends on the success page.
 */
export async function submitApplication(
  page: Page,
  customFormId: string,
  email: string,
  company: string,
  /** Answers by exact label for fields the helper would leave empty (optional ones), filled where they appear. */
  answers: Record<string, string> = {},
) {
  await page.goto(`/application-form/${customFormId}`);
  await page.getByLabel(APPLICANT_TEXT.emailLabel).fill(email);
  await page.getByRole('button', { name: APPLICANT_TEXT.emailContinue }).click();
  await firstInput(page).fill(company);
  await expect(page.getByTestId('save-status')).toHaveText(APPLICANT_TEXT.statusSaved, { timeout: 15_000 });
  for (let i = 0; i < 20; i++) {
    for (const [label, value] of Object.entries(answers)) {
      const input = page.locator('form[aria-label]').getByLabel(label, { exact: true }).first();
      if ((await input.isVisible()) && (await input.inputValue()) === '') await input.fill(value);
    }
    await fillRequired(page, email);
    if (await page.getByRole('button', { name: APPLICANT_TEXT.submit }).isVisible()) break;
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await lastPageShown(page);
  const typeName = page.getByText('Type your name');
  if (await typeName.isVisible()) {
    await typeName.click();
    await page.getByLabel(/type your full name$/).fill('Ann Lee');
  }
  const terms = page.getByLabel(APPLICANT_TEXT.termsAccept);
  if (await terms.isVisible()) await terms.check();
  await page.getByRole('button', { name: APPLICANT_TEXT.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/application-form-successfully/${customFormId}$`), { timeout: 15_000 });
}

/** The demo client invites a new customer (the API of /create-customer) to a new active form; the mailed link. */
export async function invited(request: APIRequestContext, options: { termsAndConditions?: string } = {}) {
  const demo = demoClient();
  const form = await activeDemoForm(request, demo.email, demo.password, options);
  const email = uniqueEmail('invited');
  const res = await request.post('/api/applications/invite', {
    headers: form.headers,
    data: {
      customFormId: form.customFormId,
      invitedEmail: email,
      emailPrimary: 'primary',
      timeZone: 'UTC',
      timeZoneOffset: 0,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { applicationId } = (await res.json()) as { applicationId: string };
  const mail = await waitForMail(email);
  const path = applicantPath(mail);
  expect(path).toContain(`/application-form/${form.customFormId}/${applicationId}/`);
  return { ...form, email, applicationId, path };
}

/** Waits for the autosave's "Saved". */
export async function saved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveText(APPLICANT_TEXT.statusSaved, { timeout: 15_000 });
}

/** A page of its own: a new browser context (no cookies, no local storage of the other). */
export async function freshPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}
