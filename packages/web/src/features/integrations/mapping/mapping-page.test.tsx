import '../../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { SF_MAPPING_MESSAGES } from '@under/core/integrations/salesforce-mapping-messages';
import { MESSAGES } from '@under/core/messages';
import { MAPPING_TEXT as T } from '@under/core/ui-text/client-integrations-mapping';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fake-api';
import { ME, renderApp } from '../../../test/render-app';

const FORM = '00000000-0000-4000-8000-0000000000f1';
const MASTER = '00000000-0000-4000-8000-0000000000a1';
const PLUS = {
  id: 'MEMBERSHIP_006',
  name: 'Signature Plus',
  type: 'signature-plus',
  priceCents: 299000,
  userQuota: -1,
  formQuota: -1,
  salesForce: true,
};
const attribute = (over: Record<string, unknown>) => ({
  length: 0,
  required: false,
  externalId: false,
  picklistValues: [],
  formTypes: [],
  ...over,
});
const ATTRIBUTES = {
  object: 'Lead',
  label: 'Lead',
  attributes: [
    attribute({
      name: 'LastName',
      label: 'Last Name',
      type: 'string',
      length: 80,
      required: true,
      formTypes: ['textfield', 'textarea'],
    }),
    attribute({
      name: 'Company',
      label: 'Company',
      type: 'string',
      length: 255,
      required: true,
      formTypes: ['textfield', 'textarea'],
    }),
    attribute({ name: 'AnnualRevenue', label: 'Annual Revenue', type: 'currency', formTypes: ['number', 'currency'] }),
    attribute({
      name: 'Under_Application_Id__c',
      label: 'Under application id',
      type: 'string',
      length: 64,
      externalId: true,
      formTypes: ['textfield'],
    }),
  ],
};
const VIEW = {
  customFormId: FORM,
  masterFormId: MASTER,
  formName: 'Merchant form',
  mapping: null,
  formFields: [
    { key: 'last_name', label: 'Last name', type: 'textfield' },
    { key: 'business_name', label: 'Business name', type: 'textfield' },
    { key: 'annual_revenue', label: 'Annual revenue', type: 'currency' },
  ],
  updatedAt: null,
  canEdit: true,
};
const OBJECTS = { objects: [{ name: 'Lead', label: 'Lead', custom: false }] };
const path = `/all-form/sales-force-mapping-field/${MASTER}/${FORM}`;
const slow = { timeout: 15_000 };

function render(api: Record<string, unknown> = {}, me: Record<string, unknown> = { membership: PLUS }) {
  return renderApp({
    path,
    api: {
      'GET /api/me': { status: 200, body: { ...ME, ...me } },
      [`GET /api/salesforce/mapping/${FORM}`]: { status: 200, body: VIEW },
      'GET /api/sf-objects': { status: 200, body: OBJECTS },
      'GET /api/sf-attributes': { status: 200, body: ATTRIBUTES },
      ...(api as Record<string, never>),
    },
  });
}

const rowOf = (sfField: string) => {
  const row = document.querySelector(`[data-sf-field="${sfField}"]`);
  if (!row) throw new Error(`no row ${sfField}`);
  return row as HTMLElement;
};

describe('the Salesforce mapping page (decision 075)', { timeout: 60_000 }, () => {
  it('flags required fields until mapped and disables incompatible form fields with the reason', async () => {
    const { user } = render();
    const select = await screen.findByLabelText(T.selectLabelOf('Annual Revenue'), {}, slow);
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    const text = options.find((o) => o.value === 'business_name');
    expect(text?.disabled).toBe(true);
    expect(text?.textContent).toContain(T.incompatible('number, currency'));
    expect(options.find((o) => o.value === 'annual_revenue')?.disabled).toBe(false);
    // the External ID field is not offered as a row once chosen; required badges until mapped
    expect(within(rowOf('LastName')).getByText(T.required)).toBeTruthy();
    expect(screen.getByText(T.requiredLeft(2))).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(T.selectLabelOf('Last Name')), 'last_name');
    expect(within(rowOf('LastName')).queryByText(T.required)).toBeNull();
    expect(screen.getByText(T.requiredLeft(1))).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(T.externalIdLabel), 'Under_Application_Id__c');
    expect(document.querySelector('[data-sf-field="Under_Application_Id__c"]')).toBeNull();
  });

  it('saves the choices and shows each refusal beside its field', async () => {
    const { user, api } = render({
      [`PUT /api/salesforce/mapping/${FORM}`]: [
        {
          status: 400,
          body: {
            statusCode: 400,
            code: ERROR_CODES.salesforceMappingInvalid,
            message: SF_MAPPING_MESSAGES.mappingInvalid,
            errors: [{ path: 'fields[1]', message: 'The options of industry are not values of the picklist' }],
          },
        },
        {
          status: 200,
          body: {
            ...VIEW,
            mapping: {
              object: 'Lead',
              mode: 'manual-sync',
              externalIdField: null,
              fields: [
                { formKey: 'last_name', sfField: 'LastName' },
                { formKey: 'business_name', sfField: 'Company' },
              ],
            },
            updatedAt: '2026-01-02T10:00:00.000Z',
          },
        },
      ],
    });
    await user.selectOptions(await screen.findByLabelText(T.selectLabelOf('Last Name'), {}, slow), 'last_name');
    await user.selectOptions(screen.getByLabelText(T.selectLabelOf('Company')), 'business_name');
    await user.click(screen.getByRole('radio', { name: T.modeManual }));
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText('The options of industry are not values of the picklist')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(SF_MAPPING_MESSAGES.mappingInvalid);
    const [, init] = api.calls(`PUT /api/salesforce/mapping/${FORM}`)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      object: 'Lead',
      mode: 'manual-sync',
      externalIdField: null,
      fields: [
        { formKey: 'last_name', sfField: 'LastName' },
        { formKey: 'business_name', sfField: 'Company' },
      ],
    });
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(T.saved)).toBeTruthy();
  });

  it('fills the choices from the proposal', async () => {
    const { user } = render({
      'POST /api/salesforce/create-mapper': {
        status: 200,
        body: {
          mapping: {
            object: 'Lead',
            mode: 'auto-sync',
            externalIdField: 'Under_Application_Id__c',
            fields: [{ formKey: 'annual_revenue', sfField: 'AnnualRevenue' }],
          },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: T.propose }, slow));
    expect(await screen.findByText(T.proposed)).toBeTruthy();
    expect((screen.getByLabelText(T.selectLabelOf('Annual Revenue')) as HTMLSelectElement).value).toBe(
      'annual_revenue',
    );
    expect((screen.getByLabelText(T.externalIdLabel) as HTMLSelectElement).value).toBe('Under_Application_Id__c');
  });

  it('shows the preview with its problems in words', async () => {
    const { user } = render({
      [`POST /api/salesforce/mapping/${FORM}/preview`]: {
        status: 200,
        body: {
          object: 'Lead',
          externalIdField: null,
          externalIdValue: 'preview',
          ok: false,
          record: { AnnualRevenue: null },
          problems: [
            {
              formKey: null,
              sfField: 'Company',
              path: 'fields',
              message: 'The Salesforce field Company (Company) is required and no form field is mapped to it',
            },
          ],
          source: 'sample',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: T.previewButton }, slow));
    const preview = await screen.findByTestId('mapping-preview');
    expect(within(preview).getByText(/is required and no form field is mapped to it/)).toBeTruthy();
    expect(within(preview).getByText('AnnualRevenue')).toBeTruthy();
  });

  it('points to Manage integrations when Salesforce is not connected', async () => {
    render({
      'GET /api/sf-objects': apiError(409, ERROR_CODES.integrationUnavailable, SF_MAPPING_MESSAGES.unusable.expired),
    });
    expect(await screen.findByText(T.notConnectedTitle, {}, slow)).toBeTruthy();
    expect(screen.getByText(SF_MAPPING_MESSAGES.unusable.expired)).toBeTruthy();
    expect(screen.getByRole('link', { name: T.manageIntegrations }).getAttribute('href')).toBe('/manage-integration');
  });

  it("shows the spec's upgrade text on a plan without the CRM", async () => {
    const { api } = render({}, { membership: null });
    await waitFor(() => expect(screen.getByTestId('upgrade-required').textContent).toContain(MESSAGES.upgradeRequired));
    expect(api.calls('GET /api/sf-objects')).toHaveLength(0);
  });
});
