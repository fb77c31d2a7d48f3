import { AppShell } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import { Outlet } from 'react-router';
import { AppHeader, type HeaderLink } from '../components/app-header';
import { useMe } from '../features/account/api/use-me';
import { useSession } from '../lib/session-context';

function SignedInShell({ brand, links }: { brand: string; links: HeaderLink[] }) {
  const session = useSession();
  const me = useMe();
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <AppHeader brand={brand} links={links} email={me.data?.email} onLogOut={() => session.signOut()} />
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

const CLIENT_LINKS: HeaderLink[] = [{ to: '/edit-account', label: MESSAGES.editAccountTitle }];
const ADMIN_LINKS: HeaderLink[] = [{ to: '/pdf-mapping', label: MESSAGES.pdfMappingTitle }];

export function ClientLayout() {
  return <SignedInShell brand={MESSAGES.appName} links={CLIENT_LINKS} />;
}

export function AdminLayout() {
  return <SignedInShell brand={MESSAGES.adminAppName} links={ADMIN_LINKS} />;
}
