import '../../test/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formFromMapping } from '@under/core/templates/form-from-mapping';
import { MasterFormStructureSchema } from '@under/core/templates/master-form.schema';
import { PdfFieldSchema } from '@under/core/templates/pdf-field.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { ADMIN_ACCOUNTS_TEXT } from '@under/core/ui-text/admin-accounts';
import { MASTER_FORMS_TEXT as T } from '@under/core/ui-text/admin-master-forms';
import { describe, expect, it } from 'vitest';
import { apiError, jsonResponse } from '../../test/fake-api';
import { field, renderApp } from '../../test/render-app';

const TEMPLATE_ID = '11111111-1111-4111-8111-111111111111';
const FORM_ID = '22222222-2222-4222-8222-222222222222';

const { form: allField, bindingFields } = formFromMapping([
  PdfFieldSchema.parse({
    id: 'f1',
    key: 'business_name',
    label: 'Business name',
    type: 'text',
    page: 1,
    x: 10,
    y: 10,
    width: 200,
    height: 18,
  }),
]);
const MASTER = {
  formId: FORM_ID,
  templateId: TEMPLATE_ID,
  name: 'Acme application',
  status: 'active',
  access: 'global',
  membershipIds: [],
  companyIds: [],
  excludedCompanyIds: [],
  structure: MasterFormStructureSchema.parse({ allField, rootAllField: allField, bindingFields }),
  mappingFieldsVersion: 1,
  updateMode: 'system-auto-update',
  processorId: null,
  version: 0,
  hasUnpublishedChanges: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};
const LIST = { status: 200, body: [{ ...MASTER, totalForm: 3 }] };
const summary = (templateId: string, name: string, fieldCount: number) => ({
  templateId,
  name,
  status: 'active',
  pageCount: 2,
  fieldCount,
  mappingFieldsVersion: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const bodyOf = (call: unknown[] | undefined) => JSON.parse(String((call?.[1] as RequestInit | undefined)?.body));

async function openSettings(user: ReturnType<typeof renderApp>['user'], tab: string) {
  await user.click(await screen.findByRole('button', { name: T.settingsOf(MASTER.name) }, { timeout: 8000 }));
  const dialog = await screen.findByRole('dialog', { name: T.settingsOf(MASTER.name) });
  await user.click(within(dialog).getByRole('tab', { name: tab }));
  return dialog;
}

describe('/templates (master forms)', { timeout: 60_000 }, () => {
  it('lists master forms with their version, mode, access and client forms', async () => {
    renderApp({ app: 'admin', path: '/templates', api: { 'GET /api/master_forms_with_total_form': LIST } });
    const row = await screen.findByTestId('master-form-row', {}, { timeout: 8000 });
    expect(within(row).getByText(MASTER.name)).toBeTruthy();
    expect(within(row).getByText(T.notPublished)).toBeTruthy();
    expect(within(row).getByText(T.modeAuto)).toBeTruthy();
    expect(within(row).getByText(T.accessGlobal)).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(
      within(row)
        .getByRole('link', { name: T.designLayoutOf(MASTER.name) })
        .getAttribute('href'),
    ).toBe(`/layout-universal-form/${TEMPLATE_ID}/${FORM_ID}`);
  });

  it('creates a master form from a mapped template only, and opens its layout designer', async () => {
    const { user, api, location } = renderApp({
      app: 'admin',
      path: '/templates',
      api: {
        'GET /api/master_forms_with_total_form': { status: 200, body: [] },
        'GET /api/pdf_templates': {
          status: 200,
          body: {
            items: [
              summary(TEMPLATE_ID, 'Acme PDF', 4),
              summary('33333333-3333-4333-8333-333333333333', 'Empty PDF', 0),
            ],
            total: 2,
            page: 1,
            pageSize: 100,
          },
        },
        'POST /api/master_forms': { status: 201, body: MASTER },
        [`GET /api/master_forms/${FORM_ID}`]: { status: 200, body: MASTER },
      },
    });
    await screen.findByText(T.emptyTitle, {}, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: T.newButton }));
    const dialog = await screen.findByRole('dialog', { name: T.createTitle });
    const select = await within(dialog).findByLabelText(new RegExp(`^${T.templateLabel}`));
    // a template without mapped fields is not offered
    expect(within(select).queryByText(/Empty PDF/)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: T.createButton }));
    expect(within(dialog).getByText(T.templateRequired)).toBeTruthy();
    expect(api.calls('POST /api/master_forms')).toHaveLength(0);

    await user.selectOptions(select, TEMPLATE_ID);
    expect((field(T.nameLabel) as HTMLInputElement).value).toBe('Acme PDF');
    await user.clear(field(T.nameLabel));
    await user.type(field(T.nameLabel), 'Acme merchant form');
    await user.click(within(dialog).getByRole('button', { name: T.createButton }));
    await waitFor(() => expect(location()).toBe(`/layout-universal-form/${TEMPLATE_ID}/${FORM_ID}`));
    expect(bodyOf(api.calls('POST /api/master_forms')[0])).toEqual({
      templateId: TEMPLATE_ID,
      name: 'Acme merchant form',
    });
  });

  it('shows the server message when the template cannot become a form', async () => {
    const { user } = renderApp({
      app: 'admin',
      path: '/templates',
      api: {
        'GET /api/master_forms_with_total_form': { status: 200, body: [] },
        'GET /api/pdf_templates': {
          status: 200,
          body: { items: [summary(TEMPLATE_ID, 'Acme PDF', 4)], total: 1, page: 1, pageSize: 100 },
        },
        'POST /api/master_forms': apiError(400, 'mapping/empty', 'Save unsuccessfully. The mapping is returned empty.'),
      },
    });
    await user.click(await screen.findByRole('button', { name: T.newButton }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: T.createTitle });
    await user.selectOptions(await within(dialog).findByLabelText(new RegExp(`^${T.templateLabel}`)), TEMPLATE_ID);
    await user.click(within(dialog).getByRole('button', { name: T.createButton }));
    expect(await within(dialog).findByText('Save unsuccessfully. The mapping is returned empty.')).toBeTruthy();
  });

  it('warns before each update-mode switch and sends the mode only when confirmed', async () => {
    const { user, api } = renderApp({
      app: 'admin',
      path: '/templates',
      api: {
        'GET /api/master_forms_with_total_form': LIST,
        [`PATCH /api/master_forms/${FORM_ID}/mode`]: {
          status: 200,
          body: { ...MASTER, updateMode: 'user-manual-update' },
        },
      },
    });
    const dialog = await openSettings(user, T.tabMode);
    await user.click(within(dialog).getByRole('radio', { name: T.modeManual }));
    const warning = await screen.findByRole('dialog', { name: T.modeToManualTitle });
    expect(within(warning).getByText(T.modeToManualWarning)).toBeTruthy();
    await user.click(within(warning).getByRole('button', { name: UI_TEXT.cancelButton }));
    expect(api.calls(`PATCH /api/master_forms/${FORM_ID}/mode`)).toHaveLength(0);
    expect((within(dialog).getByRole('radio', { name: T.modeAuto }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(dialog).getByRole('radio', { name: T.modeManual }));
    const again = await screen.findByRole('dialog', { name: T.modeToManualTitle });
    await user.click(within(again).getByRole('button', { name: T.modeSwitchButton }));
    await waitFor(() => expect(api.calls(`PATCH /api/master_forms/${FORM_ID}/mode`)).toHaveLength(1));
    expect(bodyOf(api.calls(`PATCH /api/master_forms/${FORM_ID}/mode`)[0])).toEqual({
      updateMode: 'user-manual-update',
    });
  });

  it('asks before making a global template limited, then saves the access and the accounts picked by name', async () => {
    const granted = '44444444-4444-4444-8444-444444444444';
    const account = {
      id: granted,
      name: 'Acme Credit Union',
      status: 'active',
      membershipId: 'MEMBERSHIP_002',
      membershipName: 'Simple',
      activeMembers: 2,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    const { user, api } = renderApp({
      app: 'admin',
      path: '/templates',
      api: {
        'GET /api/master_forms_with_total_form': LIST,
        'GET /api/accounts': (url) =>
          jsonResponse(200, {
            items: url.searchParams.get('q') === 'Acme' || url.searchParams.get('ids') === granted ? [account] : [],
            total: 1,
            page: 1,
            pageSize: 20,
          }),
        [`PATCH /api/master_forms/${FORM_ID}/accessibility`]: { status: 200, body: { ...MASTER, access: 'limited' } },
        [`GET /api/master_forms/${FORM_ID}/archive_impact`]: { status: 200, body: { forms: 5, companies: 2 } },
      },
    });
    const dialog = await openSettings(user, T.tabAccess);
    await user.click(within(dialog).getByRole('radio', { name: T.accessLimited }));
    const grantedInput = within(dialog)
      .getAllByLabelText(T.grantedLabel)
      .find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    // no raw ids: the account is found by its name
    expect(grantedInput.placeholder).toBe(ADMIN_ACCOUNTS_TEXT.pickerPlaceholder);
    await user.click(grantedInput);
    await user.type(grantedInput, 'Acme');
    await user.click(await screen.findByRole('option', { name: 'Acme Credit Union' }));
    expect(within(dialog).getByText('Acme Credit Union')).toBeTruthy();
    // the search waits for a pause in typing: "Acme", not "Acm" then "Acme"
    const searches = api
      .calls('GET /api/accounts')
      .map((c) => new URL(String(c[0]), 'http://x').searchParams)
      .filter((p) => p.has('q'));
    expect(searches.map((p) => p.get('q'))).toEqual(['Acme']);
    await user.click(within(dialog).getByRole('button', { name: T.saveAccess }));
    const confirm = await screen.findByRole('dialog', { name: T.limitedTitle });
    // the confirmation names how many forms of how many companies the server will archive
    expect(
      await within(confirm).findByText(`${T.limitedWarning} ${T.limitedImpact(5, 2)}`, {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(T.limitedImpact(5, 2)).toContain('5 forms of 2 client accounts');
    expect(api.calls(`GET /api/master_forms/${FORM_ID}/archive_impact`)).toHaveLength(1);
    expect(api.calls(`PATCH /api/master_forms/${FORM_ID}/accessibility`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: T.limitedConfirm }));
    await waitFor(() => expect(api.calls(`PATCH /api/master_forms/${FORM_ID}/accessibility`)).toHaveLength(1));
    expect(bodyOf(api.calls(`PATCH /api/master_forms/${FORM_ID}/accessibility`)[0])).toEqual({
      access: 'limited',
      membershipIds: [],
      companyIds: [granted],
      excludedCompanyIds: [],
    });
  });

  it('a form never published cannot be switched on: it says to publish first', async () => {
    const { user } = renderApp({
      app: 'admin',
      path: '/templates',
      api: {
        'GET /api/master_forms_with_total_form': {
          status: 200,
          body: [{ ...MASTER, status: 'inactive', totalForm: 0 }],
        },
        'GET /api/processors': { status: 200, body: [] },
      },
    });
    const dialog = await openSettings(user, T.tabGeneral);
    const active = within(dialog).getByRole('switch', { name: new RegExp(T.statusLabel) }) as HTMLInputElement;
    expect(active.disabled).toBe(true);
    expect(within(dialog).getByText(T.statusNeedsPublish)).toBeTruthy();
  });

  it('confirms a deactivation and saves the name and processor', async () => {
    const { user, api } = renderApp({
      app: 'admin',
      path: '/templates',
      api: {
        'GET /api/master_forms_with_total_form': LIST,
        'GET /api/processors': { status: 200, body: [{ id: 'cardconnect', name: 'CardConnect' }] },
        [`PATCH /api/master_forms/${FORM_ID}/status`]: { status: 200, body: { ...MASTER, status: 'inactive' } },
        [`PATCH /api/master_forms/${FORM_ID}/general`]: { status: 200, body: MASTER },
      },
    });
    const dialog = await openSettings(user, T.tabGeneral);
    await user.click(within(dialog).getByRole('switch', { name: new RegExp(T.statusLabel) }));
    const confirm = await screen.findByRole('dialog', { name: T.deactivateTitle });
    expect(api.calls(`PATCH /api/master_forms/${FORM_ID}/status`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: T.deactivateButton }));
    await waitFor(() => expect(api.calls(`PATCH /api/master_forms/${FORM_ID}/status`)).toHaveLength(1));
    expect(bodyOf(api.calls(`PATCH /api/master_forms/${FORM_ID}/status`)[0])).toEqual({ status: 'inactive' });

    await within(dialog).findByRole('option', { name: 'CardConnect' });
    await user.selectOptions(within(dialog).getByLabelText(T.processorLabel), 'cardconnect');
    await user.click(within(dialog).getByRole('button', { name: T.saveGeneral }));
    await waitFor(() => expect(api.calls(`PATCH /api/master_forms/${FORM_ID}/general`)).toHaveLength(1));
    expect(bodyOf(api.calls(`PATCH /api/master_forms/${FORM_ID}/general`)[0])).toEqual({
      name: MASTER.name,
      processorId: 'cardconnect',
    });
  });
});

describe('/layout-universal-form/{templateId}/{formId}', { timeout: 60_000 }, () => {
  const path = `/layout-universal-form/${TEMPLATE_ID}/${FORM_ID}`;

  it('is Saved until something changes, saves the whole structure and is Saved again', async () => {
    const { user, api } = renderApp({
      app: 'admin',
      path,
      api: {
        [`GET /api/master_forms/${FORM_ID}`]: { status: 200, body: MASTER },
        [`POST /api/master_forms/${FORM_ID}`]: { status: 200, body: { ...MASTER, hasUnpublishedChanges: true } },
      },
    });
    const state = await screen.findByTestId('save-state', {}, { timeout: 8000 });
    expect(state.textContent).toBe(T.stateSaved);
    expect((screen.getByRole('button', { name: T.saveButton }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('tab', { name: T.tabStyle }));
    const title = field(T.headerTitleLabel) as HTMLInputElement;
    expect(title.value).toBe('Merchant Processing Application');
    expect((field(T.headerBackgroundLabel) as HTMLInputElement).value).toBe('#4582ec');
    expect((field(T.progressActiveStepLabel) as HTMLInputElement).value).toBe('#2a6add');
    fireEvent.change(title, { target: { value: 'Acme application' } });
    expect(screen.getByTestId('save-state').textContent).toBe(T.stateUnsaved);
    // publishing waits for the changes to be saved
    expect((screen.getByRole('button', { name: T.publishButton }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: T.saveButton }));
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe(T.stateSaved));
    const body = bodyOf(api.calls(`POST /api/master_forms/${FORM_ID}`)[0]);
    expect(body.structure.headerLayout.title).toBe('Acme application');
    expect(body.structure.allField).toEqual(MASTER.structure.allField);
    expect(body.structure.bindingFields).toEqual(MASTER.structure.bindingFields);
    expect(body.structure.progressLayout).toEqual(MASTER.structure.progressLayout);
  });

  it('does not save an invalid colour', async () => {
    const { user } = renderApp({
      app: 'admin',
      path,
      api: { [`GET /api/master_forms/${FORM_ID}`]: { status: 200, body: MASTER } },
    });
    await user.click(await screen.findByRole('tab', { name: T.tabStyle }, { timeout: 8000 }));
    fireEvent.change(field(T.headerBackgroundLabel), { target: { value: '#12' } });
    expect(screen.getByTestId('save-state').textContent).toBe(T.stateUnsaved);
    expect(await screen.findByText(T.colourInvalid)).toBeTruthy();
    expect((screen.getByRole('button', { name: T.saveButton }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('warns about header text that is hard to read on its background, without blocking the save', async () => {
    const { user } = renderApp({
      app: 'admin',
      path,
      api: { [`GET /api/master_forms/${FORM_ID}`]: { status: 200, body: MASTER } },
    });
    await user.click(await screen.findByRole('tab', { name: T.tabStyle }, { timeout: 8000 }));
    expect(screen.queryByText(/^Hard to read/)).toBeNull();
    fireEvent.change(field(T.headerTextLabel), { target: { value: '#5a8ff0' } });
    expect(await screen.findByText(/^Hard to read/)).toBeTruthy();
    expect((screen.getByRole('button', { name: T.saveButton }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('publishes after a confirmation and shows the new version', async () => {
    const { user, api } = renderApp({
      app: 'admin',
      path,
      api: {
        [`GET /api/master_forms/${FORM_ID}`]: { status: 200, body: MASTER },
        [`PATCH /api/master_forms/${FORM_ID}/versions`]: { status: 200, body: { ...MASTER, version: 1 } },
      },
    });
    expect((await screen.findByTestId('version', {}, { timeout: 8000 })).textContent).toBe(T.notPublished);
    await user.click(screen.getByRole('button', { name: T.publishButton }));
    const confirm = await screen.findByRole('dialog', { name: T.publishTitle(1) });
    await user.click(within(confirm).getByRole('button', { name: T.publishConfirm }));
    await waitFor(() => expect(screen.getByTestId('version').textContent).toBe(T.versionNumber(1)));
    expect(api.calls(`PATCH /api/master_forms/${FORM_ID}/versions`)).toHaveLength(1);
    // already active: nothing more to ask
    expect(screen.queryByRole('dialog', { name: T.activateTitle })).toBeNull();
  });

  it('after publishing an inactive form, offers to make it active, and activates it on yes', async () => {
    const inactive = { ...MASTER, status: 'inactive' };
    const { user, api } = renderApp({
      app: 'admin',
      path,
      api: {
        [`GET /api/master_forms/${FORM_ID}`]: { status: 200, body: inactive },
        [`PATCH /api/master_forms/${FORM_ID}/versions`]: { status: 200, body: { ...inactive, version: 1 } },
        [`PATCH /api/master_forms/${FORM_ID}/status`]: {
          status: 200,
          body: { ...inactive, version: 1, status: 'active' },
        },
      },
    });
    await screen.findByTestId('version', {}, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: T.publishButton }));
    const confirm = await screen.findByRole('dialog', { name: T.publishTitle(1) });
    await user.click(within(confirm).getByRole('button', { name: T.publishConfirm }));
    const offer = await screen.findByRole('dialog', { name: T.activateTitle });
    expect(within(offer).getByText(T.activateText(MASTER.name, 1))).toBeTruthy();
    await user.click(within(offer).getByRole('button', { name: T.activateConfirm }));
    await waitFor(() => expect(api.calls(`PATCH /api/master_forms/${FORM_ID}/status`)).toHaveLength(1));
    expect(bodyOf(api.calls(`PATCH /api/master_forms/${FORM_ID}/status`)[0])).toEqual({ status: 'active' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.activateTitle })).toBeNull());
  });

  it('"Not now" leaves a published form inactive', async () => {
    const inactive = { ...MASTER, status: 'inactive' };
    const { user, api } = renderApp({
      app: 'admin',
      path,
      api: {
        [`GET /api/master_forms/${FORM_ID}`]: { status: 200, body: inactive },
        [`PATCH /api/master_forms/${FORM_ID}/versions`]: { status: 200, body: { ...inactive, version: 1 } },
      },
    });
    await screen.findByTestId('version', {}, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: T.publishButton }));
    await user.click(
      within(await screen.findByRole('dialog', { name: T.publishTitle(1) })).getByRole('button', {
        name: T.publishConfirm,
      }),
    );
    const offer = await screen.findByRole('dialog', { name: T.activateTitle });
    await user.click(within(offer).getByRole('button', { name: T.activateLater }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.activateTitle })).toBeNull());
    expect(api.calls(`PATCH /api/master_forms/${FORM_ID}/status`)).toHaveLength(0);
  });

  it('warns that unsaved changes will be lost when leaving', async () => {
    const { user, location } = renderApp({
      app: 'admin',
      path,
      api: {
        [`GET /api/master_forms/${FORM_ID}`]: { status: 200, body: MASTER },
        'GET /api/master_forms_with_total_form': LIST,
      },
    });
    await user.click(await screen.findByRole('tab', { name: T.tabStyle }, { timeout: 8000 }));
    fireEvent.change(field(T.headerSubtitleLabel), { target: { value: 'Short' } });
    await user.click(screen.getByRole('link', { name: new RegExp(T.backToTemplates) }));
    const leave = await screen.findByRole('dialog', { name: T.leaveTitle });
    expect(within(leave).getByText(T.leaveText)).toBeTruthy();
    await user.click(within(leave).getByRole('button', { name: UI_TEXT.cancelButton }));
    expect(location()).toBe(path);

    await user.click(screen.getByRole('link', { name: new RegExp(T.backToTemplates) }));
    await user.click(
      within(await screen.findByRole('dialog', { name: T.leaveTitle })).getByRole('button', { name: T.leaveConfirm }),
    );
    await waitFor(() => expect(location()).toBe('/templates'));
  });

  it('shows the server message when the form cannot be loaded', async () => {
    renderApp({
      app: 'admin',
      path,
      api: { [`GET /api/master_forms/${FORM_ID}`]: apiError(404, 'not-found', 'The master form is not found.') },
    });
    expect(await screen.findByText('The master form is not found.', {}, { timeout: 8000 })).toBeTruthy();
  });
});
