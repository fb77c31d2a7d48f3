import { AppShell } from '@mantine/core';
import { UI_TEXT } from '@under/core/ui-text';
import { ADMIN_ACCOUNTS_TEXT } from '@under/core/ui-text/admin-accounts';
import { ADMIN_COUPONS_TEXT } from '@under/core/ui-text/admin-coupons';
import { ADMIN_MAILS_TEXT } from '@under/core/ui-text/admin-mails';
import { Outlet } from 'react-router';
import { AppHeader, type HeaderLink, type HeaderLogo } from '../components/app-header';
import { useCompany } from '../features/account/api/account-api';
import { sameOriginFileUrl } from '../lib/file-url';
import { useSession } from '../lib/session-context';
import { useMe } from '../lib/use-me';

function SignedInShell({ brand, links, logo }: { brand: string; links: HeaderLink[]; logo?: HeaderLogo | null }) {
  const session = useSession();
  const me = useMe();
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header>
        <AppHeader brand={brand} links={links} logo={logo} email={me.data?.email} onLogOut={() => session.signOut()} />
      </AppShell.Header>
      <AppShell.Main bg="gray.0" mih="100vh">
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
    ...(companyId ? [{ to: `/team/${companyId}`, label: UI_TEXT.navTeam }] : []),
    ...(isAdmin ? [{ to: '/application-settings', label: UI_TEXT.navSettings }] : []),
    { to: '/membership', label: UI_TEXT.navPlans },
    { to: '/all-profile', label: UI_TEXT.navAccount, also: ['/edit-account'] },
  ];
  const logoUrl = company.data?.logoUrl;
  const logo = logoUrl ? { src: sameOriginFileUrl(logoUrl), alt: UI_TEXT.logoAlt(company.data?.name ?? '') } : null;
  return <SignedInShell brand={UI_TEXT.appName} links={links} logo={logo} />;
}

export function AdminLayout() {
  return <SignedInShell brand={UI_TEXT.adminAppName} links={ADMIN_LINKS} />;
}
