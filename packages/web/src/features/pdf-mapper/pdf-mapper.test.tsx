import '../../test/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EMAIL_SOURCE } from '@under/core/forms/regex-samples';
import { MESSAGES } from '@under/core/messages';
import { typeMismatchMessage } from '@under/core/templates/mapping-rules';
import { MAPPER_TEXT as T } from '@under/core/ui-text/admin-mapper';
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

// pdf.js needs a canvas and a worker; the boxes and the panel do not depend on the drawing
vi.mock('./lib/pdf-document', () => ({
  openPdf: () => ({ promise: new Promise(() => undefined), destroy: async () => undefined }),
}));

const ID = '00000000-0000-4000-8000-00000000000a';
const PAGES = [
  { page: 1, width: 612, height: 792, rotation: 0 },
  { page: 2, width: 792, height: 612, rotation: 90 },
];
const TEMPLATE = {
  templateId: ID,
  name: 'Bank application',
  status: 'active',
  pageCount: 2,
  fieldCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  fileUrl: 'pdf-templates/a.pdf',
  downloadUrl: 'http://localhost/api/files?token=x',
  fileSize: 1000,
  pages: PAGES,
  mappingFieldsVersion: 0,
  acroFields: [],
};
const entry = (id: string, name: string, type: string) => ({
  id,
  name,
  label: name.replace('_', ' '),
  type,
  require: false,
  encrypted: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const DICTIONARIES = {
  items: [
    entry('d1', 'business_name', 'text'),
    entry('d2', 'agree_terms', 'checkbox'),
    { ...entry('d3', 'owner_ssn', 'text'), encrypted: true, require: true },
    entry('d4', 'birth_date', 'date'),
    { ...entry('d7', 'CompanyName', 'text'), label: 'DBA name (doing business as)' },
    { ...entry('d5', 'owner_email', 'text'), data: { pattern: EMAIL_SOURCE } },
    {
      ...entry('d6', 'entity_type', 'radio'),
      options: [
        { label: 'Sole proprietorship', value: 'sole' },
        { label: 'LLC', value: 'llc' },
      ],
    },
  ],
  total: 7,
  page: 1,
  pageSize: 100,
};
const mapping = (data: unknown[]) => ({
  status: 200,
  body: { templateId: ID, version: 1, mappingFieldsVersion: 1, data },
});

function renderMapper(api: Record<string, unknown> = {}) {
  return renderApp({
    app: 'admin',
    path: `/pdf-mapping/edit/${ID}`,
    api: {
      [`GET /api/pdf_templates/${ID}`]: { status: 200, body: TEMPLATE },
      [`GET /api/pdf_templates/${ID}/mapping_fields`]: mapping([]),
      'GET /api/dictionaries': { status: 200, body: DICTIONARIES },
      ...(api as Record<string, { status: number; body?: unknown }>),
    },
  });
}

const xInput = () => screen.getByRole('textbox', { name: T.xInput });

describe('/pdf-mapping/edit/{templateId}', () => {
  it('refuses to save an empty mapping with the spec message, without calling the server', async () => {
    const { user, api } = renderMapper();
    await user.click(await screen.findByRole('button', { name: T.save }));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.mappingEmpty);
    expect(api.calls(`POST /api/pdf_templates/${ID}/mapping_fields`)).toHaveLength(0);
  });

  it('places a field from the keyboard with the default size, nudges it and deletes it', async () => {
    const { user } = renderMapper();
    await user.click(await screen.findByRole('button', { name: T.placeOnPageButton(2) }));
    const box = await screen.findByRole('button', { name: T.boxLabel('text_1', T.types.text ?? '') });
    expect(screen.getByRole('textbox', { name: T.widthInput })).toHaveProperty('value', '200');
    expect(screen.getByRole('textbox', { name: T.heightInput })).toHaveProperty('value', '18');
    expect(xInput()).toHaveProperty('value', '36');
    box.focus();
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    await waitFor(() => expect(xInput()).toHaveProperty('value', '37'));
    fireEvent.keyDown(box, { key: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(xInput()).toHaveProperty('value', '47'));
    fireEvent.keyDown(box, { key: 'd', ctrlKey: true });
    expect(await screen.findByRole('button', { name: T.boxLabel('text_2', T.types.text ?? '') })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('button', { name: T.boxLabel('text_2', T.types.text ?? '') }), {
      key: 'Delete',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: /text_2/ })).toBeNull());
  });

  it('offers only the entries and system fields the box may take, named with people’s type names', async () => {
    const { user } = renderMapper();
    await user.click(await screen.findByRole('button', { name: T.placeOnPageButton(1) }));
    await screen.findByRole('button', { name: T.boxLabel('text_1', T.types.text ?? '') });

    await user.click(screen.getByRole('combobox', { name: T.bindingLabel }));
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    // a text box: the text entries, the e-mail entry as an e-mail field, the system fields; no checkbox, no date
    expect(offered).toContain(T.bindingOption('business name', 'business_name', 'Text'));
    expect(offered).toContain(T.bindingOption('owner email', 'owner_email', 'Email'));
    expect(offered).toContain(T.bindingOption('DBA Name', 'CompanyName', 'Text'));
    expect(offered).toContain(T.bindingOption('Email', 'Email', 'Email'));
    expect(offered.join()).not.toMatch(/agree_terms|birth_date|recordId|textfield|datetime/);
    // the entry under the DBA system field's key is the system field, offered once
    expect(offered.filter((o) => o?.includes('(CompanyName,'))).toEqual([
      T.bindingOption('DBA Name', 'CompanyName', 'Text'),
    ]);
    await user.click(await screen.findByRole('option', { name: /business_name/ }));
    expect(await screen.findByRole('button', { name: T.boxLabel('business_name', T.types.text ?? '') })).toBeTruthy();

    // a type changed after binding: the mismatch says it in people's words
    await user.click(screen.getByRole('combobox', { name: T.typeLabel }));
    await user.click(await screen.findByRole('option', { name: T.types.checkbox }));
    const message = 'A Checkbox field of the PDF cannot take its value from a Text field.';
    expect(typeMismatchMessage('checkbox', 'textfield')).toBe(message);
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
  });

  it('offers every dictionary entry, beyond the first page of 100', async () => {
    const first = Array.from({ length: 100 }, (_, i) => entry(`p${i}`, `entry_${String(i).padStart(3, '0')}`, 'text'));
    const { user, api } = renderMapper({
      'GET /api/dictionaries': [
        { status: 200, body: { items: first, total: 101, page: 1, pageSize: 100 } },
        { status: 200, body: { items: [entry('late', 'zz_late_entry', 'text')], total: 101, page: 2, pageSize: 100 } },
      ],
    });
    await user.click(await screen.findByRole('button', { name: T.placeOnPageButton(1) }));
    await screen.findByRole('button', { name: T.boxLabel('text_1', T.types.text ?? '') });
    await user.click(screen.getByRole('combobox', { name: T.bindingLabel }));
    expect(await screen.findByRole('option', { name: /zz_late_entry/ })).toBeTruthy();
    expect(api.calls('GET /api/dictionaries')).toHaveLength(2);
  });

  it('binding an encrypted entry ticks Encrypted (and Required when the entry is); a system field keeps its key', async () => {
    const { user } = renderMapper();
    await user.click(await screen.findByRole('button', { name: T.placeOnPageButton(1) }));
    await screen.findByRole('button', { name: T.boxLabel('text_1', T.types.text ?? '') });
    const encrypted = () => screen.getByRole('checkbox', { name: T.encryptedLabel }) as HTMLInputElement;
    const required = () => screen.getByRole('checkbox', { name: T.requiredLabel }) as HTMLInputElement;
    expect(encrypted().checked).toBe(false);
    await user.click(screen.getByRole('combobox', { name: T.bindingLabel }));
    await user.click(await screen.findByRole('option', { name: /owner_ssn/ }));
    await screen.findByRole('button', { name: T.boxLabel('owner_ssn', T.types.text ?? '') });
    expect(encrypted().checked).toBe(true);
    expect(required().checked).toBe(true);

    await user.click(await screen.findByRole('button', { name: T.placeOnPageButton(1) }));
    await screen.findByRole('button', { name: T.boxLabel('text_1', T.types.text ?? '') });
    await user.click(screen.getByRole('combobox', { name: T.bindingLabel }));
    await user.click(await screen.findByRole('option', { name: /CompanyName/ }));
    expect(await screen.findByRole('button', { name: T.boxLabel('CompanyName', T.types.text ?? '') })).toBeTruthy();
    expect(encrypted().checked).toBe(false);
  });

  it('a checkbox may stand for one choice of a radio entry', async () => {
    const { user } = renderMapper();
    await user.click(await screen.findByRole('radio', { name: T.types.checkbox }));
    await user.click(await screen.findByRole('button', { name: T.placeOnPageButton(1) }));
    await screen.findByRole('button', { name: T.boxLabel('checkbox_1', T.types.checkbox ?? '') });
    await user.click(screen.getByRole('combobox', { name: T.bindingLabel }));
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered.join()).toMatch(/agree_terms/);
    expect(offered.join()).not.toMatch(/business_name/);
    await user.click(await screen.findByRole('option', { name: /entity_type/ }));
    await user.click(screen.getByRole('combobox', { name: T.optionValueLabel }));
    await user.click(await screen.findByRole('option', { name: 'LLC' }));
    expect(screen.getByRole('button', { name: /entity_type \(Checkbox\) = llc/ })).toBeTruthy();
  });

  it('saves the mapping, and shows the problems the server found by key', async () => {
    const { user, api } = renderMapper({
      [`POST /api/pdf_templates/${ID}/mapping_fields`]: [
        {
          ...apiError(400, 'mapping/invalid', MESSAGES.mappingInvalid),
          body: {
            statusCode: 400,
            code: 'mapping/invalid',
            message: MESSAGES.mappingInvalid,
            errors: [{ path: 'data.0.key', message: 'This key already existed.' }],
          },
        },
        mapping([]),
      ],
    });
    await user.click(await screen.findByRole('button', { name: T.placeOnPageButton(1) }));
    await screen.findByRole('button', { name: T.boxLabel('text_1', T.types.text ?? '') });
    await user.click(screen.getByRole('button', { name: T.save }));
    await screen.findByText(MESSAGES.mappingInvalid);
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts.find((text) => text?.includes(MESSAGES.mappingInvalid))).toContain(
      'text_1: This key already existed.',
    );
    // the panel of the selected field says it too
    expect(alerts.filter((text) => text?.includes('This key already existed.'))).toHaveLength(2);

    const [, init] = api.calls(`POST /api/pdf_templates/${ID}/mapping_fields`)[0] ?? [];
    const sent = JSON.parse(String(init?.body)).data;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ key: 'text_1', type: 'text', page: 1, x: 36, y: 36, width: 200, height: 18 });

    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(screen.queryByText(MESSAGES.mappingInvalid)).toBeNull());
    expect(await screen.findByText(T.saved)).toBeTruthy();
  });

  it('offers the AcroForm fields of the PDF as a start when the mapping is empty', async () => {
    const acro = {
      id: 'a1',
      key: 'Business_Name',
      name: 'Business_Name',
      label: 'Business_Name',
      type: 'text',
      page: 1,
      x: 100,
      y: 72,
      width: 200,
      height: 20,
      renderOrder: 0,
      required: false,
      euPermission: 'editTableByAllOwner',
      euEncrypted: false,
    };
    const { user } = renderApp({
      app: 'admin',
      path: `/pdf-mapping/edit/${ID}`,
      api: {
        [`GET /api/pdf_templates/${ID}`]: { status: 200, body: { ...TEMPLATE, acroFields: [acro] } },
        [`GET /api/pdf_templates/${ID}/mapping_fields`]: mapping([]),
        'GET /api/dictionaries': { status: 200, body: DICTIONARIES },
      },
    });
    await user.click(await screen.findByRole('button', { name: T.acroStart(1) }));
    const page1 = screen.getByRole('region', { name: T.pageRegion(1) });
    expect(within(page1).getByRole('button', { name: T.boxLabel('Business_Name', T.types.text ?? '') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.acroStart(1) })).toBeNull();

    // its label is only its AcroForm name: binding an entry gives it the entry's label
    await user.click(within(page1).getByRole('button', { name: T.boxLabel('Business_Name', T.types.text ?? '') }));
    expect(screen.getByRole('textbox', { name: T.labelLabel })).toHaveProperty('value', 'Business_Name');
    await user.click(screen.getByRole('combobox', { name: T.bindingLabel }));
    await user.click(await screen.findByRole('option', { name: /business_name/ }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: T.labelLabel })).toHaveProperty('value', 'business name'),
    );
  });
});
