import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import { CustomFormDetailSchema } from '@under/core/custom-forms/custom-form.schema';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';

const ID = '00000000-0000-4000-8000-0000000000f1';
const SUMMARY = {
  customFormId: ID,
  name: 'Merchant form',
  status: 'inactive',
  version: 1,
  masterFormId: '00000000-0000-4000-8000-0000000000m1',
  institution: 'Harbor Bank',
  masterVersion: 1,
  updateMode: 'system-auto-update',
  wizardStep: 4,
  isPublished: true,
  hasUpdate: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
};
const field = { type: 'textfield', key: 'business_name', label: 'Business name', input: true };
const DETAIL = CustomFormDetailSchema.parse({
  ...SUMMARY,
  companyId: '00000000-0000-4000-8000-0000000000c1',
  readVersion: 1,
  readOnly: false,
  integrations: {},
  structure: {
    customFormDocument: { additions: [] },
    universalFormMaster: { version: 1, display: 'form', components: [field] },
  },
  form: { version: 1, display: 'form', components: [field] },
  layout: { headerLayout: {}, progressLayout: {} },
  documents: [],
  update: null,
});
const slow = { timeout: 15_000 };
const render = () =>
  renderApp({
    path: `/create-form?formId=${ID}&step=5`,
    api: {
      // the detail's refetch after activating is slow to answer: the page must not wait for it
      [`GET /api/custom_forms/${ID}`]: [{ status: 200, body: DETAIL }, () => new Promise<Response>(() => {})],
      [`PATCH /api/custom_forms/${ID}/status`]: { status: 200, body: { ...SUMMARY, status: 'active' } },
    },
  });

afterEach(() => vi.unstubAllGlobals());

describe('the wizard done step (issue 21 section 5)', { timeout: 60_000 }, () => {
  it('activating updates the text and the button at once', async () => {
    const { user, api } = render();
    expect((await screen.findByTestId('done-lead', {}, slow)).textContent).toBe(T.doneLead);
    // done: the four steps all show as completed, the last one included
    expect(document.querySelectorAll('.mantine-Stepper-step[data-completed]')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: T.activateOf('Merchant form') }));
    await waitFor(() => expect(screen.getByTestId('done-lead').textContent).toBe(T.doneLeadActive));
    expect(screen.queryByRole('button', { name: T.activateOf('Merchant form') })).toBeNull();
    expect(api.calls(`PATCH /api/custom_forms/${ID}/status`)).toHaveLength(1);
  });

  it('Copy shows the link copied, also where the clipboard API is missing (plain http)', async () => {
    const { user } = render();
    await screen.findByTestId('done-lead', {}, slow);
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await user.click(screen.getByRole('button', { name: T.copy }));
    await waitFor(() => expect(screen.getByText(T.linkCopied)).toBeTruthy());
    expect(screen.getByRole('button', { name: T.copied })).toBeTruthy();
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('says so, with the link selected, when it cannot copy', async () => {
    const { user } = render();
    await screen.findByTestId('done-lead', {}, slow);
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    await user.click(screen.getByRole('button', { name: T.copy }));
    expect(await screen.findByText(T.copyFailed)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('applicant-link'));
  });
});
