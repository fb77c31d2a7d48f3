import { SYNC_API } from '@under/core/api/integrations/sync.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { IntegrationSyncService } from './sync.service';

/**
 * An application's syncs (issue #23 §4): any member who may see the application (decision 065) reads them and asks
 * for "Sync now" / "Sync again"; another company's application, or a form a STANDARD member was not granted, is 404.
 */
export function registerSyncRoutes(app: FastifyInstance, deps: { syncs: IntegrationSyncService }) {
  defineRoute(app, SYNC_API.syncs, { access: 'client' }, ({ req, params }) =>
    deps.syncs.syncs({ auth: requireAuth(req), applicationId: params.applicationId }),
  );
  defineRoute(app, SYNC_API.syncNow, { access: 'client' }, ({ req, params }) =>
    deps.syncs.syncNow({ auth: requireAuth(req), applicationId: params.applicationId }),
  );
  // spec 2 §7: POST /applications/{applicationId}/sync-to-cc {formId} (decision 086)
  defineRoute(app, SYNC_API.syncToCc, { access: 'client' }, ({ req, params, body }) =>
    deps.syncs.syncNow({
      auth: requireAuth(req),
      applicationId: params.applicationId,
      integration: 'cardconnect',
      formId: body.formId,
    }),
  );
}
