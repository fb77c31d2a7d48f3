/**
 * Labels of the applicant vault's components (issue 12 "Fill it in once"; our words; decision 039). A table of its
 * own: the applicant bundle is size-budgeted.
 */
export const VAULT_TEXT = {
  rememberLabel: 'Remember my answers for other applications',
  rememberHint:
    'When you sign, we keep your answers (sensitive ones encrypted) so that another application with us can be filled in for you after we e-mail you a code. Only you can use them, and you can delete them at any time.',
  offerTitle: 'Filled in an application with us before?',
  offerButton: 'Get your saved answers',
  dialogTitle: 'Your saved answers',
  emailLead: 'Enter the e-mail address you used. We will e-mail you a code.',
  emailLabel: 'E-mail address',
  emailInvalid: 'Enter a valid e-mail address',
  sendCode: 'E-mail me a code',
  codeLead: (email: string) =>
    `If ${email} has saved answers, we have e-mailed it a 6-digit code. It works for 10 minutes.`,
  codeLabel: 'Code',
  codeInvalid: 'The code is 6 digits',
  unlock: 'Fill in my answers',
  otherEmail: 'Use another e-mail address',
  cancel: 'Cancel',
  close: 'Close',
  working: 'Please wait…',
  nothingFound: 'None of your saved answers fit this form.',
  prefilled: (count: number) =>
    `We filled in ${count} answer${count === 1 ? '' : 's'} you saved. Check them before you continue.`,
  savedOn: (date: string) => `saved ${date}`,
  encryptedNote: 'hidden for your safety; kept as it was saved',
  deleteButton: 'Delete my saved answers',
  deleteConfirm:
    'Delete every answer we keep for you? Applications you already submitted are not affected. This cannot be undone.',
  deleteYes: 'Delete',
  deleted: 'Your saved answers are deleted.',
} as const;
