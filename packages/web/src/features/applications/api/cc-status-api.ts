import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CC_STATUS_API } from '@under/core/api/integrations/cardconnect-status.contract';
import type { CcStatusView } from '@under/core/integrations/cardconnect-status.schema';
import { useSession } from '../../../lib/session-context';
import { pollDelay, useBoundedPoll } from '../../../lib/use-bounded-poll';

export const ccStatusKey = (applicationId: string) => ['cc-status', applicationId] as const;

/**
 * How the panel follows a merchant that is not final: the server polls CardConnect on its own back-off (1 min at
 * first, decision 087); the page reads the stored status, 5 s at first, then a quarter of the time watched, at most
 * every minute, and stops after 30 minutes (Refresh then).
 */
export const CC_POLL = { firstMs: 5_000, maxMs: 60_000, stopAfterMs: 30 * 60_000 } as const;

export function ccPollDelay(watchedForMs: number): number | false {
  return pollDelay(CC_POLL, watchedForMs);
}

const moving = (data: CcStatusView | undefined) => Boolean(data?.sent && !data.final);

/** The application's CardConnect status, read again while not final (ccPollDelay); `stalled` after the bound. */
export function useCcStatus(applicationId: string) {
  const { http } = useSession();
  const poll = useBoundedPoll<CcStatusView>(CC_POLL, moving);
  const query = useQuery({
    queryKey: ccStatusKey(applicationId),
    queryFn: ({ signal }) => http.call(CC_STATUS_API.get, { params: { applicationId }, signal }),
    retry: false,
    refetchInterval: poll.refetchInterval,
  });
  return { query, stalled: poll.stalled(query.data), follow: poll.follow };
}

/** Refresh: asks CardConnect now; its answer replaces the stored status. */
export function useCcStatusRefresh(applicationId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.call(CC_STATUS_API.refresh, { params: { applicationId } }),
    onSuccess: (view) => queryClient.setQueryData(ccStatusKey(applicationId), view),
  });
}
