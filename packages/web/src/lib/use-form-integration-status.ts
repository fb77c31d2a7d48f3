import { useQuery } from '@tanstack/react-query';
import { FORM_INTEGRATIONS_API } from '@under/core/api/integrations/forms.contract';
import type { FormIntegration } from '@under/core/integrations/form-integrations.schema';
import { useSession } from './session-context';

/** The root of every form-integration status query (invalidated after a form's integrations change). */
export const FORM_INTEGRATION_STATUS_KEY = ['custom-forms', 'integration-status'] as const;

/**
 * POST /api/custom_forms/integration_status for these forms (decision 078). Every query under the key stores the
 * call's raw answer (`{items}`): the forms list and the application page's one-form reading share entries (a
 * one-row forms list has the application's key), so a reader picks its part in `select`, never in the queryFn.
 */
export function useFormIntegrationStatus(customFormIds: string[]) {
  const { http } = useSession();
  return useQuery({
    queryKey: [...FORM_INTEGRATION_STATUS_KEY, customFormIds] as const,
    enabled: customFormIds.length > 0,
    queryFn: ({ signal }) => http.call(FORM_INTEGRATIONS_API.statusList, { body: { customFormIds }, signal }),
  });
}

/** One form's integrations, from the same query as the forms list (its raw answer, the form's part selected). */
export function useOneFormIntegrations(customFormId: string | undefined) {
  const { http } = useSession();
  const ids = customFormId ? [customFormId] : [];
  return useQuery({
    queryKey: [...FORM_INTEGRATION_STATUS_KEY, ids] as const,
    enabled: ids.length > 0,
    queryFn: ({ signal }) => http.call(FORM_INTEGRATIONS_API.statusList, { body: { customFormIds: ids }, signal }),
    select: (found): FormIntegration[] => found.items.find((i) => i.customFormId === customFormId)?.integrations ?? [],
  });
}
