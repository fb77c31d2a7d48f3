import { VAULT_TEXT as T } from '@under/core/ui-text/applicant-vault';
import { useId, useState } from 'react';
import classes from './vault.module.css';
import { createVaultApi, type VaultCall } from './vault-api';

/**
 * Deletes every saved answer of the unlocked vault, after a confirmation (issue 12; decision 039).
 *
 * Props:
 * - `call: VaultCall` — the applicant pages' API client call (x-api-key on every call, per-call `headers`).
 * - `vaultToken: string` — from the unlock (VaultPrefillOffer gives it in `onPrefill`).
 * - `onDeleted?(): void` — the vault is gone (its token no longer works).
 */
export function VaultDeleteButton(props: { call: VaultCall; vaultToken: string; onDeleted?: () => void }) {
  const [step, setStep] = useState<'idle' | 'confirm' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string>();
  const confirmId = useId();

  async function remove() {
    setStep('busy');
    setError(undefined);
    try {
      await createVaultApi(props.call).remove(props.vaultToken);
      setStep('done');
      props.onDeleted?.();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setStep('confirm');
    }
  }

  if (step === 'done') {
    return (
      <p role="status" className={classes.muted}>
        {T.deleted}
      </p>
    );
  }
  if (step === 'idle') {
    return (
      <button type="button" className={classes.secondary} onClick={() => setStep('confirm')}>
        {T.deleteButton}
      </button>
    );
  }
  return (
    <div role="alertdialog" aria-label={T.deleteButton} aria-describedby={confirmId}>
      <p id={confirmId}>{T.deleteConfirm}</p>
      <div className={classes.row}>
        <button type="button" className={classes.danger} disabled={step === 'busy'} onClick={remove}>
          {step === 'busy' ? T.working : T.deleteYes}
        </button>
        <button type="button" className={classes.secondary} disabled={step === 'busy'} onClick={() => setStep('idle')}>
          {T.cancel}
        </button>
      </div>
      {error && (
        <p role="alert" className={classes.error}>
          {error}
        </p>
      )}
    </div>
  );
}
