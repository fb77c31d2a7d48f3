import type { MailKind, MailStatus } from '../mail/mail-outbox.schema';

/** Labels of the admin Mails screen (our words, decision 023). */
export const ADMIN_MAILS_TEXT = {
  navMails: 'Mails',
  mailsTitle: 'Mails',
  mailsLead:
    'E-mails are retried for about a day before they are marked failed. A failed e-mail can be sent again here; a code in it may have expired, and the user can ask for a new one.',
  statusFilterLabel: 'Status',
  statusNames: {
    failed: 'Failed',
    queued: 'Waiting to be sent',
    sending: 'Being sent',
    sent: 'Sent',
  } satisfies Record<MailStatus, string>,
  /** What a mail is: admins see this, never its subject (codes and links are in it). */
  kindNames: {
    'sign-up-code': 'Sign-up code',
    'reset-password-code': 'Password reset code',
    invitation: 'Team invitation',
    'payment-failed': 'Payment failed',
    'plan-ended': 'Plan ended',
    'admin-invitation': 'Admin invitation',
    'application-invite': 'Application invitation',
    'application-invite-notice': 'Application started in your name',
    'vault-code': 'Saved answers code',
    'application-owner-link': 'Application owner link',
    'application-status': 'Application status changed',
    'application-link': 'Application link',
  } satisfies Record<MailKind, string>,
  recipientColumn: 'Recipient',
  kindColumn: 'E-mail',
  attemptsColumn: 'Attempts',
  lastErrorColumn: 'Last error',
  createdColumn: 'Created',
  lastChangeColumn: 'Last attempt',
  actionsColumn: 'Actions',
  noError: '—',
  emptyByStatus: {
    failed: 'No failed mails',
    queued: 'No mails waiting to be sent',
    sending: 'No mails being sent',
    sent: 'No sent mails',
  } satisfies Record<MailStatus, string>,
  range: (from: number, to: number, total: number) => `${from}–${to} of ${total} mails`,
  retryButton: 'Send again',
  retryLabel: (to: string) => `Send the e-mail to ${to} again`,
  contentErased: 'Content erased',
  retryTitle: 'Send this e-mail again?',
  retryMessage: (kind: string, to: string) =>
    `The ${kind.toLowerCase()} e-mail to ${to} is sent again now. If the mail server still refuses it, it is retried for about a day.`,
  retryConfirm: 'Send again',
  retried: 'The e-mail is queued to be sent again.',
  loadError: 'The list could not be loaded.',
  reload: 'Try again',
} as const;
