import type { Acceptance, OwnerKind, OwnerView } from '@under/core/applications/application.schema';
import type { PublicCustomForm } from '@under/core/custom-forms/custom-form.schema';
import type { EndUserRole } from '@under/core/forms/field-types';
import { APPLICANT_TEXT as T } from '@under/core/ui-text/applicant';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { HttpError } from '../../../lib/http-error';
import { putFile } from '../../../lib/put-file';
import { FormRenderer, RendererButton } from '../../forms/components/form-renderer';
import classes from '../applicant.module.css';
import type { ApplicantApi, ApplicationLink } from '../lib/applicant-api';
import { AUTOSAVE_DELAY_MS, SIGN_LINK_KEY } from '../lib/applicant-constants';
import { continuePath, successPath } from '../lib/applicant-routes';
import type { DraftState } from '../lib/draft-saver';
import { pickLocalCopy } from '../lib/draft-saver';
import { classifySaveError, type DraftStorage, draftStorage } from '../lib/draft-storage';
import { ownerSectionPage } from '../lib/owner-page';
import { fillEmpty, labelsByKey, maskedOnly } from '../lib/prefill';
import { useDraftSaver } from '../lib/use-draft-saver';
import type { VaultPrefillResult } from '../vault/vault-prefill-offer';
import { MessageCard } from './page-frame';
import { refusalReason, SaveStatusLine } from './save-status';
import { TERMS_CHECKBOX_ID, termsSatisfied } from './terms-rules';

interface ApplicationFormProps {
  api: ApplicantApi;
  publicForm: PublicCustomForm;
  /** The application's link; null for a new application until its first autosave creates the draft. */
  link: ApplicationLink | null;
  email: string;
  /** The caller's end-user role: what each field lets them change (isFieldEditable). */
  ownerRole: EndUserRole;
  /**
   * The caller's owner section (decision 059): 1 for the primary; an additional owner edits only their own section's
   * owner fields, and their page opens on it. Null: no section.
   */
  ownerSection: number | null;
  /** The data as the server holds it (encrypted values masked); empty for a new application. */
  data: Record<string, unknown>;
  revision: number | null;
  acceptance: Acceptance;
  readOnly: boolean;
  /** A submitted application this owner corrects through an edit link (decision 052): saved and submitted again. */
  editing?: boolean;
  /** Not submitted yet: encrypted fields (SSN, EIN) are the applicant's to fill in (spec 1 §6). */
  unsubmitted: boolean;
  /** The link stopped working while the page was open (410). */
  onExpired: () => void;
  /** The caller's kind: the primary applicant names the additional owners; an additional owner completes their part. */
  ownerKind: OwnerKind;
  /** The caller's owner id (their own row in `owners`). */
  ownerId?: string;
  owners: OwnerView[];
  /** The "Remember my answers for other applications" opt-in (the primary applicant's; sent with every save). */
  rememberAnswers: boolean;
  /** Shown above the wizard. */
  aside?: ReactNode;
  /** Storage for the local copy (tests pass their own). */
  storage?: Storage;
  /** The wizard page (its key) this owner last saved on: the page opens there (issue 21). */
  resumePage?: string | null;
}

// The owners' panels are not on the first page's budget (decision 040): loaded when shown.
const OwnersSection = lazy(() => import('../owners/owners-section').then((m) => ({ default: m.OwnersSection })));
const RememberAnswersToggle = lazy(() =>
  import('../vault/remember-answers-toggle').then((m) => ({ default: m.RememberAnswersToggle })),
);
// Shown on the last page only.
const DocumentsAndTerms = lazy(() => import('./documents-and-terms').then((m) => ({ default: m.DocumentsAndTerms })));
const OwnerBanner = lazy(() => import('../owners/owner-banner').then((m) => ({ default: m.OwnerBanner })));
const VaultPrefillOffer = lazy(() =>
  import('../vault/vault-prefill-offer').then((m) => ({ default: m.VaultPrefillOffer })),
);

const EMPTY_ACCEPTANCE: Acceptance = { documents: [], termsAcceptedAt: null };

interface SubmitProblem {
  title: string;
  errors: { path: string; message: string }[];
}

/**
 * The wizard of one application with its autosave: every change is kept locally at once and sent 1.5 s after the
 * last one; the documents to read and the terms to accept come before the submit.
 */
export function ApplicationForm(props: ApplicationFormProps) {
  const { api, publicForm, email, ownerRole, readOnly, onExpired } = props;
  const linkRef = useRef(props.link);
  const [link, setLink] = useState(props.link);
  const [remember, setRemember] = useState(props.rememberAnswers);
  const rememberRef = useRef(remember);
  const [local] = useState<DraftStorage>(() =>
    draftStorage(publicForm.form, { customFormId: publicForm.customFormId, email, link: props.link }, props.storage),
  );
  // A local copy the server never got (a crash, a lost connection) on the revision the server still holds wins.
  const [restored] = useState(() => (readOnly ? null : pickLocalCopy(local.read(), props.revision)));
  const [initial] = useState(() => ({
    data: { ...props.data, ...restored?.data },
    acceptance: (restored?.extra?.acceptance as Acceptance | undefined) ?? props.acceptance ?? EMPTY_ACCEPTANCE,
  }));
  const dataRef = useRef<Record<string, unknown>>(initial.data);
  // what the renderer starts from; a vault prefill starts it again (new key) with the answers filled in
  const [shown, setShown] = useState({ key: 0, data: initial.data, previous: props.data });
  const [acceptance, setAcceptance] = useState<Acceptance>(initial.acceptance);
  const acceptanceRef = useRef(acceptance);
  /** The wizard page the applicant is on: saved, so their link opens there next time. */
  const pageRef = useRef<string | undefined>(props.resumePage ?? undefined);
  /** What goes with the data on every save: the acceptance, the opt-in and the page. */
  const extra = useCallback(
    (current: Acceptance) => ({ acceptance: current, rememberAnswers: rememberRef.current, page: pageRef.current }),
    [],
  );
  /** Why the server refused the last save (the status line says it). */
  const [refusal, setRefusal] = useState('');
  const [termsError, setTermsError] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  const [conflict, setConflict] = useState(false);
  const [ownersOpen, setOwnersOpen] = useState(false);
  // a refused Submit: focus moves to the reason at the top (issue 21 §5), off-screen on a phone otherwise
  const problemRef = useRef<HTMLHeadingElement>(null);

  const save = useCallback(
    async (state: DraftState, revision: number | null, { keepalive }: { keepalive: boolean }) => {
      const stateAcceptance = state.extra?.acceptance as Acceptance | undefined;
      const rememberAnswers = state.extra?.rememberAnswers as boolean | undefined;
      const page = state.extra?.page as string | undefined;
      const current = linkRef.current;
      if (!current) {
        const created = await api.createDraft(
          {
            customFormId: publicForm.customFormId,
            email,
            version: publicForm.version,
            data: state.data,
            acceptance: stateAcceptance,
            rememberAnswers,
          },
          keepalive,
        );
        const next = { applicationId: created.applicationId, code: created.code };
        linkRef.current = next;
        setLink(next);
        local.moveTo(next);
        // A reload (or the back button) now continues this application instead of starting another.
        window.history.replaceState(
          null,
          '',
          continuePath(publicForm.customFormId, next.applicationId, next.code, email),
        );
        return { revision: created.revision };
      }
      return api.saveDraft(
        current,
        { data: state.data, revision: revision ?? 0, acceptance: stateAcceptance, rememberAnswers, page },
        keepalive,
      );
    },
    [api, publicForm, email, local],
  );

  const { saver, status } = useDraftSaver({
    save,
    classify: classifySaveError,
    local,
    revision: props.revision,
    delayMs: AUTOSAVE_DELAY_MS,
    onRefused: (error) => setRefusal(refusalReason(error)),
    onFatal: (error) => {
      if (error instanceof HttpError && error.status === 410) onExpired();
      else setProblem({ title: error instanceof Error ? error.message : T.statusFailed, errors: [] });
    },
  });

  // The restored copy goes to the server as soon as the page is up.
  const [sentRestored] = useState(() => {
    if (restored) saver.change({ data: initial.data, extra: extra(initial.acceptance) });
    return restored !== null;
  });
  // "restored and being saved" goes once the restored copy is saved (issue 21 §5): it no longer applies
  const [restoredSaved, setRestoredSaved] = useState(false);
  if (sentRestored && !restoredSaved && status === 'saved') setRestoredSaved(true);

  const onChange = useCallback(
    (values: Record<string, unknown>) => {
      dataRef.current = values;
      saver.change({ data: values, extra: extra(acceptanceRef.current) });
    },
    [saver, extra],
  );

  // Next, Previous or a step: the page is saved (a reload or the e-mailed link opens there), and what waits goes
  const changePage = useCallback(
    (key: string) => {
      pageRef.current = key;
      if (linkRef.current) saver.change({ data: dataRef.current, extra: extra(acceptanceRef.current) });
    },
    [saver, extra],
  );

  // a submit's problem may be above the fold (a phone): it is brought into view and read out
  useEffect(() => {
    if (!problem) return;
    problemRef.current?.scrollIntoView?.({ block: 'start' });
    problemRef.current?.focus();
  }, [problem]);

  const changeAcceptance = (next: Acceptance) => {
    acceptanceRef.current = next;
    setAcceptance(next);
    saver.change({ data: dataRef.current, extra: extra(next) });
  };

  const changeRemember = (next: boolean) => {
    rememberRef.current = next;
    setRemember(next);
    saver.change({ data: dataRef.current, extra: extra(acceptanceRef.current) });
  };

  const [labelOf] = useState(() => labelsByKey(publicForm.form));
  // an additional owner's link opens on their own section's page (decision 059)
  const [startPage] = useState(() =>
    props.ownerKind === 'additionalOwner' ? ownerSectionPage(publicForm.form, props.ownerSection) : undefined,
  );
  const prefill = (result: VaultPrefillResult) => {
    api.setVaultToken(result.vaultToken);
    // the vault keeps no e-mail (it is keyed by it): the address that unlocked it fills the Email system field
    const data = fillEmpty(dataRef.current, { ...result.values, Email: result.email });
    dataRef.current = data;
    // masked encrypted answers stand for stored values in the browser's checks; the server takes them from the vault
    setShown((s) => ({ key: s.key + 1, data, previous: fillEmpty(s.previous, maskedOnly(result.values)) }));
    saver.change({ data, extra: extra(acceptanceRef.current) });
  };

  const upload = useCallback(
    async (file: File) => {
      if (!linkRef.current) await saver.flush();
      const link = linkRef.current;
      if (!link) throw new Error(T.statusFailed);
      const signed = await api.presign({
        ...link,
        fileName: file.name,
        contentType: file.type as 'image/png' | 'image/jpeg' | 'application/pdf',
        size: file.size,
      });
      await putFile(signed.uploadUrl, file, () => {});
      return { url: signed.fileKey, name: file.name, size: file.size, type: file.type };
    },
    [api, saver],
  );

  const submit = async (data: Record<string, unknown>) => {
    setProblem(null);
    if (!termsSatisfied(publicForm.termsAndConditions, acceptanceRef.current)) {
      setTermsError(true);
      document.getElementById(TERMS_CHECKBOX_ID)?.focus();
      return;
    }
    // What waits goes first (it creates the draft of a new application); a conflict stops the submit too.
    if (!linkRef.current) saver.change({ data, extra: extra(acceptanceRef.current) });
    await saver.flush();
    if (saver.status() === 'conflict') {
      setConflict(true);
      return;
    }
    const link = linkRef.current;
    if (!link) {
      setProblem({ title: T.submitFailed, errors: [] });
      return;
    }
    try {
      await api.submit(link, { data, revision: saver.revision() ?? undefined, acceptance: acceptanceRef.current });
      saver.dispose();
      local.clear();
      // the primary signs next, from their own link: the success page offers it (this tab only)
      if (props.ownerKind === 'primaryApplicant') {
        try {
          sessionStorage.setItem(
            SIGN_LINK_KEY,
            continuePath(publicForm.customFormId, link.applicationId, link.code, email),
          );
        } catch {}
      }
      window.location.assign(successPath(publicForm.customFormId));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.status === 409) setConflict(true);
      else if (error.status === 410) onExpired();
      else {
        setProblem({ title: error.message || T.submitFailed, errors: error.errors });
      }
    }
  };

  const header = publicForm.layout.progressLayout;
  const showConflict = conflict || status === 'conflict';
  return (
    <>
      {readOnly ? <MessageCard text={T.readOnlyNotice} /> : <SaveStatusLine status={status} reason={refusal} />}
      {props.editing && !readOnly ? <MessageCard text={T.editingNotice} /> : null}
      {sentRestored && !restoredSaved && !showConflict ? <MessageCard text={T.localRestored} /> : null}
      {showConflict ? (
        <MessageCard tone="error" title={T.conflictTitle} text={T.conflictText}>
          <RendererButton onClick={() => window.location.reload()}>{T.reload}</RendererButton>
        </MessageCard>
      ) : null}
      {problem ? (
        <div className={classes.error} role="alert">
          <h2 ref={problemRef} tabIndex={-1}>
            {problem.title}
          </h2>
          {problem.errors.length > 0 ? (
            <ul>
              {problem.errors.map((e) => (
                <li key={`${e.path}:${e.message}`}>{e.message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {props.aside}
      {!readOnly && !props.editing && props.ownerKind === 'primaryApplicant' ? (
        <Suspense fallback={null}>
          <VaultPrefillOffer
            call={api.http.call}
            customFormId={publicForm.customFormId}
            version={publicForm.version}
            email={email}
            onPrefill={prefill}
            labelOf={labelOf}
            onDeleted={() => api.setVaultToken(undefined)}
          />
        </Suspense>
      ) : null}
      {link && props.ownerKind === 'additionalOwner' ? (
        <Suspense fallback={null}>
          <OwnerBanner
            link={link}
            call={api.http.contractCall}
            completedAt={props.owners.find((o) => o.ownerId === props.ownerId)?.completedAt ?? null}
            primaryName={props.owners.find((o) => o.kind === 'primaryApplicant')?.name ?? null}
            ownerSection={props.ownerSection}
            readOnly={readOnly}
            onError={(error) => {
              // a refused "My part is complete" names the fields still missing, as the primary's submit does
              if (error instanceof HttpError && error.status === 422) {
                setProblem({ title: error.message || T.submitFailed, errors: error.errors });
              }
            }}
            prepare={async () => {
              await saver.flush();
              return {
                data: dataRef.current,
                revision: saver.revision() ?? undefined,
                acceptance: acceptanceRef.current,
              };
            }}
          />
        </Suspense>
      ) : null}
      <div className={classes.card}>
        <FormRenderer
          key={shown.key}
          form={publicForm.form}
          data={shown.data}
          previousData={shown.previous}
          role={ownerRole}
          {...(props.ownerSection === null ? {} : { ownerSection: props.ownerSection })}
          startPage={startPage}
          readOnly={readOnly || showConflict}
          unsubmitted={props.unsubmitted}
          onChange={readOnly ? undefined : onChange}
          initialPage={props.resumePage}
          onPageChange={readOnly ? undefined : changePage}
          onSubmit={submit}
          upload={upload}
          submitLabel={T.submit}
          headerColor={publicForm.layout.headerLayout.backgroundColor}
          headerTextColor={publicForm.layout.headerLayout.textColor}
          progressColor={header.activeStepColor}
          stepColor={header.defaultStepColor}
          beforeSubmit={
            <Suspense fallback={null}>
              {props.ownerKind === 'primaryApplicant' ? (
                <div className={classes.card}>
                  <RememberAnswersToggle checked={remember} onChange={changeRemember} disabled={showConflict} />
                </div>
              ) : null}
              <DocumentsAndTerms
                documents={publicForm.documents}
                terms={publicForm.termsAndConditions}
                acceptance={acceptance}
                termsError={termsError && acceptance.termsAcceptedAt === null}
                onOpened={(documentId) => {
                  if (acceptanceRef.current.documents.some((d) => d.documentId === documentId)) return;
                  changeAcceptance({
                    ...acceptanceRef.current,
                    documents: [...acceptanceRef.current.documents, { documentId, at: new Date().toISOString() }],
                  });
                }}
                onAccept={(accepted) =>
                  changeAcceptance({
                    ...acceptanceRef.current,
                    termsAcceptedAt: accepted ? new Date().toISOString() : null,
                  })
                }
              />
            </Suspense>
          }
        />
      </div>
      {link && props.ownerKind === 'primaryApplicant' ? (
        <section className={classes.card} aria-label={T.ownersTitle}>
          {ownersOpen ? (
            <Suspense fallback={<p className={classes.status}>{T.loading}</p>}>
              <OwnersSection
                link={link}
                owners={props.owners}
                call={api.http.contractCall}
                readOnly={readOnly || props.editing}
              />
            </Suspense>
          ) : (
            <>
              <p>
                {(readOnly || props.editing ? T.ownersLeadSubmitted : T.ownersLead)(
                  props.owners.filter((o) => o.kind === 'additionalOwner').length,
                )}
              </p>
              {/* The panel (and the contracts it calls with) loads when asked for: not on the first page's budget. */}
              <RendererButton variant="default" aria-expanded={false} onClick={() => setOwnersOpen(true)}>
                {T.ownersOpen}
              </RendererButton>
            </>
          )}
        </section>
      ) : null}
    </>
  );
}
