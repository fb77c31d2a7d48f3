import { SIGNING_TEXT as T } from '@under/core/ui-text/applicant-signing';
import { type FormEvent, useId, useState } from 'react';
import { HttpError } from '../../../lib/http-error';
import { RendererButton } from '../../forms/components/form-renderer';
import classes from '../applicant.module.css';
import type { ApplicantHttp } from '../lib/applicant-http';
import { SIGNING_ROUTES } from '../signing/signing-api';

interface Answer {
  issued: boolean;
  intact: boolean;
  applicationNumber: number | null;
  sealedAt: string | null;
  reason: string | null;
}

/** /verify (issue 13; decision 048): anyone checks whether a PDF is ours and unchanged. */
export function VerifyPage({ http }: { http: ApplicantHttp }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setAnswer(null);
    setProblem(null);
    try {
      const res = await http.raw(SIGNING_ROUTES.verify, { bytes: file, contentType: 'application/pdf' });
      setAnswer((await res.json()) as Answer);
    } catch (error) {
      setProblem(error instanceof HttpError ? error.message : T.previewFailed);
    } finally {
      setBusy(false);
    }
  };
  const sealed = answer?.sealedAt
    ? new Date(answer.sealedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : null;
  return (
    <form className={classes.card} onSubmit={check} aria-labelledby={`${id}-title`}>
      {/* the page's one heading: the portal's header above is a wordmark, not a title */}
      <h1 id={`${id}-title`}>{T.verifyTitle}</h1>
      <p>{T.verifyLead}</p>
      <div className={classes.field}>
        <label htmlFor={`${id}-file`}>{T.verifyFile}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept="application/pdf,.pdf"
          onChange={(e) => {
            setFile(e.currentTarget.files?.[0] ?? null);
            setAnswer(null);
          }}
        />
      </div>
      <div>
        <RendererButton type="submit" loading={busy} disabled={!file}>
          {busy ? T.verifyChecking : T.verifyButton}
        </RendererButton>
      </div>
      {problem ? (
        <p role="alert" className={classes.fieldError}>
          {problem}
        </p>
      ) : null}
      {answer ? (
        <div role="status" className={answer.issued && answer.intact ? classes.notice : classes.error}>
          <p>
            {answer.issued && answer.intact
              ? T.verifyIssued(answer.applicationNumber, sealed)
              : answer.issued || (answer.reason && !answer.intact && answer.sealedAt)
                ? T.verifyChanged
                : T.verifyNotOurs}
          </p>
          {answer.reason ? <p>{answer.reason}</p> : null}
        </div>
      ) : null}
    </form>
  );
}
