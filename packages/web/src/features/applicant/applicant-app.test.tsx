import '../../test/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicantApplication } from '@under/core/applications/application.schema';
import type { PublicCustomForm } from '@under/core/custom-forms/custom-form.schema';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { APPLICANT_TEXT as T } from '@under/core/ui-text/applicant';
import { SIGNING_TEXT as S } from '@under/core/ui-text/applicant-signing';
import { VAULT_TEXT } from '@under/core/ui-text/applicant-vault';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { buildForm, renderWithMantine } from '../../test/form-test-utils';
import { ApplicantApp } from './applicant-app';
import type { ApplicantApi } from './lib/applicant-api';
import { DEFAULT_HEADER_TITLE } from './lib/applicant-constants';
import { parseApplicantPath } from './lib/applicant-routes';
import { OWNERS_TEXT } from './owners/owners-text';

const CF = '11111111-1111-4111-8111-111111111111';
const APP = '22222222-2222-4222-8222-222222222222';
const CODE = 'c'.repeat(43);

function publicForm(overrides: Partial<PublicCustomForm> = {}): PublicCustomForm {
  return {
    customFormId: CF,
    name: 'Acme application',
    version: 2,
    companyName: 'Acme Bank',
    logoUrl: null,
    form: buildForm(
      [
        {
          type: 'panel',
          key: 'page1',
          title: 'Business',
          components: [{ type: 'textfield', key: 'legalName', label: 'Legal name', input: true }],
        },
        {
          type: 'panel',
          key: 'page2',
          title: 'Contact',
          components: [{ type: 'textfield', key: 'phone', label: 'Phone', input: true }],
        },
      ],
      'wizard',
    ),
    layout: {
      headerLayout: {
        title: 'Merchant Processing Application',
        subtitle: 'Fill out all the application once and you will never have to fill out another form again!',
        backgroundColor: '#4582ec',
        textColor: '#ffffff',
      },
      progressLayout: {
        backgroundColor: '#ffffff',
        textColor: '#000000',
        defaultStepColor: '#d9d9d9',
        activeStepColor: '#2a6add',
      },
    },
    documents: [{ documentId: 'd1', name: 'Fee schedule', url: '/files/fees.pdf' }],
    termsAndConditions: '<p>You agree to everything.</p>',
    ...overrides,
  };
}

function application(overrides: Partial<ApplicantApplication> = {}): ApplicantApplication {
  return {
    resumePage: null,
    applicationId: APP,
    customFormId: CF,
    formVersion: 2,
    status: 'draft',
    role: 'primaryOwnerEndUser',
    ownerKind: 'primaryApplicant',
    ownerId: 'o1',
    ownerSection: 1,
    email: 'ann@example.com',
    data: { legalName: 'Ann Co' },
    revision: 4,
    acceptance: { documents: [], termsAcceptedAt: null },
    rememberAnswers: false,
    readOnly: false,
    editing: false,
    blockedBy: null,
    owners: [],
    submittedAt: null,
    updatedAt: '2026-11-23T20:00:00.000Z',
    ...overrides,
  };
}

function fakeApi(overrides: Partial<ApplicantApi> = {}) {
  const api = {
    form: vi.fn(async () => publicForm()),
    application: vi.fn(async () => application()),
    createDraft: vi.fn(async () => ({ applicationId: APP, code: CODE, revision: 1 })),
    saveDraft: vi.fn(async (_link, body: { revision: number }) => ({
      revision: body.revision + 1,
      savedAt: 'now',
    })),
    submit: vi.fn(async () => ({ applicationId: APP, status: 'pending' as const, submittedAt: 'now' })),
    presign: vi.fn(),
    requestLink: vi.fn(async () => undefined),
    http: { call: vi.fn(), contractCall: vi.fn() },
    ...overrides,
  };
  return api as unknown as ApplicantApi & { [K in keyof ApplicantApi]: Mock };
}

function show(path: string, api: ApplicantApi) {
  window.history.replaceState(null, '', path);
  return renderWithMantine(<ApplicantApp api={api} route={parseApplicantPath(path)} />);
}

describe('applicant pages', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("/verify has the portal's own header (the product's wordmark, leading to the portal), not a form's banner", async () => {
    const api = fakeApi();
    show('/verify', api);
    expect(await screen.findByRole('heading', { level: 1, name: S.verifyTitle })).toBeTruthy();
    const header = screen.getByRole('banner');
    const wordmark = within(header).getByRole('link', { name: UI_TEXT.appName });
    expect(wordmark.getAttribute('href')).toBe('/');
    expect(S.portalName).toBe(UI_TEXT.appName);
    expect(screen.queryByText(DEFAULT_HEADER_TITLE)).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // no institution's form is loaded for it
    expect(api.form).not.toHaveBeenCalled();
  });

  it('a new application: e-mail first, then the first autosave creates the draft and puts the continue link in the address bar', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    show(`/application-form/${CF}`, api);
    expect(await screen.findByRole('heading', { name: 'Merchant Processing Application' })).toBeTruthy();
    // the form loads while the e-mail step shows (the masthead's title is there before it): wait for its company
    expect(await screen.findByText('Acme Bank')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.emailContinue }));
    expect(screen.getByText(T.emailInvalid)).toBeTruthy();
    await user.type(screen.getByLabelText(T.emailLabel), 'Ann@Example.com');
    await user.click(screen.getByRole('button', { name: T.emailContinue }));
    await user.type(await screen.findByLabelText('Legal name'), 'Ann Co');
    // every keystroke is in the browser's storage at once, before any request
    expect(localStorage.getItem(`under:applicant:new:${CF}:ann@example.com`)).toContain('Ann Co');
    await waitFor(() => expect(api.createDraft).toHaveBeenCalledTimes(1), { timeout: 4_000 });
    expect(api.createDraft.mock.calls[0]?.[0]).toMatchObject({
      customFormId: CF,
      email: 'ann@example.com',
      version: 2,
      data: { legalName: 'Ann Co' },
    });
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe(T.statusSaved));
    expect(window.location.pathname).toBe(`/application-form/${CF}/${APP}/${CODE}/ann%40example.com`);
    expect(localStorage.length).toBe(0);
  });

  it('after Continue, focus moves to the form that replaced the e-mail step (issue 21 §5)', async () => {
    const user = userEvent.setup();
    show(`/application-form/${CF}`, fakeApi());
    await user.type(await screen.findByLabelText(T.emailLabel), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: T.emailContinue }));
    await screen.findByLabelText('Legal name');
    // the wizard's "Step 1 of 2" line: read out, and the next Tab reaches the page's first field
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Step 1 of 2: Business'));
    expect(screen.queryByRole('button', { name: T.emailContinue })).toBeNull();
  });

  it('after Submit, the success page starts with its heading focused; a refused Submit focuses the reason', async () => {
    sessionStorage.clear();
    const success = show(`/application-form-successfully/${CF}`, fakeApi());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: T.successTitle })));
    success.unmount();

    const user = userEvent.setup();
    const api = fakeApi({
      submit: vi.fn(async () => {
        throw new HttpError(422, 'validation', 'Missing Required Fields', [{ path: 'phone', message: 'Required' }]);
      }),
    });
    show(`/application-form/${CF}/${APP}/${CODE}/ann@example.com`, api);
    await screen.findByLabelText('Legal name');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByLabelText(T.termsAccept));
    await user.click(screen.getByRole('button', { name: T.submit }));
    const reason = await screen.findByRole('heading', { name: 'Missing Required Fields' });
    await waitFor(() => expect(document.activeElement).toBe(reason));
  });

  it('continues a draft: a later change goes as a save on the stored revision', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    show(`/application-form/${CF}/${APP}/${CODE}/ann@example.com`, api);
    const input = await screen.findByLabelText('Legal name');
    expect((input as HTMLInputElement).value).toBe('Ann Co');
    expect(api.form).toHaveBeenCalledWith(CF, 2);
    await user.type(input, '!');
    await waitFor(() => expect(api.saveDraft).toHaveBeenCalledTimes(1), { timeout: 4_000 });
    expect(api.saveDraft.mock.calls[0]?.[1]).toMatchObject({ data: { legalName: 'Ann Co!' }, revision: 4 });
  });

  it('applies and sends a local copy the server never got (a crashed tab)', async () => {
    localStorage.setItem(
      `under:applicant:draft:${APP}`,
      JSON.stringify({ data: { legalName: 'Typed before the crash' }, baseRevision: 4, changedAt: 'x' }),
    );
    const api = fakeApi();
    show(`/application-form/${CF}/${APP}/${CODE}/ann@example.com`, api);
    const input = await screen.findByLabelText('Legal name');
    expect((input as HTMLInputElement).value).toBe('Typed before the crash');
    expect(screen.getByText(T.localRestored)).toBeTruthy();
    await waitFor(() => expect(api.saveDraft).toHaveBeenCalledTimes(1), { timeout: 4_000 });
    expect(api.saveDraft.mock.calls[0]?.[1]).toMatchObject({ data: { legalName: 'Typed before the crash' } });
    // once saved, "restored and being saved" no longer applies and goes (issue 21 section 5)
    await waitFor(() => expect(screen.queryByText(T.localRestored)).toBeNull(), { timeout: 4_000 });
  });

  it('a revision conflict stops saving and offers a reload', async () => {
    const api = fakeApi({
      saveDraft: vi.fn(async () => {
        throw new HttpError(409, 'application/revision-conflict', 'changed');
      }),
    });
    const user = userEvent.setup();
    show(`/application-form/${CF}/${APP}/${CODE}/ann@example.com`, api);
    await user.type(await screen.findByLabelText('Legal name'), 'x');
    expect(await screen.findByText(T.conflictTitle, {}, { timeout: 4_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: T.reload })).toBeTruthy();
    expect((screen.getByLabelText('Legal name') as HTMLInputElement).readOnly).toBe(true);
  });

  it('a refused save says what is not saved and why, and the next change (or Next) saves again (issue 21)', async () => {
    let refuse = true;
    const api = fakeApi({
      saveDraft: vi.fn(async (_link, body: { revision: number }) => {
        if (refuse) {
          throw new HttpError(422, 'application/invalid', 'x', [
            { path: 'legalName', message: 'Legal name is not accepted' },
          ]);
        }
        return { revision: body.revision + 1, savedAt: 'now' };
      }),
    });
    const user = userEvent.setup();
    show(`/application-form/${CF}/${APP}/${CODE}/ann@example.com`, api);
    await user.type(await screen.findByLabelText('Legal name'), '?');
    await waitFor(
      () => expect(screen.getByTestId('save-status').textContent).toBe(T.statusRefused('Legal name is not accepted')),
      { timeout: 4_000 },
    );
    expect(screen.getByTestId('save-status').getAttribute('data-status')).toBe('refused');
    // the server accepts again: pressing Next sends what waits (with the page), and it is saved
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe(T.statusSaved), { timeout: 4_000 });
    expect(api.saveDraft.mock.calls.at(-1)?.[1]).toMatchObject({ data: { legalName: 'Ann Co?' }, page: 'page2' });
  });

  it('opens on the page the applicant left off', async () => {
    const api = fakeApi({ application: vi.fn(async () => application({ resumePage: 'page2' })) });
    show(`/application-form/${CF}/${APP}/${CODE}/ann@example.com`, api);
    expect(await screen.findByLabelText('Phone')).toBeTruthy();
    expect(screen.queryByLabelText('Legal name')).toBeNull();
  });

  it('flushes on page hide', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    show(`/application-form/${CF}/${APP}/${CODE}/ann@example.com`, api);
    await user.type(await screen.findByLabelText('Legal name'), 'z');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await waitFor(() => expect(api.saveDraft).toHaveBeenCalledTimes(1));
    expect(api.saveDraft.mock.calls[0]?.[2]).toBe(true);
  });

  it('submits only with the terms accepted, with the acceptance, then goes to the success page', async () => {
    const assign = vi.fn();
    const original = window.location;
    const api = fakeApi();
    const user = userEvent.setup();
    show(`/application-form/${CF}/${APP}/${CODE}/ann@example.com`, api);
    await screen.findByLabelText('Legal name');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('link', { name: 'Fee schedule' }));
    expect(screen.getByText(T.documentOpened)).toBeTruthy();
    Object.defineProperty(window, 'location', { value: { ...original, assign }, configurable: true });
    try {
      await user.click(screen.getByRole('button', { name: T.submit }));
      expect(await screen.findByText(T.termsRequired)).toBeTruthy();
      expect(api.submit).not.toHaveBeenCalled();
      await user.click(screen.getByLabelText(T.termsAccept));
      await user.click(screen.getByRole('button', { name: T.submit }));
      await waitFor(() => expect(api.submit).toHaveBeenCalledTimes(1));
      const body = api.submit.mock.calls[0]?.[1] as { acceptance: { termsAcceptedAt: string; documents: unknown[] } };
      expect(body.acceptance.termsAcceptedAt).toBeTruthy();
      expect(body.acceptance.documents).toEqual([{ documentId: 'd1', at: expect.any(String) }]);
      await waitFor(() => expect(assign).toHaveBeenCalledWith(`/application-form-successfully/${CF}`));
    } finally {
      Object.defineProperty(window, 'location', { value: original, configurable: true });
    }
  });

  it('the primary applicant gets the owners panel and the opt-in; an additional owner the banner of their part', async () => {
    const user = userEvent.setup();
    const primary = show(`/application-form/${CF}/${APP}/${CODE}/ann@example.com`, fakeApi());
    await user.click(await screen.findByRole('button', { name: T.ownersOpen }));
    expect(await screen.findByRole('heading', { name: OWNERS_TEXT.title })).toBeTruthy();
    // the opt-in comes with the terms, before the submit
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('checkbox', { name: new RegExp(VAULT_TEXT.rememberLabel) })).toBeTruthy();
    primary.unmount();

    const api = fakeApi({
      application: vi.fn(async () =>
        application({ role: 'sharedOwnerEndUser', ownerKind: 'additionalOwner', ownerId: 'o2' }),
      ),
    });
    show(`/application-form/${CF}/${APP}/${CODE}/bob@example.com`, api);
    expect(await screen.findByRole('button', { name: OWNERS_TEXT.complete })).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.ownersOpen })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('checkbox', { name: new RegExp(VAULT_TEXT.rememberLabel) })).toBeNull();
  });

  it('an expired link says so and e-mails a fresh one with a neutral answer', async () => {
    const api = fakeApi({
      application: vi.fn(async () => {
        throw new HttpError(410, 'application/link-expired', MESSAGES.urlExpired);
      }),
    });
    const user = userEvent.setup();
    show(`/application-form/${CF}/${APP}/${CODE}/ann@example.com`, api);
    expect(await screen.findByText(MESSAGES.urlExpired)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.sendFreshLink }));
    expect(await screen.findByText(T.freshLinkSent)).toBeTruthy();
    // with the expired link's own code: only it (or the primary's) may have this owner's link replaced
    expect(api.requestLink).toHaveBeenCalledWith({ applicationId: APP, email: 'ann@example.com', code: CODE });
  });

  it('an inactive form, a blocked application, a version that is gone, a submitted application', async () => {
    const inactive = fakeApi({
      form: vi.fn(async () => {
        throw new HttpError(409, 'custom-form/inactive', MESSAGES.inactiveForm);
      }),
    });
    const first = show(`/application-form/${CF}`, inactive);
    expect(await screen.findByText(MESSAGES.inactiveForm)).toBeTruthy();
    first.unmount();

    const blocked = show(
      `/application-form/${CF}/${APP}/${CODE}/ann@example.com`,
      fakeApi({ application: vi.fn(async () => application({ blockedBy: 'Acme Bank' })) }),
    );
    expect(await screen.findByText(T.blockedText('Acme Bank'))).toBeTruthy();
    blocked.unmount();

    const gone = show(
      `/application-form/${CF}/${APP}/${CODE}/1/ann@example.com`,
      fakeApi({
        form: vi.fn(async () => {
          throw new HttpError(410, 'application/version-gone', 'gone');
        }),
      }),
    );
    expect(await screen.findByText(MESSAGES.versionFormIncorrect)).toBeTruthy();
    gone.unmount();

    show(
      `/application-form/${CF}/${APP}/${CODE}/ann@example.com`,
      fakeApi({ application: vi.fn(async () => application({ readOnly: true, status: 'pending' })) }),
    );
    expect(await screen.findByText(T.readOnlyNotice)).toBeTruthy();
    expect((screen.getByLabelText('Legal name') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    // submitted: the owners can no longer be added, so the panel no longer offers it (issue 21 §5)
    expect(screen.getByText(T.ownersLeadSubmitted(0))).toBeTruthy();
    expect(screen.queryByText(T.ownersLead(0))).toBeNull();
    fireEvent(window, new Event('pagehide'));
  });

  it('an edit link opens the submitted application for changes and says why (decision 052)', async () => {
    show(
      `/application-form/${CF}/${APP}/${CODE}/ann@example.com`,
      fakeApi({
        application: vi.fn(async () =>
          application({ readOnly: false, editing: true, status: 'pending', submittedAt: '2026-11-01T10:00:00.000Z' }),
        ),
      }),
    );
    expect(await screen.findByText(T.editingNotice)).toBeTruthy();
    expect(screen.queryByText(T.readOnlyNotice)).toBeNull();
    expect((screen.getByLabelText('Legal name') as HTMLInputElement).readOnly).toBe(false);
    fireEvent(window, new Event('pagehide'));
  });
});
