import type { Pool } from '@under/core/auth/pools';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createAppSession } from './create-app-session';
import { AppProviders, showNotice } from './providers';
import { createQueryClient } from './query-client';

interface StartAppOptions {
  pool: Pool;
  routes: RouteObject[];
  homePath: string;
  publicPaths: readonly string[];
  basename?: string;
}

/** Boots one app: session wiring, router, and the page-reload case (restore the session from the cookie). */
export function startApp({ pool, routes, homePath, publicPaths, basename }: StartAppOptions): void {
  const queryClient = createQueryClient(showNotice);
  const session = createAppSession({ pool, homePath, queryClient, notify: showNotice, publicPaths });
  const router = createBrowserRouter(routes, { basename });
  session.attachRouter(router);
  void session.http.restoreSession();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProviders session={session} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
