import { type MailText, oneLine } from '@under/core/ui-text/mails';
import type { MailMessage } from './mailer';

/** Everything typed by people reaches the HTML part escaped. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const BUTTON =
  'display:inline-block;background:#ff9b3f;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none';

/**
 * One layout for every e-mail (the words come from `core/ui-text/mails.ts`): a multipart message whose text part
 * has each paragraph, the code as "Your code: NNNNNN", the action's address on a line of its own, the note, and
 * "Under"; the HTML part says the same, escaped. A subject never carries a line break.
 */
export function composeMail(to: string, mail: MailText): MailMessage {
  const text: string[] = [...mail.paragraphs];
  const html: string[] = mail.paragraphs.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`);
  if (mail.code !== undefined) {
    text.push(`Your code: ${mail.code}`);
    html.push(`<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(mail.code)}</p>`);
  }
  if (mail.action) {
    const { href, label, style } = mail.action;
    text.push(style === 'link' ? `${label}: ${href}` : href);
    const anchor = (inner: string, css?: string) =>
      `<a href="${escapeHtml(href)}"${css ? ` style="${css}"` : ''}>${escapeHtml(inner)}</a>`;
    if (style === 'button') {
      html.push(`<p>${anchor(label, BUTTON)}</p>`, `<p>Or open this link: ${anchor(href)}</p>`);
    } else {
      html.push(`<p>${anchor(label)}</p>`);
    }
  }
  const after = mail.after ?? [];
  after.forEach((p, i) => {
    const link = i === after.length - 1 ? mail.afterLink : undefined;
    text.push(link ? `${p} ${link}` : p);
    html.push(`<p>${escapeHtml(p)}${link ? ` <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : ''}</p>`);
  });
  if (mail.note !== undefined) {
    text.push(mail.noteLink ? `${mail.note} ${mail.noteLink}` : mail.note);
    const link = mail.noteLink ? ` <a href="${escapeHtml(mail.noteLink)}">${escapeHtml(mail.noteLink)}</a>` : '';
    html.push(`<p style="color:#666">${escapeHtml(mail.note)}${link}</p>`);
  }
  text.push('Under');
  html.push('<p>Under</p>');
  return {
    to,
    subject: oneLine(mail.subject),
    text: text.join('\n\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">\n${html.join('\n')}\n</body></html>`,
  };
}
