import { Navigate, type RouteObject } from 'react-router';
import { GlobalSpinner } from '../../components/global-spinner';
import { ErrorPage } from '../error-page';
import { PublicOnly, RequireAuth } from '../guards';
import { AdminLayout } from '../layouts';
import { lazyPage } from '../lazy-page';
import { NotFoundPage } from '../not-found-page';
import { RootLayout } from '../root-layout';

/** Served under /admin (router basename); paths here are relative to it. Admins have no sign-up. */
export const ADMIN_HOME_PATH = '/pdf-mapping';
export const ADMIN_PUBLIC_PATHS = ['/login', '/deactivated-account'] as const;

export const adminRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: ErrorPage,
    HydrateFallback: GlobalSpinner,
    children: [
      {
        Component: PublicOnly,
        children: [
          {
            path: 'login',
            lazy: lazyPage(() => import('../../features/auth/routes/login-page').then((m) => m.LoginPage)),
          },
        ],
      },
      {
        path: 'deactivated-account',
        lazy: lazyPage(() =>
          import('../../features/auth/routes/deactivated-account-page').then((m) => m.DeactivatedAccountPage),
        ),
      },
      {
        Component: RequireAuth,
        children: [
          {
            Component: AdminLayout,
            children: [
              { index: true, element: <Navigate to={ADMIN_HOME_PATH} replace /> },
              {
                path: 'pdf-mapping',
                lazy: lazyPage(() =>
                  import('../../features/pdf-mapping/routes/pdf-mapping-page').then((m) => m.PdfMappingPage),
                ),
              },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
