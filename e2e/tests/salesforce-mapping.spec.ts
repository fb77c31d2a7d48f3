import type { APIRequestContext } from '@playwright/test';
import { SF_MAPPING_MESSAGES } from '@under/core/integrations/salesforce-mapping-messages';
import { MESSAGES } from '@under/core/messages';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { MAPPING_TEXT as M } from '@under/core/ui-text/client-integrations-mapping';
import { acroFormPdf } from '../fixtures/pdfs';
import { uniqueName } from '../support/admin';
import { adminHeaders, saveMapping, uploadTemplate } from '../support/admin-api';
import { seriousViolations } from '../support/axe';
import { clientWithCompany, field } from '../support/client';
import { shot, tabTo } from '../support/page-tools';
import { expect, test } from '../support/test';

test.use({ viewport: { width: 1440, height: 1000 } });

/** A mapped template, a master form made from it, published and active (the admin's side, through the API). */
async function publishedMasterForm(request: APIRequestContext, institution: string) {
  const headers = await adminHeaders(request);
  const template = await uploadTemplate(request, headers, await acroFormPdf(), institution);
  await saveMapping(request, headers, template.templateId, template.acroFields);
  const master = await (
    await request.post('/api/master_forms', { headers, data: { templateId: template.templateId } })
  ).json();
  for (const [url, data] of [
    [`/api/master_forms/${master.formId}/versions`, {}],
    [`/api/master_forms/${master.formId}/status`, { status: 'active' }],
  ] as const) {
    const res = await request.patch(url, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return master.formId as string;
}

/** The admin moves a company to another plan (no charge). */
async function setPlan(request: APIRequestContext, companyName: string, membershipId: string) {
  const headers = await adminHeaders(request);
  const list = await (await request.get(`/api/accounts?q=${encodeURIComponent(companyName)}`, { headers })).json();
  const account = list.items.find((a: { name: string }) => a.name === companyName);
  expect(account, companyName).toBeTruthy();
  const res = await request.put(`/api/accounts/${account.id}/subscription-level`, { headers, data: { membershipId } });
  expect(res.ok(), await res.text()).toBe(true);
}

// The page's two gates as a company meets them first: the plan, then the connection. The whole journey (connect to
// the simulator, map, an applicant's application synced) is in manage-integration.spec.ts.
test("a form's Salesforce mapping asks for the plan first, then for a connection on Manage integrations", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const institution = uniqueName('Mapping Bank');
  const masterFormId = await publishedMasterForm(request, institution);
  const companyName = uniqueName('Mapping Co');
  await clientWithCompany(page, companyName);

  // a form of our own (the wizard's first step is enough)
  await page.getByRole('link', { name: T.navForms }).first().click();
  await page.getByRole('link', { name: T.createButton }).click();
  const searched = page.waitForResponse((r) => r.url().includes('/api/client_master_forms?q=') && r.ok());
  await field(page, T.institutionSearch).fill(institution.slice(0, 12));
  await searched;
  await page.getByRole('button', { name: `${T.select} ${institution}` }).click();
  const formName = uniqueName('Merchant application');
  await field(page, T.formNameLabel).fill(formName);
  await page.getByRole('button', { name: T.createAndContinue }).click();
  await expect(page).toHaveURL(/\/create-form\?formId=[0-9a-f-]{36}&step=2/);
  const customFormId = new URL(page.url()).searchParams.get('formId') as string;

  // the form's actions lead to its mapping
  await page.goto('/all-form');
  const row = page.getByTestId('custom-form-row').filter({ hasText: formName });
  await row.getByRole('button', { name: `${T.actionsColumn}: ${formName}` }).click();
  await page.getByRole('menuitem', { name: M.formActionOf(formName) }).click();
  await expect(page).toHaveURL(`/all-form/sales-force-mapping-field/${masterFormId}/${customFormId}`);
  await expect(page.getByRole('heading', { name: M.title, level: 1 })).toBeVisible();

  // Basic has no CRM: the spec's text and the way to the plans
  await expect(page.getByTestId('upgrade-required')).toContainText(MESSAGES.upgradeRequired);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'salesforce-mapping-upgrade');

  // on a plan with the CRM but not connected yet: say so and point to Manage integrations, by keyboard too
  await setPlan(request, companyName, 'MEMBERSHIP_006');
  await page.reload();
  await expect(page.getByRole('heading', { name: M.notConnectedTitle })).toBeVisible();
  await expect(page.getByText(SF_MAPPING_MESSAGES.unusable.not_connected)).toBeVisible();
  await expect(page.getByTestId('upgrade-required')).toHaveCount(0);
  await expect(page.getByText(M.lead(formName))).toBeVisible();
  const manage = page.getByRole('link', { name: M.manageIntegrations });
  await expect(manage).toHaveAttribute('href', '/manage-integration');
  await tabTo(page, manage);
  await expect(manage).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'salesforce-mapping-not-connected');
});
