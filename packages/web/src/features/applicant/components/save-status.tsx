import { APPLICANT_TEXT as T } from '@under/core/ui-text/applicant';
import classes from '../applicant.module.css';
import type { SaveStatus } from '../lib/draft-saver';

const TEXT: Record<Exclude<SaveStatus, 'refused'>, string> = {
  idle: '',
  saving: T.statusSaving,
  saved: T.statusSaved,
  offline: T.statusOffline,
  retrying: T.statusRetrying,
  conflict: '',
  failed: T.statusFailed,
};

/**
 * The autosave's state, read out politely by screen readers as it changes; a refused save says what the server
 * refused (`reason`: its messages, each naming its field).
 */
export function SaveStatusLine({ status, reason }: { status: SaveStatus; reason?: string }) {
  return (
    <div className={classes.status} aria-live="polite" data-testid="save-status" data-status={status}>
      {status === 'refused' ? T.statusRefused(reason || T.statusFailed) : TEXT[status]}
    </div>
  );
}

/** Why the server refused a save, for the status line: its messages by field (at most three), else its message. */
export function refusalReason(error: unknown): string {
  if (!error || typeof error !== 'object') return '';
  const { message, errors } = error as { message?: unknown; errors?: { message?: unknown }[] };
  const byField = Array.isArray(errors)
    ? errors.map((e) => (typeof e?.message === 'string' ? e.message : '')).filter(Boolean)
    : [];
  const list = byField.length > 0 ? byField.slice(0, 3).join('; ') : typeof message === 'string' ? message : '';
  return list.replace(/[.\s]+$/, '');
}
