import type { NotificationKind } from '@under/core/notifications/notification.schema';
import { oneLine } from '@under/core/ui-text/mails';
import { NOTICE_MAILS, type NoticeSubject } from '@under/core/ui-text/notifications';
import { composeMail } from '../../infra/mail/compose';
import type { MailMessage } from '../../infra/mail/mailer';

/**
 * One notice to one team member (decision 060): what happened to which application, its link, and where to turn
 * these e-mails off. Never an answer of the application. Names come from applicants: one line each.
 */
export function noticeMail(
  to: string,
  kind: NotificationKind,
  subject: NoticeSubject,
  links: { application: string; profile: string },
  integration?: string,
): MailMessage {
  const a: NoticeSubject = {
    ...subject,
    formName: oneLine(subject.formName),
    applicantCompanyName: subject.applicantCompanyName ? oneLine(subject.applicantCompanyName) : null,
  };
  const texts =
    kind === 'sync-failed'
      ? NOTICE_MAILS['sync-failed'](a, oneLine(integration ?? 'an integration'))
      : NOTICE_MAILS[kind](a);
  return composeMail(to, {
    subject: texts.subject,
    paragraphs: [...texts.lines],
    action: { label: NOTICE_MAILS.openLabel, href: links.application, style: 'link' },
    note: NOTICE_MAILS.footer,
    noteLink: links.profile,
  });
}
