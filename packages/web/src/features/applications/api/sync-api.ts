import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SYNC_API } from '@under/core/api/integrations/sync.contract';
import { useSession } from '../../../lib/session-context';

/** A root of its own: the company's integrations (['integrations']) are invalidated without refetching these. */
export const applicationSyncsKey = (applicationId: string) => ['application-syncs', applicationId] as const;
const key = applicationSyncsKey;

/** An application's syncs; asked again every 2 s while one is queued or running (a sync's progress). */
export function useApplicationSyncs(applicationId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: key(applicationId),
    queryFn: ({ signal }) => http.call(SYNC_API.syncs, { params: { applicationId }, signal }),
    refetchInterval: (q) =>
      q.state.data?.items.some((s) => s.state === 'queued' || s.state === 'running') ? 2000 : false,
  });
}

/** "Sync now" / "Sync again". */
export function useSyncNow(applicationId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.call(SYNC_API.syncNow, { params: { applicationId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(applicationId) }),
  });
}
