import { describe, expect, it } from 'vitest';
import { CC_TRIAL_DAYS, ccTrialAt, ccTrialEnd, ccTrialReason } from './cardconnect-trial';

const start = new Date('2026-11-01T12:00:00.000Z');
const trial = { startedAt: start, endsAt: ccTrialEnd(start) };
const DAY = 86_400_000;

describe('the CardConnect trial (decision 090)', () => {
  it('lasts 30 days, counting whole days left', () => {
    expect(trial.endsAt.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(ccTrialAt(trial, 'none', start.getTime())).toMatchObject({ phase: 'trial', daysLeft: CC_TRIAL_DAYS });
    expect(ccTrialAt(trial, 'none', start.getTime() + 29.5 * DAY)?.daysLeft).toBe(1);
    expect(ccTrialReason(ccTrialAt(trial, 'trialing', trial.endsAt.getTime() - 1))).toBeNull();
  });

  it('stops the sync in words at its end unless the company pays; no trial yet stops nothing', () => {
    const ended = ccTrialAt(trial, 'none', trial.endsAt.getTime());
    expect(ended).toMatchObject({ phase: 'ended', daysLeft: 0 });
    expect(ccTrialReason(ended)).toBe(
      'The 30-day CardConnect trial ended on 2026-12-01: applications are not sent to CardConnect until the company subscribes to a paid plan (Membership). Nothing was charged.',
    );
    // a plan trial (trialing) is not a paid plan; active and past_due are
    expect(ccTrialReason(ccTrialAt(trial, 'trialing', trial.endsAt.getTime() + DAY))).not.toBeNull();
    expect(ccTrialAt(trial, 'active', trial.endsAt.getTime() + DAY)?.phase).toBe('paid');
    expect(ccTrialReason(ccTrialAt(trial, 'past_due', trial.endsAt.getTime() + DAY))).toBeNull();
    expect(ccTrialReason(ccTrialAt(null, 'none', 0))).toBeNull();
  });
});
