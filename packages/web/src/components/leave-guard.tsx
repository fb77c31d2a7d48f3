import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Leaving a page with unsaved changes warns (spec 1 §4): moves inside the app are held by the router and asked
 * about in a dialog; reloading or closing the tab gets the browser's own prompt. Render `dialog`; call `release()`
 * right before a navigation that follows a save (the new state has not rendered yet).
 */
export function useLeaveGuard(props: {
  when: boolean;
  title: string;
  message: string;
  leaveLabel: string;
  stayLabel?: string;
}) {
  const { when } = props;
  // read when the router asks, so a save that navigates right away is not held by a stale flag
  const whenRef = useRef(when);
  whenRef.current = when;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => whenRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const dialog = (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={props.title}
      message={props.message}
      confirmLabel={props.leaveLabel}
      cancelLabel={props.stayLabel}
      isDanger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  return {
    dialog,
    release() {
      whenRef.current = false;
    },
  };
}

/** The guard as an element, for pages that never navigate right after saving. */
export function LeaveGuard(props: Parameters<typeof useLeaveGuard>[0]) {
  return useLeaveGuard(props).dialog;
}
