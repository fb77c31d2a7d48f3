import type { RouteObject } from 'react-router';
import { GlobalSpinner } from '../../components/global-spinner';
import { ErrorPage } from '../error-page';
import { PublicOnly, RequireAuth } from '../guards';
import { ClientLayout } from '../layouts';
import { lazyPage } from '../lazy-page';
import { NotFoundPage } from '../not-found-page';
import { RootLayout } from '../root-layout';

/** Pages a signed-out visitor may stay on; the others send them to login and back. */
export const CLIENT_PUBLIC_PATHS = [
  '/login',
  '/register',
  '/verify-email',
  '/forgot-password',
  '/verify-reset-password',
  '/reset-password',
  '/deactivated-account',
] as const;

export const clientRoutes: RouteObject[] = [
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
          {
            path: 'register',
            lazy: lazyPage(() => import('../../features/auth/routes/register-page').then((m) => m.RegisterPage)),
          },
          {
            path: 'verify-email',
            lazy: lazyPage(() => import('../../features/auth/routes/verify-email-page').then((m) => m.VerifyEmailPage)),
          },
          {
            path: 'forgot-password',
            lazy: lazyPage(() =>
              import('../../features/auth/routes/forgot-password-page').then((m) => m.ForgotPasswordPage),
            ),
          },
          {
            path: 'verify-reset-password',
            lazy: lazyPage(() =>
              import('../../features/auth/routes/verify-reset-password-page').then((m) => m.VerifyResetPasswordPage),
            ),
          },
          {
            path: 'reset-password',
            lazy: lazyPage(() =>
              import('../../features/auth/routes/reset-password-page').then((m) => m.ResetPasswordPage),
            ),
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
        // Public: renders and validates pasted forms in the browser, sends nothing to a server.
        path: 'form-playground',
        lazy: lazyPage(() =>
          import('../../features/forms/routes/form-playground-page').then((m) => m.FormPlaygroundPage),
        ),
      },
      {
        Component: RequireAuth,
        children: [
          {
            Component: ClientLayout,
            children: [
              {
                index: true,
                lazy: lazyPage(() => import('../../features/account/routes/home-page').then((m) => m.HomePage)),
              },
              {
                path: 'edit-account',
                lazy: lazyPage(() =>
                  import('../../features/auth/routes/edit-account-page').then((m) => m.EditAccountPage),
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
