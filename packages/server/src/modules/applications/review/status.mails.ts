import { statusMailReason } from '@under/core/ui-text/notifications';
import type { MailMessage } from '../../../infra/mail/mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

const page = (body: string) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">${body}<p>Under</p></body></html>`;

const SAID: Record<'pending' | 'approved' | 'denied', string> = {
  approved: 'has been approved',
  denied: 'has been denied',
  pending: 'is being reviewed again',
};

/**
 * The applicant learns the institution's decision (decision 042) when the team chooses to tell them, with the
 * reason the team gave (the dialog says "The applicant reads it if you e-mail them"; decision 060).
 */
export function applicationStatusMail(opts: {
  to: string;
  companyName: string;
  formName: string;
  number: number;
  status: 'pending' | 'approved' | 'denied';
  reason?: string | null;
}): MailMessage {
  const company = oneLine(opts.companyName);
  const form = oneLine(opts.formName);
  const line = `Your application "${form}" (number ${opts.number}) to ${company} ${SAID[opts.status]}.`;
  const reason = opts.reason?.trim() ? statusMailReason(opts.reason.trim()) : null;
  const contact = `If you have questions, contact ${company}.`;
  const paragraphs = [line, ...(reason ? [reason] : []), contact];
  return {
    to: opts.to,
    subject: `${company}: your application ${SAID[opts.status]}`,
    text: `${paragraphs.join('\n\n')}\n\nUnder`,
    html: page(paragraphs.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`).join('')),
  };
}
