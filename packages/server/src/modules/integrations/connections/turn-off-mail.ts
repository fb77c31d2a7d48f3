import type { MailMessage } from '../../../infra/mail/mailer';

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Spec 1 §6 "An admin is told when a client turned off an integration" (decision 073): which company, which
 * integration, who and when, and where to look. Never a credential, a token or a mask.
 */
export function turnedOffMail(
  to: string,
  opts: { companyName: string; integration: string; by: string; at: Date; adminUrl: string },
): MailMessage {
  const company = oneLine(opts.companyName);
  const by = oneLine(opts.by);
  const subject = `${company} turned off ${opts.integration}`;
  const lines = [
    `${company} turned off its ${opts.integration} integration on ${opts.at.toUTCString()} (by ${by}).`,
    `Its applications are no longer synced to ${opts.integration} until the company turns it back on with Edit or Update Token.`,
  ];
  const text = [...lines, `Accounts: ${opts.adminUrl}`, 'Under'].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(opts.adminUrl)}">Accounts</a></p>
<p>Under</p></body></html>`;
  return { to, subject: oneLine(subject), text, html };
}
