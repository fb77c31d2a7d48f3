/**
 * Labels of the owners part of the applicant's page (issue 12; decision 037; our words). Kept beside the components:
 * the applicant bundle is size-budgeted and must not carry the portal's UI_TEXT.
 */
export const OWNERS_TEXT = {
  title: 'Additional owners',
  lead: 'Name everyone else who owns part of the business. Each owner gets an e-mail with their own link to fill in their part; the application can be submitted once every owner has completed theirs.',
  /** Once submitted the list no longer changes and nothing waits for the owners to submit (issue 21 §5). */
  leadSubmitted: 'The owners named on this application.',
  none: 'No additional owners yet.',
  nameLabel: (n: number) => `Owner ${n}: full name`,
  emailLabel: (n: number) => `Owner ${n}: e-mail`,
  percentLabel: (n: number) => `Owner ${n}: ownership %`,
  add: 'Add an owner',
  remove: (n: number) => `Remove owner ${n}`,
  save: 'Save owners',
  saving: 'Saving…',
  saved: 'Owners saved. New owners have been e-mailed their links.',
  unsaved: 'You have changes to the owners that are not saved yet.',
  statusCompleted: 'Completed',
  statusWaiting: 'Waiting',
  statusNotSaved: 'Not saved yet',
  /** Too many link e-mails to that address just now: the primary can re-send later. */
  statusLinkNotSent: 'Link not sent yet',
  statusLabel: (n: number) => `Owner ${n} status`,
  resend: 'Re-send link',
  /** Contains the visible "Re-send link" (WCAG 2.5.3, axe label-content-name-mismatch). */
  resendTo: (email: string) => `Re-send link to ${email}`,
  resendConfirmLabel: 'Confirm re-sending the link',
  resendConfirm: (email: string) => `Send a new link to ${email}? The link sent before stops working.`,
  resendYes: 'Send new link',
  cancel: 'Cancel',
  resent: (email: string) => `A new link was sent to ${email}.`,
  errorTitle: 'The owners could not be saved',
  resendError: 'The link could not be sent',
  nameRequired: 'Enter the owner’s name',
  emailInvalid: 'Enter a valid e-mail address',
  emailIsPrimary: 'This is your own e-mail. Each additional owner needs their own e-mail.',
  emailDuplicate: 'This e-mail is listed twice.',
  percentInvalid: 'Enter a percentage from 0 to 100',
  percentTotal: (total: string) => `The owners’ ownership adds up to ${total}%, more than 100%.`,
  // ---- the additional owner's banner
  bannerTitle: 'You are filling in your part as an owner',
  bannerText: (primary: string | null, section?: number | null) =>
    section
      ? `${primary ? `${primary} named you` : 'You are named'} as owner ${section} of this business. Fill in your “Owner ${section}” details and any other field open to you (the rest is shown read-only), then press “My part is complete”. Your answers are saved as you type.`
      : `${primary ? `${primary} named you` : 'You are named'} as an owner of this business. Fill in the fields that are yours (the others are shown read-only), then press “My part is complete”. Your answers are saved as you type.`,
  complete: 'My part is complete',
  completing: 'Sending…',
  completedTitle: 'Your part is complete',
  completedText:
    'Thank you. The primary applicant sees that your part is complete and submits the application. Your link still opens it.',
  /** Once submitted, "the primary submits" no longer applies (issue 21 §5). */
  completedSubmittedText:
    'Thank you. Your part is complete and the application has been submitted. Your link still opens it.',
  completeError: 'Your part could not be marked complete',
} as const;
