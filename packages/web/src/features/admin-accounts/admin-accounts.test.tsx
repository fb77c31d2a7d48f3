import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_ACCOUNTS_TEXT as T } from '@under/core/ui-text/admin-accounts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

const COMPANY = '11111111-1111-4111-8111-111111111111';
const FORM = '22222222-2222-4222-8222-222222222222';
const ANN = '33333333-3333-4333-8333-333333333333';
const BOB = '44444444-4444-4444-8444-444444444444';
const ACCOUNT = {
  id: COMPANY,
  name: 'Acme Credit Union',
  status: 'active',
  membershipId: 'MEMBERSHIP_002',
  membershipName: 'Simple',
  activeMembers: 2,
  createdAt: '2026-11-01T00:00:00.000Z',
};
const SUMMARY = {
  account: ACCOUNT,
  members: [
    { id: ANN, email: 'ann@acme.example', firstName: 'Ann', lastName: 'Lee', role: 'ADMINISTRATOR', status: 'active' },
    { id: BOB, email: 'bob@acme.example', firstName: 'Bob', lastName: 'Ray', role: 'STANDARD', status: 'active' },
  ],
  forms: { masterForms: 1, customForms: 0 },
  applicationsByStatus: { invite_sent: 0, pending: 0, approved: 0, denied: 0 },
};
const slow = { timeout: 8000 };
const bodyOf = (call: unknown[] | undefined) => JSON.parse(String((call?.[1] as RequestInit | undefined)?.body));

describe('admin back office screens', { timeout: 90_000 }, () => {
  it('template permission per company users: checks who of the account may use a form and saves them', async () => {
    const { user, api } = renderApp({
      app: 'admin',
      path: `/forms?companyId=${COMPANY}`,
      api: {
        [`GET /api/accounts/${COMPANY}/summary`]: { status: 200, body: SUMMARY },
        'GET /api/brief_master_forms': {
          status: 200,
          body: [{ formId: FORM, name: 'Merchant form', status: 'active', version: 2, templateId: null }],
        },
        [`GET /api/master_forms/${FORM}/permission`]: {
          status: 200,
          body: { formId: FORM, global: false, grants: [{ companyId: COMPANY, userIds: [ANN] }] },
        },
        [`POST /api/master_forms/${FORM}/permission`]: {
          status: 200,
          body: { formId: FORM, global: false, grants: [{ companyId: COMPANY, userIds: [ANN, BOB] }] },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: T.permissionLabel('Merchant form') }, slow));
    const dialog = await screen.findByRole('dialog', { name: T.permissionTitle('Merchant form') });
    const ann = await within(dialog).findByRole('checkbox', { name: /ann@acme.example/ });
    expect((ann as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: /bob@acme.example/ }));
    await user.click(within(dialog).getByRole('button', { name: T.permissionSave }));
    await waitFor(() => expect(api.calls(`POST /api/master_forms/${FORM}/permission`)).toHaveLength(1));
    expect(bodyOf(api.calls(`POST /api/master_forms/${FORM}/permission`)[0])).toEqual({
      companyId: COMPANY,
      userIds: [ANN, BOB],
    });
    expect(
      new URL(String(api.calls('GET /api/brief_master_forms')[0]?.[0]), 'http://x').searchParams.get('companyId'),
    ).toBe(COMPANY);
  });
});
