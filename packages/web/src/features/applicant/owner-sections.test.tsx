import '../../test/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicantApplication } from '@under/core/applications/application.schema';
import type { PublicCustomForm } from '@under/core/custom-forms/custom-form.schema';
import { describe, expect, it, vi } from 'vitest';
import { buildForm, renderWithMantine } from '../../test/form-test-utils';
import { ApplicantApp } from './applicant-app';
import type { ApplicantApi } from './lib/applicant-api';
import { parseApplicantPath } from './lib/applicant-routes';
import { OWNERS_TEXT } from './owners/owners-text';

const CF = '11111111-1111-4111-8111-111111111111';
const APP = '22222222-2222-4222-8222-222222222222';
const CODE = 'c'.repeat(43);

const text = (key: string, label: string, euPermission: string) => ({
  type: 'textfield',
  key,
  label,
  input: true,
  euPermission,
});

/** The sample form's shape (decision 059): the business and owner 1 are the primary's, owner 2's page is shared-only. */
const form: PublicCustomForm = {
  customFormId: CF,
  name: 'Acme application',
  version: 1,
  companyName: 'Acme Bank',
  logoUrl: null,
  form: buildForm(
    [
      {
        type: 'panel',
        key: 'page1',
        title: 'Business',
        components: [text('legal_name', 'Legal business name', 'editTableByPrimaryOwner')],
      },
      {
        type: 'panel',
        key: 'page2',
        title: 'Owner 1',
        // even "all owners" leaves owner 1's section to the primary
        components: [text('owner1_dob', 'Owner 1 date of birth', 'editTableByAllOwner')],
      },
      {
        type: 'panel',
        key: 'page3',
        title: 'Owner 2',
        components: [text('owner2_first_name', 'Owner 2 first name', 'editTableByShareOwner')],
      },
      {
        type: 'panel',
        key: 'page4',
        title: 'Owner 3',
        components: [text('owner3_first_name', 'Owner 3 first name', 'editTableByShareOwner')],
      },
    ],
    'wizard',
  ),
  layout: {
    headerLayout: { title: 'Application', subtitle: '', backgroundColor: '#4582ec', textColor: '#ffffff' },
    progressLayout: {
      backgroundColor: '#ffffff',
      textColor: '#000000',
      defaultStepColor: '#d9d9d9',
      activeStepColor: '#2a6add',
    },
  },
  documents: [],
  termsAndConditions: '',
};

const application: ApplicantApplication = {
  applicationId: APP,
  customFormId: CF,
  formVersion: 1,
  status: 'draft',
  role: 'sharedOwnerEndUser',
  ownerKind: 'additionalOwner',
  ownerId: 'o2',
  ownerSection: 2,
  resumePage: null,
  email: 'bea@example.com',
  data: { legal_name: 'Ann Co', owner1_dob: '1970-01-02' },
  revision: 3,
  acceptance: { documents: [], termsAcceptedAt: null },
  rememberAnswers: false,
  readOnly: false,
  editing: false,
  blockedBy: null,
  owners: [
    {
      ownerId: 'o1',
      kind: 'primaryApplicant',
      name: 'Ann',
      email: 'ann@example.com',
      ownershipPercent: null,
      completedAt: null,
      linkSentAt: null,
      ownerSection: 1,
    },
    {
      ownerId: 'o2',
      kind: 'additionalOwner',
      name: 'Bea',
      email: 'bea@example.com',
      ownershipPercent: 40,
      completedAt: null,
      linkSentAt: 'now',
      ownerSection: 2,
    },
  ],
  submittedAt: null,
  updatedAt: '2026-11-28T10:00:00.000Z',
};

function fakeApi() {
  return {
    form: vi.fn(async () => form),
    application: vi.fn(async () => application),
    saveDraft: vi.fn(async () => ({ revision: 4, savedAt: 'now' })),
    http: { call: vi.fn(), contractCall: vi.fn() },
  } as unknown as ApplicantApi;
}

describe("an additional owner's link (decision 059)", () => {
  it('opens on their own owner section, which they may edit; the primary’s and other owners’ fields are read-only', async () => {
    const user = userEvent.setup();
    const path = `/application-form/${CF}/${APP}/${CODE}/bea@example.com`;
    window.history.replaceState(null, '', path);
    renderWithMantine(<ApplicantApp api={fakeApi()} route={parseApplicantPath(path)} />);
    const mine = (await screen.findByLabelText('Owner 2 first name')) as HTMLInputElement;
    expect(mine.readOnly).toBe(false);
    expect(await screen.findByText(OWNERS_TEXT.bannerText('Ann', 2))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Owner 1 date of birth')).readOnly).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Legal business name')).readOnly).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Owner 3 first name')).readOnly).toBe(true);
  });
});
