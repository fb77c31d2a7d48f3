import { KYC_API } from '@under/core/api/integrations/kyc.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { KycService } from './kyc.service';

/**
 * KYC (issue #24 §3; decision 089). Submissions: any member who may see the application (`loadVisibleApplication`:
 * another company or an ungranted STANDARD member gets 404). The API key: only a client ADMINISTRATOR sets it.
 */
export function registerKycRoutes(app: FastifyInstance, deps: { kyc: KycService }) {
  const { kyc } = deps;
  defineRoute(app, KYC_API.submission, { access: 'client' }, ({ req, params, query }) =>
    kyc.submission({ auth: requireAuth(req), id: params.id, applicationId: query.applicationId }),
  );
  defineRoute(app, KYC_API.forApplication, { access: 'client' }, ({ req, params }) =>
    kyc.forApplication({ auth: requireAuth(req), applicationId: params.applicationId }),
  );
  defineRoute(app, KYC_API.getConnection, { access: 'client' }, ({ req }) =>
    kyc.connection({ auth: requireAuth(req) }),
  );
  // each attempt calls the provider with what was typed: throttled against key guessing
  defineRoute(
    app,
    KYC_API.connect,
    { access: 'clientAdmin', throttle: { max: 20, windowMs: 60_000 } },
    ({ req, body }) => kyc.connect({ auth: requireAuth(req), body }),
  );
}
