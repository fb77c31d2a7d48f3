import type { ApplicantApplication } from '@under/core/applications/application.schema';
import type { PublicCustomForm } from '@under/core/custom-forms/custom-form.schema';
import { ENGINE_MESSAGES as MESSAGES } from '@under/core/messages-engine';
import { APPLICANT_TEXT as T } from '@under/core/ui-text/applicant';
import { SIGNING_TEXT as S } from '@under/core/ui-text/applicant-signing';
import { type FormEvent, lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { HttpError } from '../../lib/http-error';
import { RendererButton } from '../forms/components/form-renderer';
import classes from './applicant.module.css';
import { ApplicationForm } from './components/application-form';
import { MessageCard, PageFrame, PortalFrame } from './components/page-frame';
import type { ApplicantApi } from './lib/applicant-api';
import { APPLICANT_ERROR_CODES as ERROR_CODES, HONEYPOT_FIELD, SIGN_LINK_KEY } from './lib/applicant-constants';
import type { ApplicantRoute } from './lib/applicant-routes';
import { focusNew } from './lib/focus-new';

type Load<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; error: unknown };

function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): [Load<T>, () => void] {
  const [result, setResult] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on
  useEffect(() => {
    let live = true;
    setResult({ state: 'loading' });
    load().then(
      (value) => live && setResult({ state: 'ready', value }),
      (error: unknown) => live && setResult({ state: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [...deps, attempt]);
  return [result, () => setAttempt((n) => n + 1)];
}

const isStatus = (error: unknown, ...statuses: number[]) =>
  error instanceof HttpError && statuses.includes(error.status);

/** What a failed load of the form or the application tells the applicant. */
function LoadProblem({ error, retry, versioned }: { error: unknown; retry: () => void; versioned?: boolean }) {
  if (error instanceof HttpError && error.code === ERROR_CODES.customFormInactive) {
    return <MessageCard tone="error" text={MESSAGES.inactiveForm} />;
  }
  if (versioned && isStatus(error, 404, 410)) {
    return <MessageCard tone="error" text={MESSAGES.versionFormIncorrect} />;
  }
  if (isStatus(error, 404, 400)) return <MessageCard tone="error" text={T.notFound} />;
  return (
    <MessageCard tone="error" text={T.loadFailed}>
      <RendererButton onClick={retry}>{T.tryAgain}</RendererButton>
    </MessageCard>
  );
}

function Loading() {
  return (
    <p className={classes.status} role="status">
      {T.loading}
    </p>
  );
}

/** The applicant's pages: one route each (applicant-routes.ts). */
export function ApplicantApp({ api, route }: { api: ApplicantApi; route: ApplicantRoute }) {
  switch (route.kind) {
    case 'new':
      return <NewApplication api={api} customFormId={route.customFormId} />;
    case 'open':
      return <OpenApplication api={api} route={route} />;
    case 'success':
      return <SuccessPage api={api} customFormId={route.customFormId} />;
    case 'verify':
      // the portal's page, not an institution's form: the portal's header (issue 21 §2)
      return (
        <PortalFrame>
          <Suspense fallback={<Loading />}>
            <VerifyPage http={api.http} />
          </Suspense>
        </PortalFrame>
      );
    default:
      return (
        <PageFrame>
          <MessageCard tone="error" text={T.notFound} />
        </PageFrame>
      );
  }
}

/** /application-form/{customFormId}: the e-mail first (the resume link goes there), then the wizard. */
function NewApplication({ api, customFormId }: { api: ApplicantApi; customFormId: string }) {
  const [form, retry] = useLoad(() => api.form(customFormId), [customFormId]);
  const [email, setEmail] = useState<string | null>(null);
  const publicForm = form.state === 'ready' ? form.value : null;
  // after Continue the e-mail step is gone: focus moves to the form that replaced it (issue 21 §5)
  const formBox = useRef<HTMLDivElement>(null);
  const formShown = publicForm !== null && email !== null;
  useEffect(() => {
    if (formShown) focusNew(formBox.current);
  }, [formShown]);
  return (
    <PageFrame form={publicForm}>
      {form.state === 'error' ? <LoadProblem error={form.error} retry={retry} /> : null}
      {/* The e-mail step does not wait for the form: it loads meanwhile. */}
      {form.state !== 'error' && email === null ? <EmailStep onDone={setEmail} /> : null}
      {form.state === 'loading' && email !== null ? <Loading /> : null}
      {publicForm && email !== null ? (
        <div ref={formBox} className={classes.contents}>
          <ApplicationForm
            api={api}
            publicForm={publicForm}
            link={null}
            email={email}
            ownerRole="primaryOwnerEndUser"
            ownerSection={1}
            ownerKind="primaryApplicant"
            owners={[]}
            rememberAnswers={false}
            data={{}}
            revision={null}
            acceptance={{ documents: [], termsAcceptedAt: null }}
            readOnly={false}
            unsubmitted
            onExpired={() => window.location.reload()}
          />
        </div>
      ) : null}
    </PageFrame>
  );
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function EmailStep({ onDone }: { onDone: (email: string) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = value.trim().toLowerCase();
    // A bot fills the hidden field: it gets the same page and nothing is stored (the server checks it too).
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    if (!EMAIL_PATTERN.test(email) || email.length > 100) {
      setError(true);
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    if (typeof honeypot === 'string' && honeypot !== '') return;
    onDone(email);
  };
  return (
    <form className={classes.card} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{T.emailTitle}</h2>
      <p>{T.emailLead}</p>
      <div className={classes.field}>
        <label htmlFor={`${id}-email`}>{T.emailLabel}</label>
        <input
          id={`${id}-email`}
          className={classes.input}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(false);
          }}
          aria-invalid={error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <span id={`${id}-error`} className={classes.fieldError}>
            {T.emailInvalid}
          </span>
        ) : null}
      </div>
      <div className={classes.honeypot} aria-hidden="true">
        <label htmlFor={`${id}-hp`}>Website</label>
        <input id={`${id}-hp`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <RendererButton type="submit">{T.emailContinue}</RendererButton>
    </form>
  );
}

type OpenRoute = Extract<ApplicantRoute, { kind: 'open' }>;

/** The signing steps (issue 13): their own chunk, with pdf.js and the signature pad, loaded once submitted. */
const SigningPanel = lazy(() => import('./signing/signing-panel').then((m) => ({ default: m.SigningPanel })));
/** The public verify page, its own chunk. */
const VerifyPage = lazy(() => import('./verify/verify-page').then((m) => ({ default: m.VerifyPage })));

/** A continue link, an owner's own link, or a re-submit on a version: the application, then its form version. */
function OpenApplication({ api, route }: { api: ApplicantApi; route: OpenRoute }) {
  const [expired, setExpired] = useState(false);
  const [loaded, retry] = useLoad(async () => {
    const link = { applicationId: route.applicationId, code: route.code };
    const application = await api.application(link);
    let form: PublicCustomForm;
    try {
      form = await api.form(route.customFormId, route.version ?? application.formVersion);
    } catch (error) {
      throw Object.assign(new Error('form'), { form: error });
    }
    return { application, form };
  }, [route.applicationId, route.code, route.version]);

  const formError = loaded.state === 'error' ? (loaded.error as { form?: unknown }).form : undefined;
  const appError = loaded.state === 'error' && formError === undefined ? loaded.error : undefined;
  const value = loaded.state === 'ready' ? loaded.value : null;
  const isExpired =
    expired ||
    (appError instanceof HttpError &&
      (appError.code === ERROR_CODES.applicationLinkExpired || appError.status === 410));
  return (
    <PageFrame form={value?.form}>
      {loaded.state === 'loading' ? <Loading /> : null}
      {isExpired ? (
        <ExpiredLink api={api} applicationId={route.applicationId} code={route.code} email={route.email} />
      ) : appError !== undefined ? (
        <LoadProblem error={appError} retry={retry} />
      ) : formError !== undefined ? (
        <LoadProblem error={formError} retry={retry} versioned={route.version !== undefined} />
      ) : null}
      {value && !isExpired ? <OpenForm api={api} route={route} {...value} onExpired={() => setExpired(true)} /> : null}
    </PageFrame>
  );
}

function OpenForm({
  api,
  route,
  application,
  form,
  onExpired,
}: {
  api: ApplicantApi;
  route: OpenRoute;
  application: ApplicantApplication;
  form: PublicCustomForm;
  onExpired: () => void;
}) {
  const link = useMemo(
    () => ({ applicationId: route.applicationId, code: route.code }),
    [route.applicationId, route.code],
  );
  if (application.blockedBy) {
    return <MessageCard tone="error" title={T.blockedTitle} text={T.blockedText(application.blockedBy)} />;
  }
  const submitted = application.submittedAt !== null && application.status !== 'draft';
  return (
    <>
      {submitted ? (
        <Suspense fallback={<Loading />}>
          <SigningPanel http={api.http} link={link} isPrimary={application.ownerKind === 'primaryApplicant'} />
        </Suspense>
      ) : null}
      <OpenApplicationForm api={api} route={route} application={application} form={form} onExpired={onExpired} />
    </>
  );
}

function OpenApplicationForm({
  api,
  route,
  application,
  form,
  onExpired,
}: {
  api: ApplicantApi;
  route: OpenRoute;
  application: ApplicantApplication;
  form: PublicCustomForm;
  onExpired: () => void;
}) {
  return (
    <ApplicationForm
      api={api}
      publicForm={form}
      link={{ applicationId: route.applicationId, code: route.code }}
      email={application.email}
      ownerRole={application.role}
      ownerSection={application.ownerSection}
      ownerKind={application.ownerKind}
      ownerId={application.ownerId}
      owners={application.owners}
      rememberAnswers={application.rememberAnswers}
      data={application.data}
      resumePage={application.resumePage}
      revision={application.revision}
      acceptance={application.acceptance}
      readOnly={application.readOnly}
      editing={application.editing}
      unsubmitted={application.submittedAt === null}
      onExpired={onExpired}
    />
  );
}

/** 'The URL is expired', and a fresh link e-mailed to the address on file (a neutral answer either way). */
function ExpiredLink({
  api,
  applicationId,
  code,
  email,
}: {
  api: ApplicantApi;
  applicationId: string;
  /** The expired link's own code: only it (or the primary's) may have this owner's link replaced. */
  code: string;
  email: string;
}) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const send = async () => {
    setState('sending');
    try {
      await api.requestLink({ applicationId, email, code });
    } catch {
      // The answer is the same whether or not the address matched; a failure is not worth a different story.
    }
    setState('sent');
  };
  return (
    <MessageCard tone="error" title={MESSAGES.urlExpired} text={T.expiredText}>
      {state === 'sent' ? (
        <p role="status">{T.freshLinkSent}</p>
      ) : (
        <RendererButton onClick={send} loading={state === 'sending'}>
          {T.sendFreshLink}
        </RendererButton>
      )}
    </MessageCard>
  );
}

function SuccessPage({ api, customFormId }: { api: ApplicantApi; customFormId: string }) {
  const [form] = useLoad(() => api.form(customFormId), [customFormId]);
  // the primary's own link, left by the submit in this tab: signing comes next (issue 13)
  const [signLink] = useState(() => {
    try {
      const value = sessionStorage.getItem(SIGN_LINK_KEY);
      return value?.startsWith('/application-form/') ? value : null;
    } catch {
      return null;
    }
  });
  // a new page after Submit: focus starts on what it says (issue 21 §5)
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => focusNew(card.current), []);
  return (
    <PageFrame form={form.state === 'ready' ? form.value : null}>
      <div ref={card} className={classes.contents}>
        <MessageCard title={T.successTitle} text={T.successText}>
          {signLink ? (
            <>
              <p>{S.signAfterSubmit}</p>
              <a className={classes.primaryLink} href={signLink}>
                {S.signNow}
              </a>
            </>
          ) : null}
        </MessageCard>
      </div>
    </PageFrame>
  );
}
