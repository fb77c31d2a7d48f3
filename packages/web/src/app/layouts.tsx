import { Alert, AppShell, Button, Group, Text } from '@mantine/core';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { ADMIN_ACCOUNTS_TEXT } from '@under/core/ui-text/admin-accounts';
import { ADMIN_BUTTON_LINKS_TEXT } from '@under/core/ui-text/admin-button-links';
import { ADMIN_COUPONS_TEXT } from '@under/core/ui-text/admin-coupons';
import { ADMIN_MAILS_TEXT } from '@under/core/ui-text/admin-mails';
import { BILLING_TEXT } from '@under/core/ui-text/billing';
import { APPLICATIONS_TEXT } from '@under/core/ui-text/client-applications';
import { CUSTOM_FORMS_TEXT } from '@under/core/ui-text/client-custom-forms';
import { MANAGE_INTEGRATION_TEXT } from '@under/core/ui-text/manage-integration';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { AppHeader, type HeaderLink, type HeaderLogo } from '../components/app-header';
import { useCompany } from '../features/account/api/account-api';
import { sameOriginFileUrl } from '../lib/file-url';
import { errorMessage, HttpError } from '../lib/http-error';
import { useSession } from '../lib/session-context';
import { useMe } from '../lib/use-me';
import { useTimeSubscription } from '../lib/use-time-subscription';

function SignedInShell({
  brand,
  links,
  logo,
  notice,
}: {
  brand: string;
  links: HeaderLink[];
  logo?: HeaderLogo | null;
  notice?: ReactNode;
}) {
  const session = useSession();
  const me = useMe();
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header>
        <AppHeader brand={brand} links={links} logo={logo} email={me.data?.email} onLogOut={() => session.signOut()} />
      </AppShell.Header>
      <AppShell.Main bg="gray.0" mih="100vh">
        {notice}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

const ADMIN_LINKS: HeaderLink[] = [
  {
    to: '/pdf-mapping',
    label: UI_TEXT.pdfMappingTitle,
    also: ['/view-mapped-pdf', '/general-setting', '/global-setting-page'],
  },
  { to: '/templates', label: UI_TEXT.navTemplates, also: ['/layout-universal-form'] },
  { to: '/dictionaries', label: UI_TEXT.navDictionary },
  { to: '/view-sections', label: UI_TEXT.navSections, also: ['/new-section', '/section'] },
  { to: '/mails', label: ADMIN_MAILS_TEXT.navMails },
  { to: '/button-links', label: ADMIN_BUTTON_LINKS_TEXT.navButtonLinks },
  {
    to: '/accounts',
    label: ADMIN_ACCOUNTS_TEXT.navAccounts,
    also: ['/companies/summary'],
  },
  { to: '/view-coupon', label: ADMIN_COUPONS_TEXT.navCoupons, also: ['/create-coupon', '/edit-coupon'] },
  { to: '/user-administration', label: ADMIN_ACCOUNTS_TEXT.navAdminUsers },
];
const CLIENT_ADMIN_ROLES = new Set(['ADMINISTRATOR', 'admin']);

/** The client header: what the role may use (decision 006), and the company logo once one is set. */
export function ClientLayout() {
  const me = useMe();
  const companyId = me.data?.company?.id;
  const company = useCompany(companyId);
  const isAdmin = CLIENT_ADMIN_ROLES.has(me.data?.role ?? '');
  const links: HeaderLink[] = [
    { to: '/', label: UI_TEXT.navHome, end: true },
    {
      to: '/applications',
      label: APPLICATIONS_TEXT.navApplications,
      also: ['/agreements', '/edit-application', '/customers', '/create-customer'],
    },
    {
      to: '/all-form',
      label: CUSTOM_FORMS_TEXT.navForms,
      also: ['/create-form', '/edit-custom-form', '/custom-form', '/doc-tcs', '/layout-form'],
    },
    ...(companyId ? [{ to: `/team/${companyId}`, label: UI_TEXT.navTeam }] : []),
    ...(isAdmin ? [{ to: '/templates-permission', label: CUSTOM_FORMS_TEXT.navTemplatePermissions }] : []),
    ...(isAdmin ? [{ to: '/application-settings', label: UI_TEXT.navSettings }] : []),
    { to: '/manage-integration', label: MANAGE_INTEGRATION_TEXT.navIntegrations },
    { to: '/membership', label: UI_TEXT.navPlans, also: ['/membership-trial', '/payment-membership'] },
    ...(isAdmin ? [{ to: '/billings', label: BILLING_TEXT.navBilling }] : []),
    { to: '/all-profile', label: UI_TEXT.navAccount, also: ['/edit-account'] },
  ];
  const logoUrl = company.data?.logoUrl;
  const logo = logoUrl ? { src: sameOriginFileUrl(logoUrl), alt: UI_TEXT.logoAlt(company.data?.name ?? '') } : null;
  // the time-subscription check (spec 2 §8): a failed renewal is said on every page, with the way to fix it
  const time = useTimeSubscription(companyId);
  // only a failed renewal is shown; other failures of the check (the server away) have their own notices
  const notice =
    time.error instanceof HttpError && time.error.code === ERROR_CODES.billingPastDue ? (
      <Alert color="red" radius={0} data-testid="subscription-notice">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{errorMessage(time.error)}</Text>
          {isAdmin ? (
            <Button component={Link} to="/billings" size="xs" variant="white">
              {BILLING_TEXT.updateCard}
            </Button>
          ) : null}
        </Group>
      </Alert>
    ) : null;
  return <SignedInShell brand={UI_TEXT.appName} links={links} logo={logo} notice={notice} />;
}

export function AdminLayout() {
  return <SignedInShell brand={UI_TEXT.adminAppName} links={ADMIN_LINKS} />;
}
