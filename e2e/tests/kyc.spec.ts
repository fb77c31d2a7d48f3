import { APPLICATIONS_TEXT as A } from '@under/core/ui-text/client-applications';
import { KYC_TEXT as K } from '@under/core/ui-text/kyc';
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
    const { customFormId, headers } = await activeDemoForm(request, clientEmail, password);
    // the institution's API key at the provider (the simulator), and the form's config turning KYC on
    const key = await request.post('/api/companies/kyc', { headers, data: { apiKey: SIM_KEY } });
    expect(key.ok(), await key.text()).toBe(true);
    const config = await request.post('/api/integrations/config', {
      headers,
      data: { formId: customFormId, integrationToActivate: 'kyc', activeIntegration: true },
    });
    expect(config.ok(), await config.text()).toBe(true);
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

    await page.goto('/login');
    await signIn(page, clientEmail, password);
    // signed in (the session is kept) before the next address is opened
    await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
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
