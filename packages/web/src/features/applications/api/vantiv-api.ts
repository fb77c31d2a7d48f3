import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VANTIV_API } from '@under/core/api/integrations/vantiv.contract';
import type { VantivStageResult, VantivView } from '@under/core/integrations/vantiv.schema';
import { useSession } from '../../../lib/session-context';

const VANTIV_KEY = ['vantiv'] as const;
const stageKey = (applicationId: string) => ['vantiv-stage', applicationId] as const;

/** The company's Worldpay/Vantiv setup: its state (GET /api/companies/vantiv). */
export function useVantiv() {
  const { http } = useSession();
  return useQuery<VantivView>({
    queryKey: VANTIV_KEY,
    queryFn: ({ signal }) => http.call(VANTIV_API.get, { signal }),
  });
}

/** The application's last Worldpay staging. */
export function useVantivStage(applicationId: string, enabled: boolean) {
  const { http } = useSession();
  return useQuery<VantivStageResult>({
    queryKey: stageKey(applicationId),
    queryFn: ({ signal }) => http.call(VANTIV_API.lastStage, { params: { applicationId }, signal }),
    enabled,
  });
}

/** POST /api/vantiv/stage: the outcome replaces the last one. */
export function useStageWithVantiv(applicationId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.call(VANTIV_API.stage, { body: { applicationId } }),
    onSuccess: (result) => queryClient.setQueryData(stageKey(applicationId), result),
  });
}
