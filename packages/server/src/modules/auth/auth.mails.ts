import type { MailMessage } from '../../infra/mail/mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function codeMail(to: string, subject: string, intro: string, code: string, link: string): MailMessage {
  const text = `${intro}\n\nYour code: ${code}\n\nIt expires in 10 minutes and works once. Enter it at ${link}\n\nIf you did not ask for this, ignore this e-mail.\n\nUnder`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${code}</p>
<p>It expires in 10 minutes and works once. Enter it at <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>.</p>
<p style="color:#666">If you did not ask for this, ignore this e-mail.</p><p>Under</p></body></html>`;
  return { to, subject, text, html };
}

export function signUpCodeMail(to: string, code: string, publicUrl: string): MailMessage {
  return codeMail(
    to,
    `Your Under verification code: ${code}`,
    'Welcome to Under. Confirm your e-mail address with this code.',
    code,
    `${publicUrl}/verify-email`,
  );
}

export function resetCodeMail(to: string, code: string, verifyUrl: string): MailMessage {
  return codeMail(
    to,
    `Your Under password reset code: ${code}`,
    'We received a request to reset your Under password.',
    code,
    verifyUrl,
  );
}
