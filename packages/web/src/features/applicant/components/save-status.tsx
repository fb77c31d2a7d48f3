import { APPLICANT_TEXT as T } from '@under/core/ui-text/applicant';
import classes from '../applicant.module.css';
import type { SaveStatus } from '../lib/draft-saver';

const TEXT: Record<SaveStatus, string> = {
  idle: '',
  saving: T.statusSaving,
  saved: T.statusSaved,
  offline: T.statusOffline,
  retrying: T.statusRetrying,
  conflict: '',
  failed: T.statusFailed,
};

/** The autosave's state, read out politely by screen readers as it changes. */
export function SaveStatusLine({ status }: { status: SaveStatus }) {
  return (
    <div className={classes.status} aria-live="polite" data-testid="save-status" data-status={status}>
      {TEXT[status]}
    </div>
  );
}
