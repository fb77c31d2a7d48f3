import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import { ADMIN_LIBRARY_TEXT as T } from '@under/core/ui-text/admin-library';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../test/fake-api';
import { field, renderApp } from '../../test/render-app';

const SECTION_ID = '00000000-0000-4000-8000-0000000000a1';
const OWNER = {
  sectionId: SECTION_ID,
  keySection: 'owner_info',
  label: 'Owner information',
  title: 'Owner',
  components: {
    version: 1,
    display: 'form',
    components: [{ type: 'textfield', key: 'ownerName', label: 'Owner name', input: true }],
  },
  processors: ['cardconnect'],
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};
const PROCESSORS = {
  status: 200,
  body: [
    { id: 'cardconnect', name: 'CardConnect' },
    { id: 'processor_b', name: 'Worldpay/Vantiv' },
  ],
};
const slow = { timeout: 8000 };
// the editor's chunk holds the form builder and renderer: slow to load on a busy machine
const first = { timeout: 25_000 };
const bodyOf = (call: unknown[] | undefined) => JSON.parse(String((call?.[1] as RequestInit | undefined)?.body));

async function chooseProcessor(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(screen.getByPlaceholderText(T.processorsPlaceholder));
  await user.click(await screen.findByRole('option', { name }, slow));
  await user.keyboard('{Escape}');
}

describe('/admin/view-sections', { timeout: 60_000 }, () => {
  it('lists the sections with a link to edit each, and an empty state with "New section"', async () => {
    const { user, api } = renderApp({
      app: 'admin',
      path: '/view-sections',
      api: { 'GET /api/sections': { status: 200, body: [OWNER] }, 'GET /api/processors': PROCESSORS },
    });
    const link = await screen.findByRole('link', { name: 'owner_info' }, slow);
    expect(link.getAttribute('href')).toBe(`/section/${SECTION_ID}`);
    const row = screen.getByTestId('section-row');
    expect(within(row).getByText('CardConnect')).toBeTruthy();
    api.on('GET /api/sections', { status: 200, body: [] });
    await user.type(screen.getByLabelText(T.searchSectionsLabel), 'nothing');
    expect(await screen.findByText(T.noSectionsFound, {}, slow)).toBeTruthy();
    const asked = api.calls('GET /api/sections').map(([u]) => new URL(String(u), 'http://x').searchParams.get('q'));
    expect(asked).toContain('nothing');
  });
});

describe('/admin/new-section and /admin/section/{sectionId}', { timeout: 120_000 }, () => {
  it('creates a section with the fields added in the builder, then opens it', async () => {
    const { user, api, location } = renderApp({
      app: 'admin',
      path: '/new-section',
      api: {
        'GET /api/processors': PROCESSORS,
        'POST /api/new-section': { status: 201, body: { ...OWNER, version: 1 } },
        [`GET /api/sections/${SECTION_ID}`]: { status: 200, body: OWNER },
      },
    });
    const save = await screen.findByRole('button', { name: T.createSection }, first);
    // nothing to save without fields
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Add Text field' }));
    await user.click(screen.getByRole('button', { name: 'Add Email' }));
    await user.click(save);
    expect(await screen.findByText(T.sectionKeyRequired, {}, slow)).toBeTruthy();
    expect(screen.getByText(T.sectionLabelRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.processorsRequired)).toBeTruthy();
    await user.type(field(T.sectionKeyLabel), 'owner info');
    await user.tab();
    expect(await screen.findByText(MESSAGES.keyPattern)).toBeTruthy();
    await user.clear(field(T.sectionKeyLabel));
    await user.type(field(T.sectionKeyLabel), 'owner_info');
    await user.type(field(T.sectionLabelLabel), 'Owner information');
    await user.type(field(T.sectionTitleLabel), 'Owner');
    await chooseProcessor(user, 'CardConnect');
    await user.click(field(T.conditionalLabel));
    await user.paste('{"show": true, "when": "hasOwner", "eq": "yes"}');
    expect(api.calls('POST /api/new-section')).toHaveLength(0);
    await user.click(save);
    await waitFor(() => expect(api.calls('POST /api/new-section')).toHaveLength(1), slow);
    const body = bodyOf(api.calls('POST /api/new-section')[0]);
    expect(body).toMatchObject({
      keySection: 'owner_info',
      label: 'Owner information',
      title: 'Owner',
      processors: ['cardconnect'],
      conditional: { show: true, when: 'hasOwner', eq: 'yes' },
    });
    expect(body.components.display).toBe('form');
    expect(body.components.components.map((c: { type: string; key: string }) => [c.type, c.key])).toEqual([
      ['textfield', 'textField'],
      ['email', 'email'],
    ]);
    await waitFor(() => expect(location()).toBe(`/section/${SECTION_ID}`), slow);
    expect(await screen.findByRole('heading', { name: T.editSectionTitle('owner_info') }, slow)).toBeTruthy();
  });

  it('shows "Section Key is being used" from the server on the key field', async () => {
    const { user, api } = renderApp({
      app: 'admin',
      path: `/section/${SECTION_ID}`,
      api: {
        'GET /api/processors': PROCESSORS,
        [`GET /api/sections/${SECTION_ID}`]: { status: 200, body: OWNER },
        [`PATCH /api/sections/${SECTION_ID}`]: apiError(409, ERROR_CODES.sectionKeyUsed, MESSAGES.sectionKeyUsed),
      },
    });
    const key = await screen.findByDisplayValue('owner_info', {}, first);
    expect(screen.getByTestId('save-state').textContent).toBe(T.savedBadge);
    await user.clear(key);
    await user.type(key, 'bank_info');
    expect(screen.getByTestId('save-state').textContent).toBe(T.unsavedBadge);
    await user.click(screen.getByRole('button', { name: T.saveSection }));
    expect(await screen.findByText(MESSAGES.sectionKeyUsed, {}, slow)).toBeTruthy();
    expect(field(T.sectionKeyLabel).getAttribute('aria-invalid')).toBe('true');
    const body = bodyOf(api.calls(`PATCH /api/sections/${SECTION_ID}`)[0]);
    expect(body.keySection).toBe('bank_info');
    expect(body.components.components[0].key).toBe('ownerName');
  });

  it('warns before leaving with unsaved changes, and stays when asked', async () => {
    const { user, location } = renderApp({
      app: 'admin',
      path: `/section/${SECTION_ID}`,
      api: {
        'GET /api/processors': PROCESSORS,
        [`GET /api/sections/${SECTION_ID}`]: { status: 200, body: OWNER },
        'GET /api/sections': { status: 200, body: [OWNER] },
      },
    });
    await screen.findByDisplayValue('owner_info', {}, first);
    await user.click(screen.getByRole('button', { name: 'Add Number' }));
    await user.click(screen.getByRole('link', { name: new RegExp(T.backToSections) }));
    const dialog = await screen.findByRole('dialog', { name: T.leaveTitle }, slow);
    await user.click(within(dialog).getByRole('button', { name: T.stay }));
    expect(location()).toBe(`/section/${SECTION_ID}`);
    await user.click(screen.getByRole('link', { name: new RegExp(T.backToSections) }));
    await user.click(
      within(await screen.findByRole('dialog', { name: T.leaveTitle }, slow)).getByRole('button', {
        name: T.leaveConfirm,
      }),
    );
    await waitFor(() => expect(location()).toBe('/view-sections'), slow);
  });

  it('pushes a saved section to master forms and shows the progress', async () => {
    const { user, api } = renderApp({
      app: 'admin',
      path: `/section/${SECTION_ID}`,
      api: {
        'GET /api/processors': PROCESSORS,
        [`GET /api/sections/${SECTION_ID}`]: { status: 200, body: OWNER },
        'POST /api/push-update-by-sections': {
          status: 202,
          body: {
            pushId: '00000000-0000-4000-8000-0000000000f2',
            kind: 'section',
            targetId: SECTION_ID,
            status: 'done',
            total: 0,
            done: 0,
            error: null,
            createdAt: '2026-01-03T00:00:00.000Z',
            finishedAt: '2026-01-03T00:00:00.000Z',
          },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: T.pushSectionAction }, first));
    const dialog = await screen.findByRole('dialog', { name: T.pushTitle }, slow);
    await user.click(within(dialog).getByRole('button', { name: T.pushStart }));
    expect(await within(dialog).findByText(T.pushDone(0), {}, slow)).toBeTruthy();
    expect(bodyOf(api.calls('POST /api/push-update-by-sections')[0])).toEqual({ id: SECTION_ID });
  });
});
