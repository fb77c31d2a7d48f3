import { z } from 'zod';

/**
 * The card processor's 30-day trial (spec 1 §1 "a card payment provider (with a 30-day trial that does not auto-bill
 * afterwards)", §9; issue #24 §1; decision 090). It starts with the company's first CardConnect connection, once per
 * company, and is never billed: no card is asked and nothing is charged at its end. After it, applications are no
 * longer sent to CardConnect unless the company is on a paid plan (subscribed on /membership or /payment-membership);
 * the setup, the mapping and the merchants already boarded stay.
 */
export const CC_TRIAL_DAYS = 30;
const DAY_MS = 86_400_000;

/** The plan statuses (billing.schema SUBSCRIPTION_STATUSES) in which the company pays: syncing goes on. */
export const PAID_STATUSES: ReadonlySet<string> = new Set(['active', 'past_due']);

export const CardConnectTrialSchema = z.object({
  /** `trial`: in its 30 days; `ended`: over and no paid plan (nothing is sent); `paid`: a paid plan (ended or not). */
  phase: z.enum(['trial', 'ended', 'paid']),
  startedAt: z.string(),
  endsAt: z.string(),
  /** Whole days left, rounded up (0 once ended). */
  daysLeft: z.number().int(),
});
export type CardConnectTrial = z.infer<typeof CardConnectTrialSchema>;

export const CC_TRIAL_WORDS = {
  /** The sync's reason once the trial is over (the syncability check's words). */
  ended: (endDate: string) =>
    `The 30-day CardConnect trial ended on ${endDate}: applications are not sent to CardConnect until the company subscribes to a paid plan (Membership). Nothing was charged.`,
} as const;

/** The trial's phase at `now` (ms): the one rule the sync's check, the page and the notice read. */
export function ccTrialAt(
  trial: { startedAt: Date; endsAt: Date } | null | undefined,
  planStatus: string | null | undefined,
  now: number,
): CardConnectTrial | null {
  if (!trial) return null;
  const left = trial.endsAt.getTime() - now;
  return {
    phase: planStatus && PAID_STATUSES.has(planStatus) ? 'paid' : left > 0 ? 'trial' : 'ended',
    startedAt: trial.startedAt.toISOString(),
    endsAt: trial.endsAt.toISOString(),
    daysLeft: left > 0 ? Math.ceil(left / DAY_MS) : 0,
  };
}

/** The trial's end for a start. */
export const ccTrialEnd = (start: Date) => new Date(start.getTime() + CC_TRIAL_DAYS * DAY_MS);

/** The words that stop a sync, or null when the trial lets it go on (no trial yet: the connection decides). */
export function ccTrialReason(trial: CardConnectTrial | null): string | null {
  if (trial?.phase !== 'ended') return null;
  return CC_TRIAL_WORDS.ended(trial.endsAt.slice(0, 10));
}
