import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FORM_INTEGRATIONS_API } from '@under/core/api/integrations/forms.contract';
import type { IntegrationKind } from '@under/core/integrations/integrations';
import { useSession } from '../../../lib/session-context';

const KEY = ['custom-forms', 'integration-status'] as const;

/** The integrations of the forms on the page: one call for all of them (decision 078). */
export function useFormIntegrationStatus(customFormIds: string[]) {
  const { http } = useSession();
  return useQuery({
    queryKey: [...KEY, customFormIds] as const,
    enabled: customFormIds.length > 0,
    queryFn: ({ signal }) => http.call(FORM_INTEGRATIONS_API.statusList, { body: { customFormIds }, signal }),
  });
}

export function useSetFormIntegration() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { customFormId: string; integration: IntegrationKind; on: boolean }) =>
      http.call(FORM_INTEGRATIONS_API.setIntegrations, {
        params: { customFormId: v.customFormId },
        body: { integrations: { [v.integration]: v.on } },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
