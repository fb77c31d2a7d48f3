import type { HomeEventKind, NotificationKind } from '../notifications/notification.schema';

/** What an institution's notice is about: the application as the team knows it. */
export interface NoticeSubject {
  number: number;
  formName: string;
  /** The applicant's business name, when given. */
  applicantCompanyName: string | null;
  applicantEmail: string;
}

const who = (a: NoticeSubject) => a.applicantCompanyName ?? a.applicantEmail;

/**
 * The institution's notices (issue 21 §4; decision 060: the spec has no texts for them). Each names the application
 * by number, form and applicant (never an answer), says what happened and what to do next, and how to stop them.
 * The server adds the application's link and the profile's link.
 */
export const NOTICE_MAILS = {
  'application-submitted': (a: NoticeSubject) => ({
    subject: `Application ${a.number} submitted: ${who(a)}`,
    lines: [
      `${who(a)} submitted application ${a.number} on your form "${a.formName}".`,
      'Every owner is now asked to sign it by e-mail. You can review the answers now; the signed documents follow once everyone has signed.',
    ],
  }),
  'application-signed': (a: NoticeSubject) => ({
    subject: `Application ${a.number} signed by every owner: ${who(a)}`,
    lines: [
      `Every owner has signed application ${a.number} of ${who(a)} on your form "${a.formName}".`,
      'The sealed documents are being generated; we e-mail you again when they are ready.',
    ],
  }),
  'documents-ready': (a: NoticeSubject) => ({
    subject: `Documents ready for application ${a.number}: ${who(a)}`,
    lines: [
      `The sealed documents of application ${a.number} of ${who(a)} on your form "${a.formName}" are ready.`,
      'Download them from the application’s Documents section. The application can now be approved or denied.',
    ],
  }),
  'sync-failed': (a: NoticeSubject, integration: string) => ({
    subject: `Not sent to ${integration}: application ${a.number}`,
    lines: [
      `Application ${a.number} of ${who(a)} on your form "${a.formName}" could not be sent to ${integration}.`,
      'Open the application to see what failed and send it again.',
    ],
  }),
  openLabel: 'Open the application',
  /** The last paragraph of every notice. */
  footer:
    'You receive this because you are on the team of this form. To stop these e-mails, turn them off in your profile:',
} as const;

/** The applicant's decision e-mail (decision 042) carries the team's reason when they e-mail it (decision 060). */
export const statusMailReason = (reason: string) => `Reason given: ${reason}`;

/** The profile's e-mail choices and Home's latest events (issue 21 §4). */
export const NOTIFICATIONS_TEXT = {
  preferencesTitle: 'E-mail notifications',
  preferencesLead:
    'Applications of the forms you may see. Turn off what you do not want by e-mail; the events still show on Home.',
  kindLabels: {
    'application-submitted': 'An application is submitted',
    'application-signed': 'Every owner has signed an application',
    'documents-ready': 'The signed documents are ready',
    'sync-failed': 'An application could not be sent to an integration',
  } satisfies Record<NotificationKind, string>,
  kindHints: {
    'application-submitted': 'When an applicant submits an application on one of your forms.',
    'application-signed': 'When the last owner signs.',
    'documents-ready': 'When the sealed PDFs can be downloaded.',
    'sync-failed': 'When a connected system refuses an application (once integrations are set up).',
  } satisfies Record<NotificationKind, string>,
  saved: (label: string, enabled: boolean) => `${label}: e-mails ${enabled ? 'on' : 'off'}.`,
  eventsTitle: 'Latest events',
  eventsEmpty: 'No events yet. Submissions, signatures, documents and decisions appear here as they happen.',
  eventsLoadFailed: 'The latest events could not be loaded.',
  eventsRetry: 'Try again',
  eventsViewAll: 'All applications',
  /** One event as a sentence; `app` is "Application 12 (Acme LLC)". */
  eventLine: (
    kind: HomeEventKind,
    e: { app: string; actor: string | null; from: string | null; to: string | null },
  ): string => {
    switch (kind) {
      case 'invited':
        return `${e.app}: invitation sent`;
      case 'submitted':
        return `${e.app}: submitted`;
      case 'resubmitted':
        return `${e.app}: corrected and submitted again`;
      case 'signed':
        return `${e.app}: signed by ${e.actor ?? 'an owner'}`;
      case 'signed-all':
        return `${e.app}: signed by every owner`;
      case 'documents-ready':
        return `${e.app}: documents ready`;
      case 'status-changed':
        return `${e.app}: status ${e.from ?? '?'} → ${e.to ?? '?'}`;
      case 'signatures-invalidated':
        return `${e.app}: signatures to renew after a change`;
    }
  },
  eventApp: (number: number, company: string | null) => `Application ${number}${company ? ` (${company})` : ''}`,
} as const;
