import { UI_TEXT } from '@under/core/ui-text';
import { APPLICATIONS_TEXT as A } from '@under/core/ui-text/client-applications';
import { MANAGE_INTEGRATION_TEXT as M } from '@under/core/ui-text/manage-integration';
import { VANTIV_SETUP_TEXT as S, VANTIV_TEXT as T } from '@under/core/ui-text/vantiv';
import { VANTIV_SIM } from '../playwright.config';
import { submitApplication } from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { clientWithCompany, PASSWORD } from '../support/client';
import { uniqueEmail } from '../support/outbox';
import { shot } from '../support/page-tools';
import { expect, test } from '../support/test';

/** The simulator's PayFac API user (`npm run simulators` prints it): a SIMULATOR, never Worldpay (decision 088). */
const SIM_USER = { username: 'sim-payfac-user', password: 'SIMULATOR-PAYFAC-PASSWORD-NOT-WORLDPAY' };

/**
 * Worldpay/Vantiv (issue #24 §2; decision 088) against the PayFac SIMULATOR: a client ADMINISTRATOR saves the API
 * user and password on the integrations page, an applicant submits, "Stage with Worldpay" on the application stages
 * a legal entity and a sub-merchant at the simulator; the outcome badge and the page pass axe (4.5:1 contrast).
 */
test('an institution sets up Worldpay/Vantiv and stages an application with the simulator', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const clientEmail = await clientWithCompany(page, `Worldpay Bank ${Date.now() % 100000}`, uniqueEmail('vantiv'));
  await page
    .getByRole('navigation', { name: UI_TEXT.mainNavigation })
    .getByRole('link', { name: M.navIntegrations, exact: true })
    .click();
  const card = page.getByRole('region', { name: S.title });
  await expect(card.getByTestId('vantiv-state')).toHaveText(M.states.not_connected);
  await card.getByLabel(S.usernameLabel).fill(SIM_USER.username);
  await card.getByLabel(S.passwordLabel).fill(SIM_USER.password);
  await card.getByRole('button', { name: S.save }).click();
  await expect(page.getByText(S.saved)).toBeVisible();
  await expect(card.getByTestId('vantiv-state')).toHaveText(M.states.connected);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'vantiv-setup-saved');

  // a form of the company's own on the sample master form, and an application submitted to it
  const signedIn = await request.post('/api/auth/client/sign-in', { data: { email: clientEmail, password: PASSWORD } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const headers = { authorization: `Bearer ${(await signedIn.json()).accessToken}` };
  const masters = (await (await request.get('/api/client_master_forms', { headers })).json()) as {
    formId: string;
    name: string;
  }[];
  const sample = masters.find((m) => m.name === 'Sample merchant application');
  expect(sample).toBeTruthy();
  const made = await request.post('/api/custom_forms', {
    headers,
    data: { masterFormId: sample?.formId, name: `Worldpay form ${Date.now() % 100000}` },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { customFormId } = (await made.json()) as { customFormId: string };
  // what Worldpay needs beyond the sample form's required answers: the company's own page asks for the website
  // (required), and the applicant gives the merchant category code (an optional field of the sample)
  const own = await request.post(`/api/custom_forms/${customFormId}`, {
    headers,
    data: {
      customFormDocument: {
        additions: [
          {
            type: 'panel',
            key: 'online_presence',
            title: 'Online presence',
            components: [
              { type: 'textfield', key: 'website', label: 'Website', input: true, validate: { required: true } },
            ],
          },
        ],
      },
    },
  });
  expect(own.ok(), await own.text()).toBe(true);
  const on = await request.patch(`/api/custom_forms/${customFormId}/status`, { headers, data: { status: 'active' } });
  expect(on.ok(), await on.text()).toBe(true);
  const applicantEmail = uniqueEmail('vantiv-app');
  await submitApplication(page, customFormId, applicantEmail, `Worldpay Trading ${Date.now() % 100000}`, {
    'Merchant category code (MCC)': '5999',
  });

  const before = (await (await request.get(`${VANTIV_SIM}/__sim/stats`)).json()) as { calls: number };
  await page.goto('/applications');
  await expect(page.getByRole('heading', { name: A.listTitle })).toBeVisible();
  await page.getByLabel(A.searchLabel).fill(applicantEmail);
  await expect(page.getByRole('row')).toHaveCount(2, { timeout: 15_000 });
  await page.getByRole('row').nth(1).getByRole('link').first().click();

  const panel = page.getByRole('region', { name: T.title });
  await expect(panel.getByTestId('vantiv-message')).toHaveText(T.notStaged, { timeout: 15_000 });
  await panel.getByRole('button', { name: T.stage }).click();
  const outcome = panel.getByTestId('vantiv-outcome');
  // a fresh application is staged (the simulator answers code 10); any other outcome is a failure of the journey
  await expect(outcome).toHaveText(T.outcomes.staged, { timeout: 30_000 });
  await expect(panel.getByTestId('vantiv-message')).not.toHaveText(T.notStaged);
  await expect(panel.getByRole('button', { name: T.stageAgain })).toBeVisible();
  const after = (await (await request.get(`${VANTIV_SIM}/__sim/stats`)).json()) as { calls: number };
  // the portal called the simulator (Basic auth accepted: never refused)
  expect(after.calls).toBeGreaterThan(before.calls);
  await panel.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'vantiv-staged');
  await panel.screenshot({ path: test.info().outputPath('vantiv-staged-panel.png') });
  if (process.env.SHOTS_DIR) await panel.screenshot({ path: `${process.env.SHOTS_DIR}/vantiv-staged-panel.png` });
});
