import { DRAFT_RETENTION_DAYS } from '@under/core/applications/application.schema';
import type { MailMessage } from '../../../infra/mail/mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The first save's e-mail (issue 12): the resume link, and how long an unsubmitted draft is kept. */
export function resumeLinkMail(to: string, opts: { institution: string; formName: string; link: string }): MailMessage {
  const subject = `Continue your application to ${opts.institution}`;
  const intro = `Your application "${opts.formName}" to ${opts.institution} is saved. Use this link to continue it on any device:`;
  const keep = `Unsubmitted applications are kept for ${DRAFT_RETENTION_DAYS} days after their last change, then removed. The link works for 30 days after its last use; anyone with it can open your application, so do not share it.`;
  const text = `${intro}\n\n${opts.link}\n\n${keep}\n\nIf you did not start this application, ignore this e-mail.\n\nUnder`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(opts.link)}">Continue my application</a></p>
<p>${escapeHtml(keep)}</p>
<p style="color:#666">If you did not start this application, ignore this e-mail.</p><p>Under</p></body></html>`;
  return { to, subject, text, html };
}
