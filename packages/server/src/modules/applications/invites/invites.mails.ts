import { APPLICANT_LINK_TTL_DAYS } from '@under/core/applications/application.schema';
import type { MailMessage } from '../../../infra/mail/mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Names typed by a client (company, form): one line in a subject, escaped in HTML. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

const page = (body: string) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">${body}<p>Under</p></body></html>`;

/**
 * The invitation to an applicant (decision 041): who invites, to which form, and the link that opens the
 * application without an account. The link is the applicant's key: the mail says so.
 */
export function applicationInviteMail(opts: {
  to: string;
  companyName: string;
  formName: string;
  link: string;
}): MailMessage {
  const company = oneLine(opts.companyName);
  const form = oneLine(opts.formName);
  const intro = `${company} invites you to fill in the application "${form}".`;
  const how = `Open the link below to start. You do not need an account: your answers are saved as you type, and the same link brings you back to them on any device for ${APPLICANT_LINK_TTL_DAYS} days.`;
  const keep = 'Keep this e-mail to yourself: anyone with the link can open your application.';
  const ignore = `If you did not expect this invitation, you can ignore this e-mail or contact ${company}.`;
  const text = `${intro}\n\n${how}\n\n${opts.link}\n\n${keep}\n${ignore}\n\nUnder`;
  const html = page(`
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
<p><a href="${escapeHtml(opts.link)}" style="display:inline-block;background:#ff9b3f;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">Open the application</a></p>
<p>Or open this link: <a href="${escapeHtml(opts.link)}">${escapeHtml(opts.link)}</a></p>
<p style="color:#666">${escapeHtml(keep)} ${escapeHtml(ignore)}</p>`);
  return { to: opts.to, subject: `${company} invites you to fill in ${form}`, text, html };
}

/**
 * When the invited address is not the primary one: the primary applicant learns that an application was started in
 * their name and where its link went. It carries no link (decision 041).
 */
export function applicationInviteNoticeMail(opts: {
  to: string;
  companyName: string;
  formName: string;
  invitedEmail: string;
}): MailMessage {
  const company = oneLine(opts.companyName);
  const form = oneLine(opts.formName);
  const intro = `${company} started the application "${form}" with your e-mail as the primary applicant's, and sent the link to fill it in to ${opts.invitedEmail}.`;
  const after = `Links and reminders for this application will come to this address. If you did not expect this, contact ${company}.`;
  const text = `${intro}\n\n${after}\n\nUnder`;
  const html = page(`<p>${escapeHtml(intro)}</p><p>${escapeHtml(after)}</p>`);
  return { to: opts.to, subject: `${company} started an application in your name`, text, html };
}
