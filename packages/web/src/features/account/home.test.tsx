import '../../test/setup';
import { screen, within } from '@testing-library/react';
import { UI_TEXT } from '@under/core/ui-text';
import { CUSTOM_FORMS_TEXT } from '@under/core/ui-text/client-custom-forms';
import { describe, expect, it } from 'vitest';
import { renderApp, SUMMARY } from '../../test/render-app';

describe('Home of a new institution', () => {
  it('leads first to Create form, and on a plan with no seat left to the plans rather than to inviting', async () => {
    renderApp({ path: '/', api: { 'GET /api/companies/summary': { status: 200, body: SUMMARY } } });
    const main = await screen.findByRole('main');
    await within(main).findByText('Basic');
    const create = within(main).getByRole('link', { name: CUSTOM_FORMS_TEXT.createButton });
    expect(create.getAttribute('href')).toBe('/create-form');
    // the first call to action of the page is Create form, not Invite members
    const links = within(main).getAllByRole('link');
    expect(links[0]).toBe(create);
    expect(within(main).queryByRole('link', { name: UI_TEXT.inviteTitle })).toBeNull();
    expect(within(main).getByText(UI_TEXT.teamAloneNoSeats)).toBeTruthy();
  });

  it('offers to invite when the plan has a seat left', async () => {
    renderApp({
      path: '/',
      api: {
        'GET /api/companies/summary': {
          status: 200,
          body: { ...SUMMARY, subscription: { ...SUMMARY.subscription, userQuota: 5 } },
        },
      },
    });
    const main = await screen.findByRole('main');
    const invite = await within(main).findByRole('link', { name: UI_TEXT.inviteTitle });
    expect(invite.getAttribute('href')).toBe('/invite-members');
    expect(within(main).getAllByRole('link')[0]?.textContent).toBe(CUSTOM_FORMS_TEXT.createButton);
  });
});
