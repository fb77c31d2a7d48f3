import type { RouteObject } from 'react-router';
import { GlobalSpinner } from '../../components/global-spinner';
import { ErrorPage } from '../error-page';
import { PublicOnly, RequireAuth } from '../guards';
import { AdminLayout } from '../layouts';
import { lazyPage } from '../lazy-page';
import { NotFoundPage } from '../not-found-page';
import { RootLayout } from '../root-layout';

/**
 * Served under /admin (router basename); paths here are relative to it. Admins have no sign-up; they recover a
 * password with the client app's pages, which call the admin pool's API here (the reset e-mail links to
 * /admin/verify-reset-password).
 */
export const ADMIN_HOME_PATH = '/pdf-mapping';
export const ADMIN_PUBLIC_PATHS = [
  '/login',
  '/forgot-password',
  '/verify-reset-password',
  '/reset-password',
  '/deactivated-account',
] as const;

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
        Component: RequireAuth,
        children: [
          {
            Component: AdminLayout,
            children: [
              {
                index: true,
                lazy: lazyPage(() =>
                  import('../../features/admin-accounts/routes/admin-overview-page').then((m) => m.AdminOverviewPage),
                ),
              },
              {
                path: 'pdf-mapping',
                lazy: lazyPage(() =>
                  import('../../features/pdf-templates/routes/pdf-mapping-page').then((m) => m.PdfMappingPage),
                ),
              },
              {
                path: 'pdf-mapping/edit/:templateId/:formId?',
                lazy: lazyPage(() =>
                  import('../../features/pdf-mapper/routes/pdf-mapper-page').then((m) => m.PdfMapperPage),
                ),
              },
              {
                path: 'view-mapped-pdf',
                lazy: lazyPage(() =>
                  import('../../features/pdf-templates/routes/view-mapped-pdf-page').then((m) => m.ViewMappedPdfPage),
                ),
              },
              {
                path: 'mapper-confirm-page/:templateId',
                lazy: lazyPage(() =>
                  import('../../features/pdf-mapper/routes/confirm-page-mapper-page').then(
                    (m) => m.ConfirmPageMapperPage,
                  ),
                ),
              },
              {
                path: 'global-setting-page/:templateId/:pageId?',
                lazy: lazyPage(() =>
                  import('../../features/pdf-templates/routes/global-setting-page').then((m) => m.GlobalSettingPage),
                ),
              },
              {
                path: 'general-setting/:templateId',
                lazy: lazyPage(() =>
                  import('../../features/pdf-templates/routes/general-setting-page').then((m) => m.GeneralSettingPage),
                ),
              },
              {
                path: 'layout-universal-form/:templateId/:formId',
                lazy: lazyPage(() =>
                  import('../../features/master-forms/routes/layout-designer-page').then((m) => m.LayoutDesignerPage),
                ),
              },
              {
                path: 'card-connect-mapper/:masterFormId',
                lazy: lazyPage(() =>
                  import('../../features/integrations/cardconnect/routes/cardconnect-mapper-page').then(
                    (m) => m.CardConnectMapperPage,
                  ),
                ),
              },
              {
                path: 'templates',
                lazy: lazyPage(() =>
                  import('../../features/master-forms/routes/master-forms-page').then((m) => m.MasterFormsPage),
                ),
              },
              {
                path: 'dictionaries',
                lazy: lazyPage(() =>
                  import('../../features/library/routes/dictionaries-page').then((m) => m.DictionariesPage),
                ),
              },
              {
                path: 'view-sections',
                lazy: lazyPage(() => import('../../features/library/routes/sections-page').then((m) => m.SectionsPage)),
              },
              {
                path: 'new-section',
                lazy: lazyPage(() =>
                  import('../../features/library/routes/section-edit-page').then((m) => m.SectionEditPage),
                ),
              },
              {
                path: 'section/:sectionId',
                lazy: lazyPage(() =>
                  import('../../features/library/routes/section-edit-page').then((m) => m.SectionEditPage),
                ),
              },
              {
                path: 'mails',
                lazy: lazyPage(() => import('../../features/mails/routes/mails-page').then((m) => m.MailsPage)),
              },
              {
                path: 'button-links',
                lazy: lazyPage(() =>
                  import('../../features/integrations/button-links/routes/button-links-page').then(
                    (m) => m.ButtonLinksPage,
                  ),
                ),
              },
              {
                path: 'button-links/:buttonLinkId',
                lazy: lazyPage(() =>
                  import('../../features/integrations/button-links/routes/button-link-deliveries-page').then(
                    (m) => m.ButtonLinkDeliveriesPage,
                  ),
                ),
              },
              {
                path: 'view-coupon',
                lazy: lazyPage(() => import('../../features/coupons/routes/coupons-page').then((m) => m.CouponsPage)),
              },
              {
                path: 'create-coupon',
                lazy: lazyPage(() =>
                  import('../../features/coupons/routes/coupon-edit-page').then((m) => m.CouponEditPage),
                ),
              },
              {
                path: 'edit-coupon/:id',
                lazy: lazyPage(() =>
                  import('../../features/coupons/routes/coupon-edit-page').then((m) => m.CouponEditPage),
                ),
              },
              {
                path: 'accounts',
                lazy: lazyPage(() =>
                  import('../../features/admin-accounts/routes/accounts-page').then((m) => m.AccountsPage),
                ),
              },
              {
                path: 'accounts/:companyName/:companyId/:formId/applications',
                lazy: lazyPage(() =>
                  import('../../features/admin-applications/routes/form-applications-page').then(
                    (m) => m.FormApplicationsPage,
                  ),
                ),
              },
              {
                path: 'accounts/:companyName/:companyId/:formId/members',
                lazy: lazyPage(() =>
                  import('../../features/admin-applications/routes/application-members-page').then(
                    (m) => m.ApplicationMembersPage,
                  ),
                ),
              },
              {
                path: 'accounts/edit/:companyId',
                lazy: lazyPage(() =>
                  import('../../features/admin-accounts/routes/account-edit-page').then((m) => m.AccountEditPage),
                ),
              },
              {
                path: 'accounts/manage-subscription-level/:companyId',
                lazy: lazyPage(() =>
                  import('../../features/admin-accounts/routes/subscription-level-page').then(
                    (m) => m.SubscriptionLevelPage,
                  ),
                ),
              },
              {
                path: 'companies/summary/:companyName',
                lazy: lazyPage(() =>
                  import('../../features/admin-accounts/routes/company-summary-page').then((m) => m.CompanySummaryPage),
                ),
              },
              {
                path: 'forms',
                lazy: lazyPage(() =>
                  import('../../features/admin-accounts/routes/account-forms-page').then((m) => m.AccountFormsPage),
                ),
              },
              {
                path: 'user-administration',
                lazy: lazyPage(() =>
                  import('../../features/admin-accounts/routes/admin-users-page').then((m) => m.AdminUsersPage),
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
