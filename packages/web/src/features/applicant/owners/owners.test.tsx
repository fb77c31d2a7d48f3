import '../../../test/setup';
import { MantineProvider } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPLICANT_API } from '@under/core/api/applications/applicant.contract';
import { OWNERS_API } from '@under/core/api/applications/owners.contract';
import type { OwnerView } from '@under/core/applications/application.schema';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { renderWithMantine } from '../../../test/form-test-utils';
import { OwnerBanner } from './owner-banner';
import { OwnersSection } from './owners-section';
import { OWNERS_TEXT as T } from './owners-text';

const link = { applicationId: '6f1c6c1e-1111-4111-8111-111111111111', code: 'c'.repeat(43) };

const owner = (o: Partial<OwnerView> & Pick<OwnerView, 'ownerId' | 'email'>): OwnerView => ({
  kind: 'additionalOwner',
  name: null,
  ownershipPercent: null,
  completedAt: null,
  linkSentAt: '2026-11-23T10:00:00.000Z',
  ownerSection: null,
  ...o,
});

const PRIMARY = owner({ ownerId: 'p', email: 'me@example.com', kind: 'primaryApplicant', name: 'Me', ownerSection: 1 });
const ANN = owner({
  ownerId: 'a',
  email: 'ann@example.com',
  name: 'Ann',
  ownershipPercent: 30,
  completedAt: '2026-11-23T11:00:00.000Z',
  ownerSection: 2,
});
const BOB = owner({ ownerId: 'b', email: 'bob@example.com', name: 'Bob', ownershipPercent: 20, ownerSection: 3 });

/** A re-render inside Mantine again (the first render's wrapper is not kept by `rerender`). */
const again = (ui: ReactElement) => <MantineProvider env="test">{ui}</MantineProvider>;

function fakeCall(answer: (endpoint: unknown, input: unknown) => unknown) {
  const fn = vi.fn(async (endpoint: unknown, input: unknown) => answer(endpoint, input));
  return { fn, call: fn as unknown as HttpClient['call'] };
}

describe('OwnersSection', () => {
  it('numbers owners as the form does: the primary is owner 1, each additional owner by their section', async () => {
    const user = userEvent.setup();
    const { call } = fakeCall(() => undefined);
    // Bob holds owner 3's section (owner 2 was removed after opening their link); Ann was never named
    renderWithMantine(<OwnersSection link={link} owners={[PRIMARY, BOB]} call={call} />);
    expect(screen.getByLabelText(T.nameLabel(3))).toHaveProperty('value', 'Bob');
    expect(screen.getByRole('group', { name: T.statusLabel(3) })).toBeTruthy();
    expect(screen.queryByLabelText(T.nameLabel(1))).toBeNull();
    // a new row takes the next number no row holds, until the server gives its section
    await user.click(screen.getByRole('button', { name: T.add }));
    expect(document.activeElement).toBe(screen.getByLabelText(T.nameLabel(2)));
    await user.click(screen.getByRole('button', { name: T.add }));
    expect(screen.getByLabelText(T.nameLabel(4))).toBeTruthy();
    expect(screen.getByRole('button', { name: T.remove(4) })).toBeTruthy();
  });

  it('shows each owner’s status: Completed, or Waiting with a link to re-send', () => {
    const { call } = fakeCall(() => undefined);
    renderWithMantine(<OwnersSection link={link} owners={[PRIMARY, ANN, BOB]} call={call} />);
    expect(screen.getByLabelText(T.nameLabel(2))).toHaveProperty('value', 'Ann');
    expect(screen.getByLabelText(T.percentLabel(3))).toHaveProperty('value', '20');
    const first = screen.getByRole('group', { name: T.statusLabel(2) });
    const second = screen.getByRole('group', { name: T.statusLabel(3) });
    expect(first.textContent).toContain(T.statusCompleted);
    expect(screen.queryByRole('button', { name: T.resendTo('ann@example.com') })).toBeNull();
    expect(second.textContent).toContain(T.statusWaiting);
    expect(screen.getByRole('button', { name: T.resendTo('bob@example.com') })).toBeTruthy();
    // the primary is not listed as an additional owner
    expect(screen.queryByDisplayValue('me@example.com')).toBeNull();
  });

  it('adds an owner by keyboard and saves the whole list through setOwners', async () => {
    const user = userEvent.setup();
    const CARL = owner({
      ownerId: 'c',
      email: 'carl@example.com',
      name: 'Carl',
      ownershipPercent: 12.5,
      ownerSection: 4,
    });
    const { fn, call } = fakeCall(() => ({ owners: [PRIMARY, ANN, BOB, CARL] }));
    const onSaved = vi.fn();
    renderWithMantine(<OwnersSection link={link} owners={[PRIMARY, ANN, BOB]} call={call} onSaved={onSaved} />);
    await user.click(screen.getByRole('button', { name: T.add }));
    // the new row's name has the focus
    expect(document.activeElement).toBe(screen.getByLabelText(T.nameLabel(4)));
    await user.keyboard('Carl');
    await user.tab();
    await user.keyboard('Carl@Example.com');
    await user.tab();
    await user.keyboard('12.5');
    expect(screen.getByText(T.unsaved)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith([PRIMARY, ANN, BOB, CARL]));
    expect(fn).toHaveBeenCalledWith(OWNERS_API.setOwners, {
      params: { applicationId: link.applicationId },
      query: { code: link.code },
      body: {
        owners: [
          { name: 'Ann', email: 'ann@example.com', ownershipPercent: 30 },
          { name: 'Bob', email: 'bob@example.com', ownershipPercent: 20 },
          { name: 'Carl', email: 'carl@example.com', ownershipPercent: 12.5 },
        ],
      },
      auth: false,
      quiet: true,
    });
    expect(screen.getByRole('status').textContent).toBe(T.saved);
    expect(screen.getByRole('group', { name: T.statusLabel(4) }).textContent).toContain(T.statusWaiting);
  });

  it('removes a row and saves the shorter list', async () => {
    const user = userEvent.setup();
    const { fn, call } = fakeCall(() => ({ owners: [PRIMARY, BOB] }));
    renderWithMantine(<OwnersSection link={link} owners={[PRIMARY, ANN, BOB]} call={call} />);
    await user.click(screen.getByRole('button', { name: T.remove(2) }));
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
    const sent = fn.mock.calls[0]?.[1] as { body: { owners: unknown[] } } | undefined;
    expect(sent?.body.owners).toEqual([{ name: 'Bob', email: 'bob@example.com', ownershipPercent: 20 }]);
  });

  it('refuses the primary’s own e-mail, a duplicate and more than 100 % before calling', async () => {
    const user = userEvent.setup();
    const { fn, call } = fakeCall(() => undefined);
    renderWithMantine(<OwnersSection link={link} owners={[PRIMARY, ANN, BOB]} call={call} />);
    await user.clear(screen.getByLabelText(T.emailLabel(2)));
    await user.type(screen.getByLabelText(T.emailLabel(2)), 'ME@example.com');
    await user.clear(screen.getByLabelText(T.percentLabel(3)));
    await user.type(screen.getByLabelText(T.percentLabel(3)), '80');
    await user.click(screen.getByRole('button', { name: T.add }));
    await user.type(screen.getByLabelText(T.nameLabel(4)), 'Bob 2');
    await user.type(screen.getByLabelText(T.emailLabel(4)), 'bob@example.com');
    await user.type(screen.getByLabelText(T.percentLabel(4)), '30');
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(screen.getByText(T.emailIsPrimary)).toBeTruthy();
    expect(screen.getByText(T.emailDuplicate)).toBeTruthy();
    expect(screen.getByText(T.percentTotal('140'))).toBeTruthy();
    expect(fn).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal on the field it names', async () => {
    const user = userEvent.setup();
    const { call } = fakeCall(() => {
      throw new HttpError(400, 'validation', 'Refused', [{ path: 'owners.1.email', message: 'Taken by the server' }]);
    });
    renderWithMantine(<OwnersSection link={link} owners={[PRIMARY, ANN, BOB]} call={call} />);
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText('Taken by the server')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(T.errorTitle);
    expect(screen.getByLabelText(T.emailLabel(3)).getAttribute('aria-invalid')).toBe('true');
  });

  it('re-sends a link only after confirmation', async () => {
    const user = userEvent.setup();
    const { fn, call } = fakeCall(() => ({ ok: true }));
    renderWithMantine(<OwnersSection link={link} owners={[PRIMARY, ANN, BOB]} call={call} />);
    const resendBob = screen.getByRole('button', { name: T.resendTo('bob@example.com') });
    await user.click(resendBob);
    expect(screen.getByText(T.resendConfirm('bob@example.com'))).toBeTruthy();
    // the confirmation takes the focus; Cancel gives it back
    expect(document.activeElement).toBe(screen.getByRole('button', { name: T.resendYes }));
    await user.click(screen.getByRole('button', { name: T.cancel }));
    expect(document.activeElement).toBe(resendBob);
    expect(fn).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(fn).toHaveBeenCalledWith(OWNERS_API.resendOwnerLink, {
        params: { applicationId: link.applicationId, ownerId: 'b' },
        query: { code: link.code },
        auth: false,
        quiet: true,
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(T.resent('bob@example.com'));
  });

  it('shows fresher statuses the page passes in, keeping rows being edited', async () => {
    const user = userEvent.setup();
    const { call } = fakeCall(() => undefined);
    const view = renderWithMantine(<OwnersSection link={link} owners={[PRIMARY, ANN, BOB]} call={call} />);
    expect(screen.getByRole('group', { name: T.statusLabel(3) }).textContent).toContain(T.statusWaiting);
    const done = { ...BOB, completedAt: '2026-11-23T13:00:00.000Z' };
    view.rerender(again(<OwnersSection link={link} owners={[PRIMARY, ANN, done]} call={call} />));
    expect(screen.getByRole('group', { name: T.statusLabel(3) }).textContent).toContain(T.statusCompleted);
    await user.type(screen.getByLabelText(T.nameLabel(2)), ' Smith');
    view.rerender(again(<OwnersSection link={link} owners={[PRIMARY, { ...ANN }, done]} call={call} />));
    expect(screen.getByLabelText(T.nameLabel(2))).toHaveProperty('value', 'Ann Smith');
  });

  it('says when an owner’s link could not be sent yet', () => {
    const { call } = fakeCall(() => undefined);
    renderWithMantine(<OwnersSection link={link} owners={[PRIMARY, { ...BOB, linkSentAt: null }]} call={call} />);
    expect(screen.getByRole('group', { name: T.statusLabel(3) }).textContent).toContain(T.statusLinkNotSent);
  });

  it('read-only: statuses, nothing to change', () => {
    const { call } = fakeCall(() => undefined);
    renderWithMantine(<OwnersSection link={link} owners={[PRIMARY, ANN, BOB]} call={call} readOnly />);
    expect(screen.queryByRole('button', { name: T.save })).toBeNull();
    expect(screen.queryByRole('button', { name: T.resendTo('bob@example.com') })).toBeNull();
    expect(screen.getByLabelText(T.nameLabel(2))).toHaveProperty('readOnly', true);
    // submitted: "can be submitted once every owner has completed theirs" no longer applies (issue 21 §5)
    expect(screen.getByText(T.leadSubmitted)).toBeTruthy();
    expect(screen.queryByText(T.lead)).toBeNull();
  });
});

describe('OwnerBanner', () => {
  it('marks the owner’s part complete with their code', async () => {
    const user = userEvent.setup();
    const result = { applicationId: link.applicationId, status: 'draft', submittedAt: '2026-11-23T12:00:00.000Z' };
    const { fn, call } = fakeCall(() => result);
    const onCompleted = vi.fn();
    const prepare = vi.fn(async () => ({ data: { a: 1 }, revision: 4 }));
    renderWithMantine(
      <OwnerBanner
        link={link}
        call={call}
        completedAt={null}
        primaryName="Jane"
        prepare={prepare}
        onCompleted={onCompleted}
      />,
    );
    expect(screen.getByText(T.bannerText('Jane'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.complete }));
    await waitFor(() => expect(onCompleted).toHaveBeenCalledWith(result));
    expect(fn).toHaveBeenCalledWith(APPLICANT_API.submit, {
      params: { applicationId: link.applicationId },
      query: { code: link.code },
      body: { data: { a: 1 }, revision: 4 },
      auth: false,
      quiet: true,
    });
    expect(screen.getByRole('status').textContent).toContain(T.completedTitle);
    expect(screen.queryByRole('button', { name: T.complete })).toBeNull();
    // the pressed button is gone: focus moves to what replaced it (issue 21 §5)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('status')));
  });

  it('shows a refusal and hands it to the page', async () => {
    const user = userEvent.setup();
    const error = new HttpError(422, 'validation', 'Missing Required Fields', [{ path: 'ssn', message: 'Required' }]);
    const { call } = fakeCall(() => {
      throw error;
    });
    const onError = vi.fn();
    renderWithMantine(<OwnerBanner link={link} call={call} completedAt={null} onError={onError} />);
    await user.click(screen.getByRole('button', { name: T.complete }));
    expect((await screen.findByRole('alert')).textContent).toContain('Missing Required Fields');
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('says so when the part is already complete', () => {
    const { call } = fakeCall(() => undefined);
    renderWithMantine(<OwnerBanner link={link} call={call} completedAt="2026-11-23T12:00:00.000Z" />);
    expect(screen.getByText(T.completedText)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    // opened, not pressed: the focus stays where the page put it
    expect(document.activeElement).not.toBe(screen.getByRole('status'));
  });

  it('once the application is submitted, no longer says the primary submits it (issue 21 §5)', () => {
    const { call } = fakeCall(() => undefined);
    renderWithMantine(<OwnerBanner link={link} call={call} completedAt="2026-11-23T12:00:00.000Z" readOnly />);
    expect(screen.getByText(T.completedSubmittedText)).toBeTruthy();
    expect(screen.queryByText(/primary applicant .* submits/)).toBeNull();
  });
});
