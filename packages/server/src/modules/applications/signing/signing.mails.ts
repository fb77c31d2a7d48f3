import { SIGN_CODE_TTL_MINUTES } from '@under/core/applications/signing.schema';
import type { MailMessage } from '../../../infra/mail/mailer';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function mailOf(to: string, subject: string, lines: string[], link?: { href: string; label: string }): MailMessage {
  const text = `${lines.join('\n\n')}${link ? `\n\n${link.href}` : ''}\n\nUnder`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}<p>Under</p></body></html>`;
  return { to, subject, text, html };
}

/** The one-time code that proves the owner's e-mail before signing (never logged, never audited). */
export function signCodeMail(to: string, opts: { code: string; institution: string }): MailMessage {
  return mailOf(to, `Your signing code: ${opts.code}`, [
    `Your code to sign your application to ${opts.institution} is ${opts.code}.`,
    `It works once, for ${SIGN_CODE_TTL_MINUTES} minutes. If you did not ask for it, someone has your application link: do not share the code.`,
  ]);
}

/** An owner is asked to sign (the application was submitted), or reminded, or asked again after a change. */
export function signRequestMail(
  to: string,
  opts: { institution: string; applicantCompany: string | null; link: string; reason: 'ready' | 'reminder' | 'again' },
): MailMessage {
  const what = opts.applicantCompany ? `the application of ${opts.applicantCompany}` : 'your application';
  const first =
    opts.reason === 'again'
      ? `${what[0]?.toUpperCase()}${what.slice(1)} to ${opts.institution} was changed after you signed it, so your signature no longer applies. Please review it and sign again.`
      : opts.reason === 'reminder'
        ? `A reminder: ${what} to ${opts.institution} is waiting for your signature.`
        : `${what[0]?.toUpperCase()}${what.slice(1)} to ${opts.institution} is complete and waiting for your signature.`;
  const subject =
    opts.reason === 'again'
      ? `Please sign again: ${opts.institution}`
      : opts.reason === 'reminder'
        ? `Reminder: your signature is awaited by ${opts.institution}`
        : `Please sign your application to ${opts.institution}`;
  return mailOf(
    to,
    subject,
    [
      first,
      'Open your link, read the filled documents, and sign with a code we e-mail to this address. This link is yours: do not forward it.',
    ],
    { href: opts.link, label: 'Review and sign' },
  );
}

/** Everyone signed: the documents are being prepared. */
export function signCompletedMail(to: string, opts: { institution: string }): MailMessage {
  return mailOf(to, `Everyone has signed: ${opts.institution}`, [
    `Every owner has signed the application to ${opts.institution}. The signed documents are being prepared; you can download them through your application link when they are ready.`,
  ]);
}
