import { formatUsd } from '@under/core/billing/money';
import type { MailMessage } from '../../infra/mail/mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function message(to: string, subject: string, lines: string[]): MailMessage {
  const text = `${lines.join('\n\n')}\n\nUnder`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">${lines
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('')}<p>Under</p></body></html>`;
  return { to, subject, text, html };
}

/** A renewal was declined: when it is tried again and when the plan ends (decision 032). */
export function paymentFailedMail(opts: {
  to: string;
  companyName: string;
  planName: string;
  amountCents: number;
  nextAttempt: Date | null;
  endsAt: Date;
  billingUrl: string;
}): MailMessage {
  const company = opts.companyName.replace(/[\r\n]+/g, ' ');
  return message(opts.to, `Payment for ${company} on Under failed`, [
    `We could not charge ${formatUsd(opts.amountCents)} for the ${opts.planName} plan of ${company}.`,
    opts.nextAttempt
      ? `We will try again on ${opts.nextAttempt.toUTCString()}. Update the card at ${opts.billingUrl} to pay sooner.`
      : 'This was the last attempt.',
    `If the payment does not succeed by ${opts.endsAt.toUTCString()}, the company moves to the Basic plan and members beyond its quota are deactivated.`,
  ]);
}

/** The paid plan ended (trial without a card, cancellation, or unpaid renewal). */
export function planEndedMail(opts: {
  to: string;
  companyName: string;
  planName: string;
  reason: 'trial-ended' | 'canceled' | 'payment-failed';
  deactivatedMembers: number;
  membershipUrl: string;
}): MailMessage {
  const company = opts.companyName.replace(/[\r\n]+/g, ' ');
  const why = {
    'trial-ended': `The ${opts.planName} trial of ${company} ended without a card.`,
    canceled: `The ${opts.planName} plan of ${company} was canceled and its last paid period ended.`,
    'payment-failed': `The ${opts.planName} plan of ${company} could not be paid for 7 days.`,
  }[opts.reason];
  return message(opts.to, `${company} is now on the Basic plan`, [
    why,
    `${company} is now on the Basic plan.${opts.deactivatedMembers ? ` ${opts.deactivatedMembers} member(s) beyond its quota were deactivated.` : ''}`,
    `Choose a plan at ${opts.membershipUrl} to continue where you left off.`,
  ]);
}
