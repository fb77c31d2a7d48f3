import { SIGNING_TEXT as T } from '@under/core/ui-text/applicant-signing';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { PdfPages } from '../../../components/pdf-pages';
import { HttpError } from '../../../lib/http-error';
import { codeDigits, isCompleteCode, ONE_TIME_CODE_INPUT } from '../../../lib/one-time-code';
import { RendererButton } from '../../forms/components/form-renderer';
import classes from '../applicant.module.css';
import type { ApplicationLink } from '../lib/applicant-api';
import type { ApplicantHttp } from '../lib/applicant-http';
import { SignatureField, type SignatureFieldHandle, typedSignature } from './signature-field';
import own from './signing.module.css';
import { createSigningApi, type SignStatusView } from './signing-api';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * An owner's signing (issue 13; decision 048): who has signed, the filled document to read, the e-mailed code, the
 * items the master form asks of this owner, the confirmation, then the signed documents once everyone signed.
 */
export function SigningPanel({
  http,
  link,
  isPrimary,
}: {
  http: ApplicantHttp;
  link: ApplicationLink;
  isPrimary: boolean;
}) {
  const api = useMemo(() => createSigningApi(http, link), [http, link]);
  const [status, setStatus] = useState<SignStatusView | null>(null);
  const [failed, setFailed] = useState(false);
  const refresh = useCallback(async () => {
    try {
      setStatus(await api.status());
    } catch {
      setFailed(true);
    }
  }, [api]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  // after Sign, the form is gone: focus moves to what replaced it (issue 21 §5), not left on a vanished button
  const signedNow = useRef(false);
  const onSigned = useCallback(async () => {
    signedNow.current = true;
    await refresh();
  }, [refresh]);
  const focusDone = useCallback((heading: HTMLHeadingElement | null) => {
    if (!heading || !signedNow.current) return;
    signedNow.current = false;
    heading.focus();
  }, []);
  // while the documents are prepared, look again every few seconds
  const waitingForDocuments = status?.signStatus === 'COMPLETED' && !status.documentsReady;
  useEffect(() => {
    if (!waitingForDocuments) return;
    const timer = setInterval(() => void refresh(), 3000);
    return () => clearInterval(timer);
  }, [waitingForDocuments, refresh]);

  if (failed) return <p role="alert">{T.notOpen}</p>;
  if (!status) return <p role="status">{T.previewLoading}</p>;
  if (status.signStatus === null) return null;
  return (
    <section className={classes.card} aria-labelledby="signing-title">
      <h2 id="signing-title">{T.title}</h2>
      <p>{T.lead}</p>
      <Owners status={status} isPrimary={isPrimary} remind={api.remind} />
      {status.signedAt ? (
        <div className={own.section} role="status">
          <h3 ref={focusDone} tabIndex={-1}>
            {T.doneTitle}
          </h3>
          <p>{T.signed(when(status.signedAt))}</p>
          {status.signStatus === 'COMPLETED' ? (
            <Documents api={api} ready={status.documentsReady} />
          ) : (
            <p>{T.doneWaiting}</p>
          )}
        </div>
      ) : status.signStatus === 'PROGRESSING' ? (
        <SignSteps api={api} status={status} onSigned={onSigned} />
      ) : null}
    </section>
  );
}

function Owners({
  status,
  isPrimary,
  remind,
}: {
  status: SignStatusView;
  isPrimary: boolean;
  remind: (ownerId?: string) => Promise<{ sent: number }>;
}) {
  const [note, setNote] = useState<string | null>(null);
  const send = async (ownerId: string) => {
    try {
      const { sent } = await remind(ownerId);
      setNote(sent > 0 ? T.reminded(sent) : T.remindNone);
    } catch (error) {
      setNote(error instanceof HttpError ? error.message : T.remindNone);
    }
  };
  return (
    <div className={own.section}>
      <h3>
        {T.ownersTitle}: {T.statusLabels[status.signStatus ?? ''] ?? ''}
      </h3>
      <ul className={own.owners}>
        {status.owners.map((o) => (
          <li key={o.ownerId}>
            <span>{o.name ? `${o.name} (${o.email})` : o.email}</span>
            {o.signedAt ? (
              <span className={own.signedMark}>{T.signed(when(o.signedAt))}</span>
            ) : (
              <span className={own.awaitedMark}>
                {o.invalidatedAt ? T.invalidated : T.awaited}
                {isPrimary && o.kind === 'additionalOwner' ? (
                  <>
                    {' '}
                    <RendererButton variant="subtle" onClick={() => void send(o.ownerId)}>
                      {T.remind}
                    </RendererButton>
                  </>
                ) : null}
              </span>
            )}
          </li>
        ))}
      </ul>
      {note ? <p role="status">{note}</p> : null}
    </div>
  );
}

function SignSteps({
  api,
  status,
  onSigned,
}: {
  api: ReturnType<typeof createSigningApi>;
  status: SignStatusView;
  onSigned: () => Promise<void>;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [code, setCode] = useState('');
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const [typed, setTyped] = useState('');
  const [principal, setPrincipal] = useState('');
  const [email, setEmail] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signature = useRef<SignatureFieldHandle>(null);
  const initials = useRef<SignatureFieldHandle>(null);
  const wants = (item: string) => status.items.includes(item as never);
  const load = useCallback(() => api.preview(), [api]);
  const onShown = useCallback(() => setShown(true), []);

  const sendCode = async () => {
    setSending(true);
    setProblem(null);
    try {
      setSentTo((await api.signCode()).sentTo);
    } catch (error) {
      setProblem(error instanceof HttpError ? error.message : T.previewFailed);
    } finally {
      setSending(false);
    }
  };
  const sign = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const image = mode === 'type' ? (typed.trim() ? typedSignature(typed.trim()) : null) : signature.current?.image();
    if (!isCompleteCode(code)) return setProblem(T.codeMissing);
    if (!image) return setProblem(T.signatureMissing);
    const initialsImage = wants('initials') ? initials.current?.image() : undefined;
    if (wants('initials') && !initialsImage) return setProblem(T.initialsMissing);
    if (!agreed) return setProblem(T.confirmMissing);
    setBusy(true);
    try {
      await api.sign({
        emailCode: code,
        signature: mode === 'type' ? { kind: 'typed', text: typed.trim(), image } : { kind: 'drawn', image },
        ...(initialsImage ? { initials: { kind: 'drawn', image: initialsImage } } : {}),
        ...(wants('principalName') ? { principalName: principal.trim() } : {}),
        ...(wants('email') ? { email: email.trim() } : {}),
        confirmed: true,
      });
      await onSigned();
    } catch (error) {
      setProblem(error instanceof HttpError ? error.message : T.previewFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={own.section} onSubmit={sign} noValidate>
      <h3>{T.previewTitle}</h3>
      <PdfPages
        load={load}
        onShown={onShown}
        fileName="application.pdf"
        text={{
          loading: T.previewLoading,
          failed: T.previewFailed,
          region: T.previewRegion,
          page: T.previewPage,
          download: T.previewDownload,
          zoom: { zoomIn: T.zoomIn, zoomOut: T.zoomOut, level: T.zoomLevel },
        }}
      />
      <h3>{T.codeTitle}</h3>
      <p>{T.codeLead}</p>
      <div className={own.row}>
        <RendererButton type="button" variant="default" onClick={() => void sendCode()} loading={sending}>
          {sentTo ? T.sendAgain : T.sendCode}
        </RendererButton>
        {sentTo ? <span role="status">{T.codeSent(sentTo)}</span> : null}
      </div>
      <div className={classes.field}>
        <label htmlFor={`${id}-code`}>{T.codeLabel}</label>
        <input
          id={`${id}-code`}
          className={`${classes.input} ${own.code}`}
          {...ONE_TIME_CODE_INPUT}
          value={code}
          onChange={(e) => setCode(codeDigits(e.currentTarget.value))}
        />
      </div>
      <h3>{T.signTitle}</h3>
      <fieldset className={own.tabs} aria-label={T.signatureLabel}>
        <RendererButton
          type="button"
          variant={mode === 'draw' ? 'filled' : 'default'}
          aria-pressed={mode === 'draw'}
          onClick={() => setMode('draw')}
        >
          {T.drawTab}
        </RendererButton>
        <RendererButton
          type="button"
          variant={mode === 'type' ? 'filled' : 'default'}
          aria-pressed={mode === 'type'}
          onClick={() => setMode('type')}
        >
          {T.typeTab}
        </RendererButton>
      </fieldset>
      {mode === 'draw' ? (
        <div className={classes.field}>
          <span>{T.signatureHelp}</span>
          <SignatureField label={T.signatureLabel} handle={signature} />
          <RendererButton type="button" variant="subtle" onClick={() => signature.current?.clear()}>
            {T.clear}
          </RendererButton>
        </div>
      ) : (
        <div className={classes.field}>
          <label htmlFor={`${id}-typed`}>{T.typedLabel}</label>
          <input
            id={`${id}-typed`}
            className={classes.input}
            value={typed}
            maxLength={100}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
        </div>
      )}
      {wants('initials') ? (
        <div className={classes.field}>
          <span>{T.initialsLabel}</span>
          <SignatureField label={T.initialsLabel} small handle={initials} />
        </div>
      ) : null}
      {wants('principalName') ? (
        <div className={classes.field}>
          <label htmlFor={`${id}-principal`}>{T.principalLabel}</label>
          <input
            id={`${id}-principal`}
            className={classes.input}
            value={principal}
            maxLength={100}
            onChange={(e) => setPrincipal(e.currentTarget.value)}
          />
        </div>
      ) : null}
      {wants('email') ? (
        <div className={classes.field}>
          <label htmlFor={`${id}-email`}>{T.emailItemLabel}</label>
          <input
            id={`${id}-email`}
            className={classes.input}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        </div>
      ) : null}
      <label className={classes.check}>
        <input
          type="checkbox"
          checked={agreed}
          disabled={!shown}
          onChange={(e) => setAgreed(e.currentTarget.checked)}
        />
        <span>{T.confirm}</span>
      </label>
      {problem ? (
        <p role="alert" className={classes.fieldError}>
          {problem}
        </p>
      ) : null}
      <div>
        <RendererButton type="submit" loading={busy}>
          {T.signButton}
        </RendererButton>
      </div>
    </form>
  );
}

function Documents({ api, ready }: { api: ReturnType<typeof createSigningApi>; ready: boolean }) {
  const [items, setItems] = useState<{ documentId: string; name: string; url: string }[] | null>(null);
  useEffect(() => {
    if (!ready) return;
    void api.documents().then((r) => setItems(r.items));
  }, [api, ready]);
  if (!ready || !items) return <p role="status">{T.documentsPreparing}</p>;
  return (
    <div className={own.section}>
      <h3>{T.documentsTitle}</h3>
      <ul>
        {items.map((d) => (
          <li key={d.documentId}>
            {/* short-lived URLs: the list is fetched when it is shown */}
            <a href={d.url}>{T.download(d.name)}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
