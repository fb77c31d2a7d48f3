import { INVITATION_TTL_MS } from '../accounts/invitation';
import { APPLICANT_LINK_TTL_DAYS, DRAFT_RETENTION_DAYS } from '../applications/application.schema';
import { SIGN_CODE_TTL_MINUTES } from '../applications/signing.schema';
import { formatUsd } from '../billing/money';
import { statusMailReason } from './notifications';

/**
 * The words of every e-mail the portal sends (issue 22 §4: user texts live in core). The server lays them out as a
 * multipart message (`infra/mail/compose.ts`): the paragraphs, then the code, the action, the note, and "Under".
 * Names typed by people (companies, forms, applicants) arrive here as they were typed: `oneLine` keeps them out of a
 * subject's line breaks, and the server escapes everything in HTML.
 */
export interface MailText {
  subject: string;
  paragraphs: string[];
  /** A one-time code, printed large (and as "Your code: NNNNNN" in the text part). */
  code?: string;
  /** The one link the mail is about. `button` draws it as a button followed by the bare address. */
  action?: { label: string; href: string; style: 'button' | 'link' | 'bare' };
  /** A last, quieter paragraph, optionally ending with a link. */
  note?: string;
  noteLink?: string;
  /** Paragraphs after the action (before the note); the last one ends with `afterLink` when it is set. */
  after?: string[];
  afterLink?: string;
}

/** Names come from people: one line each, so no text of theirs can shape a subject. */
export const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

const capital = (s: string) => `${s[0]?.toUpperCase() ?? ''}${s.slice(1)}`;

// ------------------------------------------------------------------------------------------- accounts and auth

const codeText = (subject: string, intro: string, code: string, link: string): MailText => ({
  subject,
  paragraphs: [intro],
  code,
  after: ['It expires in 10 minutes and works once. Enter it at'],
  afterLink: link,
  note: 'If you did not ask for this, ignore this e-mail.',
});

export const signUpCodeText = (code: string, publicUrl: string) =>
  codeText(
    `Your Under verification code: ${code}`,
    'Welcome to Under. Confirm your e-mail address with this code.',
    code,
    `${publicUrl}/verify-email`,
  );

export const resetCodeText = (code: string, verifyUrl: string) =>
  codeText(
    `Your Under password reset code: ${code}`,
    'We received a request to reset your Under password.',
    code,
    verifyUrl,
  );

const INVITATION_DAYS = Math.round(INVITATION_TTL_MS / 86_400_000);

/** A company's invitation to a new member; `link` is a placeholder the server fills per invitation. */
export const teamInviteText = (opts: {
  companyName: string;
  inviterName: string;
  role: string;
  link: string;
}): MailText => {
  const company = oneLine(opts.companyName);
  const roleText = opts.role === 'ADMINISTRATOR' ? 'an administrator' : 'a member';
  return {
    subject: `You are invited to join ${company} on Under`,
    paragraphs: [`${oneLine(opts.inviterName)} invited you to join ${company} on Under as ${roleText}.`],
    action: { label: `Join ${company}`, href: opts.link, style: 'button' },
    note: `The link works for ${INVITATION_DAYS} days. If you did not expect this invitation, you can ignore this e-mail.`,
  };
};

/** A new admin user: no password and no code, the admin app's recovery sets it (decision 033). */
export const adminInvitationText = (opts: { to: string; inviterName: string; publicUrl: string }): MailText => {
  const link = `${opts.publicUrl}/admin/forgot-password`;
  return {
    subject: 'Your Under administrator account',
    paragraphs: [
      `${oneLine(opts.inviterName)} gave you an administrator account on Under (${opts.to}).`,
      'To choose your password, open the link below, enter this e-mail address and follow the code we send you.',
    ],
    action: { label: link, href: link, style: 'bare' },
    note: 'If you did not expect this e-mail, tell your Under administrator.',
  };
};

// ------------------------------------------------------------------------------------------------------- billing

/** A renewal was declined: when it is tried again and when the plan ends (decision 032). */
export const paymentFailedText = (opts: {
  companyName: string;
  planName: string;
  amountCents: number;
  nextAttempt: Date | null;
  endsAt: Date;
  billingUrl: string;
}): MailText => {
  const company = oneLine(opts.companyName);
  return {
    subject: `Payment for ${company} on Under failed`,
    paragraphs: [
      `We could not charge ${formatUsd(opts.amountCents)} for the ${opts.planName} plan of ${company}.`,
      opts.nextAttempt
        ? `We will try again on ${opts.nextAttempt.toUTCString()}. Update the card at ${opts.billingUrl} to pay sooner.`
        : 'This was the last attempt.',
      `If the payment does not succeed by ${opts.endsAt.toUTCString()}, the company moves to the Basic plan and members beyond its quota are deactivated.`,
    ],
  };
};

/** The paid plan ended (trial without a card, cancellation, or unpaid renewal). */
export const planEndedText = (opts: {
  companyName: string;
  planName: string;
  reason: 'trial-ended' | 'canceled' | 'payment-failed';
  deactivatedMembers: number;
  membershipUrl: string;
}): MailText => {
  const company = oneLine(opts.companyName);
  const why = {
    'trial-ended': `The ${opts.planName} trial of ${company} ended without a card.`,
    canceled: `The ${opts.planName} plan of ${company} was canceled and its last paid period ended.`,
    'payment-failed': `The ${opts.planName} plan of ${company} could not be paid for 7 days.`,
  }[opts.reason];
  return {
    subject: `${company} is now on the Basic plan`,
    paragraphs: [
      why,
      `${company} is now on the Basic plan.${opts.deactivatedMembers ? ` ${opts.deactivatedMembers} member(s) beyond its quota were deactivated.` : ''}`,
      `Choose a plan at ${opts.membershipUrl} to continue where you left off.`,
    ],
  };
};

// -------------------------------------------------------------------------------------------------- integrations

/**
 * Spec 1 §6 "An admin is told when a client turned off an integration" (decision 073): which company, which
 * integration, who and when, and where to look. Never a credential, a token or a mask.
 */
export const integrationTurnedOffText = (opts: {
  companyName: string;
  integration: string;
  by: string;
  at: Date;
  adminUrl: string;
}): MailText => {
  const company = oneLine(opts.companyName);
  return {
    subject: oneLine(`${company} turned off ${opts.integration}`),
    paragraphs: [
      `${company} turned off its ${opts.integration} integration on ${opts.at.toUTCString()} (by ${oneLine(opts.by)}).`,
      `Its applications are no longer synced to ${opts.integration} until the company turns it back on with Edit or Update Token.`,
    ],
    action: { label: 'Accounts', href: opts.adminUrl, style: 'link' },
  };
};

/** The end of a company's 30-day CardConnect trial (decision 090), to the platform's and the company's admins. */
export const cardConnectTrialEndedText = (opts: {
  companyName: string;
  endedAt: Date;
  paid: boolean;
  url: string;
}): MailText => {
  const company = oneLine(opts.companyName);
  return {
    subject: oneLine(`${company}: the 30-day CardConnect trial has ended`),
    paragraphs: [
      `The 30-day CardConnect trial of ${company} ended on ${opts.endedAt.toUTCString()}. Nothing is charged for it.`,
      opts.paid
        ? `${company} is on a paid plan: its applications go on being sent to CardConnect.`
        : `Its applications are no longer sent to CardConnect until ${company} subscribes to a paid plan (Membership). Its CardConnect setup and mapping are kept.`,
    ],
    action: { label: 'Membership', href: opts.url, style: 'link' },
  };
};

// -------------------------------------------------------------------------------------------------- applicants

/** The first save's e-mail (issue 12): the resume link, and how long an unsubmitted draft is kept. */
export const resumeLinkText = (opts: { institution: string; formName: string; link: string }): MailText => ({
  subject: `Continue your application to ${oneLine(opts.institution)}`,
  paragraphs: [
    `Your application "${oneLine(opts.formName)}" to ${oneLine(opts.institution)} is saved. Use this link to continue it on any device:`,
  ],
  action: { label: 'Continue my application', href: opts.link, style: 'link' },
  after: [
    `Unsubmitted applications are kept for ${DRAFT_RETENTION_DAYS} days after their last change, then removed. The link works for 30 days after its last use; anyone with it can open your application, so do not share it.`,
  ],
  note: 'If you did not start this application, ignore this e-mail.',
});

/** The invitation to an applicant (decision 041): the link opens the application without an account. */
export const applicationInviteText = (opts: { companyName: string; formName: string; link: string }): MailText => {
  const company = oneLine(opts.companyName);
  const form = oneLine(opts.formName);
  return {
    subject: `${company} invites you to fill in ${form}`,
    paragraphs: [
      `${company} invites you to fill in the application "${form}".`,
      `Open the link below to start. You do not need an account: your answers are saved as you type, and the same link brings you back to them on any device for ${APPLICANT_LINK_TTL_DAYS} days.`,
    ],
    action: { label: 'Open the application', href: opts.link, style: 'button' },
    note: `Keep this e-mail to yourself: anyone with the link can open your application. If you did not expect this invitation, you can ignore this e-mail or contact ${company}.`,
  };
};

/** The primary applicant learns that an application was started in their name and where its link went (no link). */
export const applicationInviteNoticeText = (opts: {
  companyName: string;
  formName: string;
  invitedEmail: string;
}): MailText => {
  const company = oneLine(opts.companyName);
  return {
    subject: `${company} started an application in your name`,
    paragraphs: [
      `${company} started the application "${oneLine(opts.formName)}" with your e-mail as the primary applicant's, and sent the link to fill it in to ${opts.invitedEmail}.`,
      `Links and reminders for this application will come to this address. If you did not expect this, contact ${company}.`,
    ],
  };
};

/** One owner's own link: named as an owner by the primary applicant, a resend, or a fresh link they asked for. */
export const ownerLinkText = (opts: {
  link: string;
  institution: string;
  applicantCompany: string | null;
  reason: 'added' | 'resend' | 'request';
}): MailText => {
  const institution = oneLine(opts.institution);
  const what = opts.applicantCompany
    ? `the merchant application of ${oneLine(opts.applicantCompany)} to ${institution}`
    : `a merchant application to ${institution}`;
  const earlier = opts.reason === 'added' ? '' : ' Links to this application e-mailed to you before stop working.';
  return {
    subject:
      opts.reason === 'request'
        ? `Your link to your application to ${institution}`
        : `Your part of an application to ${institution}`,
    paragraphs: [
      opts.reason === 'request'
        ? `Here is a fresh link to ${what}, as you asked.`
        : `You are named as an owner in ${what}. Please open your link, fill in your part and press "My part is complete".`,
    ],
    action: { label: 'Open the application', href: opts.link, style: 'button' },
    note: `The link works for ${APPLICANT_LINK_TTL_DAYS} days and only for you: do not forward it.${earlier} If you did not expect this e-mail, you can ignore it.`,
  };
};

/** The institution asks an owner to correct a submitted application (decision 052). */
export const editLinkText = (opts: {
  link: string;
  institution: string;
  applicantCompany: string | null;
}): MailText => {
  const institution = oneLine(opts.institution);
  const what = opts.applicantCompany
    ? `the merchant application of ${oneLine(opts.applicantCompany)}`
    : 'your merchant application';
  return {
    subject: `${institution}: please correct ${what}`,
    paragraphs: [
      `${institution} asks you to review and correct ${what}.`,
      'Open your link, change what is needed and submit the application again. If a signed answer changes, the owners are asked to sign again.',
    ],
    action: { label: 'Correct the application', href: opts.link, style: 'button' },
    note: `The link works for ${APPLICANT_LINK_TTL_DAYS} days and only for you: do not forward it. Links to this application e-mailed to you before stop working. If you did not expect this e-mail, contact ${institution}.`,
  };
};

const STATUS_SAID: Record<'pending' | 'approved' | 'denied', string> = {
  approved: 'has been approved',
  denied: 'has been denied',
  pending: 'is being reviewed again',
};

/** The applicant learns the institution's decision (decision 042) when the team chooses to tell them. */
export const applicationStatusText = (opts: {
  companyName: string;
  formName: string;
  number: number;
  status: 'pending' | 'approved' | 'denied';
  reason?: string | null;
}): MailText => {
  const company = oneLine(opts.companyName);
  const reason = opts.reason?.trim() ? statusMailReason(opts.reason.trim()) : null;
  return {
    subject: `${company}: your application ${STATUS_SAID[opts.status]}`,
    paragraphs: [
      `Your application "${oneLine(opts.formName)}" (number ${opts.number}) to ${company} ${STATUS_SAID[opts.status]}.`,
      ...(reason ? [reason] : []),
      `If you have questions, contact ${company}.`,
    ],
  };
};

// ------------------------------------------------------------------------------------------------------- signing

/** The one-time code that proves the owner's e-mail before signing (never logged, never audited). */
export const signCodeText = (opts: { code: string; institution: string }): MailText => ({
  subject: `Your signing code: ${opts.code}`,
  paragraphs: [
    `Your code to sign your application to ${oneLine(opts.institution)} is ${opts.code}.`,
    `It works once, for ${SIGN_CODE_TTL_MINUTES} minutes. If you did not ask for it, someone has your application link: do not share the code.`,
  ],
});

/** An owner is asked to sign (the application was submitted), or reminded, or asked again after a change. */
export const signRequestText = (opts: {
  institution: string;
  applicantCompany: string | null;
  link: string;
  reason: 'ready' | 'reminder' | 'again';
}): MailText => {
  const institution = oneLine(opts.institution);
  const what = opts.applicantCompany ? `the application of ${oneLine(opts.applicantCompany)}` : 'your application';
  const first =
    opts.reason === 'again'
      ? `${capital(what)} to ${institution} was changed after you signed it, so your signature no longer applies. Please review it and sign again.`
      : opts.reason === 'reminder'
        ? `A reminder: ${what} to ${institution} is waiting for your signature.`
        : `${capital(what)} to ${institution} is complete and waiting for your signature.`;
  const subject =
    opts.reason === 'again'
      ? `Please sign again: ${institution}`
      : opts.reason === 'reminder'
        ? `Reminder: your signature is awaited by ${institution}`
        : `Please sign your application to ${institution}`;
  return {
    subject,
    paragraphs: [
      first,
      'Open your link, read the filled documents, and sign with a code we e-mail to this address. This link is yours: do not forward it.',
    ],
    action: { label: 'Review and sign', href: opts.link, style: 'link' },
  };
};

/** Everyone signed: the documents are being prepared. */
export const signCompletedText = (opts: { institution: string }): MailText => ({
  subject: `Everyone has signed: ${oneLine(opts.institution)}`,
  paragraphs: [
    `Every owner has signed the application to ${oneLine(opts.institution)}. The signed documents are being prepared; you can download them through your application link when they are ready.`,
  ],
});

// --------------------------------------------------------------------------------------------------------- vault

/** The code that unlocks the applicant's saved answers. */
export const vaultCodeText = (code: string): MailText => ({
  subject: `Your code for your saved answers: ${code}`,
  paragraphs: ['You asked to fill in an application with the answers you saved with us.'],
  code,
  after: ['It expires in 10 minutes and works once. Enter it on the application page.'],
  note: 'If you did not ask for this, ignore this e-mail: nobody can see your saved answers without this code.',
});

/** Someone asked for the saved answers of an address that has none: its owner learns that, and nobody else does. */
export const vaultNoneText = (): MailText => ({
  subject: 'Your saved answers',
  paragraphs: [
    'You asked to fill in an application with the answers you saved with us, but there are no saved answers for this e-mail address.',
    'To save them, tick “Remember my answers for other applications” when you fill in an application.',
  ],
  note: 'If you did not ask for this, ignore this e-mail.',
});
