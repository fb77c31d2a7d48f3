import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SYNC_API } from '@under/core/api/integrations/sync.contract';
import type { ApplicationSyncs } from '@under/core/integrations/sync.schema';
import { useCallback, useRef, useState } from 'react';
import { useSession } from '../../../lib/session-context';

/** A root of its own: the company's integrations (['integrations']) are invalidated without refetching these. */
export const applicationSyncsKey = (applicationId: string) => ['application-syncs', applicationId] as const;
const key = applicationSyncsKey;

/** How the panel follows a sync that stays queued or running. */
export const SYNC_POLL = { firstMs: 2_000, maxMs: 30_000, stopAfterMs: 10 * 60_000 } as const;

/**
 * The wait before the next look at syncs busy for `busyForMs`: 2 s at first, then a quarter of the time waited so
 * far (a provider that is down is not asked about every 2 s for hours), at most 30 s; false after 10 minutes (the
 * panel then offers Refresh).
 */
export function syncPollDelay(busyForMs: number): number | false {
  if (busyForMs >= SYNC_POLL.stopAfterMs) return false;
  return Math.min(SYNC_POLL.maxMs, Math.max(SYNC_POLL.firstMs, Math.round(busyForMs / 4)));
}

const isBusy = (data: ApplicationSyncs | undefined) =>
  Boolean(data?.items.some((s) => s.state === 'queued' || s.state === 'running'));

/**
 * An application's syncs, asked again while one is queued or running, less and less often (syncPollDelay); after
 * the bound, `stalled` is true until `refresh` (or `follow`, when a sync is asked for again).
 */
export function useApplicationSyncs(applicationId: string) {
  const { http } = useSession();
  // since when the syncs have been busy (this page's clock); null while none is
  const since = useRef<number | null>(null);
  const [stalled, setStalled] = useState(false);
  const query = useQuery({
    queryKey: key(applicationId),
    queryFn: ({ signal }) => http.call(SYNC_API.syncs, { params: { applicationId }, signal }),
    refetchInterval: (q) => {
      if (!isBusy(q.state.data)) {
        since.current = null;
        return false;
      }
      since.current ??= Date.now();
      const delay = syncPollDelay(Date.now() - since.current);
      if (delay === false) queueMicrotask(() => setStalled(true));
      return delay;
    },
  });
  const { refetch } = query;
  /** Follows the syncs from now on again (after "Sync now"). */
  const follow = useCallback(() => {
    since.current = null;
    setStalled(false);
  }, []);
  const refresh = useCallback(() => {
    follow();
    void refetch();
  }, [follow, refetch]);
  return { query, stalled: stalled && isBusy(query.data), refresh, follow };
}

/**
 * "Sync now" / "Sync again": Salesforce's route, or CardConnect's `sync-to-cc` with the application's form
 * (decision 086).
 */
export function useSyncNow(applicationId: string, customFormId?: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (integration: string) =>
      integration === 'cardconnect' && customFormId
        ? http.call(SYNC_API.syncToCc, { params: { applicationId }, body: { formId: customFormId } })
        : http.call(SYNC_API.syncNow, { params: { applicationId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(applicationId) }),
  });
}
