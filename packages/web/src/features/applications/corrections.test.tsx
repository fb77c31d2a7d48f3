import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

const APP = '00000000-0000-4000-8000-00000000a001';
const owner = (ownerId: string, kind: string, email: string, name: string) => ({
  ownerId,
  kind,
  name,
  email,
  ownershipPercent: null,
  completedAt: null,
  linkSentAt: null,
  ownerSection: kind === 'primaryApplicant' ? 1 : 2,
});
const DETAIL = {
  applicationId: APP,
  number: 1042,
  status: 'pending',
  signStatus: 'COMPLETED',
  customFormId: '00000000-0000-4000-8000-00000000f001',
  formName: 'Merchant form',
  formVersion: 3,
  applicantEmail: 'ada@example.com',
  applicantCompanyName: 'Analytical Engines',
  data: { CompanyName: 'Analytical Engines' },
  form: { display: 'form', components: [] },
  revision: 4,
  owners: [
    owner('o1', 'primaryApplicant', 'ada@example.com', 'Ada Lovelace'),
    owner('o2', 'additionalOwner', 'charles@example.com', 'Charles Babbage'),
  ],
  signatures: [],
  submittedAt: '2026-11-01T10:00:00.000Z',
  decidedAt: null,
  statusReason: null,
  blocked: false,
  createdAt: '2026-10-30T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  updatedBy: 'ada@example.com',
};
const slow = { timeout: 8000 };
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit | undefined)?.body ?? '{}'));

function render(api: Parameters<typeof renderApp>[0]['api'] = {}, detail: object = DETAIL) {
  return renderApp({
    path: `/applications/${APP}`,
    api: { [`GET /api/applications/${APP}`]: { status: 200, body: detail }, ...api },
  });
}

describe('/applications/:id corrections (decision 052)', { timeout: 90_000 }, () => {
  it("creates an edit link for the chosen owner and shows it once, with what it does to the owner's old link", async () => {
    const url = `http://localhost:3000/application-form/f/${APP}/secret-code/charles%40example.com`;
    const { user, api } = render({
      [`POST /api/applications/${APP}/edit-url`]: {
        status: 200,
        body: { ownerId: 'o2', url, expiresAt: '2026-12-28T10:00:00.000Z' },
      },
    });
    const panel = await screen.findByRole('region', { name: T.correctionsTitle }, slow);
    await user.selectOptions(within(panel).getByLabelText(T.editLinkOwner), 'charles@example.com');
    await user.click(within(panel).getByRole('button', { name: T.editLinkCreate }));
    expect(await within(panel).findByDisplayValue(url)).toBeTruthy();
    expect(within(panel).getByText(T.editLinkShownOnce)).toBeTruthy();
    expect(bodyOf(api.calls(`POST /api/applications/${APP}/edit-url`)[0])).toEqual({ email: 'charles@example.com' });
    // picking another owner forgets the link (it opens Charles's application, not Ada's); so does Hide
    await user.selectOptions(within(panel).getByLabelText(T.editLinkOwner), 'ada@example.com');
    expect(within(panel).queryByDisplayValue(url)).toBeNull();
    await user.click(within(panel).getByRole('button', { name: T.editLinkCreate }));
    expect(await within(panel).findByDisplayValue(url)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: T.hideLink }));
    expect(within(panel).queryByDisplayValue(url)).toBeNull();
  });

  it('moves the application to the latest version only after the confirmation', async () => {
    const { user, api } = render({
      [`POST /api/applications/${APP}/repopulate`]: {
        status: 200,
        body: { fromVersion: 3, formVersion: 4, revision: 5, dropped: ['favourite_color'], invalidatedSignatures: 1 },
      },
    });
    const panel = await screen.findByRole('region', { name: T.correctionsTitle }, slow);
    await user.click(within(panel).getByRole('button', { name: T.repopulate }));
    const dialog = await screen.findByRole('dialog', { name: T.repopulateTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls(`POST /api/applications/${APP}/repopulate`)).toHaveLength(0);
    await user.click(within(panel).getByRole('button', { name: T.repopulate }));
    await user.click(
      within(await screen.findByRole('dialog', { name: T.repopulateTitle })).getByRole('button', {
        name: T.repopulateConfirm,
      }),
    );
    expect(await screen.findByText(T.repopulated(4, ['favourite_color']))).toBeTruthy();
    expect(api.calls(`POST /api/applications/${APP}/repopulate`)).toHaveLength(1);
  });

  it('copies into a new application for the address given, then opens it', async () => {
    const NEW = '00000000-0000-4000-8000-00000000a002';
    const { user, api } = render({
      [`POST /api/applications/${APP}/copy`]: {
        status: 201,
        body: { applicationId: NEW, status: 'invite_sent', formVersion: 3, dropped: [], sentTo: 'new@example.com' },
      },
      [`GET /api/applications/${NEW}`]: {
        status: 200,
        body: { ...DETAIL, applicationId: NEW, number: 1043, status: 'invite_sent', applicantEmail: 'new@example.com' },
      },
    });
    const panel = await screen.findByRole('region', { name: T.correctionsTitle }, slow);
    await user.click(within(panel).getByRole('button', { name: T.copyApplication }));
    const dialog = await screen.findByRole('dialog', { name: T.copyTitle });
    const email = within(dialog).getByLabelText(new RegExp(T.copyEmail));
    expect((email as HTMLInputElement).value).toBe('ada@example.com');
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.click(within(dialog).getByRole('button', { name: T.copyConfirm }));
    await waitFor(() => expect(api.calls(`POST /api/applications/${APP}/copy`)).toHaveLength(1));
    expect(bodyOf(api.calls(`POST /api/applications/${APP}/copy`)[0])).toEqual({ email: 'new@example.com' });
    expect(await screen.findByText(T.copyDone('new@example.com'))).toBeTruthy();
    expect(await screen.findByText(/1043/, {}, slow)).toBeTruthy();
  });

  it('offers no edit link on a decided application, and no move to the latest version', async () => {
    render({}, { ...DETAIL, status: 'approved', decidedAt: '2026-11-02T10:00:00.000Z' });
    const panel = await screen.findByRole('region', { name: T.correctionsTitle }, slow);
    expect(within(panel).getByText(T.editLinkPendingOnly)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: T.editLinkCreate })).toBeNull();
    expect(within(panel).queryByRole('button', { name: T.repopulate })).toBeNull();
    expect(within(panel).getByRole('button', { name: T.copyApplication })).toBeTruthy();
  });
});
