import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { TEMPLATES_TEXT as T } from '@under/core/ui-text/admin-templates';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type Reply } from '../../test/fake-api';
import { field, renderApp } from '../../test/render-app';

const ID_A = '00000000-0000-4000-8000-00000000000a';
const ID_B = '00000000-0000-4000-8000-00000000000b';
const SUMMARY_A = {
  templateId: ID_A,
  name: 'Harbor application',
  status: 'active',
  pageCount: 3,
  fieldCount: 12,
  mappingFieldsVersion: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-02-03T00:00:00.000Z',
};
const SUMMARY_B = { ...SUMMARY_A, templateId: ID_B, name: 'Bay lending', pageCount: 1, fieldCount: 0 };
const detail = (summary: typeof SUMMARY_A, extra: Record<string, unknown> = {}) => ({
  ...summary,
  fileUrl: `pdf-templates/${summary.templateId}.pdf`,
  downloadUrl: '/api/files?token=x',
  fileSize: 1000,
  pages: [{ page: 1, width: 612, height: 792, rotation: 0 }],
  acroFields: [],
  ...extra,
});
const listReply = (items: unknown[], total = items.length, page = 1) => ({
  status: 200,
  body: { items, total, page, pageSize: 10 },
});
const UPLOAD_URL = {
  status: 200,
  body: {
    uploadUrl: 'http://localhost/api/files?token=up',
    fileUrl: `pdf-templates/${ID_B}.pdf`,
    expiresAt: '2026-12-01T00:00:00.000Z',
    maxBytes: 25_000_000,
    maxPages: 50,
  },
};
const slow = { timeout: 5000 };
const pdfFile = (name = 'application.pdf') => new File(['%PDF-1.7 test'], name, { type: 'application/pdf' });
const params = (api: ReturnType<typeof renderApp>['api'], key: string) =>
  api
    .calls('GET /api/pdf_templates')
    .map(([input]) => new URL(String(input), 'http://localhost').searchParams.get(key));

/** The signed upload goes through XMLHttpRequest (for its progress); this one answers 200 and records the PUTs. */
const puts: { url: string; body: unknown }[] = [];
class FakeXhr {
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  status = 0;
  responseText = '';
  timeout = 0;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    puts.push({ url: this.url, body });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      this.status = 200;
      this.responseText = JSON.stringify({ ok: true, size: 13 });
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  puts.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

async function chooseFile(dialog: HTMLElement, file: File, user: ReturnType<typeof renderApp>['user']) {
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, file);
}

describe('/pdf-mapping list', () => {
  it('lists the templates and searches 500 ms after typing, with 3 to 50 characters', async () => {
    const { user, api } = renderApp({
      app: 'admin',
      path: '/pdf-mapping',
      api: { 'GET /api/pdf_templates': listReply([SUMMARY_A, SUMMARY_B]) },
    });
    expect(await screen.findByRole('heading', { name: UI_TEXT.pdfMappingTitle, level: 1 }, slow)).toBeTruthy();
    const rows = await screen.findAllByTestId('template-row', {}, slow);
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: SUMMARY_A.name })
        .getAttribute('href'),
    ).toBe(`/pdf-mapping/edit/${ID_A}`);
    expect(within(rows[0] as HTMLElement).getByText('12')).toBeTruthy();

    api.on('GET /api/pdf_templates', listReply([SUMMARY_B]));
    await user.type(screen.getByLabelText(T.searchLabel), 'ba');
    expect(await screen.findByText(MESSAGES.searchLength, {}, { timeout: 2000 })).toBeTruthy();
    await user.type(screen.getByLabelText(T.searchLabel), 'y');
    await waitFor(() => expect(params(api, 'q')).toContain('bay'), { timeout: 2000 });
    expect(params(api, 'q').filter(Boolean)).toEqual(['bay']);
    await waitFor(() => expect(screen.queryByText(SUMMARY_A.name)).toBeNull());
  }, 15_000);

  it('pages through the server’s pages and filters by status', async () => {
    const { user, api } = renderApp({
      app: 'admin',
      path: '/pdf-mapping',
      api: { 'GET /api/pdf_templates': listReply([SUMMARY_A], 25) },
    });
    expect(await screen.findByText(T.range(1, 10, 25), {}, slow)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(params(api, 'page')).toContain('2'));
    await user.selectOptions(screen.getByLabelText(T.statusFilterLabel), 'archived');
    await waitFor(() => expect(params(api, 'status')).toContain('archived'));
    // a new filter starts at page 1
    const last = api.calls('GET /api/pdf_templates').at(-1)?.[0];
    expect(new URL(String(last), 'http://localhost').searchParams.get('page')).toBe('1');
  }, 15_000);

  it('shows the empty state with an upload button when there is no template', async () => {
    renderApp({ app: 'admin', path: '/pdf-mapping', api: { 'GET /api/pdf_templates': listReply([]) } });
    expect(await screen.findByText(T.emptyTitle, {}, slow)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: T.uploadButton })).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('upload dialog', () => {
  async function openDialog(api: Record<string, Reply>) {
    const view = renderApp({
      app: 'admin',
      path: '/pdf-mapping',
      api: { 'GET /api/pdf_templates': listReply([SUMMARY_A]), ...api },
    });
    await screen.findAllByTestId('template-row', {}, slow);
    await view.user.click(screen.getByRole('button', { name: T.uploadButton }));
    const dialog = await screen.findByRole('dialog', { name: T.uploadTitle });
    return { ...view, dialog };
  }

  it('shows the spec’s message for a taken name and uploads nothing', async () => {
    const { user, api, dialog } = await openDialog({
      'POST /api/create_form_check/name': apiError(409, 'template/name-used', MESSAGES.templateNameUsed),
    });
    await user.type(field(T.templateNameLabel), 'Harbor application');
    await chooseFile(dialog, pdfFile(), user);
    await user.click(within(dialog).getByRole('button', { name: T.uploadSubmit }));
    expect(await within(dialog).findByText(MESSAGES.templateNameUsed)).toBeTruthy();
    expect(JSON.parse(String(api.calls('POST /api/create_form_check/name')[0]?.[1]?.body))).toEqual({
      value: 'Harbor application',
    });
    expect(api.calls('POST /api/pdf_templates/gen_presigned_url')).toHaveLength(0);
    expect(puts).toHaveLength(0);
  }, 15_000);

  it('refuses a file over 25 MB before uploading', async () => {
    const { user, api, dialog } = await openDialog({});
    const big = pdfFile('big.pdf');
    Object.defineProperty(big, 'size', { value: 26_000_000 });
    await chooseFile(dialog, big, user);
    expect(await within(dialog).findByText(MESSAGES.fileTooLarge)).toBeTruthy();
    expect(api.calls('POST /api/pdf_templates/gen_presigned_url')).toHaveLength(0);
  }, 15_000);

  it('shows the server’s refusal of the PDF and stays on the list', async () => {
    const { user, api, dialog, location } = await openDialog({
      'POST /api/create_form_check/name': { status: 200, body: { available: true } },
      'POST /api/pdf_templates/gen_presigned_url': UPLOAD_URL,
      'POST /api/pdf_templates': apiError(422, 'pdf/encrypted', MESSAGES.pdfEncrypted),
    });
    await user.type(field(T.templateNameLabel), 'Locked');
    await chooseFile(dialog, pdfFile('locked.pdf'), user);
    await user.click(within(dialog).getByRole('button', { name: T.uploadSubmit }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.pdfEncrypted);
    expect(alert.textContent).toContain(T.refusedTitle);
    expect(alert.textContent).toContain(T.nothingSaved);
    // the file went to the signed URL on our own origin, then its key to the create call
    expect(puts[0]?.url).toBe('/api/files?token=up');
    expect(JSON.parse(String(api.calls('POST /api/pdf_templates')[0]?.[1]?.body))).toEqual({
      name: 'Locked',
      fileUrl: `pdf-templates/${ID_B}.pdf`,
    });
    expect(location()).toBe('/pdf-mapping');
  }, 15_000);

  it('opens the mapper of the new template and tells about AcroForm fields', async () => {
    const acro = (id: string, y: number) => ({ id, key: id, type: 'text', page: 1, x: 10, y, width: 200, height: 18 });
    const created = detail({ ...SUMMARY_B, name: 'New one' }, { acroFields: [acro('business', 10), acro('dba', 40)] });
    const { user, dialog, location, router } = await openDialog({
      'POST /api/create_form_check/name': { status: 200, body: { available: true } },
      'POST /api/pdf_templates/gen_presigned_url': UPLOAD_URL,
      'POST /api/pdf_templates': { status: 201, body: created },
    });
    await user.type(field(T.templateNameLabel), 'New one');
    await chooseFile(dialog, pdfFile(), user);
    await user.click(within(dialog).getByRole('button', { name: T.uploadSubmit }));
    await waitFor(() => expect(location()).toBe(`/pdf-mapping/edit/${ID_B}`), slow);
    expect(router.state.location.pathname).toBe(`/pdf-mapping/edit/${ID_B}`);
    expect(await screen.findByText(`${T.uploaded('New one')} ${T.acroFieldsFound(2)}`)).toBeTruthy();
    expect(puts).toHaveLength(1);
  }, 15_000);
});

describe('row actions', () => {
  async function openAction(action: string, api: Record<string, Reply> = {}) {
    const view = renderApp({
      app: 'admin',
      path: '/pdf-mapping',
      api: { 'GET /api/pdf_templates': listReply([SUMMARY_A]), ...api },
    });
    await view.user.click(await screen.findByRole('button', { name: T.actionsLabel(SUMMARY_A.name) }, slow));
    await view.user.click(await screen.findByRole('menuitem', { name: action }, slow));
    return view;
  }

  it('asks before replacing the PDF, saying it cannot be reverted, then lists the removed fields', async () => {
    const { user, api } = await openAction(T.replacePdf, {
      'POST /api/pdf_templates/gen_presigned_url': UPLOAD_URL,
      [`PATCH /api/pdf_templates/${ID_A}/replace-pdf-file`]: {
        status: 200,
        body: { template: detail(SUMMARY_A), removedFields: [{ id: 'f1', key: 'owner_name', page: 3 }] },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: T.replaceTitle(SUMMARY_A.name) });
    await chooseFile(dialog, pdfFile('new.pdf'), user);
    await user.click(within(dialog).getByRole('button', { name: T.replaceNext }));
    const confirm = await screen.findByRole('dialog', { name: T.replaceConfirmTitle });
    expect(within(confirm).getByText(T.replaceConfirmText(SUMMARY_A.name, 'new.pdf'))).toBeTruthy();
    // what the dialog shows, not what the constant holds: the warning is on screen
    expect(within(confirm).getAllByText(/cannot be reverted/).length).toBeGreaterThan(0);
    // nothing is sent before the confirmation
    expect(puts).toHaveLength(0);
    expect(api.calls(`PATCH /api/pdf_templates/${ID_A}/replace-pdf-file`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: T.replaceConfirm }));
    const done = await screen.findByRole('dialog', { name: T.replacedTitle }, slow);
    expect(within(done).getByText(T.removedField('owner_name', 3))).toBeTruthy();
    expect(JSON.parse(String(api.calls(`PATCH /api/pdf_templates/${ID_A}/replace-pdf-file`)[0]?.[1]?.body))).toEqual({
      fileUrl: `pdf-templates/${ID_B}.pdf`,
    });
  }, 15_000);

  it('clones with the _Copy name by default and the confirm-page mapper option', async () => {
    const { user, api } = await openAction(T.clone, {
      [`POST /api/templates/${ID_A}/clone`]: {
        status: 201,
        body: detail({ ...SUMMARY_A, templateId: ID_B, name: 'Harbor application_Copy' }),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: T.cloneTitle(SUMMARY_A.name) });
    expect((field(T.cloneNameLabel) as HTMLInputElement).value).toBe('Harbor application_Copy');
    await user.click(within(dialog).getByRole('checkbox', { name: T.cloneCcMapper }));
    await user.click(within(dialog).getByRole('button', { name: T.cloneSubmit }));
    await waitFor(() => expect(api.calls(`POST /api/templates/${ID_A}/clone`)).toHaveLength(1));
    expect(JSON.parse(String(api.calls(`POST /api/templates/${ID_A}/clone`)[0]?.[1]?.body))).toEqual({
      name: 'Harbor application_Copy',
      isCloneCcMapper: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 15_000);

  it('asks before archiving', async () => {
    const { user, api } = await openAction(T.archive, {
      [`PATCH /api/pdf_templates/${ID_A}/archive`]: { status: 200, body: detail({ ...SUMMARY_A, status: 'archived' }) },
    });
    const dialog = await screen.findByRole('dialog', { name: T.archiveTitle(SUMMARY_A.name) });
    expect(api.calls(`PATCH /api/pdf_templates/${ID_A}/archive`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: T.archive }));
    await waitFor(() => expect(api.calls(`PATCH /api/pdf_templates/${ID_A}/archive`)).toHaveLength(1));
    expect(JSON.parse(String(api.calls(`PATCH /api/pdf_templates/${ID_A}/archive`)[0]?.[1]?.body))).toEqual({
      archived: true,
    });
  }, 15_000);
});

describe('/view-mapped-pdf', () => {
  it('lists only the templates with mapped fields, with their mapping version', async () => {
    const { api } = renderApp({
      app: 'admin',
      path: '/view-mapped-pdf',
      api: { 'GET /api/pdf_templates': listReply([{ ...SUMMARY_A, mappingFieldsVersion: 4 }]) },
    });
    const rows = await screen.findAllByTestId('mapped-row', {}, slow);
    // the server filters: only templates with mapped fields are asked for
    const url = new URL(String(api.calls('GET /api/pdf_templates')[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('mapped')).toBe('true');
    expect(rows).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByText(SUMMARY_A.name)).toBeTruthy();
    expect(await within(rows[0] as HTMLElement).findByText(T.versionLabel(4))).toBeTruthy();
    expect(screen.queryByText(SUMMARY_B.name)).toBeNull();
    expect(
      within(rows[0] as HTMLElement).getByRole('button', { name: `${T.reviewPdf}: ${SUMMARY_A.name}` }),
    ).toBeTruthy();
  }, 15_000);

  it('says so when no template is mapped yet', async () => {
    renderApp({ app: 'admin', path: '/view-mapped-pdf', api: { 'GET /api/pdf_templates': listReply([]) } });
    expect(await screen.findByText(T.mappedEmptyTitle, {}, slow)).toBeTruthy();
  }, 15_000);
});

describe('/global-setting-page/{templateId}/{pageId}', () => {
  it('saves the chosen page’s font size and key prefix with the rest of the settings', async () => {
    const settings = {
      general: { defaultFontSize: 11, dateFormat: 'MM/dd/yyyy', visible: true },
      pages: { '1': { fontSize: 9 } },
    };
    const { user, api } = renderApp({
      app: 'admin',
      path: `/global-setting-page/${ID_A}/2`,
      api: {
        [`GET /api/pdf_templates/${ID_A}`]: {
          status: 200,
          body: detail(SUMMARY_A, {
            pages: [1, 2, 3].map((page) => ({ page, width: 612, height: 792, rotation: page === 2 ? 90 : 0 })),
          }),
        },
        [`GET /api/pdf_templates/${ID_A}/general-setting`]: { status: 200, body: settings },
        [`PUT /api/pdf_templates/${ID_A}/general-setting`]: (_url, init) =>
          new Response(String(init?.body), { status: 200, headers: { 'content-type': 'application/json' } }),
      },
    });
    const prefix = await screen.findByLabelText(T.keyPrefixLabel, {}, slow);
    expect((screen.getByLabelText(T.pageSelectLabel) as HTMLSelectElement).value).toBe('2');
    await user.type(prefix, 'bad prefix');
    await user.click(screen.getByRole('button', { name: T.saveSettings }));
    expect(await screen.findByText(MESSAGES.keyPattern)).toBeTruthy();
    expect(api.calls(`PUT /api/pdf_templates/${ID_A}/general-setting`)).toHaveLength(0);

    await user.clear(prefix);
    await user.type(prefix, 'p2_');
    await user.type(screen.getByLabelText(T.pageFontSizeLabel), '8');
    await user.click(screen.getByRole('button', { name: T.saveSettings }));
    await waitFor(() => expect(api.calls(`PUT /api/pdf_templates/${ID_A}/general-setting`)).toHaveLength(1));
    expect(JSON.parse(String(api.calls(`PUT /api/pdf_templates/${ID_A}/general-setting`)[0]?.[1]?.body))).toEqual({
      general: settings.general,
      pages: { '1': { fontSize: 9 }, '2': { fontSize: 8, keyPrefix: 'p2_' } },
    });
    expect(await screen.findByText(T.settingsSaved)).toBeTruthy();
  }, 15_000);
});

describe('/general-setting/{templateId}', () => {
  it('asks before leaving with unsaved changes', async () => {
    const { user, location } = renderApp({
      app: 'admin',
      path: `/general-setting/${ID_A}`,
      api: {
        'GET /api/pdf_templates': listReply([SUMMARY_A]),
        [`GET /api/pdf_templates/${ID_A}`]: { status: 200, body: detail(SUMMARY_A) },
        [`GET /api/pdf_templates/${ID_A}/general-setting`]: {
          status: 200,
          body: { general: { defaultFontSize: 10, dateFormat: 'MM/dd/yyyy', visible: true }, pages: {} },
        },
      },
    });
    const size = await screen.findByLabelText(
      new RegExp(`^${T.defaultFontSizeLabel.replace(/[()]/g, '\\$&')}`),
      {},
      slow,
    );
    await user.clear(size);
    await user.type(size, '14');
    await user.click(screen.getByRole('link', { name: new RegExp(T.backToList) }));
    const dialog = await screen.findByRole('dialog', { name: T.unsavedTitle });
    await user.click(within(dialog).getByRole('button', { name: T.unsavedStay }));
    expect(location()).toBe(`/general-setting/${ID_A}`);
    await user.click(screen.getByRole('link', { name: new RegExp(T.backToList) }));
    await user.click(
      within(await screen.findByRole('dialog', { name: T.unsavedTitle })).getByRole('button', { name: T.unsavedLeave }),
    );
    await waitFor(() => expect(location()).toBe('/pdf-mapping'));
  }, 15_000);
});
