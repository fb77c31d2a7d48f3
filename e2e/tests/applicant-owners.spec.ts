import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { APPLICANT_TEXT as T } from '@under/core/ui-text/applicant';
import { OWNERS_TEXT as O } from '../../packages/web/src/features/applicant/owners/owners-text';
import { activeDemoForm, applicantPath, fillRequired, firstInput, labelOf, waitForMail } from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { field } from '../support/client';
import { demoClient, mailCount, uniqueEmail } from '../support/outbox';
import { expect, test } from '../support/test';

const SHOTS = '/tmp/shots-J';
const TERMS = '<p>The applicant accepts the <strong>terms</strong>.</p>';

/** The demo client invites a new customer (the API of /create-customer) to a new active form; the mailed link. */
async function invited(request: APIRequestContext, options: { termsAndConditions?: string } = {}) {
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

async function noSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Waits for the autosave's "Saved". */
async function saved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveText(T.statusSaved, { timeout: 15_000 });
}

/** To the last page, filling what each page requires (nothing submitted). */
async function fillToLastPage(page: Page, email: string) {
  for (let i = 0; i < 20; i++) {
    await fillRequired(page, email);
    if (await page.getByRole('button', { name: T.submit }).isVisible()) return;
    await page.getByRole('button', { name: 'Next' }).click();
  }
  throw new Error('the wizard has no last page within 20 pages');
}

/** A page of its own: a new browser context (no cookies, no local storage of the other). */
async function freshPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

test('1. invite -> the applicant opens the e-mailed link, fills page 1, is saved, reloads and finds the values', async ({
  page,
  request,
}) => {
  const app = await invited(request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(app.path);
  await expect(page.getByRole('heading', { name: 'Merchant Processing Application' })).toBeVisible();
  const first = firstInput(page);
  const label = await labelOf(page, first);
  await first.fill('Invited Trading LLC');
  await fillRequired(page, app.email);
  await saved(page);
  await noSeriousViolations(page);
  await page.reload();
  await expect(field(page, label)).toHaveValue('Invited Trading LLC');
  await expect(page.getByTestId('save-status')).toBeVisible();
});
