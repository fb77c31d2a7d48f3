import { MAPPER_TEXT } from '@under/core/ui-text/admin-mapper';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/**
 * Leaving with unsaved changes warns (spec 1 §4): a dialog for moves inside the app, the browser's own prompt
 * for reloads and closing the tab.
 */
export function useUnsavedWarning(isDirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={MAPPER_TEXT.leaveTitle}
      message={MAPPER_TEXT.leaveMessage}
      confirmLabel={MAPPER_TEXT.leaveConfirm}
      isDanger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
