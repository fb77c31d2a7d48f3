import { Anchor, Button, Text } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { CenteredCard } from '../../../components/centered-card';
import { useAuthState, useSession } from '../../../lib/session-context';

/** Reached from a deactivated sign-in (signed out) or from /api/me or a 403 (still signed in). */
export function DeactivatedAccountPage() {
  const session = useSession();
  const { status, isDeactivated, isLeaving } = useAuthState();
  // The sign-out of a deactivated member ends here: from now on the guards may redirect again.
  useEffect(() => {
    if (isLeaving) session.auth.finishLeaving();
  }, [isLeaving, session.auth]);
  if (status === 'signed-in' && !isDeactivated) return <Navigate to={session.homePath} replace />;
  return (
    <CenteredCard title={UI_TEXT.deactivatedTitle}>
      <Text>{MESSAGES.userDeactivated}</Text>
      {status === 'signed-in' ? (
        <Button variant="default" onClick={() => void session.signOut()}>
          {UI_TEXT.logOut}
        </Button>
      ) : (
        <Anchor component={Link} to="/login">
          {UI_TEXT.backToSignIn}
        </Anchor>
      )}
    </CenteredCard>
  );
}
