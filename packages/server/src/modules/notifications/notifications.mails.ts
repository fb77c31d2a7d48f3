import type { NotificationKind } from '@under/core/notifications/notification.schema';
import { NOTICE_MAILS, type NoticeSubject } from '@under/core/ui-text/notifications';
import type { MailMessage } from '../../infra/mail/mailer';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Names come from applicants: one line each, so no text of theirs can shape the mail. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/**
 * One notice to one team member (decision 060): what happened to which application, its link, and where to turn
 * these e-mails off. Never an answer of the application.
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
  const text = [
    ...texts.lines,
    `${NOTICE_MAILS.openLabel}: ${links.application}`,
    `${NOTICE_MAILS.footer} ${links.profile}`,
    'Under',
  ].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
${texts.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(links.application)}">${escapeHtml(NOTICE_MAILS.openLabel)}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(NOTICE_MAILS.footer)} <a href="${escapeHtml(links.profile)}">${escapeHtml(links.profile)}</a></p>
<p>Under</p></body></html>`;
  return { to, subject: oneLine(texts.subject), text, html };
}
