import { MASTER_FORMS_TEXT as T } from '@under/core/ui-text/admin-master-forms';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/**
 * Spec 1 §4: leaving the universal form with unsaved changes warns that they will be lost. In-app navigation is
 * held by the router's blocker and asked about; closing or reloading the tab gets the browser's own prompt.
 */
export function LeaveWarning({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers need returnValue set to show the prompt
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={T.leaveTitle}
      message={T.leaveText}
      confirmLabel={T.leaveConfirm}
      isDanger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
