import { MAPPING_API } from '@under/core/api/integrations/mapping.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { SalesforceMappingsService } from './mapping.service';

/**
 * A custom form's Salesforce mapping (issue #23 §5; decision 075). Members read it; only a client ADMINISTRATOR
 * saves it or asks for a proposal. Every call is scoped to the caller's company and gated by the plan.
 */
export function registerMappingRoutes(app: FastifyInstance, deps: { mappings: SalesforceMappingsService }) {
  const { mappings } = deps;
  defineRoute(app, MAPPING_API.objects, { access: 'client' }, ({ req }) =>
    mappings.objects({ auth: requireAuth(req) }),
  );
  defineRoute(app, MAPPING_API.attributes, { access: 'client' }, ({ req, query }) =>
    mappings.attributes({ auth: requireAuth(req), object: query.object }),
  );
  defineRoute(app, MAPPING_API.get, { access: 'client' }, ({ req, params }) =>
    mappings.get({ auth: requireAuth(req), customFormId: params.customFormId }),
  );
  for (const e of [MAPPING_API.put, MAPPING_API.post]) {
    defineRoute(app, e, { access: 'clientAdmin' }, ({ req, params, body }) =>
      mappings.save({ auth: requireAuth(req), customFormId: params.customFormId, mapping: body }),
    );
  }
  defineRoute(app, MAPPING_API.createMapper, { access: 'clientAdmin' }, ({ req, body }) =>
    mappings.propose({ auth: requireAuth(req), customFormId: body.customFormId, object: body.object }),
  );
  defineRoute(app, MAPPING_API.preview, { access: 'client' }, ({ req, params, body }) =>
    mappings.preview({ auth: requireAuth(req), customFormId: params.customFormId, ...body }),
  );
}
