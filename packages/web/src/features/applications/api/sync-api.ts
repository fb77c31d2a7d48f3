import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SYNC_API } from '@under/core/api/integrations/sync.contract';
import type { ApplicationSyncs } from '@under/core/integrations/sync.schema';
import { SYNC_TEXT } from '@under/core/ui-text/integrations-sync';
import { useCallback, useEffect, useRef } from 'react';
import { useSession } from '../../../lib/session-context';
import { pollDelay, useBoundedPoll } from '../../../lib/use-bounded-poll';
import { useOneFormIntegrations } from '../../../lib/use-form-integration-status';
import { ccStatusKey } from './cc-status-api';

/** A root of its own: the company's integrations (['integrations']) are invalidated without refetching these. */
export const applicationSyncsKey = (applicationId: string) => ['application-syncs', applicationId] as const;
const key = applicationSyncsKey;

/** How the panel follows a sync that stays queued or running. */
export const SYNC_POLL = { firstMs: 2_000, maxMs: 30_000, stopAfterMs: 10 * 60_000 } as const;

/** The wait before the next look at syncs busy for `busyForMs` (pollDelay with SYNC_POLL): 2 s, at most 30 s. */
export function syncPollDelay(busyForMs: number): number | false {
  return pollDelay(SYNC_POLL, busyForMs);
}

const isBusy = (data: ApplicationSyncs | undefined) =>
  Boolean(data?.items.some((s) => s.state === 'queued' || s.state === 'running'));

/** What the CardConnect status panel depends on in the syncs: the CardConnect sync's state and merchant id. */
const ccMark = (data: ApplicationSyncs | undefined) => {
  const cc = data?.items.find((s) => s.integration === 'cardconnect');
  return cc ? `${cc.state}|${cc.recordId ?? ''}|${cc.updatedAt}` : '';
};

/**
 * An application's syncs, asked again while one is queued or running, less and less often (syncPollDelay); after
 * the bound, `stalled` is true until `refresh` (or `follow`, when a sync is asked for again).
 */
export function useApplicationSyncs(applicationId: string) {
  const { http } = useSession();
  const poll = useBoundedPoll<ApplicationSyncs>(SYNC_POLL, isBusy);
  const query = useQuery({
    queryKey: key(applicationId),
    queryFn: ({ signal }) => http.call(SYNC_API.syncs, { params: { applicationId }, signal }),
    refetchInterval: poll.refetchInterval,
  });
  const { refetch } = query;
  // the CardConnect status follows its sync (decision 087): once a CardConnect sync starts, settles or gets its
  // merchant id, the stored status is read again (it answers `sent` from then on, and follows the merchant)
  const queryClient = useQueryClient();
  const seen = useRef<string | null>(null);
  const mark = query.isSuccess ? ccMark(query.data) : null;
  useEffect(() => {
    if (mark === null) return;
    const before = seen.current;
    seen.current = mark;
    if (before !== null && before !== mark)
      void queryClient.invalidateQueries({ queryKey: ccStatusKey(applicationId) });
  }, [mark, applicationId, queryClient]);
  /** Follows the syncs from now on again (after "Sync now"). */
  const { follow } = poll;
  const refresh = useCallback(() => {
    follow();
    void refetch();
  }, [follow, refetch]);
  return { query, stalled: poll.stalled(query.data), refresh, follow };
}

/** The integrations "Sync now" can send to: Salesforce's route, and CardConnect's `sync-to-cc`. */
export type SyncTarget = 'salesforce' | 'cardconnect';

/**
 * "Sync now" / "Sync again" / "Send to CardConnect": Salesforce's route, or CardConnect's `sync-to-cc` with the
 * application's form (decision 086; never Salesforce's route for CardConnect). A CardConnect sync asked for also
 * reads the CardConnect status again.
 */
export function useSyncNow(applicationId: string, customFormId?: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (integration: SyncTarget) => {
      if (integration === 'salesforce') return http.call(SYNC_API.syncNow, { params: { applicationId } });
      if (!customFormId) throw new Error(SYNC_TEXT.formNotKnownYet);
      return http.call(SYNC_API.syncToCc, { params: { applicationId }, body: { formId: customFormId } });
    },
    onSettled: (_data, _error, integration) => {
      void queryClient.invalidateQueries({ queryKey: key(applicationId) });
      if (integration === 'cardconnect') void queryClient.invalidateQueries({ queryKey: ccStatusKey(applicationId) });
    },
  });
}

/**
 * The application's form's integrations (the forms list's status call for one form): which the form uses and the
 * company's connection of each, so the panel offers only the syncs that can happen.
 */
export function useFormSyncTargets(customFormId: string | undefined) {
  return useOneFormIntegrations(customFormId);
}
