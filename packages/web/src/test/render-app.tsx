import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ADMIN_HOME_PATH, ADMIN_PUBLIC_PATHS, adminRoutes } from '../app/admin/routes';
import { CLIENT_PUBLIC_PATHS, clientRoutes } from '../app/client/routes';
import { type AppSessionOptions, createAppSession } from '../app/create-app-session';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { createFakeFetch, type Reply } from './fake-api';

export const ME = {
  id: 'u1',
  email: 'ann@bank.example',
  firstName: 'Ann',
  lastName: 'Lee',
  role: 'ADMINISTRATOR',
  status: 'active',
  pool: 'client',
  company: { id: 'c1', name: 'First Bank', status: 'active' },
  membership: null,
};

const BASIC = {
  id: 'MEMBERSHIP_001',
  name: 'Basic',
  type: 'basic',
  priceCents: 0,
  userQuota: 1,
  formQuota: 1,
  salesForce: false,
};

/** GET /api/companies/summary of ME's company: Basic, one active user, no forms. */
export const SUMMARY = {
  company: {
    id: 'c1',
    name: 'First Bank',
    status: 'active',
    membershipId: 'MEMBERSHIP_001',
    logoUrl: null,
    whitelistedDomains: [],
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  membership: BASIC,
  subscription: { userQuota: 1, activatedUser: 1, formQuota: 1, activatedForm: 0, accountStatus: 'active' },
  team: { active: 1, inactive: 0, invited: 0 },
};

/** POST/GET /api/profile(s) of ME. */
export const PROFILE = {
  id: 'u1',
  email: 'ann@bank.example',
  firstName: 'Ann',
  lastName: 'Lee',
  phoneNumber: '(555) 123-4567',
  role: 'ADMINISTRATOR',
  status: 'active',
  company: { id: 'c1', name: 'First Bank', status: 'active' },
  membershipId: 'MEMBERSHIP_001',
  draft: null,
};

interface RenderAppOptions {
  app?: 'client' | 'admin';
  path: string;
  /** Signed in with token 't1' (default), signed out, or still restoring. */
  auth?: 'signed-in' | 'signed-out';
  api?: Record<string, Reply | Reply[]>;
  routes?: RouteObject[];
  timerDurations?: AppSessionOptions['timerDurations'];
}

/** Renders one app in a memory router with the real wiring and a fake API. */
export function renderApp({
  app = 'client',
  path,
  auth = 'signed-in',
  api: routes = {},
  routes: customRoutes,
  timerDurations,
}: RenderAppOptions) {
  const api = createFakeFetch({ 'GET /api/me': { status: 200, body: { ...ME, pool: app } }, ...routes });
  const notify = vi.fn();
  const queryClient = createQueryClient(notify);
  const isAdmin = app === 'admin';
  const session = createAppSession({
    pool: app,
    homePath: isAdmin ? ADMIN_HOME_PATH : '/',
    publicPaths: isAdmin ? ADMIN_PUBLIC_PATHS : CLIENT_PUBLIC_PATHS,
    queryClient,
    notify,
    fetch: api.fetch,
    timerDurations,
  });
  if (auth === 'signed-in') session.auth.setAccessToken('t1');
  else session.auth.clear();
  const router = createMemoryRouter(customRoutes ?? (isAdmin ? adminRoutes : clientRoutes), { initialEntries: [path] });
  session.attachRouter(router);
  const user = userEvent.setup();
  const view = render(
    <AppProviders session={session} queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, api, notify, queryClient, router, session, user, location };
}

/** The input labelled exactly `label` (Mantine appends ' *' to required labels). */
export function field(label: string): HTMLElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

/** The Mantine colour of the alert showing `text` ('green' for good news, 'brand' for a notice, 'red'). */
export function alertColour(text: string): string | undefined {
  const alert = screen.getByText(text).closest('.mantine-Alert-root');
  return alert?.getAttribute('style')?.match(/--alert-bg: var\(--mantine-color-([a-z]+)-light\)/)?.[1];
}
