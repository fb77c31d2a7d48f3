import type { MailMessage } from '../../infra/mail/mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The e-mail to a new admin user. It carries no password and no code: the person sets their password through the admin
 * app's password recovery, which mails a code to this same address (decision 033).
 */
export function adminInvitationMail(opts: { to: string; inviterName: string; publicUrl: string }): MailMessage {
  const link = `${opts.publicUrl}/admin/forgot-password`;
  const intro = `${opts.inviterName} gave you an administrator account on Under (${opts.to}).`;
  const step =
    'To choose your password, open the link below, enter this e-mail address and follow the code we send you.';
  return {
    to: opts.to,
    subject: 'Your Under administrator account',
    text: `${intro}\n\n${step}\n${link}\n\nIf you did not expect this e-mail, tell your Under administrator.\n\nUnder`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(step)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="color:#666">If you did not expect this e-mail, tell your Under administrator.</p>
<p>Under</p></body></html>`,
  };
}
