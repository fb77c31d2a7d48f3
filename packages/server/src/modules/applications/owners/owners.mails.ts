import { APPLICANT_LINK_TTL_DAYS } from '@under/core/applications/application.schema';
import type { MailMessage } from '../../../infra/mail/mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Names typed by applicants and institutions: kept out of the subject's line breaks. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/**
 * The e-mail carrying one owner's own link: why they get it (named as an owner by the primary applicant, or a
 * fresh link they asked for), the applicant's company when known and the institution.
 */
export function ownerLinkMail(opts: {
  to: string;
  link: string;
  institution: string;
  applicantCompany: string | null;
  reason: 'added' | 'resend' | 'request';
}): MailMessage {
  const institution = oneLine(opts.institution);
  const what = opts.applicantCompany
    ? `the merchant application of ${oneLine(opts.applicantCompany)} to ${institution}`
    : `a merchant application to ${institution}`;
  const intro =
    opts.reason === 'request'
      ? `Here is a fresh link to ${what}, as you asked.`
      : `You are named as an owner in ${what}. Please open your link, fill in your part and press "My part is complete".`;
  const earlier = opts.reason === 'added' ? '' : ' Links to this application e-mailed to you before stop working.';
  const outro = `The link works for ${APPLICANT_LINK_TTL_DAYS} days and only for you: do not forward it.${earlier} If you did not expect this e-mail, you can ignore it.`;
  const text = `${intro}\n\nOpen the application:\n${opts.link}\n\n${outro}\n\nUnder`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(opts.link)}" style="display:inline-block;background:#ff9b3f;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">Open the application</a></p>
<p>Or open this link: <a href="${escapeHtml(opts.link)}">${escapeHtml(opts.link)}</a></p>
<p style="color:#666">${escapeHtml(outro)}</p>
<p>Under</p></body></html>`;
  const subject =
    opts.reason === 'request'
      ? `Your link to your application to ${institution}`
      : `Your part of an application to ${institution}`;
  return { to: opts.to, subject, text, html };
}
