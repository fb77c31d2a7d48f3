import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CARDCONNECT_API } from '@under/core/api/integrations/cardconnect.contract';
import type { CardConnectCredentialsBody, CardConnectView } from '@under/core/integrations/cardconnect.schema';
import { useSession } from '../../../../lib/session-context';

const CARDCONNECT_KEY = ['cardconnect'] as const;

/** The company's CardConnect setup: state and masks (GET /api/companies/card-connect). */
export function useCardConnect() {
  const { http } = useSession();
  return useQuery<CardConnectView>({
    queryKey: CARDCONNECT_KEY,
    queryFn: ({ signal }) => http.call(CARDCONNECT_API.get, { signal }),
  });
}

/** Checks the credentials with CardConnect and saves them (turning a turned-off setup on again). */
export function useIntegrateCardConnect() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CardConnectCredentialsBody) => http.call(CARDCONNECT_API.integrate, { body }),
    onSuccess: (view) => {
      queryClient.setQueryData(CARDCONNECT_KEY, view);
      return queryClient.invalidateQueries({ queryKey: ['integrations'], exact: true });
    },
  });
}

export function useTurnOffCardConnect() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.call(CARDCONNECT_API.status, { body: { status: 'inactive' } }),
    onSuccess: (view) => {
      queryClient.setQueryData(CARDCONNECT_KEY, view);
      return queryClient.invalidateQueries({ queryKey: ['integrations'], exact: true });
    },
  });
}
