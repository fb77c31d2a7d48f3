import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
 * client ADMINISTRATOR), the form's use of it (`activeIntegration`) sent as it is. The body is whole: the schema
 * defaults what is left out (credentialsTemplateId and selectedStoredPricing to null) and the server keeps what it
 * is sent, so the stored config is read first and its other settings sent back as they are (masked credentials
 * keep the stored ones), as the Transax page does.
 */
export function useSetFormAutoSync() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { customFormId: string; integration: 'cardconnect'; active: boolean; autoSync: boolean }) => {
      const overview = await http.call(CONNECTIONS_API.list, { query: {} });
      const config = overview.configs.find(
        (c) => c.formId === v.customFormId && c.integrationToActivate === v.integration,
      );
      return http.call(CONNECTIONS_API.saveConfig, {
        body: {
          formId: v.customFormId,
          integrationToActivate: v.integration,
          credentials: config?.credentials ?? {},
          credentialsTemplateId: config?.credentialsTemplateId ?? null,
          selectedStoredPricing: config?.selectedStoredPricing ?? null,
          activeIntegration: v.active,
          autoSync: v.autoSync,
        },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** GET /api/integrations's cache key (the integrations page reads the same answer). */
const OVERVIEW_KEY = ['integrations'] as const;

/**
 * The forms that turn KYC on (decision 089): their `kyc` integration config's `activeIntegration`, from the
 * company's integrations overview (KYC is not one of the forms list's sync integrations).
 */
export function useKycForms() {
  const { http } = useSession();
  return useQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: ({ signal }) => http.call(CONNECTIONS_API.list, { query: {}, signal }),
    select: (overview) =>
      new Set(
        overview.configs.filter((c) => c.integrationToActivate === 'kyc' && c.activeIntegration).map((c) => c.formId),
      ),
  });
}

/**
 * Turns a form's identity checks on or off: its `kyc` config (POST /api/integrations/config, client
 * ADMINISTRATOR), the stored settings sent back as they are (the body is whole, as for auto-sync above).
 */
export function useSetFormKyc() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { customFormId: string; on: boolean }) => {
      const overview = await http.call(CONNECTIONS_API.list, { query: {} });
      const config = overview.configs.find((c) => c.formId === v.customFormId && c.integrationToActivate === 'kyc');
      return http.call(CONNECTIONS_API.saveConfig, {
        body: {
          formId: v.customFormId,
          integrationToActivate: 'kyc',
          credentials: config?.credentials ?? {},
          credentialsTemplateId: config?.credentialsTemplateId ?? null,
          selectedStoredPricing: config?.selectedStoredPricing ?? null,
          activeIntegration: v.on,
          autoSync: config?.autoSync ?? false,
        },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: OVERVIEW_KEY }),
  });
}
