import '../../../test/setup';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INTEGRATION_MESSAGES } from '@under/core/integrations/connection-messages';
import type { IntegrationView } from '@under/core/integrations/connections.schema';
import { MANAGE_INTEGRATION_TEXT as T } from '@under/core/ui-text/manage-integration';
import { describe, expect, it, vi } from 'vitest';
import { SalesforceCard } from './components/salesforce-card';

const VIEW: IntegrationView = {
  kind: 'salesforce',
  available: true,
  state: 'connected',
  domain: 'acme.my.salesforce.com',
  instanceUrl: 'https://acme.my.salesforce.com',
  consumerKey: '*********************abcd',
  consumerSecret: '************wxyz',
  connectedAt: '2026-11-01T10:00:00.000Z',
  tokenRefreshedAt: '2026-11-01T10:00:00.000Z',
  turnedOffAt: null,
};

function renderCard(view: Partial<IntegrationView> = {}, canManage = true) {
  const connect = vi.fn(async () => undefined);
  const turnOff = vi.fn(async () => undefined);
  render(
    <MantineProvider env="test">
      <SalesforceCard view={{ ...VIEW, ...view }} canManage={canManage} connect={connect} turnOff={turnOff} />
    </MantineProvider>,
  );
  return { connect, turnOff, user: userEvent.setup() };
}

describe('SalesforceCard', () => {
  it('turns off only after the confirmation', async () => {
    const { turnOff, user } = renderCard();
    expect(screen.getByTestId('integration-state').textContent).toBe(T.states.connected);
    await user.click(screen.getByRole('button', { name: T.turnOff }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(T.turnOffMessage)).toBeTruthy();
    expect(turnOff).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: T.turnOff }));
    expect(turnOff).toHaveBeenCalledTimes(1);
  });

  it('says an expired connection and updates its token with the stored key and secret (their masks)', async () => {
    const { connect, user } = renderCard({ state: 'expired' });
    expect(screen.getByText(INTEGRATION_MESSAGES.connectionExpired)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.updateToken }));
    expect(connect).toHaveBeenCalledWith({
      consumerKey: VIEW.consumerKey,
      consumerSecret: VIEW.consumerSecret,
      salesForceDomain: VIEW.domain,
    });
  });

  it('edits with empty key and secret fields (never prefilled), the saved masks said under them', async () => {
    const { connect, user } = renderCard({ state: 'turned_off', turnedOffAt: '2026-11-02T10:00:00.000Z' });
    expect(screen.getByText(INTEGRATION_MESSAGES.salesforceTurnedOff)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.edit }));
    const key = screen.getByLabelText(new RegExp(T.consumerKeyLabel)) as HTMLInputElement;
    expect(key.value).toBe('');
    expect(screen.getByText(T.savedMask(VIEW.consumerKey as string))).toBeTruthy();
    expect((screen.getByLabelText(new RegExp(T.domainLabel)) as HTMLInputElement).value).toBe(VIEW.domain);
    await user.type(key, 'new-key');
    await user.type(screen.getByLabelText(new RegExp(T.consumerSecretLabel)), 'new-secret');
    await user.click(screen.getByRole('button', { name: T.connectSubmit }));
    expect(connect).toHaveBeenCalledWith({
      consumerKey: 'new-key',
      consumerSecret: 'new-secret',
      salesForceDomain: VIEW.domain,
    });
  });

  it("says since when it is connected, in the portal's date format (formatDate)", () => {
    renderCard({ connectedAt: '2026-11-01T10:00:00.000Z' });
    expect(screen.getByText(T.connectedSince('Nov 01, 2026'))).toBeTruthy();
  });

  it.each(['not_connected', 'connected', 'expired', 'turned_off'] as const)(
    'shows a member the state without any action or input (%s)',
    (state) => {
      renderCard({ state, turnedOffAt: state === 'turned_off' ? '2026-11-02T10:00:00.000Z' : null }, false);
      expect(screen.getByTestId('integration-state').textContent).toBe(T.states[state]);
      expect(screen.queryAllByRole('button')).toHaveLength(0);
      expect(screen.queryAllByRole('textbox')).toHaveLength(0);
      // no field at all: a password input has no role, so the DOM is asked
      expect(document.querySelectorAll('input, textarea, select, [contenteditable="true"]')).toHaveLength(0);
      expect(document.querySelectorAll('input[type="password"]')).toHaveLength(0);
    },
  );
});
