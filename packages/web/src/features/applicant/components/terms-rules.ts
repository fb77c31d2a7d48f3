import type { Acceptance } from '@under/core/applications/application.schema';

/** The terms' checkbox: the submit moves the focus there when it was not ticked. */
export const TERMS_CHECKBOX_ID = 'applicant-terms-accept';

/** Whether the submit may go: terms accepted, when the form has any. */
export function termsSatisfied(terms: string, acceptance: Acceptance): boolean {
  return terms.trim() === '' || acceptance.termsAcceptedAt !== null;
}
