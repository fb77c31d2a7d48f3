import type { RouteObject } from 'react-router';
import { GlobalSpinner } from '../../components/global-spinner';
import { ErrorPage } from '../error-page';
import { PublicOnly, RequireAuth, RequireCompany } from '../guards';
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
        // Open to everyone: the page itself handles signed-out, signed-in and no-longer-valid invitations.
        path: 'register/:invitationCode',
        lazy: lazyPage(() => import('../../features/account/routes/invitation-page').then((m) => m.InvitationPage)),
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
            path: 'register-company',
            lazy: lazyPage(() =>
              import('../../features/account/routes/register-company-page').then((m) => m.RegisterCompanyPage),
            ),
          },
          {
            // Every page below needs a company: users without one register it first.
            Component: RequireCompany,
            children: [
              {
                Component: ClientLayout,
                children: [
                  {
                    index: true,
                    lazy: lazyPage(() => import('../../features/account/routes/home-page').then((m) => m.HomePage)),
                  },
                  {
                    path: 'client',
                    lazy: lazyPage(() => import('../../features/account/routes/home-page').then((m) => m.HomePage)),
                  },
                  {
                    path: 'edit-account',
                    lazy: lazyPage(() =>
                      import('../../features/account/routes/edit-account-page').then((m) => m.EditAccountPage),
                    ),
                  },
                  {
                    path: 'all-profile',
                    lazy: lazyPage(() =>
                      import('../../features/account/routes/all-profile-page').then((m) => m.AllProfilePage),
                    ),
                  },
                  {
                    path: 'membership',
                    lazy: lazyPage(() =>
                      import('../../features/billing/routes/membership-page').then((m) => m.MembershipPage),
                    ),
                  },
                  {
                    path: 'membership-trial',
                    lazy: lazyPage(() =>
                      import('../../features/billing/routes/membership-trial-page').then((m) => m.MembershipTrialPage),
                    ),
                  },
                  {
                    path: 'payment-membership/:membership',
                    lazy: lazyPage(() =>
                      import('../../features/billing/routes/payment-membership-page').then(
                        (m) => m.PaymentMembershipPage,
                      ),
                    ),
                  },
                  {
                    path: 'billings',
                    lazy: lazyPage(() =>
                      import('../../features/billing/routes/billing-history-page').then((m) => m.BillingHistoryPage),
                    ),
                  },
                  {
                    path: 'team/:companyId',
                    lazy: lazyPage(() => import('../../features/team/routes/team-page').then((m) => m.TeamPage)),
                  },
                  {
                    path: 'team/:companyId/member/:memberId',
                    lazy: lazyPage(() => import('../../features/team/routes/member-page').then((m) => m.MemberPage)),
                  },
                  {
                    path: 'invite-members',
                    lazy: lazyPage(() =>
                      import('../../features/team/routes/invite-members-page').then((m) => m.InviteMembersPage),
                    ),
                  },
                  // the institution's applications (issues 13, 14)
                  {
                    path: 'applications',
                    lazy: lazyPage(() =>
                      import('../../features/applications/routes/applications-page').then((m) => m.ApplicationsPage),
                    ),
                  },
                  {
                    path: 'customers',
                    lazy: lazyPage(() =>
                      import('../../features/customers/routes/customers-page').then((m) => m.CustomersPage),
                    ),
                  },
                  {
                    path: 'agreements',
                    lazy: lazyPage(() =>
                      import('../../features/applications/routes/agreements-page').then((m) => m.AgreementsPage),
                    ),
                  },
                  {
                    path: 'edit-application',
                    lazy: lazyPage(() =>
                      import('../../features/applications/routes/edit-application-page').then(
                        (m) => m.EditApplicationPage,
                      ),
                    ),
                  },
                  {
                    path: 'applications/company/:companyName',
                    lazy: lazyPage(() =>
                      import('../../features/applications/routes/applications-page').then((m) => m.ApplicationsPage),
                    ),
                  },
                  {
                    path: 'applications/:applicationId',
                    lazy: lazyPage(() =>
                      import('../../features/applications/routes/application-page').then((m) => m.ApplicationPage),
                    ),
                  },
                  // customer invitations (issue 12; decision 041)
                  {
                    path: 'create-customer',
                    lazy: lazyPage(() =>
                      import('../../features/customers/routes/create-customer-page').then((m) => m.CreateCustomerPage),
                    ),
                  },
                  // custom forms (issue 11)
                  {
                    path: 'all-form',
                    lazy: lazyPage(() =>
                      import('../../features/custom-forms/routes/forms-page').then((m) => m.FormsPage),
                    ),
                  },
                  {
                    path: 'create-form',
                    lazy: lazyPage(() =>
                      import('../../features/custom-forms/routes/wizard-page').then((m) => m.WizardPage),
                    ),
                  },
                  {
                    path: 'create-form/:companyId',
                    lazy: lazyPage(() =>
                      import('../../features/custom-forms/routes/wizard-page').then((m) => m.WizardPage),
                    ),
                  },
                  {
                    path: 'edit-custom-form/:masterFormId/:customFormId',
                    lazy: lazyPage(() =>
                      import('../../features/custom-forms/routes/step-redirect').then((m) => m.InstitutionStepRedirect),
                    ),
                  },
                  {
                    path: 'edit-custom-form/:masterFormId/:customFormId/:companyId',
                    lazy: lazyPage(() =>
                      import('../../features/custom-forms/routes/step-redirect').then((m) => m.InstitutionStepRedirect),
                    ),
                  },
                  {
                    path: 'custom-form/:masterFormId/:customFormId',
                    lazy: lazyPage(() =>
                      import('../../features/custom-forms/routes/step-redirect').then((m) => m.QuestionsStepRedirect),
                    ),
                  },
                  {
                    path: 'doc-tcs/:masterFormId/:customFormId',
                    lazy: lazyPage(() =>
                      import('../../features/custom-forms/routes/step-redirect').then((m) => m.DocumentsStepRedirect),
                    ),
                  },
                  {
                    path: 'doc-tcs/:masterFormId/:customFormId/:companyId',
                    lazy: lazyPage(() =>
                      import('../../features/custom-forms/routes/step-redirect').then((m) => m.DocumentsStepRedirect),
                    ),
                  },
                  {
                    path: 'layout-form/:masterFormId/:customFormId',
                    lazy: lazyPage(() =>
                      import('../../features/custom-forms/routes/step-redirect').then((m) => m.LayoutStepRedirect),
                    ),
                  },
                  // a custom form's Salesforce mapping (issue #23 §5; decision 075)
                  {
                    path: 'all-form/sales-force-mapping-field/:masterFormId/:customFormId',
                    lazy: lazyPage(() =>
                      import('../../features/integrations/mapping/routes/mapping-page').then((m) => m.MappingPage),
                    ),
                  },
                  {
                    path: 'universal-form',
                    lazy: lazyPage(() =>
                      import('../../features/custom-forms/routes/universal-form-page').then((m) => m.UniversalFormPage),
                    ),
                  },
                  {
                    path: 'universal-form/:formId',
                    lazy: lazyPage(() =>
                      import('../../features/custom-forms/routes/universal-form-page').then((m) => m.UniversalFormPage),
                    ),
                  },
                  {
                    path: 'templates-permission',
                    lazy: lazyPage(() =>
                      import('../../features/custom-forms/routes/templates-permission-page').then(
                        (m) => m.TemplatesPermissionPage,
                      ),
                    ),
                  },
                  {
                    path: 'templates-permission/:formId',
                    lazy: lazyPage(() =>
                      import('../../features/custom-forms/routes/templates-permission-page').then(
                        (m) => m.TemplatesPermissionPage,
                      ),
                    ),
                  },
                  {
                    path: 'manage-integration',
                    lazy: lazyPage(() =>
                      import('../../features/integrations/connections/routes/manage-integration-page').then(
                        (m) => m.ManageIntegrationPage,
                      ),
                    ),
                  },
                  {
                    path: 'integrate-card-connect/:formId?',
                    lazy: lazyPage(() =>
                      import('../../features/integrations/cardconnect/routes/integrate-card-connect-page').then(
                        (m) => m.IntegrateCardConnectPage,
                      ),
                    ),
                  },
                  {
                    path: 'transax-pricing/:formId?',
                    lazy: lazyPage(() =>
                      import('../../features/integrations/transax/routes/transax-pricing-page').then(
                        (m) => m.TransaxPricingPage,
                      ),
                    ),
                  },
                  {
                    path: 'application-settings',
                    lazy: lazyPage(() =>
                      import('../../features/settings/routes/application-settings-page').then(
                        (m) => m.ApplicationSettingsPage,
                      ),
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
