import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VANTIV_API } from '@under/core/api/integrations/vantiv.contract';
import type { VantivCredentialsBody, VantivView } from '@under/core/integrations/vantiv.schema';
import { useSession } from '../../../../lib/session-context';

const VANTIV_KEY = ['vantiv'] as const;

export function useVantivSetup() {
  const { http } = useSession();
  return useQuery<VantivView>({
    queryKey: VANTIV_KEY,
    queryFn: ({ signal }) => http.call(VANTIV_API.get, { signal }),
  });
}

export function useSaveVantiv() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VantivCredentialsBody) => http.call(VANTIV_API.integrate, { body }),
    onSuccess: (view) => {
      queryClient.setQueryData(VANTIV_KEY, view);
      return queryClient.invalidateQueries({ queryKey: ['integrations'], exact: true });
    },
  });
}
