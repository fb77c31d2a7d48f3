import { z } from 'zod';
import { ApplicationParamsSchema } from '../../applications/application.schema';
import { CustomFormParamsSchema } from '../../custom-forms/custom-form.schema';
import {
  FormIntegrationStatusBodySchema,
  FormIntegrationStatusListSchema,
  FormIntegrationsBodySchema,
  FormIntegrationsSchema,
  SyncabilityQuerySchema,
  SyncabilitySchema,
} from '../../integrations/form-integrations.schema';
import { endpoint } from '../contract';

const tag = 'integrations';

/** The custom forms' integrations and the admin's syncability check (issue #23 §3; decision 078). */
export const FORM_INTEGRATIONS_API = {
  setIntegrations: endpoint({
    method: 'PATCH',
    path: '/api/custom_forms/:customFormId/integrations',
    params: CustomFormParamsSchema,
    body: FormIntegrationsBodySchema,
    response: FormIntegrationsSchema,
    tag,
    summary:
      "Turns integrations on or off for the form (client ADMINISTRATOR; turning on needs the template's integration permission)",
  }),
  statusList: endpoint({
    method: 'POST',
    path: '/api/custom_forms/integration_status',
    body: FormIntegrationStatusBodySchema,
    response: FormIntegrationStatusListSchema,
    tag,
    summary:
      "Each listed form's integrations: used, permitted, connection state, mapped, CRM mode (at most 100; other companies' ids answer nothing)",
  }),
  syncability: endpoint({
    method: 'POST',
    path: '/api/admin/applications/:applicationId/syncability',
    params: ApplicationParamsSchema,
    query: SyncabilityQuerySchema,
    body: z.unknown().optional(),
    response: SyncabilitySchema,
    tag,
    summary: 'Whether the application can sync to each integration, and why not in words (the check the sync runs)',
  }),
} as const;
