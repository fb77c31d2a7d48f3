import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { CustomFormDetailSchema } from '@under/core/custom-forms/custom-form.schema';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { describe, expect, it } from 'vitest';
import { apiError, jsonResponse } from '../../test/fake-api';
import { ME, renderApp } from '../../test/render-app';

const FORM = {
  customFormId: '00000000-0000-4000-8000-0000000000f1',
  name: 'Merchant form',
  status: 'active',
  version: 2,
  masterFormId: '00000000-0000-4000-8000-0000000000m1',
  institution: 'Harbor Bank',
  masterVersion: 1,
  updateMode: 'system-auto-update',
  wizardStep: 4,
  isPublished: true,
  hasUpdate: true,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
};
const list = (items: unknown[]) => ({ status: 200, body: { items, total: items.length, page: 1, pageSize: 10 } });
const slow = { timeout: 8000 };

describe('client forms', { timeout: 90_000 }, () => {
  it('/all-form lists forms and deactivates one only after confirmation', async () => {
    const { user, api } = renderApp({
      path: '/all-form',
      api: {
        'GET /api/custom_forms': list([FORM]),
        [`PATCH /api/custom_forms/${FORM.customFormId}/status`]: { status: 200, body: { ...FORM, status: 'inactive' } },
      },
    });
    const row = (await screen.findAllByTestId('custom-form-row', {}, slow))[0] as HTMLElement;
    expect(within(row).getByText('Harbor Bank')).toBeTruthy();
    expect(within(row).getByText(T.updateAvailable)).toBeTruthy();
    expect(screen.getByRole('link', { name: T.createButton })).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: T.deactivateOf(FORM.name) }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByText(T.deactivateMessage(FORM.name))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls(`PATCH /api/custom_forms/${FORM.customFormId}/status`)).toHaveLength(0);
    await user.click(within(row).getByRole('button', { name: T.deactivateOf(FORM.name) }));
    await user.click(within(await screen.findByRole('dialog', {}, slow)).getByRole('button', { name: T.deactivate }));
    await waitFor(() => expect(api.calls(`PATCH /api/custom_forms/${FORM.customFormId}/status`)).toHaveLength(1), slow);
  });

  it('deletes a form only after the confirmation, and shows why the server refused one with applications', async () => {
    const url = `DELETE /api/custom_forms/${FORM.customFormId}`;
    const { user, api } = renderApp({
      path: '/all-form',
      api: {
        'GET /api/custom_forms': list([FORM]),
        [url]: [
          apiError(409, ERROR_CODES.customFormHasApplications, MESSAGES.customFormHasApplications),
          () => new Response(null, { status: 204 }),
        ],
      },
    });
    const row = (await screen.findAllByTestId('custom-form-row', {}, slow))[0] as HTMLElement;
    const openDelete = async () => {
      await user.click(within(row).getByRole('button', { name: `${T.actionsColumn}: ${FORM.name}` }));
      await user.click(await screen.findByRole('menuitem', { name: T.deleteFormOf(FORM.name) }));
      return screen.findByRole('dialog', { name: MESSAGES.deleteConfirmTitle }, slow);
    };
    let dialog = await openDelete();
    expect(within(dialog).getByText(T.deleteFormMessage(FORM.name))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls(url)).toHaveLength(0);
    dialog = await openDelete();
    await user.click(within(dialog).getByRole('button', { name: T.deleteForm }));
    expect(await screen.findByText(MESSAGES.customFormHasApplications, {}, slow)).toBeTruthy();
    dialog = await openDelete();
    await user.click(within(dialog).getByRole('button', { name: T.deleteForm }));
    expect(await screen.findByText(T.deleted(FORM.name), {}, slow)).toBeTruthy();
    expect(api.calls(url)).toHaveLength(2);
  });

  it('a STANDARD member sees the list read-only', async () => {
    renderApp({
      path: '/all-form',
      api: {
        'GET /api/me': { status: 200, body: { ...ME, role: 'STANDARD' } },
        'GET /api/custom_forms': list([FORM]),
      },
    });
    const row = (await screen.findAllByTestId('custom-form-row', {}, slow))[0] as HTMLElement;
    expect(screen.getByText(T.readOnlyNote)).toBeTruthy();
    expect(screen.queryByRole('link', { name: T.createButton })).toBeNull();
    expect(within(row).queryByRole('button', { name: T.deactivateOf(FORM.name) })).toBeNull();
  });

  it('the wizard creates the form from the selected institution and goes on to step 2', async () => {
    const created = { customFormId: FORM.customFormId, version: 1, status: 'inactive' };
    const { user, api, location } = renderApp({
      path: '/create-form',
      api: {
        'GET /api/client_master_forms': {
          status: 200,
          body: [
            {
              formId: FORM.masterFormId,
              name: 'Harbor Bank',
              version: 1,
              processorId: null,
              processorName: null,
              pageCount: 2,
            },
          ],
        },
        'POST /api/custom_forms': { status: 201, body: created },
        [`GET /api/custom_forms/${FORM.customFormId}`]: {
          status: 500,
          body: { statusCode: 500, code: 'x', message: 'x' },
        },
      },
    });
    const card = (await screen.findAllByTestId('institution-card', {}, slow))[0] as HTMLElement;
    expect(within(card).getByText(`${T.processorLabel}: ${T.noProcessor} · ${T.pages(2)}`)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: `${T.select} Harbor Bank` }));
    await user.clear(screen.getByLabelText(new RegExp(`^${T.formNameLabel}`)));
    await user.type(screen.getByLabelText(new RegExp(`^${T.formNameLabel}`)), 'My form');
    await user.click(screen.getByRole('button', { name: T.createAndContinue }));
    await waitFor(() => expect(location()).toBe(`/create-form?formId=${FORM.customFormId}&step=2`), slow);
    const [call] = api.calls('POST /api/custom_forms');
    const init = call?.[1] as RequestInit | undefined;
    expect(JSON.parse(String(init?.body))).toEqual({
      masterFormId: FORM.masterFormId,
      name: 'My form',
    });
  });

  it("/universal-form/{formId} shows the institution's form read-only with the way to build on it", async () => {
    const formId = '00000000-0000-4000-8000-0000000000a7';
    const question = { type: 'textfield', key: 'legalName', label: 'Legal name of the business', input: true };
    renderApp({
      path: `/universal-form/${formId}`,
      api: {
        [`GET /api/client_master_forms/${formId}`]: {
          status: 200,
          body: {
            formId,
            name: 'Harbor Bank',
            version: 3,
            processorId: null,
            processorName: null,
            pageCount: 0,
            form: { version: 1, display: 'form', components: [question] },
            layout: {
              headerLayout: { backgroundColor: '#4582ec', textColor: '#ffffff' },
              progressLayout: {
                backgroundColor: '#ffffff',
                textColor: '#000000',
                defaultStepColor: '#d9d9d9',
                activeStepColor: '#2a6add',
              },
            },
          },
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Harbor Bank' }, slow)).toBeTruthy();
    expect(await screen.findByLabelText(/Legal name of the business/, {}, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: T.createButton }).getAttribute('href')).toBe('/create-form');
  });

  it('step 2 of a wizard master with no additions yet starts on one page of its own, with a key free of the master', async () => {
    const taken = { type: 'textfield', key: 'additionalQuestions', label: 'Taken', input: true };
    const masterPage = {
      type: 'panel',
      key: 'page1',
      title: 'Page 1',
      label: 'Page 1',
      input: false,
      components: [taken],
    };
    const detail = CustomFormDetailSchema.parse({
      ...FORM,
      status: 'inactive',
      wizardStep: 1,
      hasUpdate: false,
      companyId: '00000000-0000-4000-8000-0000000000c1',
      readVersion: 2,
      readOnly: false,
      integrations: {},
      structure: {
        customFormDocument: { additions: [] },
        universalFormMaster: { version: 1, display: 'wizard', components: [masterPage] },
      },
      form: { version: 1, display: 'wizard', components: [masterPage] },
      layout: { headerLayout: {}, progressLayout: {} },
      documents: [],
      update: null,
    });
    renderApp({
      path: `/create-form?formId=${FORM.customFormId}&step=2`,
      api: { [`GET /api/custom_forms/${FORM.customFormId}`]: { status: 200, body: detail } },
    });
    expect(await screen.findByTestId('canvas-additionalQuestions1', {}, slow)).toBeTruthy();
    expect(screen.getAllByText(T.firstAdditionalPage).length).toBeGreaterThan(0);
  });

  it("step 2 shows the server's key clash at the field it names, not only as a notification", async () => {
    const taxId = { type: 'textfield', key: 'tax_id', label: 'Tax id', input: true };
    const page = { type: 'panel', key: 'our_page', title: 'Our page', label: 'Our page', input: false };
    const detail = CustomFormDetailSchema.parse({
      ...FORM,
      status: 'inactive',
      wizardStep: 1,
      hasUpdate: false,
      companyId: '00000000-0000-4000-8000-0000000000c1',
      readVersion: 2,
      readOnly: false,
      integrations: {},
      structure: {
        customFormDocument: { additions: [{ ...page, components: [{ ...taxId, label: 'Our tax id' }] }] },
        universalFormMaster: { version: 1, display: 'form', components: [taxId] },
      },
      form: { version: 1, display: 'form', components: [taxId] },
      layout: { headerLayout: {}, progressLayout: {} },
      documents: [],
      update: null,
    });
    const path = 'customFormDocument.additions[0].components[0].key';
    const { user, api } = renderApp({
      path: `/create-form?formId=${FORM.customFormId}&step=2`,
      api: {
        [`GET /api/custom_forms/${FORM.customFormId}`]: { status: 200, body: detail },
        [`POST /api/custom_forms/${FORM.customFormId}`]: {
          status: 400,
          body: {
            statusCode: 400,
            code: ERROR_CODES.customFormKeyExists,
            message: MESSAGES.keyExists,
            errors: [{ path, message: MESSAGES.keyExists }],
          },
        },
      },
    });
    await screen.findByTestId('canvas-tax_id', {}, slow);
    expect(screen.queryByTestId('key-error-tax_id')).toBeNull();
    await user.click(screen.getByRole('button', { name: T.saveAndContinue }));
    await waitFor(() => expect(api.calls(`POST /api/custom_forms/${FORM.customFormId}`)).toHaveLength(1), slow);
    // at the component on the canvas…
    const atField = await screen.findByTestId('key-error-tax_id', {}, slow);
    expect(atField.textContent).toBe(`tax_id: ${MESSAGES.keyExists}`);
    expect(screen.getByTestId('canvas-tax_id').getAttribute('data-invalid')).toBe('true');
    // …and in its key input once opened
    await user.click(screen.getByRole('button', { name: UI_TEXT.builderEdit('Our tax id') }));
    const keyInput = screen.getByLabelText(UI_TEXT.builderEditKey) as HTMLInputElement;
    expect(keyInput.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(MESSAGES.keyExists).length).toBeGreaterThan(0);
    // a new key clears it
    await user.clear(keyInput);
    await user.type(keyInput, 'our_tax_id');
    await waitFor(() => expect(screen.queryByTestId(/^key-error-/)).toBeNull(), slow);
  });

  it('the template-permission picker finds members by name or e-mail on the server and keeps those granted', async () => {
    const masterId = '00000000-0000-4000-8000-00000000aa01';
    const member = (id: string, firstName: string, email: string) => ({
      id,
      kind: 'user',
      email,
      firstName,
      lastName: 'Lee',
      phoneNumber: null,
      role: 'STANDARD',
      status: 'active',
      createdAt: '2026-01-01T10:00:00.000Z',
      invitation: null,
    });
    const ann = member('00000000-0000-4000-8000-00000000bb01', 'Ann', 'ann@example.com');
    const bob = member('00000000-0000-4000-8000-00000000bb02', 'Bob', 'bob@example.com');
    const permission = { formId: masterId, name: 'Harbor Bank', global: false, userIds: [ann.id] };
    const { user, api } = renderApp({
      path: `/templates-permission/${masterId}`,
      api: {
        'GET /api/templates_permission': { status: 200, body: [permission] },
        [`GET /api/members/${ann.id}`]: { status: 200, body: ann },
        'GET /api/members': (url) =>
          jsonResponse(200, {
            items: url.searchParams.get('q') === 'bob@' ? [bob] : [],
            total: 1,
            page: 1,
            pageSize: 20,
          }),
        [`POST /api/granted-master-form/${masterId}`]: {
          status: 200,
          body: { ...permission, userIds: [ann.id, bob.id] },
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: T.membersOf('Harbor Bank') }, slow);
    // the member already granted is shown by name, read by id
    expect(await within(dialog).findByText('Ann Lee (ann@example.com)', {}, slow)).toBeTruthy();
    // nothing listed up front: the team is searched
    expect(api.calls('GET /api/members')).toHaveLength(0);
    const input = within(dialog).getByPlaceholderText(T.memberPickerPlaceholder);
    await user.click(input);
    await user.type(input, 'bob@');
    await user.click(await screen.findByRole('option', { name: 'Bob Lee (bob@example.com)' }, slow));
    const searches = api.calls('GET /api/members').map((c) => new URL(String(c[0]), 'http://x').searchParams);
    expect(searches.every((p) => (p.get('q') ?? '').length >= 3)).toBe(true);
    expect(searches.at(-1)?.get('q')).toBe('bob@');
    await user.click(within(dialog).getByRole('button', { name: T.save }));
    await waitFor(() => expect(api.calls(`POST /api/granted-master-form/${masterId}`)).toHaveLength(1), slow);
    const [call] = api.calls(`POST /api/granted-master-form/${masterId}`);
    expect(JSON.parse(String((call?.[1] as RequestInit | undefined)?.body))).toEqual({ userIds: [ann.id, bob.id] });
  });
});
