import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@under/core/messages';
import { APPLICATIONS_TEXT as AT } from '@under/core/ui-text/client-applications';
import { SYNCABILITY_TEXT as ST } from '@under/core/ui-text/client-form-integrations';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { ADMIN_APPLICATIONS_TEXT as T } from './admin-applications-text';

const COMPANY = '11111111-1111-4111-8111-111111111111';
const FORM = '22222222-2222-4222-8222-222222222222';
const OTHER = '55555555-5555-4555-8555-555555555555';
const BASE = `/accounts/${encodeURIComponent('Acme & Co')}/${COMPANY}/${FORM}`;
const slow = { timeout: 8000 };
const searchOf = (call: unknown[] | undefined) => new URL(String(call?.[0]), 'http://x').searchParams;

const zero = { invite_sent: 0, pending: 0, approved: 0, denied: 0 };
const FORMS = {
  status: 200,
  body: {
    companyId: COMPANY,
    companyName: 'Acme & Co',
    items: [
      {
        customFormId: FORM,
        name: 'Merchant form',
        status: 'active',
        masterFormId: OTHER,
        masterFormName: 'Sample merchant application',
        applications: 2,
        byStatus: { ...zero, pending: 1, approved: 1 },
      },
    ],
  },
};
const row = (n: number, status: string, company: string) => ({
  applicationId: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  number: 1000 + n,
  applicantCompanyName: company,
  customFormId: FORM,
  formName: 'Merchant form',
  status,
  signStatus: status === 'pending' ? 'PROGRESSING' : null,
  submittedAt: '2026-03-10T12:00:00.000Z',
  updatedAt: '2026-03-11T12:00:00.000Z',
  updatedBy: null,
  primaryEmail: `owner${n}@shop.example`,
});
const page = (items: unknown[], total = items.length, pageSize = 10, p = 1) => ({
  status: 200,
  body: { items, total, page: p, pageSize },
});

describe('the admin application screens of a form', { timeout: 90_000 }, () => {
  it("'Check syncability' shows the verdict of the application's company, with every reason", async () => {
    const first = row(1, 'pending', 'Zeta Traders');
    const check = `POST /api/admin/applications/${first.applicationId}/syncability`;
    const { user, api } = renderApp({
      app: 'admin',
      path: `${BASE}/applications`,
      api: {
        'GET /api/admin/application-forms': FORMS,
        'GET /api/admin/applications': page([first]),
        [check]: {
          status: 200,
          body: {
            applicationId: first.applicationId,
            integrations: [
              { integration: 'salesforce', syncable: false, mode: 'auto-sync', reasons: ['First reason.', 'Second.'] },
            ],
          },
        },
      },
    });
    const [found] = await screen.findAllByTestId('admin-application-row', {}, slow);
    await user.click(within(found as HTMLElement).getByRole('button', { name: `${ST.check}: #${first.number}` }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(await within(dialog).findByText(ST.notSyncable, {}, slow)).toBeTruthy();
    expect(within(dialog).getByText('First reason.')).toBeTruthy();
    expect(within(dialog).getByText('Second.')).toBeTruthy();
    expect(searchOf(api.calls(check)[0]).get('companyId')).toBe(COMPANY);
  });

  it("lists the form's applications; status, dates and sort go into the URL and the query; search too", async () => {
    const { user, api, location } = renderApp({
      app: 'admin',
      path: `${BASE}/applications`,
      api: {
        'GET /api/admin/application-forms': FORMS,
        'GET /api/admin/applications': page([row(1, 'pending', 'Zeta Traders'), row(2, 'approved', 'Acme Retail')]),
      },
    });
    expect(await screen.findByRole('heading', { name: T.applicationsTitle('Acme & Co') }, slow)).toBeTruthy();
    expect(await screen.findByText(T.formLine('Merchant form'))).toBeTruthy();
    const rows = await screen.findAllByTestId('admin-application-row', {}, slow);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Zeta Traders')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Awaiting Signatures')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(AT.statusLabels.approved as string)).toBeTruthy();
    const first = searchOf(api.calls('GET /api/admin/applications')[0]);
    expect(first.get('companyId')).toBe(COMPANY);
    expect(first.get('formId')).toBe(FORM);
    expect(first.get('pageSize')).toBe('10');
    expect(screen.getByRole('link', { name: T.backToForms('Acme & Co') }).getAttribute('href')).toBe(
      `/forms?companyId=${COMPANY}`,
    );
    expect(screen.getByRole('link', { name: T.navApplications }).getAttribute('aria-current')).toBe('page');

    // the status filter: in the URL and in the next query
    await user.selectOptions(screen.getByLabelText(AT.statusFilterLabel), 'pending');
    await waitFor(() => expect(location()).toContain('status=pending'));
    await waitFor(() =>
      expect(api.calls('GET /api/admin/applications').map((c) => searchOf(c).get('statuses'))).toContain('pending'),
    );
    // a submission day
    await user.type(screen.getByLabelText(AT.fromLabel), '2026-03-01');
    await waitFor(() => expect(location()).toContain('from=2026-03-01'));
    await waitFor(() =>
      expect(api.calls('GET /api/admin/applications').some((c) => searchOf(c).get('startDate') === '2026-03-01')).toBe(
        true,
      ),
    );
    // a column's sort: the URL keeps it, the header says it
    await user.click(screen.getByRole('button', { name: `Sort by ${AT.colSubmitted}` }));
    await waitFor(() => expect(location()).toContain('sort=submittedAt'));
    const header = screen.getByRole('button', { name: `Sort by ${AT.colSubmitted}` }).closest('th');
    expect(header?.getAttribute('aria-sort')).toBe('descending');
    const sorted = searchOf(api.calls('GET /api/admin/applications').at(-1));
    expect([sorted.get('sort'), sorted.get('order'), sorted.get('statuses')]).toEqual([
      'submittedAt',
      'desc',
      'pending',
    ]);
    // the search, once 3 characters and debounced
    await user.type(screen.getByLabelText(AT.searchLabel), 'zeta');
    await waitFor(
      () => expect(api.calls('GET /api/admin/applications').some((c) => searchOf(c).get('q') === 'zeta')).toBe(true),
      slow,
    );
    // another page size starts again at page 1, with the spec's sizes
    await user.selectOptions(screen.getByLabelText('Rows per page'), '25');
    await waitFor(() => expect(searchOf(api.calls('GET /api/admin/applications').at(-1)).get('pageSize')).toBe('25'));
  });

  it("says 'No data' when the form has no application, and when the filter finds none that none matches", async () => {
    const { user } = renderApp({
      app: 'admin',
      path: `${BASE}/applications?status=denied`,
      api: { 'GET /api/admin/application-forms': FORMS, 'GET /api/admin/applications': page([]) },
    });
    expect(await screen.findByText(AT.noMatch, {}, slow)).toBeTruthy();
    expect((screen.getByLabelText(AT.statusFilterLabel) as HTMLSelectElement).value).toBe('denied');
    await user.click(screen.getByRole('button', { name: AT.clearFilters }));
    expect(await screen.findByText(MESSAGES.noData)).toBeTruthy();
  });

  it("lists the form's members with their role; the search and the page go into the query", async () => {
    const member = (n: number, role: 'primary' | 'additional') => ({
      email: `m${n}@shop.example`,
      name: n === 1 ? 'Ann Shop' : null,
      role,
      applications: n,
      lastActivityAt: '2026-03-11T12:00:00.000Z',
    });
    const form = { customFormId: FORM, formName: 'Merchant form', companyId: COMPANY, companyName: 'Acme & Co' };
    const { user, api } = renderApp({
      app: 'admin',
      path: `${BASE}/members`,
      api: {
        'GET /api/admin/application-forms': FORMS,
        'GET /api/admin/application-members': {
          status: 200,
          body: { items: [member(1, 'primary'), member(2, 'additional')], total: 12, page: 1, pageSize: 10, form },
        },
      },
    });
    expect(await screen.findByRole('heading', { name: T.membersTitle('Acme & Co') }, slow)).toBeTruthy();
    const rows = await screen.findAllByTestId('application-member-row', {}, slow);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Ann Shop')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText(T.roles.primary as string)).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(T.roles.additional as string)).toBeTruthy();
    expect(screen.getByText(T.membersRange(1, 10, 12))).toBeTruthy();
    const first = searchOf(api.calls('GET /api/admin/application-members')[0]);
    expect([first.get('companyId'), first.get('formId'), first.get('page')]).toEqual([COMPANY, FORM, '1']);
    expect(screen.getByRole('link', { name: T.navMembers }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: T.navApplications }).getAttribute('href')).toBe(`${BASE}/applications`);

    await user.click(screen.getByRole('button', { name: 'next page' }));
    await waitFor(() => expect(searchOf(api.calls('GET /api/admin/application-members').at(-1)).get('page')).toBe('2'));
    // too short a search is not sent; a valid one is, from the first page
    await user.type(screen.getByLabelText(T.membersSearchLabel), 'an');
    expect(await screen.findByText(MESSAGES.searchLength, {}, slow)).toBeTruthy();
    await user.type(screen.getByLabelText(T.membersSearchLabel), 'n');
    await waitFor(() => {
      const last = searchOf(api.calls('GET /api/admin/application-members').at(-1));
      expect([last.get('q'), last.get('page')]).toEqual(['ann', '1']);
    }, slow);
    expect(api.calls('GET /api/admin/application-members').some((c) => searchOf(c).get('q') === 'an')).toBe(false);
  });
});

describe("the admin's ways into them", { timeout: 90_000 }, () => {
  it("the account's forms page links each custom form to its applications and members", async () => {
    renderApp({
      app: 'admin',
      path: `/forms?companyId=${COMPANY}`,
      api: {
        [`GET /api/accounts/${COMPANY}/summary`]: {
          status: 200,
          body: {
            account: {
              id: COMPANY,
              name: 'Acme & Co',
              status: 'active',
              membershipId: 'MEMBERSHIP_002',
              membershipName: 'Simple',
              activeMembers: 1,
              createdAt: '2026-01-01T00:00:00.000Z',
            },
            members: [],
            forms: { masterForms: 1, customForms: 1 },
            applicationsByStatus: zero,
          },
        },
        'GET /api/brief_master_forms': { status: 200, body: [] },
        'GET /api/admin/application-forms': FORMS,
      },
    });
    const row = await screen.findByTestId('account-custom-form-row', {}, slow);
    expect(within(row).getByText('Sample merchant application')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Applications of Merchant form' }).getAttribute('href')).toBe(
      `${BASE}/applications`,
    );
    expect(within(row).getByRole('link', { name: 'Members of Merchant form' }).getAttribute('href')).toBe(
      `${BASE}/members`,
    );
  });

  it('the overview shows the applications across accounts for 6, 12, 24 or 36 months', async () => {
    const stats = (months: number, pending: number) => ({
      status: 200,
      body: {
        months,
        since: '2026-06-01',
        companyId: null,
        byStatus: { ...zero, pending },
        total: pending,
        perMonth: [{ month: '2026-11', submitted: pending, approved: 0, denied: 0 }],
        accounts: 1,
        perAccount: [{ companyId: COMPANY, companyName: 'Acme & Co', total: pending, byStatus: { ...zero, pending } }],
        perForm: [
          {
            customFormId: FORM,
            formName: 'Merchant form',
            companyId: COMPANY,
            companyName: 'Acme & Co',
            total: pending,
            byStatus: { ...zero, pending },
          },
        ],
        timings: {
          inviteToSubmit: { medianHours: 4, count: 2 },
          submitToDecision: { medianHours: null, count: 0 },
        },
      },
    });
    const { user, api } = renderApp({
      app: 'admin',
      path: '/',
      api: {
        'GET /api/admin/overview': {
          status: 200,
          body: { accounts: { total: 3, active: 2 }, revenueThisMonthCents: 0, applicationsThisMonth: 1 },
        },
        'GET /api/admin/applications/status-statistics': (url) =>
          new Response(
            JSON.stringify(
              stats(Number(url.searchParams.get('months')), url.searchParams.get('months') === '12' ? 7 : 3).body,
            ),
            {
              status: 200,
              headers: { 'content-type': 'application/json' },
            },
          ),
      },
    });
    const section = await screen.findByRole('region', { name: 'Applications across accounts' }, slow);
    await waitFor(() => expect(within(section).getByTestId('admin-dash-pending').textContent).toBe('3'));
    expect(within(section).getByText(AT.dashMedian(4, 2))).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Acme & Co' }).getAttribute('href')).toBe(
      `/forms?companyId=${COMPANY}`,
    );
    await user.click(within(section).getByText(AT.dashMonths(12)));
    await waitFor(() => expect(within(section).getByTestId('admin-dash-pending').textContent).toBe('7'));
    expect(searchOf(api.calls('GET /api/admin/applications/status-statistics').at(-1)).get('months')).toBe('12');
  });
});
