import type { VaultSource } from '@under/core/applications/vault.schema';
import { VAULT_TEXT as T } from '@under/core/ui-text/applicant-vault';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { codeDigits, isCompleteCode, ONE_TIME_CODE_INPUT } from '../../../lib/one-time-code';
import classes from './vault.module.css';
import { createVaultApi, type VaultCall } from './vault-api';
import { VaultDeleteButton } from './vault-delete-button';
import type { VaultPrefillResult } from './vault-prefill-offer';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

type Step = { kind: 'email' } | { kind: 'code'; email: string } | { kind: 'done'; result: VaultPrefillResult };

/** The lazily loaded part of VaultPrefillOffer: the e-mail and code steps, then what was prefilled. */
export default function VaultPanel(props: {
  call: VaultCall;
  customFormId: string;
  version?: number;
  email?: string;
  onPrefill: (result: VaultPrefillResult) => void;
  labelOf?: (path: string) => string | undefined;
  onDeleted?: () => void;
  onClose: () => void;
}) {
  const api = createVaultApi(props.call);
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const [value, setValue] = useState(props.email ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // the field of each step gets the focus, so a keyboard user goes on typing
  useEffect(() => {
    if (step.kind !== 'done') input.current?.focus();
  }, [step.kind]);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = value.trim();
    if (step.kind === 'email') {
      if (!EMAIL.test(text)) return setError(T.emailInvalid);
      return run(async () => {
        await api.requestCode(text);
        setStep({ kind: 'code', email: text });
        setValue('');
      });
    }
    if (step.kind === 'code') {
      if (!isCompleteCode(text)) return setError(T.codeInvalid);
      const email = step.email;
      return run(async () => {
        const { vaultToken, expiresAt } = await api.unlock(email, text);
        const prefill = await api.prefill(vaultToken, props.customFormId, props.version);
        const result = { ...prefill, email, vaultToken, expiresAt };
        setStep({ kind: 'done', result });
        props.onPrefill(result);
      });
    }
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && step.kind !== 'done') props.onClose();
  };

  if (step.kind === 'done') {
    const { sources } = step.result;
    return (
      <section className={classes.box} aria-labelledby={titleId}>
        <h2 id={titleId}>{T.dialogTitle}</h2>
        {deleted ? null : sources.length === 0 ? (
          <p role="status">{T.nothingFound}</p>
        ) : (
          <>
            <p role="status">{T.prefilled(sources.length)}</p>
            <ul className={classes.list}>
              {sources.map((s) => (
                <li key={s.path}>
                  {label(s, props.labelOf)} <span className={classes.muted}>({sourceNote(s)})</span>
                </li>
              ))}
            </ul>
          </>
        )}
        <div className={classes.row}>
          <VaultDeleteButton
            call={props.call}
            vaultToken={step.result.vaultToken}
            onDeleted={() => {
              setDeleted(true);
              props.onDeleted?.();
            }}
          />
        </div>
      </section>
    );
  }

  const isEmail = step.kind === 'email';
  return (
    <section className={classes.box} role="dialog" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <h2 id={titleId}>{T.dialogTitle}</h2>
      <form onSubmit={submit} noValidate>
        <p>{isEmail ? T.emailLead : T.codeLead(step.email)}</p>
        <label htmlFor={inputId}>{isEmail ? T.emailLabel : T.codeLabel}</label>
        <div className={classes.row}>
          <input
            ref={input}
            id={inputId}
            className={classes.input}
            {...(isEmail
              ? ({ type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 100 } as const)
              : ONE_TIME_CODE_INPUT)}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setValue(isEmail ? e.currentTarget.value : codeDigits(e.currentTarget.value))}
          />
          <button type="submit" className={classes.button} disabled={busy}>
            {busy ? T.working : isEmail ? T.sendCode : T.unlock}
          </button>
          {!isEmail && (
            <button
              type="button"
              className={classes.secondary}
              disabled={busy}
              onClick={() => {
                setStep({ kind: 'email' });
                setValue(step.email);
                setError(undefined);
              }}
            >
              {T.otherEmail}
            </button>
          )}
          <button type="button" className={classes.secondary} disabled={busy} onClick={props.onClose}>
            {T.cancel}
          </button>
        </div>
        {error && (
          <p id={errorId} role="alert" className={classes.error}>
            {error}
          </p>
        )}
      </form>
    </section>
  );
}

function label(source: VaultSource, labelOf?: (path: string) => string | undefined): string {
  return labelOf?.(source.path) ?? source.dictionaryKey;
}

function sourceNote(source: VaultSource): string {
  const saved = T.savedOn(DATE.format(new Date(source.savedAt)));
  return source.encrypted ? `${saved}; ${T.encryptedNote}` : saved;
}
