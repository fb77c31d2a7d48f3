import '../../../test/setup';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { formatDate } from '@under/core/forms/format';
import type { CardConnectView } from '@under/core/integrations/cardconnect.schema';
import { CARDCONNECT_TEXT as T } from '@under/core/ui-text/cardconnect';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CardConnectTrialNote } from './components/cardconnect-trial-note';

const BASE: CardConnectView = {
  state: 'connected',
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
const TRIAL = { startedAt: '2026-11-01T10:00:00.000Z', endsAt: '2026-12-01T10:00:00.000Z' };

function show(trial: CardConnectView['trial']) {
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <CardConnectTrialNote view={{ ...BASE, trial }} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return screen.queryByTestId('cardconnect-trial');
}

describe('the CardConnect trial note (decision 090)', () => {
  it('says what starts the trial before the first connection', () => {
    expect(show(null)?.textContent).toBe(T.trialBefore);
  });

  it('counts the days left and says nothing is charged at the end', () => {
    const note = show({ ...TRIAL, phase: 'trial', daysLeft: 12 });
    expect(note?.textContent).toContain(T.trialDaysLeft(12, formatDate(TRIAL.endsAt)));
    expect(note?.textContent).toContain('Nothing is charged');
  });

  it('once ended, says the sync stopped, nothing was charged, and links the plans', () => {
    const note = show({ ...TRIAL, phase: 'ended', daysLeft: 0 });
    expect(note?.textContent).toContain(T.trialEnded(formatDate(TRIAL.endsAt)));
    expect(screen.getByRole('link', { name: T.trialPlans }).getAttribute('href')).toBe('/membership');
  });

  it('shows nothing once the company is on a paid plan', () => {
    expect(show({ ...TRIAL, phase: 'paid', daysLeft: 0 })).toBeNull();
  });
});
