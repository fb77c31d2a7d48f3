import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAPPING_API } from '@under/core/api/integrations/mapping.contract';
import type { SalesforceMapping } from '@under/core/integrations/integrations';
import { useSession } from '../../../../lib/session-context';

export const MAPPING_KEYS = {
  objects: ['salesforce', 'objects'] as const,
  attributes: (object: string) => ['salesforce', 'attributes', object] as const,
  mapping: (customFormId: string) => ['salesforce', 'mapping', customFormId] as const,
};

/** The Salesforce objects of the company's connection (an error says when it is not connected). */
export function useSfObjects(enabled: boolean) {
  const { http } = useSession();
  return useQuery({
    queryKey: MAPPING_KEYS.objects,
    enabled,
    queryFn: ({ signal }) => http.call(MAPPING_API.objects, { signal }),
    retry: false,
    refetchOnWindowFocus: false,
    // the page says it in place (not connected, the plan, a load error), not in a notification
    meta: { showsOwnError: true },
  });
}

export function useSfAttributes(object: string | undefined) {
  const { http } = useSession();
  return useQuery({
    queryKey: MAPPING_KEYS.attributes(object ?? ''),
    enabled: Boolean(object),
    queryFn: ({ signal }) => http.call(MAPPING_API.attributes, { query: { object: object ?? 'Lead' }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
    // the page says it in place (not connected, the plan, a load error), not in a notification
    meta: { showsOwnError: true },
  });
}

export function useMapping(customFormId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: MAPPING_KEYS.mapping(customFormId),
    queryFn: ({ signal }) => http.call(MAPPING_API.get, { params: { customFormId }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
    // the page says it in place (not connected, the plan, a load error), not in a notification
    meta: { showsOwnError: true },
  });
}

export function useSaveMapping(customFormId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SalesforceMapping) => http.call(MAPPING_API.put, { params: { customFormId }, body }),
    onSuccess: (view) => queryClient.setQueryData(MAPPING_KEYS.mapping(customFormId), view),
  });
}

export function useProposeMapping(customFormId: string) {
  const { http } = useSession();
  return useMutation({
    mutationFn: (object: string) => http.call(MAPPING_API.createMapper, { body: { customFormId, object } }),
  });
}

export function usePreviewMapping(customFormId: string) {
  const { http } = useSession();
  return useMutation({
    mutationFn: (body: { mapping: SalesforceMapping; applicationId?: string }) =>
      http.call(MAPPING_API.preview, { params: { customFormId }, body }),
  });
}
