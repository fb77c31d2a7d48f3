import { useQuery } from '@tanstack/react-query';
import { KYC_API } from '@under/core/api/integrations/kyc.contract';
import type { ApplicationKyc } from '@under/core/integrations/kyc.schema';
import { useCallback } from 'react';
import { useSession } from '../../../lib/session-context';
import { useBoundedPoll } from '../../../lib/use-bounded-poll';

export const applicationKycKey = (applicationId: string) => ['application-kyc', applicationId] as const;

/** How the panel follows checks the provider has not finished (pollDelay): 15 s, at most 2 min, stops after 30 min. */
export const KYC_POLL = { firstMs: 15_000, maxMs: 120_000, stopAfterMs: 30 * 60_000 } as const;

const busy = (data: ApplicationKyc | undefined) =>
  data?.submission?.state === 'queued' || data?.submission?.state === 'pending';

/**
 * The application's KYC submission (null when KYC was not started), asked again less and less often while it is not
 * final; `stalled` once the bound has passed, until `refresh()` asks again and follows anew.
 */
export function useApplicationKyc(applicationId: string) {
  const { http } = useSession();
  const poll = useBoundedPoll<ApplicationKyc>(KYC_POLL, busy);
  const query = useQuery({
    queryKey: applicationKycKey(applicationId),
    queryFn: ({ signal }) => http.call(KYC_API.forApplication, { params: { applicationId }, signal }),
    refetchInterval: poll.refetchInterval,
    retry: false,
  });
  const { refetch } = query;
  const { follow } = poll;
  const refresh = useCallback(() => {
    follow();
    void refetch();
  }, [follow, refetch]);
  return { query, stalled: poll.stalled(query.data), refresh };
}
