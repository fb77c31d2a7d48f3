import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VAULT_TEXT as T } from '@under/core/ui-text/applicant-vault';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http-error';
import { RememberAnswersToggle } from './remember-answers-toggle';
import { VAULT_ROUTES, type VaultCall } from './vault-api';
import { VaultDeleteButton } from './vault-delete-button';
import { VaultPrefillOffer } from './vault-prefill-offer';

const CF = '11111111-1111-4111-8111-111111111111';
const PREFILL = {
  values: { LegalName: 'Analytical Engines Ltd', 'company.ein': '*******89' },
  sources: [
    { path: 'LegalName', dictionaryKey: 'LegalName', savedAt: '2026-11-02T10:00:00.000Z', encrypted: false },
    { path: 'company.ein', dictionaryKey: 'FederalTaxId', savedAt: '2026-11-03T10:00:00.000Z', encrypted: true },
  ],
};

/** A fake API: answers by route, records every call. */
function fakeCall(answers: Partial<Record<keyof typeof VAULT_ROUTES, (input: unknown) => unknown>>) {
  const calls: { path: string; method: string; input: unknown }[] = [];
  const call = vi.fn(async (route: { method: string; path: string }, input?: unknown) => {
    calls.push({ path: route.path, method: route.method, input });
    const name = (Object.keys(VAULT_ROUTES) as (keyof typeof VAULT_ROUTES)[]).find(
      (k) => VAULT_ROUTES[k].path === route.path && VAULT_ROUTES[k].method === route.method,
    );
    const answer = name && answers[name];
    if (!answer) throw new Error(`unexpected call ${route.method} ${route.path}`);
    return answer(input);
  });
  return { call: call as unknown as VaultCall, calls };
}

describe('RememberAnswersToggle', () => {
  it('is a labelled checkbox, unticked by default, that reports changes', async () => {
    const onChange = vi.fn();
    function Page() {
      const [checked, setChecked] = useState(false);
      return (
        <RememberAnswersToggle
          checked={checked}
          onChange={(v) => {
            setChecked(v);
            onChange(v);
          }}
        />
      );
    }
    render(<Page />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: new RegExp(T.rememberLabel) });
    expect(box.checked).toBe(false);
    await userEvent.click(box);
    expect(box.checked).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith(true);
  });
});

describe('VaultPrefillOffer', () => {
  it('e-mail, then code, then prefills and shows what was filled and from when', async () => {
    const { call, calls } = fakeCall({
      requestCode: () => undefined,
      unlock: () => ({ vaultToken: 'vault_tok', expiresAt: '2026-11-23T21:00:00.000Z' }),
      prefill: () => PREFILL,
    });
    const onPrefill = vi.fn();
    render(
      <VaultPrefillOffer
        call={call}
        customFormId={CF}
        version={3}
        onPrefill={onPrefill}
        labelOf={(p) => (p === 'LegalName' ? 'Legal name' : undefined)}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: T.offerButton }));
    const email = await screen.findByLabelText(T.emailLabel);
    await waitFor(() => expect(document.activeElement).toBe(email));
    await userEvent.type(email, 'nope');
    await userEvent.click(screen.getByRole('button', { name: T.sendCode }));
    expect(screen.getByRole('alert').textContent).toContain(T.emailInvalid);
    expect(calls).toHaveLength(0);

    await userEvent.clear(email);
    await userEvent.type(email, 'Ada@Example.com{Enter}');
    const code = await screen.findByLabelText(T.codeLabel);
    expect(screen.getByText(T.codeLead('Ada@Example.com'))).toBeTruthy();
    await userEvent.type(code, '123456{Enter}');

    await screen.findByText(T.prefilled(2));
    expect(calls.map((c) => c.path)).toEqual([
      VAULT_ROUTES.requestCode.path,
      VAULT_ROUTES.unlock.path,
      VAULT_ROUTES.prefill.path,
    ]);
    expect(calls[1]?.input).toEqual({ body: { email: 'Ada@Example.com', code: '123456' } });
    expect(calls[2]?.input).toEqual({
      query: { customFormId: CF, version: 3 },
      headers: { 'x-vault-token': 'vault_tok' },
    });
    expect(onPrefill).toHaveBeenCalledWith({
      ...PREFILL,
      email: 'Ada@Example.com',
      vaultToken: 'vault_tok',
      expiresAt: '2026-11-23T21:00:00.000Z',
    });
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toBe('Legal name (saved Nov 2, 2026)');
    expect(items[1]).toBe(`FederalTaxId (saved Nov 3, 2026; ${T.encryptedNote})`);
    expect(screen.getByRole('button', { name: T.deleteButton })).toBeTruthy();
  });

  it('shows the server’s message for a wrong code and lets the applicant try again', async () => {
    let attempts = 0;
    const { call } = fakeCall({
      requestCode: () => undefined,
      unlock: () => {
        attempts += 1;
        if (attempts === 1) {
          throw new HttpError(400, 'auth/code-mismatch', 'The verification code is incorrect. Please try again.');
        }
        return { vaultToken: 'vault_tok', expiresAt: '2026-11-23T21:00:00.000Z' };
      },
      prefill: () => ({ values: {}, sources: [] }),
    });
    render(<VaultPrefillOffer call={call} customFormId={CF} email="ada@example.com" onPrefill={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: T.offerButton }));
    expect((await screen.findByLabelText<HTMLInputElement>(T.emailLabel)).value).toBe('ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: T.sendCode }));
    const code = await screen.findByLabelText(T.codeLabel);
    await userEvent.type(code, '000000{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('The verification code is incorrect.');
    await userEvent.clear(code);
    await userEvent.type(code, '123456{Enter}');
    expect(await screen.findByText(T.nothingFound)).toBeTruthy();
  });

  it('closes on Escape before unlocking', async () => {
    const { call } = fakeCall({});
    render(<VaultPrefillOffer call={call} customFormId={CF} onPrefill={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: T.offerButton }));
    await screen.findByLabelText(T.emailLabel);
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: T.offerButton })).toBeTruthy();
  });
});

describe('VaultDeleteButton', () => {
  it('asks first, then deletes with the vault token', async () => {
    const { call, calls } = fakeCall({ remove: () => undefined });
    const onDeleted = vi.fn();
    render(<VaultDeleteButton call={call} vaultToken="vault_tok" onDeleted={onDeleted} />);
    await userEvent.click(screen.getByRole('button', { name: T.deleteButton }));
    expect(screen.getByRole('alertdialog').textContent).toContain(T.deleteConfirm);
    await userEvent.click(screen.getByRole('button', { name: T.cancel }));
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: T.deleteButton }));
    await userEvent.click(screen.getByRole('button', { name: T.deleteYes }));
    expect(await screen.findByText(T.deleted)).toBeTruthy();
    expect(calls).toEqual([
      { path: VAULT_ROUTES.remove.path, method: 'DELETE', input: { headers: { 'x-vault-token': 'vault_tok' } } },
    ]);
    expect(onDeleted).toHaveBeenCalledOnce();
  });

  it('keeps the confirmation and shows the error when the delete fails', async () => {
    const { call } = fakeCall({
      remove: () => {
        throw new HttpError(401, 'vault/locked', 'Your saved answers are locked. Ask for a new code to unlock them.');
      },
    });
    render(<VaultDeleteButton call={call} vaultToken="vault_old" />);
    await userEvent.click(screen.getByRole('button', { name: T.deleteButton }));
    await userEvent.click(screen.getByRole('button', { name: T.deleteYes }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your saved answers are locked.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: T.deleteYes }).disabled).toBe(false);
  });
});
