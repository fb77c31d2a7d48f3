import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES } from '@under/core/messages';
import { APPLICANT_TEXT as T } from '@under/core/ui-text/applicant';
import { applicantPath, fillRequired, firstInput, waitForMail } from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { field, PASSWORD } from '../support/client';
import { codeFromOutbox, uniqueEmail } from '../support/outbox';
import { shot } from '../support/page-tools';
import { expect, test } from '../support/test';

const SAMPLE_FORM_NAME = 'Sample merchant application';

/**
 * A client company with an active form on the seeded sample master form, all through the API: sign-up, the code
 * from the outbox, sign-in, the company, the form, active.
 */
async function activeClientForm(request: APIRequestContext, name: string) {
  const email = uniqueEmail('applicant-client');
  const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>) => {
    expect(res.ok(), await res.text()).toBe(true);
    return res;
  };
  await ok(await request.post('/api/auth/client/sign-up', { data: { email, password: PASSWORD } }));
  const code = await codeFromOutbox(email);
  await ok(await request.post('/api/auth/client/confirm-sign-up', { data: { email, code } }));
  const { accessToken } = (await (
    await ok(await request.post('/api/auth/client/sign-in', { data: { email, password: PASSWORD } }))
  ).json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  await ok(
    await request.post('/api/profiles', {
      headers,
      data: { companyName: `${name} Bank`, email, firstName: 'Ann', lastName: 'Lee', phoneNumber: '(555) 123-4567' },
    }),
  );
  const masters = (await (await ok(await request.get('/api/client_master_forms', { headers }))).json()) as {
    formId: string;
    name: string;
  }[];
  const master = masters.find((m) => m.name === SAMPLE_FORM_NAME);
  if (!master) throw new Error(`no "${SAMPLE_FORM_NAME}" among ${masters.map((m) => m.name).join(', ')}`);
  const created = (await (
    await ok(await request.post('/api/custom_forms', { headers, data: { masterFormId: master.formId, name } }))
  ).json()) as { customFormId: string };
  const customFormId = created.customFormId;
  // terms and conditions to accept before submitting (the client's wizard, step 3)
  await ok(
    await request.post(`/api/custom_forms/${customFormId}`, {
      headers,
      data: { customFormDocument: { termsAndConditions: '<p>The applicant accepts the <strong>terms</strong>.</p>' } },
    }),
  );
  const setStatus = (status: 'active' | 'inactive') =>
    request.patch(`/api/custom_forms/${customFormId}/status`, { headers, data: { status } });
  await ok(await setStatus('active'));
  return { customFormId, setStatus };
}

async function noSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test('an applicant starts on the link, is saved as they type, reloads, continues, accepts the terms and submits', async ({
  page,
  request,
}) => {
  const { customFormId } = await activeClientForm(request, `Applicant ${Date.now()}`);
  await page.goto(`/application-form/${customFormId}`);
  await expect(page.getByRole('heading', { name: 'Merchant Processing Application' })).toBeVisible();
  await noSeriousViolations(page);
  await shot(page, 'applicant-email-1280');

  const email = uniqueEmail('applicant');
  await page.getByLabel(T.emailLabel).fill(email);
  await page.getByRole('button', { name: T.emailContinue }).click();

  // page 1: type into its first field; the first autosave creates the draft and the address becomes the continue link
  const input = firstInput(page);
  await input.fill('Ann Lee Trading');
  const inputId = (await input.getAttribute('id')) ?? '';
  const label = ((await page.locator(`label[for="${inputId}"]`).textContent()) ?? '').replace(/\s*\*\s*$/, '');
  await expect(page.getByTestId('save-status')).toHaveText(T.statusSaved, { timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`/application-form/${customFormId}/[0-9a-f-]{36}/[A-Za-z0-9_-]+/`));
  await noSeriousViolations(page);
  await shot(page, 'applicant-page1-1280');

  // a reload continues where the applicant stopped
  await page.reload();
  await expect(field(page, label)).toHaveValue('Ann Lee Trading');

  // to the last page, filling what each page requires; the terms, then submit; the success page
  for (let i = 0; i < 20; i++) {
    await fillRequired(page, email);
    if (await page.getByRole('button', { name: T.submit }).isVisible()) break;
    await page.getByRole('button', { name: 'Next' }).click();
  }
  // the signature pad loads lazily: sign by typing the name
  await page.getByText('Type your name').click();
  await page.getByLabel(/type your full name$/).fill('Ann Lee');
  await expect(page.getByText('The applicant accepts the')).toBeVisible();
  await page.getByRole('button', { name: T.submit }).click();
  await expect(page.getByText(T.termsRequired)).toBeVisible();
  await expect(page.getByLabel(T.termsAccept)).toBeFocused();
  await page.keyboard.press('Space');
  await noSeriousViolations(page);
  await shot(page, 'applicant-terms-1280');
  await page.getByRole('button', { name: T.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/application-form-successfully/${customFormId}$`), { timeout: 15_000 });
  await expect(page.getByText(T.successText)).toBeVisible();
  await noSeriousViolations(page);
  await shot(page, 'applicant-success-1280');
});

test('an inactive form says so, and an expired link offers a fresh one', async ({ page, request }) => {
  const { customFormId, setStatus } = await activeClientForm(request, `Inactive ${Date.now()}`);
  await setStatus('inactive');
  await page.goto(`/application-form/${customFormId}`);
  await expect(page.getByText(MESSAGES.inactiveForm)).toBeVisible();
  await noSeriousViolations(page);

  // a link whose code matches nothing on file: expired or unknown, the page never tells which application exists
  await setStatus('active');
  const fake = `/application-form/${customFormId}/00000000-0000-4000-8000-000000000000/${'x'.repeat(43)}/a%40b.co`;
  await page.goto(fake);
  await expect(page.getByText(T.notFound).or(page.getByText(MESSAGES.urlExpired))).toBeVisible();
});

test('at 390 px the e-mail step and the first page fit, keyboard only', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { customFormId } = await activeClientForm(request, `Mobile ${Date.now()}`);
  await page.goto(`/application-form/${customFormId}`);
  await expect(page.getByLabel(T.emailLabel)).toBeVisible();
  // keyboard only: Tab to the e-mail, type, Enter
  for (let i = 0; i < 10; i++) {
    if (await page.getByLabel(T.emailLabel).evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await page.keyboard.type(uniqueEmail('mobile'));
  await page.keyboard.press('Enter');
  await expect(firstInput(page)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await noSeriousViolations(page);
  await shot(page, 'applicant-page1-390');
});

test('nothing typed is lost: invalid answers are kept through a reload, and the e-mailed link opens where the applicant left off', async ({
  page,
  request,
}) => {
  const { customFormId } = await activeClientForm(request, `Drafts ${Date.now()}`);
  await page.goto(`/application-form/${customFormId}`);
  const email = uniqueEmail('drafts');
  await page.getByLabel(T.emailLabel).fill(email);
  await page.getByRole('button', { name: T.emailContinue }).click();
  const status = page.getByTestId('save-status');
  const ein = page.getByLabel(/^Federal Tax ID \(EIN\)/);
  const zip = page.getByLabel(/^Business ZIP code/);

  // an EIN one digit short and a ZIP too short: saved as typed (the EIN was a 422 that autosave never retried)
  await firstInput(page).fill('Ann Lee Trading');
  await ein.fill('12-345678');
  await zip.fill('9410');
  await expect(status).toHaveText(T.statusSaved, { timeout: 15_000 });
  // the page cannot be left with them; the message says the form expected, with an example
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(MESSAGES.formatEin('Federal Tax ID (EIN)'))).toBeVisible();
  await shot(page, 'applicant-drafts-invalid-1280');

  // leave the page; the resume link e-mailed on the first save brings back what was typed (the EIN masked)
  await page.goto('about:blank');
  const link = applicantPath(await waitForMail(email));
  await page.goto(link);
  await expect(zip).toHaveValue('9410');
  await expect(ein).toHaveValue(/^\*+78$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await noSeriousViolations(page);
  await shot(page, 'applicant-drafts-reloaded-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // written as people write them: accepted; Next leaves the page and the page is saved with the answers
  await ein.fill('12-3456789');
  await zip.fill('94105');
  await fillRequired(page, email);
  await page.getByRole('button', { name: 'Next' }).click();
  const ownerFirstName = page.getByLabel(/^Owner 1 first name/);
  await expect(ownerFirstName).toBeVisible();
  // an SSN beginning with 9 (never issued) is kept too
  await ownerFirstName.fill('Ann');
  await page.getByLabel(/^Owner 1 Social Security Number/).fill('912 34 5678');
  await expect(status).toHaveText(T.statusSaved, { timeout: 15_000 });

  // the link opens on the Owners page, with the answers
  await page.goto('about:blank');
  await page.goto(link);
  await expect(ownerFirstName).toHaveValue('Ann');
  await expect(page.getByLabel(/^Owner 1 Social Security Number/)).toHaveValue(/^\*+5678$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'applicant-drafts-resumed-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'applicant-drafts-resumed-1280');
});

test('calculated values: the annual volume follows the monthly one until the applicant types another, and the processing mix must add up to 100', async ({
  page,
  request,
}) => {
  const { customFormId } = await activeClientForm(request, `Calculated ${Date.now()}`);
  await page.goto(`/application-form/${customFormId}`);
  const email = uniqueEmail('calculated');
  await page.getByLabel(T.emailLabel).fill(email);
  await page.getByRole('button', { name: T.emailContinue }).click();
  const monthly = page.getByLabel(/^Average monthly card volume/);
  const annual = page.getByLabel(/^Annual card volume/);
  // to the Processing page, filling what each page before it requires
  for (let i = 0; i < 10 && !(await monthly.isVisible()); i++) {
    await fillRequired(page, email);
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(monthly).toBeVisible();

  // twelve months of the monthly volume, recomputed as it changes
  await monthly.fill('1000');
  await expect(annual).toHaveValue(/^12,?000(\.00)?$/);
  await monthly.fill('2500');
  await expect(annual).toHaveValue(/^30,?000(\.00)?$/);
  // the applicant may type another figure (a seasonal business): it is kept when the monthly one changes
  await annual.fill('20000');
  await monthly.fill('3000');
  await expect(annual).toHaveValue(/^20,?000(\.00)?$/);

  // card present + keyed + e-commerce must make 100
  await page.getByLabel(/^Card present/).fill('50');
  await page.getByLabel(/^Keyed/).fill('20');
  await page.getByLabel(/^E-commerce/).fill('20');
  await page.getByLabel(/^Average monthly card volume/).focus();
  await fillRequired(page, email);
  await page.getByRole('button', { name: T.submit }).click();
  await expect(page.getByText(MESSAGES.processingMixNot100)).toBeVisible();
  await noSeriousViolations(page);
  await shot(page, 'applicant-calculated-mix-1280');
  await page.getByLabel(/^E-commerce/).fill('30');
  await expect(page.getByText(MESSAGES.processingMixNot100)).toHaveCount(0);
  await expect(page.getByTestId('save-status')).toHaveText(T.statusSaved, { timeout: 15_000 });
  await shot(page, 'applicant-calculated-fixed-1280');
});
