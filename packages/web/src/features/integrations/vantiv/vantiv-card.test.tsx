import '../../../test/setup';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VANTIV_MESSAGES, type VantivView } from '@under/core/integrations/vantiv.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { VANTIV_SETUP_TEXT as T } from '@under/core/ui-text/vantiv';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http-error';
import { VantivCard } from './components/vantiv-card';

const NONE: VantivView = { state: 'not_connected', username: null, password: null, connectedAt: null };
const SAVED: VantivView = {
  state: 'connected',
  username: '***********user',
  password: '**********ss!',
  connectedAt: '2026-11-29T03:00:00.000Z',
};

function renderCard(view: VantivView, canManage = true, onSave = vi.fn(async () => undefined)) {
  render(
    <MantineProvider env="test">
      <VantivCard view={view} canManage={canManage} onSave={onSave} />
    </MantineProvider>,
  );
  return { onSave, user: userEvent.setup() };
}
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

describe('Worldpay/Vantiv credentials card', () => {
  it('names what is missing and sends nothing; the password is a password field', async () => {
    const { onSave, user } = renderCard(NONE);
    expect(field(T.passwordLabel).type).toBe('password');
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(screen.getByText(VANTIV_MESSAGES.usernameRequired)).toBeTruthy();
    expect(screen.getByText(VANTIV_MESSAGES.passwordRequired)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    // the error marks the password invalid, its show/hide toggle is named, and the browser is not asked to fill in
    // the user's own login
    expect(field(T.passwordLabel).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: UI_TEXT.togglePasswordVisibility })).toBeTruthy();
    expect(field(T.passwordLabel).getAttribute('autocomplete')).toBe('new-password');
  });

  it('never prefills: an empty field keeps the saved value, sent back as its mask', async () => {
    const { onSave, user } = renderCard(SAVED);
    expect(field(T.usernameLabel).value).toBe('');
    expect(screen.getByText(T.savedMask(SAVED.password as string))).toBeTruthy();
    await user.type(field(T.usernameLabel), 'new-user');
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(onSave).toHaveBeenCalledWith({ username: 'new-user', password: SAVED.password });
  });

  it("shows the server's refusal in words", async () => {
    const { user } = renderCard(
      NONE,
      true,
      vi.fn(async () => {
        throw new HttpError(400, 'validation', 'Enter the credential again.');
      }),
    );
    await user.type(field(T.usernameLabel), 'u');
    await user.type(field(T.passwordLabel), 'p');
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText('Enter the credential again.')).toBeTruthy();
  });

  it('shows a member the state without any input', () => {
    renderCard(SAVED, false);
    expect(screen.getByTestId('vantiv-state').textContent).toBe('Connected');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: T.save })).toBeNull();
  });
});
