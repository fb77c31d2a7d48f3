import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONNECTIONS_API } from '@under/core/api/integrations/connections.contract';
import { FORM_INTEGRATIONS_API } from '@under/core/api/integrations/forms.contract';
import type { IntegrationKind } from '@under/core/integrations/integrations';
import { useSession } from '../../../lib/session-context';
import { FORM_INTEGRATION_STATUS_KEY } from '../../../lib/use-form-integration-status';

const KEY = FORM_INTEGRATION_STATUS_KEY;

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

/**
 * A card processor's sync mode for a form: its integration config's `autoSync` (POST /api/integrations/config,
 * client ADMINISTRATOR), the form's use of it (`activeIntegration`) sent as it is.
 */
export function useSetFormAutoSync() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { customFormId: string; integration: 'cardconnect'; active: boolean; autoSync: boolean }) =>
      http.call(CONNECTIONS_API.saveConfig, {
        body: {
          formId: v.customFormId,
          integrationToActivate: v.integration,
          activeIntegration: v.active,
          autoSync: v.autoSync,
        },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
