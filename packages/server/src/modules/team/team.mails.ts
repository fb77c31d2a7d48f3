import { INVITATION_TTL_MS } from '@under/core/accounts/invitation';
import type { InviteTemplate } from '@under/core/accounts/team.schema';
import type { MailMessage } from '../../infra/mail/mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const DAYS = Math.round(INVITATION_TTL_MS / 86_400_000);
const LINK = '{link}';

/**
 * The invitation e-mail of a company, with `{link}` where each invitation's own link goes. The company name is
 * typed by its administrator: it is escaped in HTML and kept out of the subject's line breaks.
 */
export function inviteTemplate(opts: { companyName: string; inviterName: string; role: string }): InviteTemplate {
  const company = opts.companyName.replace(/[\r\n]+/g, ' ');
  const roleText = opts.role === 'ADMINISTRATOR' ? 'an administrator' : 'a member';
  const intro = `${opts.inviterName} invited you to join ${company} on Under as ${roleText}.`;
  const text = `${intro}\n\nCreate your account with this link:\n${LINK}\n\nThe link works for ${DAYS} days. If you did not expect this invitation, you can ignore this e-mail.\n\nUnder`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(intro)}</p>
<p><a href="${LINK}" style="display:inline-block;background:#ff9b3f;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">Join ${escapeHtml(company)}</a></p>
<p>Or open this link: <a href="${LINK}">${LINK}</a></p>
<p style="color:#666">The link works for ${DAYS} days. If you did not expect this invitation, you can ignore this e-mail.</p>
<p>Under</p></body></html>`;
  return { subject: `You are invited to join ${company} on Under`, text, html, placeholders: [LINK] };
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
