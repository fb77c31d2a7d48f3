import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import type { Clock } from '../clock';
import type { DbOrTx } from '../db/client';
import { AppError } from '../errors';
import { createThrottleRepository, type ThrottleRule } from './throttle.repository';

export type { ThrottleRule } from './throttle.repository';

/** A hit counted against one rule; giving it back frees its place in the window it was counted in. */
interface Reservation {
  key: string;
  windowEndsMs: number;
}

/** A rule and the subject it counts for (an address, "pool:e-mail", a company id, …). */
type ThrottleCheck = readonly [ThrottleRule, string];

/** 429 with the spec's text and the wait in minutes. */
function tooMany(retryAfterMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new AppError(ERROR_CODES.rateLimited, `${MESSAGES.http429} (${minutes} min)`);
}

/**
 * The address a throttle counts: IPv4 as it is, IPv6 by its /64 (one subscriber's network: whoever holds one IPv6
 * address holds the 2^64 around it), an IPv4-mapped IPv6 address as IPv4.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = (ip.toLowerCase().split('%')[0] ?? '').split('::');
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const full = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Every throttle of the product, with the numbers of decision 019 (invitations: decision 020). */
export const THROTTLE_RULES = {
  /** Failed sign-ins of one account from one address; doubling windows after each full one. */
  signInAccountAddress: { scope: 'sign-in:account-address', max: 5, windowMs: 15 * MINUTE, maxWindowMs: 24 * HOUR },
  /** Failed sign-ins from one address across accounts (spraying one password over many e-mails). */
  signInAddress: { scope: 'sign-in:address', max: 30, windowMs: 15 * MINUTE },
  /**
   * Failed sign-ins of one account from all addresses (a botnet); not counted nor applied from an address the
   * account has signed in from before, so that it cannot lock the owner out.
   */
  signInAccount: { scope: 'sign-in:account', max: 100, windowMs: HOUR, maxWindowMs: 24 * HOUR },
  /**
   * Daily ceilings beside the windows above: a guesser who paces just under a window (4 every 15 minutes) never
   * fills one and so never backs off; these hold such pacing to 20 checks a day per account and address, and 300 a
   * day per account from unfamiliar addresses (review of decision 019).
   */
  signInAccountAddressDay: { scope: 'sign-in:account-address-day', max: 20, windowMs: 24 * HOUR },
  signInAccountDay: { scope: 'sign-in:account-day', max: 300, windowMs: 24 * HOUR },
  /** Wrong old passwords at change-password, per user. */
  changePassword: { scope: 'change-password:user', max: 5, windowMs: 15 * MINUTE, maxWindowMs: 24 * HOUR },
  /** Code e-mails asked for (resend-code, forgot-password), per e-mail and address; known or not. */
  codeRequestEmailAddress: { scope: 'code-request:email-address', max: 5, windowMs: HOUR },
  /** Code e-mails asked for from one address. */
  codeRequestAddress: { scope: 'code-request:address', max: 20, windowMs: HOUR },
  /** Code e-mails actually sent to one mailbox; over it nothing is sent, and the answer does not change. */
  codeMail: { scope: 'code-mail:email', max: 10, windowMs: HOUR },
  /** Codes entered (confirm-sign-up, confirm-forgot-password) from one address. */
  codeCheckAddress: { scope: 'code-check:address', max: 30, windowMs: 15 * MINUTE },
  /** Answers on whether an e-mail has an account (sign-up, the e-mail existence check), per address. */
  accountLookupAddress: { scope: 'account-lookup:address', max: 30, windowMs: HOUR },
  /** Invitations asked for by one company, whatever the answer (decision 020). */
  inviteCompany: { scope: 'invite:company', max: 30, windowMs: HOUR },
  /** Invitations asked for from one address, whatever the answer and the company (decision 020). */
  inviteAddress: { scope: 'invite:address', max: 60, windowMs: HOUR },
  /** An owner's link re-sent by the primary applicant, per owner e-mail (decision 037). */
  ownerLinkResend: { scope: 'owner-link:resend-email', max: 5, windowMs: HOUR },
  /** Fresh applicant links asked for on an expired link, per address, matched or not (decision 037). */
  applicantLinkRequestAddress: { scope: 'applicant-link:address', max: 20, windowMs: HOUR },
  /** Fresh applicant links asked for, per e-mail, matched or not (decision 037). */
  applicantLinkRequestEmail: { scope: 'applicant-link:email', max: 5, windowMs: HOUR },
  /** New owners (each e-mailed a link) named on one application (decision 037); over it the save is refused. */
  ownerLinksApplication: { scope: 'owner-links:application', max: 40, windowMs: HOUR },
  /** Applicant link e-mails actually sent to one mailbox; over it nothing is sent and the answer does not change. */
  applicantLinkMail: { scope: 'applicant-link-mail:email', max: 10, windowMs: HOUR },
  /** New applications (drafts) started from one address on any form (decision 036). */
  applicantDraftAddress: { scope: 'applicant-draft:address', max: 20, windowMs: HOUR },
  /** New applications started on one form from all addresses (decision 036): a flood stops at the form. */
  applicantDraftForm: { scope: 'applicant-draft:form', max: 500, windowMs: HOUR },
  /** Attachment upload URLs asked for from one address (decision 036). */
  applicantUploadAddress: { scope: 'applicant-upload:address', max: 60, windowMs: HOUR },
} as const satisfies Record<string, ThrottleRule>;

const keyOf = (rule: ThrottleRule, subject: string) =>
  createHash('sha256').update(`${rule.scope}:${subject}`).digest('base64url');

/**
 * Throttles kept in PostgreSQL, so every instance counts the same hits (decision 019). `take` RESERVES before the
 * guarded work runs (a password check, an e-mail): concurrent requests cannot all see room and then all proceed.
 */
export function createThrottles(deps: { db: DbOrTx; now?: Clock }) {
  const repo = createThrottleRepository(deps.db);
  const now = deps.now ?? Date.now;

  async function giveBack(reservations: readonly Reservation[]): Promise<void> {
    for (const r of reservations) await repo.unhit(r.key, r.windowEndsMs);
  }

  return {
    /**
     * Counts one hit on each check, in order; when one is full, gives back the hits already taken and throws 429
     * with the time until that window ends. Every rule therefore holds a hit only for work that really runs.
     */
    async take(checks: readonly ThrottleCheck[]): Promise<Reservation[]> {
      const taken: Reservation[] = [];
      for (const [rule, subject] of checks) {
        const key = keyOf(rule, subject);
        const t = now();
        const windowEndsMs = await repo.hit(key, rule, t);
        if (windowEndsMs === undefined) {
          await giveBack(taken);
          const end = await repo.windowEnd(key);
          // measured from now, not from `t`: a request that waited may find a window opened after its own `t`
          throw tooMany((end ?? t + rule.windowMs) - Math.max(t, now()));
        }
        taken.push({ key, windowEndsMs });
      }
      return taken;
    },

    /** Like `take` for one check, but answers false instead of throwing (limits that must not show, e.g. mails). */
    async tryTake(rule: ThrottleRule, subject: string): Promise<boolean> {
      return (await repo.hit(keyOf(rule, subject), rule, now())) !== undefined;
    },

    giveBack,

    /** Forgets the counts of these checks entirely. */
    async clear(checks: readonly ThrottleCheck[]): Promise<void> {
      await repo.clear(checks.map(([rule, subject]) => keyOf(rule, subject)));
    },
  };
}

export type Throttles = ReturnType<typeof createThrottles>;
