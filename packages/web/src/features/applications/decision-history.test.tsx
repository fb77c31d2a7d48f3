import '../../test/setup';
import { screen, within } from '@testing-library/react';
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
const FORM = {
  display: 'form',
  components: [
    { type: 'textfield', key: 'CompanyName', label: 'Legal business name', input: true },
    { type: 'textfield', key: 'ssn', label: 'Social Security Number', input: true, encrypted: true },
  ],
};
const event = (seq: number, action: string, details: object) => ({
  seq,
  at: '2026-11-02T10:00:00.000Z',
  action,
  actorKind: 'user',
  actor: 'Ann Lee',
  role: 'ADMINISTRATOR',
  ip: '127.0.0.1',
  userAgent: null,
  details,
});
const HISTORY = {
  items: [
    event(3, 'application.reveal', { path: 'ssn' }),
    event(2, 'application.status', { from: 'pending', to: 'approved', reason: null, notifyApplicant: false }),
    event(1, 'application.submit', {}),
  ],
  total: 3,
  page: 1,
  pageSize: 100,
  chain: { intact: true, brokenAt: null, events: 3 },
};

function render(detail: object) {
  return renderApp({
    path: `/applications/${APP}`,
    api: {
      [`GET /api/applications/${APP}`]: { status: 200, body: detail },
      [`GET /api/applications/${APP}/history`]: { status: 200, body: HISTORY },
    },
  });
}

describe('/applications/:id decisions and history (issue 21 section 5)', { timeout: 60_000 }, () => {
  it('history rows say which status was set, from and to, and which field was revealed, by its label', async () => {
    render({ ...DETAIL, form: FORM, data: { CompanyName: 'Analytical Engines', ssn: '***-**-6789' } });
    const rows = await screen.findAllByTestId('history-row', {}, { timeout: 8000 });
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]?.textContent)).toEqual([
      T.historyReveal('Social Security Number'),
      T.historyStatus('Pending', 'Approved'),
      'submit',
    ]);
    expect(T.historyStatus('Pending', 'Approved')).toBe('Status set: Pending → Approved');
  });

  it('approve, deny and reopen dialogs each have their own help text', async () => {
    const seen: string[] = [];
    const { user, unmount } = render(DETAIL);
    for (const target of ['approved', 'denied'] as const) {
      await user.click(await screen.findByRole('button', { name: T.actionFor[target] }, { timeout: 8000 }));
      const dialog = await screen.findByRole('dialog', { name: T.dialogFor[target] });
      expect(within(dialog).getByText(T.reasonHintFor[target] as string)).toBeTruthy();
      expect(within(dialog).getByLabelText(T.notifyLabelFor[target] as string)).toBeTruthy();
      seen.push(T.reasonHintFor[target] as string, T.notifyLabelFor[target] as string);
      await user.click(within(dialog).getByRole('button', { name: T.cancel }));
    }
    unmount();
    const reopened = render({ ...DETAIL, status: 'approved', decidedAt: '2026-11-02T10:00:00.000Z' });
    await reopened.user.click(await screen.findByRole('button', { name: T.actionFor.pending }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: T.dialogFor.pending });
    expect(within(dialog).getByText(T.reasonHintFor.pending as string)).toBeTruthy();
    expect(within(dialog).getByLabelText(T.notifyLabelFor.pending as string)).toBeTruthy();
    seen.push(T.reasonHintFor.pending as string, T.notifyLabelFor.pending as string);
    expect(new Set(seen).size).toBe(6);
  });
});
