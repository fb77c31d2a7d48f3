import { ApplicationParamsSchema } from '../../applications/application.schema';
import { CcStatusViewSchema } from '../../integrations/cardconnect-status.schema';
import { endpoint } from '../contract';

const tag = 'integrations';

/** An application's boarding status at CardConnect (issue #24 §1 Status; decision 087). */
export const CC_STATUS_API = {
  get: endpoint({
    method: 'GET',
    path: '/api/applications/:applicationId/cc-status',
    params: ApplicationParamsSchema,
    response: CcStatusViewSchema,
    tag,
    summary:
      "The application's CardConnect merchant id, boarding and signature status, last check and the changes seen",
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/cc-status/refresh',
    params: ApplicationParamsSchema,
    response: CcStatusViewSchema,
    tag,
    summary: 'Asks CardConnect for the boarding and signature status now and answers what it said',
  }),
} as const;
