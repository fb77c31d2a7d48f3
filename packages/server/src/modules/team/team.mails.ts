import type { InviteTemplate } from '@under/core/accounts/team.schema';
import { teamInviteText } from '@under/core/ui-text/mails';
import { composeMail, escapeHtml } from '../../infra/mail/compose';
import type { MailMessage } from '../../infra/mail/mailer';

const LINK = '{link}';

/**
 * The invitation e-mail of a company, with `{link}` where each invitation's own link goes (the words are in
 * core's ui-text). The company name is typed by its administrator: escaped in HTML, one line in the subject.
 */
export function inviteTemplate(opts: { companyName: string; inviterName: string; role: string }): InviteTemplate {
  const { subject, text, html } = composeMail('', teamInviteText({ ...opts, link: LINK }));
  return { subject, text, html, placeholders: [LINK] };
}

/** Fills the template for one invitation: a multipart message (HTML and text) with the working link. */
export function invitationMail(to: string, template: InviteTemplate, link: string): MailMessage {
  return {
    to,
    subject: template.subject,
    text: template.text.replaceAll(LINK, link),
    html: template.html.replaceAll(LINK, escapeHtml(link)),
  };
}
