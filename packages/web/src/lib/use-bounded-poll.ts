import type { Query } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

/** How a page follows something still moving: the first wait, the longest, and when it stops asking by itself. */
export interface PollBound {
  readonly firstMs: number;
  readonly maxMs: number;
  readonly stopAfterMs: number;
}

/**
 * The wait before the next look at something moving for `movingForMs`: `firstMs` at first, then a quarter of the
 * time waited so far (a provider that is down is not asked every few seconds for hours), at most `maxMs`; false
 * once `stopAfterMs` has passed (the page then offers Refresh).
 */
export function pollDelay(bound: PollBound, movingForMs: number): number | false {
  if (movingForMs >= bound.stopAfterMs) return false;
  return Math.min(bound.maxMs, Math.max(bound.firstMs, Math.round(movingForMs / 4)));
}

/**
 * A query's `refetchInterval` that follows its data while `moving` says so, less and less often (pollDelay); after
 * the bound, `stalled(data)` is true until `follow()` (after Refresh, or when the user asks for the thing again).
 * One helper for the Integrations panel, the CardConnect status and KYC.
 */
export function useBoundedPoll<T>(bound: PollBound, moving: (data: T | undefined) => boolean) {
  // since when the data has been moving (this page's clock); null while it is not
  const since = useRef<number | null>(null);
  const [stopped, setStopped] = useState(false);
  const refetchInterval = (q: Query<T, Error, T, readonly unknown[]>): number | false => {
    if (!moving(q.state.data)) {
      since.current = null;
      // settled: a later move is followed afresh, not shown as stalled at once
      if (stopped) queueMicrotask(() => setStopped(false));
      return false;
    }
    since.current ??= Date.now();
    const delay = pollDelay(bound, Date.now() - since.current);
    if (delay === false) queueMicrotask(() => setStopped(true));
    return delay;
  };
  const follow = useCallback(() => {
    since.current = null;
    setStopped(false);
  }, []);
  const stalled = (data: T | undefined) => stopped && moving(data);
  return { refetchInterval, follow, stalled };
}
