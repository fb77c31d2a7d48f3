import { Outlet, useNavigation } from 'react-router';
import { GlobalSpinner } from '../components/global-spinner';
import { useAuthState } from '../lib/session-context';
import { SessionTimeoutModal } from './session-timeout-modal';

/** Top of every route: the one spinner (lazy pages, session restore) and the inactivity alert. */
export function RootLayout() {
  const navigation = useNavigation();
  const { status } = useAuthState();
  const isRestoring = status === 'restoring';
  return (
    <>
      <GlobalSpinner visible={isRestoring || navigation.state === 'loading'} />
      {isRestoring ? null : <Outlet />}
      <SessionTimeoutModal />
    </>
  );
}
