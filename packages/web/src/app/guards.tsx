import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { GlobalSpinner } from '../components/global-spinner';
import { getPendingVerification } from '../lib/pending-verification';
import { loginPathFor, safeRedirect } from '../lib/safe-redirect';
import { useAuthState, useSession } from '../lib/session-context';
import { useMe } from '../lib/use-me';

/**
 * Routing rules of spec 1 §2 for pages that need a signed-in user: visitors go to login (and come back
 * afterwards), users who still have to verify their e-mail go to verify-email, deactivated users to
 * /deactivated-account.
 */
export function RequireAuth() {
  const { status, isDeactivated, isLeaving } = useAuthState();
  const location = useLocation();
  if (status === 'restoring') return null;
  if (status !== 'signed-in') {
    // Log-out and session end navigate to login themselves, with a notice this redirect would lose.
    if (isLeaving) return null;
    if (getPendingVerification()) return <Navigate to="/verify-email" replace />;
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  if (isDeactivated) return <Navigate to="/deactivated-account" replace />;
  return <Outlet />;
}

/**
 * Public pages (login, register, password recovery): a signed-in user goes home, or to the page the login
 * was asked for. Signing in therefore needs no navigation of its own: storing the token re-renders this.
 */
export function PublicOnly() {
  const { status, isLeaving } = useAuthState();
  const { homePath, auth } = useSession();
  const [searchParams] = useSearchParams();
  // Log-out has arrived: from here on the Back button to a protected page gets the usual redirect.
  useEffect(() => {
    if (isLeaving) auth.finishLeaving();
  }, [isLeaving, auth]);
  if (status === 'restoring') return null;
  if (status === 'signed-in') return <Navigate to={safeRedirect(searchParams.get('redirect'), homePath)} replace />;
  return <Outlet />;
}

/**
 * Client pages need a company: a signed-in user without one (just registered, or invited and not yet joined)
 * goes to /register-company first, and comes back to the page afterwards. Waits for GET /api/me.
 */
export function RequireCompany() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <GlobalSpinner />;
  if (me.data && !me.data.company) {
    const back = `${location.pathname}${location.search}`;
    const target = back === '/' ? '/register-company' : `/register-company?redirect=${encodeURIComponent(back)}`;
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}
