import '../../../test/setup';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CardConnectView } from '@under/core/integrations/cardconnect.schema';
import { CARDCONNECT_MESSAGES as M } from '@under/core/integrations/cardconnect-messages';
import { CARDCONNECT_TEXT as T } from '@under/core/ui-text/cardconnect';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http-error';
import { CardConnectForm } from './components/cardconnect-form';

const NONE: CardConnectView = {
  state: 'not_connected',
  username: null,
  password: null,
  saleCode: null,
  pricingTemplateId: null,
  clientSecretKey: null,
  clientId: null,
  connectedAt: null,
  turnedOffAt: null,
  trial: null,
};
const SAVED: CardConnectView = {
  ...NONE,
  state: 'turned_off',
  username: '*********user',
  password: '**********ss',
  saleCode: '**I1',
  pricingTemplateId: '**42',
  clientSecretKey: '*************key1',
  clientId: '**********pi',
  turnedOffAt: '2026-11-02T10:00:00.000Z',
};

function renderForm(view: CardConnectView, onSubmit = vi.fn(async () => undefined)) {
  render(
    <MantineProvider env="test">
      <CardConnectForm view={view} onSubmit={onSubmit} />
    </MantineProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

describe('CardConnectForm', () => {
  it('names every missing credential and the pricing template id over 19 characters, sending nothing', async () => {
    const { onSubmit, user } = renderForm(NONE);
    await user.type(field(T.pricingTemplateIdLabel), '1'.repeat(20));
    await user.click(screen.getByRole('button', { name: T.save }));
    for (const text of [M.usernameRequired, M.passwordRequired, M.saleCodeRequired, M.clientIdRequired]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText(M.pricingTemplateIdMax)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the six credentials; the secrets are password fields', async () => {
    const { onSubmit, user } = renderForm(NONE);
    expect(field(T.passwordLabel).type).toBe('password');
    expect(field(T.clientSecretKeyLabel).type).toBe('password');
    await user.type(field(T.usernameLabel), 'api-user');
    await user.type(field(T.passwordLabel), 'pw-1');
    await user.type(field(T.saleCodeLabel), 'API1');
    await user.type(field(T.pricingTemplateIdLabel), '4242');
    await user.type(field(T.clientSecretKeyLabel), 'sec');
    await user.type(field(T.clientIdLabel), 'merchapi');
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(onSubmit).toHaveBeenCalledWith({
      username: 'api-user',
      password: 'pw-1',
      saleCode: 'API1',
      pricingTemplateId: '4242',
      clientSecretKey: 'sec',
      clientId: 'merchapi',
    });
  });

  it('Edit: fields are never prefilled; an empty one keeps its saved value (its mask is sent), a typed one replaces it', async () => {
    const { onSubmit, user } = renderForm(SAVED);
    expect(field(T.passwordLabel).value).toBe('');
    expect(screen.getByText(T.savedMask(SAVED.password as string))).toBeTruthy();
    await user.type(field(T.passwordLabel), 'new-pass');
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(onSubmit).toHaveBeenCalledWith({
      username: SAVED.username,
      password: 'new-pass',
      saleCode: SAVED.saleCode,
      pricingTemplateId: SAVED.pricingTemplateId,
      clientSecretKey: SAVED.clientSecretKey,
      clientId: SAVED.clientId,
    });
  });

  it("shows the provider's refusal above the form", async () => {
    const refuse = vi.fn(async () => {
      throw new HttpError(400, 'cardconnect/invalid-credentials', M.invalidCredentials);
    });
    const { user } = renderForm(SAVED, refuse);
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(M.invalidCredentials)).toBeTruthy();
  });
});
