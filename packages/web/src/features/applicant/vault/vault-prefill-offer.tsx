import type { VaultSource } from '@under/core/applications/vault.schema';
import { VAULT_TEXT as T } from '@under/core/ui-text/applicant-vault';
import { lazy, Suspense, useState } from 'react';
import classes from './vault.module.css';
import type { VaultCall } from './vault-api';

/** What an unlocked vault gave the page. */
export interface VaultPrefillResult {
  /** Data paths (dotted, containers included) to values; encrypted answers are masked. */
  values: Record<string, unknown>;
  sources: VaultSource[];
  /** The address that unlocked the vault: the page fills the form's Email field with it (the vault does not keep it). */
  email: string;
  /**
   * Send it as the `x-vault-token` header with the application's save and submit while it lasts: the server then
   * puts the real value of each masked encrypted answer in (decision 039).
   */
  vaultToken: string;
  expiresAt: string;
}

// the e-mail/code dialog is loaded only when asked for: the applicant bundle is size-budgeted
const VaultPanel = lazy(() => import('./vault-panel'));

/**
 * "Filled in an application with us before? Get your saved answers" (issue 12 "Fill it in once"; decision 039):
 * e-mail -> code -> prefill, then what was prefilled and from when, with the delete button.
 *
 * Props:
 * - `call: VaultCall` — the applicant pages' API client call (x-api-key on every call, per-call `headers`).
 * - `customFormId: string`, `version?: number` — the public form being filled in.
 * - `email?: string` — the address the applicant already gave, to start the dialog with.
 * - `onPrefill(result: VaultPrefillResult): void` — merge `result.values` into the form's data (only where the
 *   applicant has not typed), fill Email from `result.email`, keep `result.vaultToken` for the saves.
 * - `labelOf?(path: string): string | undefined` — the field's label for the summary (default: the dictionary key).
 * - `onDeleted?(): void` — the applicant deleted their saved answers (forget the token).
 */
export function VaultPrefillOffer(props: {
  call: VaultCall;
  customFormId: string;
  version?: number;
  email?: string;
  onPrefill: (result: VaultPrefillResult) => void;
  labelOf?: (path: string) => string | undefined;
  onDeleted?: () => void;
}) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <section className={classes.box} aria-label={T.offerTitle}>
        <span>{T.offerTitle} </span>
        <button type="button" className={classes.secondary} onClick={() => setOpen(true)}>
          {T.offerButton}
        </button>
      </section>
    );
  }
  return (
    <Suspense fallback={<p className={classes.muted}>{T.working}</p>}>
      <VaultPanel {...props} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
