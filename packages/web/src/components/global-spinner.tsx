import { LoadingOverlay, VisuallyHidden } from '@mantine/core';
import { UI_TEXT } from '@under/core/ui-text';

/** The one loading overlay of the app: lazy pages, session restore. */
export function GlobalSpinner({ visible = true }: { visible?: boolean }) {
  return (
    <>
      <LoadingOverlay visible={visible} pos="fixed" zIndex={1000} overlayProps={{ blur: 1 }} />
      <div role="status" aria-live="polite">
        {visible ? <VisuallyHidden>{UI_TEXT.loading}</VisuallyHidden> : null}
      </div>
    </>
  );
}
