import { APPLICANT_LINK_TTL_DAYS } from '@under/core/applications/application.schema';
import type { MailMessage } from '../../../infra/mail/mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Names typed by applicants and institutions: kept out of the subject's line breaks. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/**
 * The institution asks an owner to correct a submitted application (decision 052): the owner's own link, which
 * opens the application for changes until they submit it again.
 */
export function editLinkMail(opts: {
  to: string;
  link: string;
  institution: string;
  applicantCompany: string | null;
}): MailMessage {
  const institution = oneLine(opts.institution);
  const what = opts.applicantCompany
    ? `the merchant application of ${oneLine(opts.applicantCompany)}`
    : 'your merchant application';
  const intro = `${institution} asks you to review and correct ${what}.`;
  const how =
    'Open your link, change what is needed and submit the application again. If a signed answer changes, the owners are asked to sign again.';
  const outro = `The link works for ${APPLICANT_LINK_TTL_DAYS} days and only for you: do not forward it. Links to this application e-mailed to you before stop working. If you did not expect this e-mail, contact ${institution}.`;
  const text = `${intro}\n\n${how}\n\n${opts.link}\n\n${outro}\n\nUnder`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
<p><a href="${escapeHtml(opts.link)}" style="display:inline-block;background:#ff9b3f;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">Correct the application</a></p>
<p>Or open this link: <a href="${escapeHtml(opts.link)}">${escapeHtml(opts.link)}</a></p>
<p style="color:#666">${escapeHtml(outro)}</p>
<p>Under</p></body></html>`;
  return { to: opts.to, subject: `${institution}: please correct ${what}`, text, html };
}
