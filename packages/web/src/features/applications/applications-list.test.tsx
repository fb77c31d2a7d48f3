import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

const APP = '00000000-0000-4000-8000-00000000a001';
const ROW = {
  applicationId: APP,
  number: 1042,
  applicantCompanyName: 'Analytical Engines',
  customFormId: '00000000-0000-4000-8000-00000000f001',
  formName: 'Merchant form',
  status: 'pending',
  signStatus: null,
  submittedAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  updatedBy: null,
  primaryEmail: 'ada@example.com',
};
const api = {
  'GET /api/applications': { status: 200, body: { items: [ROW], total: 1, page: 1, pageSize: 10 } },
  'GET /api/custom_forms': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 100 } },
};

describe('/applications rows (issue 21 section 5)', { timeout: 60_000 }, () => {
  it('a click anywhere on a row opens the application, the company name included', async () => {
    const { user, location } = renderApp({ path: '/applications', api });
    const row = await screen.findByTestId('application-row', {}, { timeout: 8000 });
    await user.click(within(row).getByText('Analytical Engines'));
    await waitFor(() => expect(location()).toBe(`/applications/${APP}`));
  });

  it('a click on the form cell opens it too', async () => {
    const { user, location } = renderApp({ path: '/applications', api });
    const row = await screen.findByTestId('application-row', {}, { timeout: 8000 });
    await user.click(within(row).getByText('Merchant form'));
    await waitFor(() => expect(location()).toBe(`/applications/${APP}`));
  });

  it('the company filter is its own control', async () => {
    const { user, location } = renderApp({ path: '/applications', api });
    const row = await screen.findByTestId('application-row', {}, { timeout: 8000 });
    await user.click(within(row).getByRole('link', { name: T.companyFilterOf('Analytical Engines') }));
    await waitFor(() => expect(location()).toBe('/applications/company/Analytical%20Engines'));
  });
});
