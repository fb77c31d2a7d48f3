import type { MailMessage } from '../../infra/mail/mailer';

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
 * The applicant learns the institution's decision (decision 042) when the team chooses to tell them. The team's
 * reason is not in it: it is the team's note; the applicant asks the company.
 */
export function applicationStatusMail(opts: {
  to: string;
  companyName: string;
  formName: string;
  number: number;
  status: 'pending' | 'approved' | 'denied';
}): MailMessage {
  const company = oneLine(opts.companyName);
  const form = oneLine(opts.formName);
  const line = `Your application "${form}" (number ${opts.number}) to ${company} ${SAID[opts.status]}.`;
  const contact = `If you have questions, contact ${company}.`;
  return {
    to: opts.to,
    subject: `${company}: your application ${SAID[opts.status]}`,
    text: `${line}\n\n${contact}\n\nUnder`,
    html: page(`<p>${escapeHtml(line)}</p><p>${escapeHtml(contact)}</p>`),
  };
}
