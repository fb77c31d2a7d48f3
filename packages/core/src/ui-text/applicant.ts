/**
 * Labels of the applicant's pages (issue 12; our words; spec texts are in MESSAGES). A table of its own: the
 * applicant bundle is size-budgeted and must not carry the portal's UI_TEXT (decision 012).
 */
export const APPLICANT_TEXT = {
  pageTitle: 'Application',
  loading: 'Loading the application…',
  logoAlt: (company: string) => `${company} logo`,
  // ---- e-mail step
  emailTitle: 'Start your application',
  emailLead:
    'Enter your e-mail address. We save your answers as you type and e-mail you a link to continue on any device.',
  emailLabel: 'E-mail address',
  emailInvalid: 'Enter a valid e-mail address',
  emailContinue: 'Continue',
  // ---- autosave status
  statusSaved: 'Saved',
  statusSaving: 'Saving…',
  statusOffline: 'Offline, will save',
  statusRetrying: 'Not saved yet, trying again…',
  statusFailed: 'Your changes could not be saved',
  /** Issue 21: what is not saved and why; the saver keeps trying. */
  statusRefused: (reason: string) =>
    `Your latest changes are not saved yet: ${reason}. We keep trying, and save again as soon as you change something.`,
  conflictTitle: 'This application was changed elsewhere',
  conflictText:
    'Another tab or device saved this application after you opened it. Reload to see the latest version; nothing was overwritten.',
  reload: 'Reload',
  localRestored: 'Changes made in this browser that had not reached the server yet were restored and are being saved.',
  // ---- documents and terms
  documentsTitle: 'Documents to read',
  documentOpened: 'Opened',
  termsTitle: 'Terms and conditions',
  termsAccept: 'I have read and accept the terms and conditions',
  termsRequired: 'Accept the terms and conditions to submit',
  // ---- submit
  submit: 'Submit application',
  submitFailed: 'The application could not be submitted',
  readOnlyNotice: 'This application has been submitted. You can read it; it can no longer be changed.',
  /** Decision 052: an owner correcting a submitted application through an edit link. */
  editingNotice:
    'The institution asked you to correct this submitted application. Change what is needed and submit it again. If a signed answer changes, the owners sign again.',
  // ---- links
  expiredText: 'Links work for a limited time. We can e-mail a fresh link to the address on file.',
  sendFreshLink: 'E-mail me a fresh link',
  freshLinkSent: 'If this address is on file for the application, a fresh link is on its way.',
  blockedTitle: 'This application is blocked',
  blockedText: (company: string) => `Please contact ${company} about this application.`,
  notFound: 'This application link is not valid. Check the link in your e-mail.',
  loadFailed: 'The application could not be loaded. Check your connection and try again.',
  tryAgain: 'Try again',
  // ---- owners
  ownersTitle: 'Additional owners',
  ownersLead: (count: number) =>
    count === 0
      ? 'Does anyone else own part of the business? Add them here: each gets their own link to fill in their part.'
      : `${count} additional owner${count === 1 ? '' : 's'} named. See who has completed their part, or change the list.`,
  /** Submitted: the list no longer changes, so no "add them here" or "change the list" (issue 21 §5). */
  ownersLeadSubmitted: (count: number) =>
    count === 0
      ? 'No other owners were named on this application.'
      : `${count} additional owner${count === 1 ? '' : 's'} named. See who has completed their part.`,
  ownersOpen: 'Additional owners',
  // ---- success
  successTitle: 'Thank you',
  successText: 'Your application has been submitted. We will be in touch by e-mail.',
} as const;
