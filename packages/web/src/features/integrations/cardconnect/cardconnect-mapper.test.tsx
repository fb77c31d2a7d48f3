import '../../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { CC_ATTRIBUTES } from '@under/core/integrations/cardconnect-attributes';
import { CC_MAPPER_TEXT as T } from '@under/core/ui-text/admin-cardconnect-mapper';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';

const MASTER = '00000000-0000-4000-8000-0000000000a1';
const VIEW = {
  masterFormId: MASTER,
  formName: 'Sample merchant form',
  fields: [{ formKey: 'dba', attribute: 'merchant.dbaName' }],
  formFields: [
    { key: 'pseudo.applicationId', label: 'Application ID', type: 'pseudo' },
    { key: 'dba', label: 'DBA name', type: 'textfield' },
    { key: 'started', label: 'Business started', type: 'datetime' },
    { key: 'volume', label: 'Monthly volume', type: 'textfield' },
    { key: 'agree', label: 'Web lead', type: 'checkbox' },
  ],
  updatedAt: null,
};
const path = `/card-connect-mapper/${MASTER}`;
const slow = { timeout: 15_000 };

function render(api: Record<string, unknown> = {}) {
  return renderApp({
    app: 'admin',
    path,
    api: {
      'GET /api/cc-attributes': { status: 200, body: CC_ATTRIBUTES },
      [`GET /api/card-connect/mapper/${MASTER}`]: { status: 200, body: VIEW },
      ...(api as Record<string, never>),
    },
  });
}

const choice = (label: string) =>
  screen.getAllByLabelText(T.selectLabelOf(label)).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
const rowOf = (key: string) => document.querySelector(`[data-form-key="${key}"]`) as HTMLElement;

async function pick(user: ReturnType<typeof render>['user'], label: string, search: string, option: string) {
  await user.click(choice(label));
  await user.type(choice(label), search);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the CardConnect mapper page (decision 090)', { timeout: 60_000 }, () => {
  it("shows every field with its key and type, and the saved attribute's type and help text", async () => {
    render();
    expect(await screen.findByRole('heading', { name: `${T.title}: Sample merchant form` }, slow)).toBeTruthy();
    expect(screen.getAllByTestId('cc-field-row')).toHaveLength(5);
    expect(within(rowOf('started')).getByText('date/time')).toBeTruthy();
    expect(within(rowOf('pseudo.applicationId')).getByText('application fact')).toBeTruthy();
    expect(choice('DBA name').value).toBe('DBA name (string)');
    expect(within(rowOf('dba')).getByText('Type: string · No more than 100 characters')).toBeTruthy();
    expect(screen.getByText(T.mappedCount(1, 5), { exact: false })).toBeTruthy();
  });

  it('searches the attributes by group, and lists those a field can never fill, or another field fills, disabled', async () => {
    const { user } = render();
    await screen.findAllByTestId('cc-field-row', {}, slow);
    await user.click(choice('Web lead'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('merchant.demographic')).toBeTruthy();
    const date = within(listbox).getByRole('option', { name: 'Business start date (date)' });
    expect(date.getAttribute('data-combobox-disabled') ?? date.getAttribute('aria-disabled')).toBeTruthy();
    const used = within(listbox).getByRole('option', { name: `DBA name (string): ${T.usedBy('DBA name')}` });
    expect(used.getAttribute('data-combobox-disabled') ?? used.getAttribute('aria-disabled')).toBeTruthy();
    await user.type(choice('Web lead'), 'web lead');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
  });

  it('saves after the admin confirms the warnings (a text field to a number attribute)', async () => {
    const saved = {
      ...VIEW,
      fields: [
        { formKey: 'dba', attribute: 'merchant.dbaName' },
        { formKey: 'started', attribute: 'merchant.businessStartDate' },
        { formKey: 'volume', attribute: 'merchant.processing.volumeDetails.averageMonthlyVolume' },
      ],
      updatedAt: '2026-11-29T03:00:00.000Z',
    };
    const { user, api } = render({ [`POST /api/card-connect/mapper/${MASTER}`]: { status: 200, body: saved } });
    await screen.findAllByTestId('cc-field-row', {}, slow);
    await pick(user, 'Business started', 'start', 'Business start date (date)');
    expect(within(rowOf('started')).getByText('Type: date · Value must be parsed to MM/DD/YYYY')).toBeTruthy();
    expect(within(rowOf('started')).queryByTestId('cc-warning')).toBeNull();
    await pick(user, 'Monthly volume', 'monthly', 'Average monthly volume (USD) (decimal)');
    expect(within(rowOf('volume')).getByTestId('cc-warning').textContent).toContain(
      'only answers that read as numbers',
    );
    expect(screen.getByText(T.unsaved, { exact: false })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.save }));
    const dialog = await screen.findByRole('dialog', { name: T.warningsTitle });
    expect(within(dialog).getByText(T.warningsLead(1))).toBeTruthy();
    expect(api.calls(`POST /api/card-connect/mapper/${MASTER}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: T.saveAnyway }));
    await waitFor(() => expect(api.calls(`POST /api/card-connect/mapper/${MASTER}`)).toHaveLength(1));
    const [, init] = api.calls(`POST /api/card-connect/mapper/${MASTER}`)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ fields: saved.fields });
    expect(await screen.findByText(T.savedAt(''), { exact: false })).toBeTruthy();
  });

  it("shows the server's refusal beside its field", async () => {
    const { user } = render({
      [`POST /api/card-connect/mapper/${MASTER}`]: {
        status: 400,
        body: {
          statusCode: 400,
          code: ERROR_CODES.validation,
          message: 'The mapping has problems.',
          errors: [{ path: 'fields.0.formKey', message: 'The form has no field dba.' }],
        },
      },
    });
    await screen.findAllByTestId('cc-field-row', {}, slow);
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await within(rowOf('dba')).findByText('The form has no field dba.')).toBeTruthy();
  });
});
