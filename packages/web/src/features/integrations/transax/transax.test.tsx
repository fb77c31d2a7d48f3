import '../../../test/setup';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type StoredTransaxPricing, TRANSAX_MESSAGES } from '@under/core/integrations/transax.schema';
import { TRANSAX_TEXT as T } from '@under/core/ui-text/transax';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http-error';
import { TransaxPricingTable, TransaxRetrieveForm } from './components/transax-pricing';

const STORED: StoredTransaxPricing = {
  gatewayHost: 'secure.transaxgateway.com',
  retrievedAt: '2026-11-29T03:00:00.000Z',
  pricing: [
    {
      id: 'TX-RETAIL-IC',
      name: 'Retail interchange plus',
      description: 'Interchange + 0.25%',
      discountRatePct: 0.25,
      perItemFee: 0.1,
      monthlyFee: 9.95,
    },
    {
      id: '4411',
      name: 'Restaurant tiered',
      description: null,
      discountRatePct: 1.79,
      perItemFee: 0.15,
      monthlyFee: null,
    },
  ],
};

const wrap = (ui: React.ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>);
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

describe('Transax pricing screen', () => {
  it('names what is missing and sends nothing', async () => {
    const onRetrieve = vi.fn(async () => undefined);
    wrap(<TransaxRetrieveForm onRetrieve={onRetrieve} />);
    await userEvent.setup().click(screen.getByRole('button', { name: T.retrieve }));
    for (const text of ['Enter the Transax gateway URL', 'Enter the Transax user', 'Enter the Transax password']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(onRetrieve).not.toHaveBeenCalled();
  });

  it("sends URL, user and password; shows the server's refusal in words and empties the password", async () => {
    const onRetrieve = vi.fn(async () => {
      throw new HttpError(400, 'integration/domain', TRANSAX_MESSAGES.gatewayNotAllowed);
    });
    wrap(<TransaxRetrieveForm onRetrieve={onRetrieve} />);
    const user = userEvent.setup();
    expect(field(T.passwordLabel).type).toBe('password');
    await user.type(field(T.gatewayUrlLabel), 'https://evil.example.com');
    await user.type(field(T.userLabel), 'me');
    await user.type(field(T.passwordLabel), 'secret');
    await user.click(screen.getByRole('button', { name: T.retrieve }));
    expect(onRetrieve).toHaveBeenCalledWith({ gatewayUrl: 'https://evil.example.com', user: 'me', password: 'secret' });
    expect(await screen.findByText(TRANSAX_MESSAGES.gatewayNotAllowed)).toBeTruthy();
    expect(field(T.passwordLabel).value).toBe('');
  });

  it('lists the stored pricing and picks one for the form; the selected one is marked', async () => {
    const onPick = vi.fn();
    wrap(<TransaxPricingTable stored={STORED} selectedId="4411" onPick={onPick} picking={false} />);
    const rows = screen.getAllByTestId('transax-plan');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('$9.95')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByTestId('transax-selected').textContent).toBe(T.picked);
    await userEvent.setup().click(screen.getByRole('button', { name: `${T.pick}: Retail interchange plus` }));
    expect(onPick).toHaveBeenCalledWith('TX-RETAIL-IC');
  });

  it('offers no pick without a form, and says when nothing was retrieved', () => {
    const { unmount } = wrap(<TransaxPricingTable stored={STORED} selectedId={null} onPick={null} picking={false} />);
    expect(screen.queryByRole('button', { name: new RegExp(T.pick) })).toBeNull();
    unmount();
    wrap(
      <TransaxPricingTable
        stored={{ gatewayHost: null, retrievedAt: null, pricing: [] }}
        selectedId={null}
        onPick={null}
        picking={false}
      />,
    );
    expect(screen.getByText(T.none)).toBeTruthy();
  });
});
