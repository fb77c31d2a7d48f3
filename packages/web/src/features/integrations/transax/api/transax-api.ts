import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CUSTOM_FORMS_API } from '@under/core/api/custom-forms.contract';
import { CONNECTIONS_API } from '@under/core/api/integrations/connections.contract';
import { TRANSAX_API } from '@under/core/api/integrations/transax.contract';
import type { IntegrationConfigBody } from '@under/core/integrations/connections.schema';
import type { StoredTransaxPricing } from '@under/core/integrations/transax.schema';
import { useSession } from '../../../../lib/session-context';
import { INTEGRATIONS_KEY } from '../../connections/api/connections-api';

const PRICING_KEY = ['transax-pricing'] as const;

/** The company's stored Transax pricing (GET /api/transax/pricing). */
export function useStoredTransaxPricing() {
  const { http } = useSession();
  return useQuery<StoredTransaxPricing>({
    queryKey: PRICING_KEY,
    queryFn: ({ signal }) => http.call(TRANSAX_API.storedPricing, { signal }),
  });
}

/** Reads the pricing from the gateway with the typed URL, user and password (never kept) and stores it. */
export function useRetrieveTransaxPricing() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { gatewayUrl: string; user: string; password: string }) =>
      http.call(TRANSAX_API.retrievePricing, { body }),
    onSuccess: (stored) => queryClient.setQueryData(PRICING_KEY, stored),
  });
}

/** The company's forms a pricing can be picked for (the first 100, newest first). */
export function useFormsForPricing() {
  const { http } = useSession();
  return useQuery({
    queryKey: ['transax-forms'],
    queryFn: ({ signal }) => http.call(CUSTOM_FORMS_API.list, { query: { page: 1, pageSize: 100 }, signal }),
  });
}

/** Saves a form's TSYS config with the picked pricing (POST /api/integrations/config). */
export function useSelectTransaxPricing() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IntegrationConfigBody) => http.call(CONNECTIONS_API.saveConfig, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS_KEY, exact: true }),
  });
}
