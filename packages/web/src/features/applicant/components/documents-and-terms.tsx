import type { Acceptance } from '@under/core/applications/application.schema';
import type { PublicCustomForm } from '@under/core/custom-forms/custom-form.schema';
import type { FormComponent } from '@under/core/forms/form.schema';
import { APPLICANT_TEXT as T } from '@under/core/ui-text/applicant';
import { useId } from 'react';
import { HtmlContent } from '../../forms/components/form-renderer';
import classes from '../applicant.module.css';
import { TERMS_CHECKBOX_ID } from './terms-rules';

interface Props {
  documents: PublicCustomForm['documents'];
  terms: string;
  acceptance: Acceptance;
  onOpened: (documentId: string) => void;
  onAccept: (accepted: boolean) => void;
  /** Shown when a submit was tried without accepting. */
  termsError: boolean;
  disabled?: boolean;
}

/**
 * The documents to read (each marked once opened) and the terms and conditions (the form author's HTML, sanitised
 * as the renderer's htmlelement is) with the "I accept" box the submit needs.
 */
export function DocumentsAndTerms({ documents, terms, acceptance, onOpened, onAccept, termsError, disabled }: Props) {
  const errorId = useId();
  const opened = new Set(acceptance.documents.map((d) => d.documentId));
  const hasTerms = terms.trim() !== '';
  if (documents.length === 0 && !hasTerms) return null;
  return (
    <>
      {documents.length > 0 ? (
        <section className={classes.card} aria-labelledby="applicant-documents-title">
          <h2 id="applicant-documents-title">{T.documentsTitle}</h2>
          <ul className={classes.docs}>
            {documents.map((doc) => (
              <li key={doc.documentId}>
                <a href={doc.url} target="_blank" rel="noopener noreferrer" onClick={() => onOpened(doc.documentId)}>
                  {doc.name}
                </a>
                {opened.has(doc.documentId) ? <span className={classes.opened}>{T.documentOpened}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {hasTerms ? (
        <section className={classes.card} aria-labelledby="applicant-terms-title">
          <h2 id="applicant-terms-title">{T.termsTitle}</h2>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
          <section className={classes.terms} tabIndex={0} aria-label={T.termsTitle}>
            <HtmlContent component={{ type: 'content', key: 'termsAndConditions', html: terms } as FormComponent} />
          </section>
          <div className={classes.check}>
            <input
              id={TERMS_CHECKBOX_ID}
              type="checkbox"
              checked={acceptance.termsAcceptedAt !== null}
              disabled={disabled}
              onChange={(e) => onAccept(e.currentTarget.checked)}
              aria-invalid={termsError || undefined}
              aria-describedby={termsError ? errorId : undefined}
              required
            />
            <label htmlFor={TERMS_CHECKBOX_ID}>{T.termsAccept}</label>
          </div>
          {termsError ? (
            <p id={errorId} className={classes.fieldError}>
              {T.termsRequired}
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
