import { CC_STATUS_API } from '@under/core/api/integrations/cardconnect-status.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { CcStatusService } from './cc-status.service';

/**
 * An application's CardConnect boarding status (issue #24 §1 Status; decision 087): any member who may see the
 * application (loadVisibleApplication: another company's or an ungranted form's is 404).
 */
export function registerCcStatusRoutes(app: FastifyInstance, deps: { ccStatus: CcStatusService }) {
  const { ccStatus } = deps;
  defineRoute(app, CC_STATUS_API.get, { access: 'client' }, ({ req, params }) =>
    ccStatus.get({ auth: requireAuth(req), applicationId: params.applicationId }),
  );
  // each refresh calls the provider: throttled
  defineRoute(
    app,
    CC_STATUS_API.refresh,
    { access: 'client', throttle: { max: 30, windowMs: 60_000 } },
    ({ req, params }) => ccStatus.refresh({ auth: requireAuth(req), applicationId: params.applicationId }),
  );
}
