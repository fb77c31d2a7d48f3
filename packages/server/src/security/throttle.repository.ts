import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { throttles } from '../db/schema/index';

/** How a throttle counts: `max` hits in a window of `windowMs`; with `maxWindowMs`, exponential back-off. */
export interface ThrottleRule {
  /** Names the rule in keys and in the table (e.g. 'sign-in:account'). */
  scope: string;
  max: number;
  windowMs: number;
  /**
   * Exponential back-off: each window that follows a full one (within one window length of its end) is twice as
   * long as the one before, up to this. Without it every window is `windowMs`.
   */
  maxWindowMs?: number;
}

// A hit purges at most this many expired rows of other keys: a hit adds at most one row, so expired rows go faster
// than they come, and no request pays for a big clean-up.
const PURGE_PER_HIT = 5;
// 2^16 windows is far beyond any cap; the bound keeps power() finite.
const MAX_STRIKES = 16;

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function createThrottleRepository(db: DbOrTx) {
  return {
    /**
     * Counts one hit on `key` if its window has room, in ONE statement: the row lock of INSERT ... ON CONFLICT DO
     * UPDATE orders concurrent hits from any process, so no burst is ever given more than `max`. Returns the end of
     * the window the hit was counted in, or undefined when the window is full (nothing is written then).
     */
    async hit(key: string, rule: ThrottleRule, nowMs: number): Promise<number | undefined> {
      const now = new Date(nowMs).toISOString();
      const base = rule.windowMs;
      const cap = rule.maxWindowMs ?? rule.windowMs;
      const backoff = rule.maxWindowMs !== undefined;
      // on a new window: the previous one was full and ended less than a window ago -> one more strike
      const strikes = backoff
        ? sql`case when t.window_ends_at > ${now}::timestamptz then t.strikes
            when t.hits >= ${rule.max}::int and ${now}::timestamptz < t.expires_at then least(t.strikes + 1, ${MAX_STRIKES}::int)
            else 0 end`
        : sql`0`;
      const length = sql`(least(${base}::float8 * power(2, ${strikes}), ${cap}::float8) * interval '1 millisecond')`;
      // a back-off rule remembers its strikes for one window length after the window ends
      const memory = backoff ? sql` + ${length}` : sql``;
      const result = await db.execute(sql`
        with purge as (
          delete from ${throttles} where key in (
            select key from ${throttles}
            where expires_at < ${now}::timestamptz and key <> ${key}
            order by expires_at limit ${PURGE_PER_HIT}::int
            for update skip locked
          )
        )
        insert into ${throttles} as t (key, scope, hits, window_ends_at, strikes, expires_at)
        values (
          ${key}, ${rule.scope}, 1,
          ${now}::timestamptz + ${base}::float8 * interval '1 millisecond',
          0,
          ${now}::timestamptz + ${base}::float8 * interval '1 millisecond'${backoff ? sql` + ${base}::float8 * interval '1 millisecond'` : sql``}
        )
        on conflict (key) do update set
          hits = case when t.window_ends_at <= ${now}::timestamptz then 1 else t.hits + 1 end,
          strikes = ${strikes},
          window_ends_at = case when t.window_ends_at <= ${now}::timestamptz
            then ${now}::timestamptz + ${length} else t.window_ends_at end,
          expires_at = case when t.window_ends_at <= ${now}::timestamptz
            then ${now}::timestamptz + ${length}${memory} else t.expires_at end
        where t.window_ends_at <= ${now}::timestamptz or t.hits < ${rule.max}::int
        returning (extract(epoch from t.window_ends_at) * 1000)::float8 as window_ends_ms
      `);
      return rows<{ window_ends_ms: number }>(result)[0]?.window_ends_ms;
    },

    /** When the current window of `key` ends (epoch ms), for the Retry-After of a refused hit. */
    async windowEnd(key: string): Promise<number | undefined> {
      const result = await db.execute(
        sql`select (extract(epoch from window_ends_at) * 1000)::float8 as ms from ${throttles} where key = ${key}`,
      );
      return rows<{ ms: number }>(result)[0]?.ms;
    },

    /** Takes one hit back, only from the window it was counted in (a later window owes it nothing). */
    async unhit(key: string, windowEndsMs: number): Promise<void> {
      await db.execute(sql`
        update ${throttles} set hits = hits - 1
        where key = ${key} and hits > 0
          and round(extract(epoch from window_ends_at) * 1000)::float8 = ${windowEndsMs}::float8
      `);
    },

    /** Forgets keys entirely (a password reset proves the owner: their failed sign-ins no longer count). */
    async clear(keys: string[]): Promise<void> {
      if (keys.length) await db.delete(throttles).where(inArray(throttles.key, keys));
    },
  };
}
