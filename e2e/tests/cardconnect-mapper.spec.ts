import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { SYNC_STATE_LABELS } from '@under/core/integrations/sync.schema';
import { CC_MAPPER_TEXT as T } from '@under/core/ui-text/admin-cardconnect-mapper';
import { CC_STATUS_TEXT as C, ccBoardingWords, ccSignatureWords } from '@under/core/ui-text/cardconnect-status';
import { APPLICATIONS_TEXT as A } from '@under/core/ui-text/client-applications';
import { FORM_INTEGRATIONS_TEXT as F } from '@under/core/ui-text/client-form-integrations';
import { SYNC_TEXT as S } from '@under/core/ui-text/integrations-sync';
import { CARDCONNECT_SIM } from '../playwright.config';
import { signInAdmin } from '../support/admin';
import { adminHeaders, type Headers } from '../support/admin-api';
import { submitApplication } from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { clientWithCompany, PASSWORD } from '../support/client';
import { uniqueEmail } from '../support/outbox';
import { overflowing, shot } from '../support/page-tools';
import { expect, test } from '../support/test';

/**
 * The platform admin maps the seeded sample master form to CardConnect's boarding attributes (issue #24 §1;
 * decision 090): searchable choices grouped by object path with type and help text, a doubtful pairing confirmed
 * before the save, kept after a reload.
 */
test.use({ viewport: { width: 1440, height: 1000 } });

const SAMPLE = 'Sample merchant application';
const rowOf = (page: Page, key: string) => page.locator(`[data-form-key="${key}"]`);

async function pick(row: Locator, search: string, option: string) {
  const input = row.locator('input').first();
  await input.click();
  await input.fill(search);
  await row.page().getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

test('an admin maps the sample master form to CardConnect attributes', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  await page.goto('/admin/templates');
  await page.getByRole('link', { name: T.openMapperOf(SAMPLE) }).click();
  // the heading names the form once the mapper's view is read (slow on a loaded machine, as the rows below)
  await expect(page.getByRole('heading', { name: `${T.title}: ${SAMPLE}` })).toBeVisible({ timeout: 45_000 });
  await shot(page, 'cardconnect-mapper-loading');
  await expect(rowOf(page, 'pseudo.applicationId')).toBeVisible({ timeout: 45_000 });
  expect(await seriousViolations(page)).toEqual([]);

  // the dropdown: grouped by object path, each attribute with its type
  await rowOf(page, 'CompanyName').locator('input').first().click();
  await expect(page.getByRole('listbox')).toContainText('merchant.demographic');
  await shot(page, 'cardconnect-mapper-dropdown');
  await page.keyboard.press('Escape');

  await pick(rowOf(page, 'CompanyName'), 'dba', 'DBA name (string)');
  await expect(rowOf(page, 'CompanyName')).toContainText('Type: string · No more than 100 characters');
  await pick(rowOf(page, 'legal_name'), 'legal', 'Legal business name (string)');
  await pick(rowOf(page, 'monthly_volume'), 'monthly', 'Average monthly volume (USD) (decimal)');
  await expect(rowOf(page, 'monthly_volume').getByTestId('cc-warning')).toHaveCount(0);
  // a text field to a date: warned, confirmed before the save
  await pick(rowOf(page, 'business_description'), 'start date', 'Business start date (date)');
  await expect(rowOf(page, 'business_description').getByTestId('cc-warning')).toContainText('read as dates');
  await expect(rowOf(page, 'business_description')).toContainText('Value must be parsed to MM/DD/YYYY');
  await page.getByRole('button', { name: T.save }).click();
  const dialog = page.getByRole('dialog', { name: T.warningsTitle });
  await expect(dialog).toContainText('Business start date');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'cardconnect-mapper-warning');
  await dialog.getByRole('button', { name: T.keepEditing }).click();

  // the admin drops the doubtful line (keyboard: the choice's clear button), then saves without a warning
  const description = rowOf(page, 'business_description');
  await description.locator('input').first().focus();
  await description.locator('button').first().click();
  await expect(description.locator('input').first()).toHaveValue('');
  await page.getByRole('button', { name: T.save }).click();
  await expect(page.getByText(T.saved).first()).toBeVisible();
  await expect(page.getByText(` · ${T.savedAt('')}`, { exact: false })).toBeVisible();
  await shot(page, 'cardconnect-mapper-saved');

  await page.reload();
  // the attributes are read again (as slow as the first load on a loaded machine)
  await expect(rowOf(page, 'CompanyName')).toBeVisible({ timeout: 45_000 });
  await expect(rowOf(page, 'CompanyName').locator('input').first()).toHaveValue('DBA name (string)');
  await expect(rowOf(page, 'monthly_volume').locator('input').first()).toHaveValue(
    'Average monthly volume (USD) (decimal)',
  );
  await expect(rowOf(page, 'business_description').locator('input').first()).toHaveValue('');
});

/**
 * Issue #24 §1, end to end against the CardConnect SIMULATOR (never CardConnect): an institution with CardConnect set
 * up and a form that uses it; the platform admin's mapping of the sample master form has a line that cannot convert
 * (the years in business read as the business start date); an applicant submits; "Send to CardConnect" stops in words naming the
 * help text; the admin corrects the mapping and "Sync again" boards the merchant with converted values; the
 * application shows boarding and signature status moving as the simulator's merchant is signed and boarded.
 *
 * It owns the sample master form's CardConnect mapping while it runs, after the mapper's journey above: the two are
 * in one file so that they run one after the other in one worker (fullyParallel is off), never both at once.
 */
const SIM_USER = {
  username: 'under-api-sim',
  password: 'SIMULATOR-PASSWORD-NOT-CARDCONNECT',
  saleCode: 'SIM1',
  pricingTemplateId: '1001',
  clientSecretKey: 'SIMULATOR-CLIENT-SECRET-NOT-CARDCONNECT',
  clientId: 'merchapi-sim',
};
const MAPPING = [
  { formKey: 'CompanyName', attribute: 'merchant.dbaName' },
  { formKey: 'legal_name', attribute: 'merchant.legalBusinessName' },
  { formKey: 'monthly_volume', attribute: 'merchant.processing.volumeDetails.averageMonthlyVolume' },
  // what CardConnect requires before it sends the application out for signature
  { formKey: 'business_address', attribute: 'merchant.demographic.businessAddress.address1' },
  { formKey: 'business_city', attribute: 'merchant.demographic.businessAddress.city' },
  { formKey: 'business_state', attribute: 'merchant.demographic.businessAddress.stateCd' },
  { formKey: 'business_zip', attribute: 'merchant.demographic.businessAddress.zip' },
  { formKey: 'owner1_last_name', attribute: 'merchant.ownership.owner.ownerName' },
  { formKey: 'Email', attribute: 'merchant.ownership.owner.ownerEmail' },
];
const WRONG_LINE = { formKey: 'years_in_business', attribute: 'merchant.businessStartDate' };

async function mapSample(request: APIRequestContext, admin: Headers, masterFormId: string, fields: typeof MAPPING) {
  const saved = await request.post(`/api/card-connect/mapper/${masterFormId}`, { headers: admin, data: { fields } });
  expect(saved.ok(), await saved.text()).toBe(true);
}

interface SimMerchant {
  merchantId: string;
  merchant: Record<string, unknown> & { processing?: { volumeDetails?: { averageMonthlyVolume?: unknown } } };
}

test('an application is boarded at CardConnect: a value that cannot convert, Sync again, status moving', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const company = `Boarding Bank ${Date.now() % 100000}`;
  const clientEmail = await clientWithCompany(page, company);
  const signedIn = await request.post('/api/auth/client/sign-in', { data: { email: clientEmail, password: PASSWORD } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const client = { authorization: `Bearer ${(await signedIn.json()).accessToken}` };

  // the institution's CardConnect (its setup page is cardconnect.spec.ts's subject): checked by a token at the simulator
  const setUp = await request.post('/api/companies/card-connect', { headers: client, data: SIM_USER });
  expect(setUp.ok(), await setUp.text()).toBe(true);
  const masters = (await (await request.get('/api/client_master_forms', { headers: client })).json()) as {
    formId: string;
    name: string;
  }[];
  const sample = masters.find((m) => m.name === 'Sample merchant application');
  expect(sample).toBeTruthy();
  const masterFormId = sample?.formId as string;
  const admin = await adminHeaders(request);
  await mapSample(request, admin, masterFormId, [...MAPPING, WRONG_LINE]);

  // a form of its own that uses CardConnect (manual sync: "Send to CardConnect")
  const formName = `Boarding form ${Date.now() % 100000}`;
  const made = await request.post('/api/custom_forms', {
    headers: client,
    data: { masterFormId, name: formName },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { customFormId } = (await made.json()) as { customFormId: string };
  const on = await request.patch(`/api/custom_forms/${customFormId}/status`, {
    headers: client,
    data: { status: 'active' },
  });
  expect(on.ok(), await on.text()).toBe(true);
  // the forms list: CardConnect turned on for the form by its switch; the auto-sync switch beside it says which
  // form and integration it switches (left off: manual sync); axe clean
  await page.goto('/all-form');
  const formRow = page.getByTestId('custom-form-row').filter({ hasText: formName });
  const useCardConnect = formRow.getByRole('switch', { name: F.switchOf('CardConnect', formName) });
  await useCardConnect.click();
  await expect(page.getByText(F.turnedOn('CardConnect', formName))).toBeVisible();
  await expect(useCardConnect).toBeChecked();
  const autoSync = formRow.getByRole('switch', { name: `Auto-sync: CardConnect for ${formName}` });
  await expect(autoSync).not.toBeChecked();
  await expect(autoSync).toHaveAccessibleName(F.autoSyncOf('CardConnect', formName));
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'cardconnect-forms-list-switches');

  const applicantEmail = uniqueEmail('boarding');
  const dba = `Boarding Trading ${Date.now() % 100000}`;
  await submitApplication(page, customFormId, applicantEmail, dba);

  await page.goto('/applications');
  await expect(page.getByRole('heading', { name: A.listTitle })).toBeVisible();
  await page.getByLabel(A.searchLabel).fill(applicantEmail);
  await expect(page.getByRole('row')).toHaveCount(2, { timeout: 15_000 });
  await page.getByRole('row').nth(1).getByRole('link').first().click();

  const panel = page.getByRole('region', { name: S.title });
  await expect(panel).toBeVisible();
  const send = panel.getByRole('button', { name: S.sendToCardConnect });
  await expect(send).toBeVisible({ timeout: 15_000 });
  await send.focus();
  await page.keyboard.press('Enter');

  // a number of years cannot be read as a date: the sync stops in words, with the attribute's help text, and sends nothing
  await expect(panel.getByTestId('sync-state')).toHaveText(SYNC_STATE_LABELS.needs_attention, { timeout: 30_000 });
  await expect(panel.getByTestId('sync-error')).toContainText('Value must be parsed to MM/DD/YYYY');
  await expect(panel.getByTestId('sync-record-id')).toHaveCount(0);
  await panel.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'cardconnect-boarding-invalid');

  // the admin corrects the mapping; Sync again creates the merchant with converted values
  await mapSample(request, admin, masterFormId, MAPPING);
  await panel.getByRole('button', { name: `${S.syncAgain}: CardConnect` }).click();
  await expect(panel.getByTestId('sync-state')).toHaveText(SYNC_STATE_LABELS.synced, { timeout: 30_000 });
  const merchantId = ((await panel.getByTestId('sync-record-id').textContent()) ?? '').replace(/\D/g, '');
  expect(merchantId).not.toBe('');
  const after = (await (await request.get(`${CARDCONNECT_SIM}/__sim/merchants`)).json()) as {
    merchants: SimMerchant[];
  };
  // the merchant the application shows, with the applicant's answers at the mapped attributes
  const ours = after.merchants.filter((m) => m.merchantId === merchantId);
  expect(ours).toHaveLength(1);
  expect(ours[0]?.merchant.dbaName).toBe('Test value');
  expect(ours[0]?.merchant.legalBusinessName).toBe('Test value');
  expect(ours[0]?.merchant.demographic).toMatchObject({ businessAddress: { stateCd: 'CA', zip: '94105' } });
  // money as a decimal (the sample's monthly volume answer)
  expect(String(ours[0]?.merchant.processing?.volumeDetails?.averageMonthlyVolume)).toMatch(/^\d+(\.\d{1,2})?$/);

  // the boarding panel: in progress, then out for signature, signed, boarded, as the simulator moves it
  const status = page.getByTestId('cc-status-panel');
  await expect(status.getByTestId('cc-merchant-id')).toHaveText(merchantId, { timeout: 30_000 });
  await expect(status.getByTestId('cc-boarding')).toContainText(ccBoardingWords('INPROG'));
  const sim = async (path: string, data: unknown = {}) => {
    const res = await request.post(`${CARDCONNECT_SIM}/__sim/merchants/${merchantId}/${path}`, { data });
    expect(res.ok(), await res.text()).toBe(true);
  };
  // CardConnect's sales rep sends the application out for signature (the provider's own call, at the simulator)
  const token = await request.post(`${CARDCONNECT_SIM}/auth/realms/cardconnect/protocol/openid-connect/token`, {
    form: {
      grant_type: 'password',
      username: SIM_USER.username,
      password: SIM_USER.password,
      client_id: SIM_USER.clientId,
      client_secret: SIM_USER.clientSecretKey,
    },
  });
  expect(token.ok(), await token.text()).toBe(true);
  const out = await request.put(`${CARDCONNECT_SIM}/merchant/${merchantId}/signature`, {
    headers: { authorization: `Bearer ${(await token.json()).access_token}`, 'X-CopilotAPI-Version': '1.0' },
    data: {},
  });
  expect(out.ok(), await out.text()).toBe(true);
  // Refresh by keyboard: CardConnect's answer replaces the status, the status region says it was checked
  const refresh = status.getByRole('button', { name: C.refresh });
  await refresh.focus();
  await expect(refresh).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status.getByRole('status')).toHaveText(C.refreshed, { timeout: 20_000 });
  await expect(status.getByTestId('cc-signature')).toContainText(ccSignatureWords('PENDING'), { timeout: 20_000 });
  await expect(status.getByTestId('cc-boarding')).toContainText(ccBoardingWords('OFS'), { timeout: 20_000 });
  await sim('sign');
  await sim('advance', { to: 'BOARDED' });
  await status.getByRole('button', { name: C.refresh }).click();
  await expect(status.getByTestId('cc-boarding')).toContainText(ccBoardingWords('BOARDED'), { timeout: 20_000 });
  await expect(status.getByTestId('cc-signature')).toContainText(ccSignatureWords('SIGNED'));
  await expect(status.getByTestId('cc-change').first()).toBeVisible();
  await status.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'cardconnect-boarding-status');

  // on a phone: the panel (facts, changes table) fits 390 px without scrolling the page sideways
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: C.title })).toBeVisible();
  await status.scrollIntoViewIfNeeded();
  expect(await overflowing(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'cardconnect-boarding-status-390', { fullPage: false });
});
