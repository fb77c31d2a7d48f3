import '../../test/setup';
import { screen, within } from '@testing-library/react';
import { NOTIFICATIONS_TEXT as N } from '@under/core/ui-text/notifications';
import { describe, expect, it } from 'vitest';
import { renderApp, SUMMARY } from '../../test/render-app';

const EVENT = {
  applicationNumber: 12,
  applicantCompanyName: 'Acme LLC',
  formName: 'Merchant form',
  actor: null,
  from: null,
  to: null,
};

describe("Home's latest events (issue 21 §4)", () => {
  it('says there is nothing yet when no application has an event', async () => {
    renderApp({
      path: '/',
      api: {
        'GET /api/companies/summary': { status: 200, body: SUMMARY },
        'GET /api/home/events': { status: 200, body: { items: [] } },
      },
    });
    const region = await screen.findByRole('region', { name: N.eventsTitle });
    expect(await within(region).findByText(N.eventsEmpty)).toBeTruthy();
  });

  it('lists the events newest first, each a link to its application, statuses by their labels', async () => {
    renderApp({
      path: '/',
      api: {
        'GET /api/companies/summary': { status: 200, body: SUMMARY },
        'GET /api/home/events': {
          status: 200,
          body: {
            items: [
              {
                ...EVENT,
                id: 'a:3',
                kind: 'status-changed',
                at: '2026-11-28T10:00:00.000Z',
                applicationId: 'a',
                from: 'pending',
                to: 'denied',
              },
              { ...EVENT, id: 'a:2', kind: 'submitted', at: '2026-11-27T10:00:00.000Z', applicationId: 'a' },
            ],
          },
        },
      },
    });
    const region = await screen.findByRole('region', { name: N.eventsTitle });
    const links = await within(region).findAllByRole('link', { name: /^Application 12/ });
    expect(links.map((l) => l.textContent)).toEqual([
      'Application 12 (Acme LLC): status Pending → Denied',
      'Application 12 (Acme LLC): submitted',
    ]);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/applications/a', '/applications/a']);
  });
});
