import { ApplicationParamsSchema } from '../../applications/application.schema';
import {
  ApplicationSyncsSchema,
  CardConnectSyncBodySchema,
  ManualSyncResponseSchema,
} from '../../integrations/sync.schema';
import { endpoint } from '../contract';

const tag = 'integrations';

/** An application's syncs to the integrations (issue #23 §4). */
export const SYNC_API = {
  syncs: endpoint({
    method: 'GET',
    path: '/api/applications/:applicationId/syncs',
    params: ApplicationParamsSchema,
    response: ApplicationSyncsSchema,
    tag,
    summary: "Every integration's sync of the application: state, record link, last error in words, attempts",
  }),
  syncNow: endpoint({
    method: 'POST',
    path: '/api/salesforce/sync/:applicationId',
    params: ApplicationParamsSchema,
    status: 202,
    response: ManualSyncResponseSchema,
    tag,
    summary: 'Sync now / Sync again: queues the application for Salesforce at once, whatever its CRM mode',
  }),
  syncToCc: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/sync-to-cc',
    params: ApplicationParamsSchema,
    body: CardConnectSyncBodySchema,
    status: 202,
    response: ManualSyncResponseSchema,
    tag,
    summary:
      'Sync now / Sync again to CardConnect: queues the application at once (the first sync creates the merchant, later ones update it)',
  }),
} as const;
