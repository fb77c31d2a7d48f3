import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONNECTIONS_API } from '@under/core/api/integrations/connections.contract';
import type { IntegrationsOverview, SalesforceAddInfoBody } from '@under/core/integrations/connections.schema';
import { useSession } from '../../../../lib/session-context';

/** The company's integrations; the applications' syncs have their own root (applicationSyncsKey). */
export const INTEGRATIONS_KEY = ['integrations'] as const;

/** The company's integrations: states, masks, configs (GET /api/integrations). */
export function useIntegrations() {
  const { http } = useSession();
  return useQuery<IntegrationsOverview>({
    queryKey: INTEGRATIONS_KEY,
    queryFn: ({ signal }) => http.call(CONNECTIONS_API.list, { query: {}, signal }),
  });
}

/** Keeps the connected app and answers Salesforce's authorize URL, where the browser goes next. */
export function useAddSalesforceInfo() {
  const { http } = useSession();
  return useMutation({
    mutationFn: (body: SalesforceAddInfoBody) => http.call(CONNECTIONS_API.salesforceAddInfo, { body }),
  });
}

export function useTurnOffSalesforce(companyId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.call(CONNECTIONS_API.salesforceTurnOff, { params: { companyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS_KEY }),
  });
}
