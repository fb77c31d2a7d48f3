import { APPLICATIONS_TEXT as A } from '@under/core/ui-text/client-applications';
import { FORM_INTEGRATIONS_TEXT as F } from '@under/core/ui-text/client-form-integrations';
import { KYC_TEXT as K, KYC_SETUP_TEXT as KS } from '@under/core/ui-text/kyc';
import { MANAGE_INTEGRATION_TEXT as M } from '@under/core/ui-text/manage-integration';
import { KYC_SIM } from '../playwright.config';
import { activeDemoForm, signFromSuccessPage, submitApplication } from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/client';
import { demoClient, uniqueEmail } from '../support/outbox';
import { shot } from '../support/page-tools';
import { expect, test } from '../support/test';

/** The simulator's key (`npm run simulators` prints it): a SIMULATOR, never a KYC provider (decision 089). */
const SIM_KEY = 'SIMULATOR-KYC-API-KEY-NOT-A-PROVIDER';

test.describe('at 390 px (a phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("KYC on signature: the application's identity checks per owner, nothing wider than the screen", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const { email: clientEmail, password } = demoClient();
    const { customFormId, name: formName } = await activeDemoForm(request, clientEmail, password);
    // a client ADMINISTRATOR sets KYC up on the integrations page (the provider's API key: the simulator's), then
    // turns identity checks on for the form in the forms list
    await page.goto('/login');
    await signIn(page, clientEmail, password);
    await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
    await page.goto('/manage-integration');
    const setup = page.getByRole('region', { name: KS.title });
    const apiKey = setup.getByLabel(KS.apiKeyLabel, { exact: false });
    await expect(apiKey).toHaveAttribute('type', 'password');
    await expect(apiKey).toHaveAttribute('autocomplete', 'new-password');
    await apiKey.fill(SIM_KEY);
    await setup.getByRole('button', { name: KS.save }).click();
    await expect(page.getByText(KS.saved)).toBeVisible({ timeout: 15_000 });
    await expect(setup.getByTestId('kyc-setup-state')).toHaveText(M.states.connected);
    // write-only: the field is emptied, the key shown masked
    await expect(apiKey).toHaveValue('');
    await expect(setup.getByText(/^Saved: /)).toBeVisible();
    await expect(setup).not.toContainText(SIM_KEY);
    await setup.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'kyc-setup-390');

    await page.goto('/all-form');
    const formRow = page.getByTestId('custom-form-row').filter({ hasText: formName });
    const useKyc = formRow.getByRole('switch', { name: F.switchOf(F.kyc, formName) });
    await useKyc.scrollIntoViewIfNeeded();
    await useKyc.click();
    await expect(page.getByText(F.kycOn(formName))).toBeVisible();
    await expect(useKyc).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'kyc-forms-list-390');
    const before = (await (await request.get(`${KYC_SIM}/__sim/stats`)).json()) as { created: number };

    const email = uniqueEmail('kyc390');
    await submitApplication(page, customFormId, email, `KYC Phone ${Date.now() % 100000}`);
    await signFromSuccessPage(page, email);
    // the provider got one check for this application (sent after the signature's event)
    await expect
      .poll(async () => ((await (await request.get(`${KYC_SIM}/__sim/stats`)).json()) as { created: number }).created, {
        timeout: 60_000,
      })
      .toBeGreaterThan(before.created);

    await page.goto('/applications');
    await expect(page.getByRole('heading', { name: A.listTitle })).toBeVisible();
    await page.getByLabel(A.searchLabel).fill(email);
    await expect(page.getByRole('row')).toHaveCount(2, { timeout: 10_000 });
    await page.getByRole('row').nth(1).getByRole('link').first().click();

    const panel = page.getByRole('region', { name: K.title });
    await expect(panel).toBeVisible({ timeout: 20_000 });
    // pending for one poll at the simulator, then decided (the panel looks again while it is not final)
    await expect(panel.getByTestId('kyc-state')).toHaveText(K.states.completed, { timeout: 90_000 });
    const owner = panel.getByTestId('kyc-owner').first();
    await expect(owner.getByText(K.ownerLabel(1))).toBeVisible();
    await expect(owner.getByTestId('kyc-owner-result')).toHaveText(
      new RegExp(`^(${Object.values(K.results).join('|')})$`),
    );
    // the page never scrolls sideways; the panel fits the screen
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
    }));
    const wide = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 8)
        .map((e) => `${e.tagName}.${String(e.className).slice(0, 60)} ${Math.round(e.getBoundingClientRect().right)}`),
    );
    expect(widths.page, wide.join('\n')).toBeLessThanOrEqual(widths.screen);
    const box = await panel.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 1000)).toBeLessThanOrEqual(390);
    await panel.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'kyc-panel-390');
    await panel.screenshot({ path: test.info().outputPath('kyc-panel-390-panel.png') });
  });
});
