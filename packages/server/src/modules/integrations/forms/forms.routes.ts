import { FORM_INTEGRATIONS_API } from '@under/core/api/integrations/forms.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { FormIntegrationsService } from './forms.service';

/**
 * The custom forms' integrations (decision 078): a client ADMINISTRATOR turns them on or off; members read the
 * status of the forms they may see; the platform admin checks an application's syncability.
 */
export function registerFormIntegrationRoutes(app: FastifyInstance, deps: { forms: FormIntegrationsService }) {
  const { forms } = deps;
  defineRoute(app, FORM_INTEGRATIONS_API.setIntegrations, { access: 'clientAdmin' }, ({ req, params, body }) =>
    forms.setIntegrations({ auth: requireAuth(req), customFormId: params.customFormId, ...body }),
  );
  defineRoute(app, FORM_INTEGRATIONS_API.statusList, { access: 'client' }, ({ req, body }) =>
    forms.statusList({ auth: requireAuth(req), customFormIds: body.customFormIds }),
  );
  defineRoute(app, FORM_INTEGRATIONS_API.syncability, { access: 'admin' }, ({ params, query }) =>
    forms.syncability({ applicationId: params.applicationId, companyId: query.companyId }),
  );
}
