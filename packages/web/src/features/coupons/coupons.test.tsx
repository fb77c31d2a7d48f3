import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@under/core/messages';
import { ADMIN_COUPONS_TEXT as C } from '@under/core/ui-text/admin-coupons';
import { describe, expect, it } from 'vitest';
import { field, renderApp } from '../../test/render-app';

const slow = { timeout: 8000 };
const bodyOf = (call: unknown[] | undefined) => JSON.parse(String((call?.[1] as RequestInit | undefined)?.body));

describe('/admin/create-coupon', { timeout: 90_000 }, () => {
  it("refuses 13 months on the coupon screen with 'Month must be from 1 to 12' before asking the server", async () => {
    const { user, api } = renderApp({ app: 'admin', path: '/create-coupon' });
    await user.type(await screen.findByLabelText(new RegExp(`^${C.codeLabel}`), {}, slow), 'SPRING');
    await user.type(field(C.nameLabel), 'Spring');
    await user.type(field(C.percentageLabel), '20');
    await user.clear(field(C.durationLabel));
    await user.type(field(C.durationLabel), '13');
    await user.click(screen.getByRole('button', { name: C.save }));
    expect(await screen.findByText(MESSAGES.monthRange)).toBeTruthy();
    expect(api.calls('POST /api/coupon')).toHaveLength(0);
  });

  it('sends an amount in cents and the expiry as the end of the chosen day', async () => {
    const { user, api } = renderApp({
      app: 'admin',
      path: '/create-coupon',
      api: {
        'POST /api/coupon': {
          status: 201,
          body: {
            id: '55555555-5555-4555-8555-555555555555',
            code: 'TENOFF',
            name: 'Ten off',
            percentage: null,
            amount: 1050,
            durationInMonths: 2,
            redemptionLimit: 5,
            expiresAt: '2027-01-31T23:59:59.999Z',
            status: 'active',
            companiesUsing: 0,
            redemptionCount: 0,
            createdAt: '2026-11-23T00:00:00.000Z',
            updatedAt: '2026-11-23T00:00:00.000Z',
          },
        },
      },
    });
    await user.type(await screen.findByLabelText(new RegExp(`^${C.codeLabel}`), {}, slow), 'tenoff');
    await user.type(field(C.nameLabel), 'Ten off');
    await user.click(screen.getByText(C.kindAmount));
    await user.type(field(C.amountLabel), '10.50');
    await user.clear(field(C.durationLabel));
    await user.type(field(C.durationLabel), '2');
    await user.type(field(C.limitLabel), '5');
    await user.type(field(C.expiresLabel), '2027-01-31');
    await user.click(screen.getByRole('button', { name: C.save }));
    await waitFor(() => expect(api.calls('POST /api/coupon')).toHaveLength(1));
    expect(bodyOf(api.calls('POST /api/coupon')[0])).toEqual({
      code: 'TENOFF',
      name: 'Ten off',
      percentage: null,
      amount: 1050,
      durationInMonths: 2,
      redemptionLimit: 5,
      expiresAt: '2027-01-31T23:59:59.999Z',
    });
  });
});
