import { CUSTOM_FORMS_API } from '@under/core/api/custom-forms.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { CustomFormsService } from './custom-forms.service';

/**
 * Custom forms (spec 2 §7 "Custom forms"; issue 11): every member of the company reads, only its ADMINISTRATOR
 * changes (STANDARD members are read-only, decision 006); the public form is the applicant's (x-api-key).
 */
export function registerCustomFormRoutes(app: FastifyInstance, deps: { customForms: CustomFormsService }) {
  const { customForms } = deps;
  const api = CUSTOM_FORMS_API;
  const client = { access: 'client' as const };
  const clientAdmin = { access: 'clientAdmin' as const };

  defineRoute(app, api.listInstitutions, client, ({ req, query }) =>
    customForms.listInstitutions({ auth: requireAuth(req), q: query.q }),
  );
  defineRoute(app, api.getInstitution, client, ({ req, params }) =>
    customForms.getInstitution({ auth: requireAuth(req), formId: params.formId }),
  );
  defineRoute(app, api.create, clientAdmin, ({ req, body }) => customForms.create({ auth: requireAuth(req), ...body }));
  defineRoute(app, api.list, client, ({ req, query }) => customForms.list({ auth: requireAuth(req), ...query }));
  defineRoute(app, api.get, client, ({ req, params, query }) =>
    customForms.get({ auth: requireAuth(req), ...params, ...query }),
  );
  defineRoute(app, api.update, clientAdmin, ({ req, params, body }) =>
    customForms.update({ auth: requireAuth(req), ...params, document: body.customFormDocument, step: body.step }),
  );
  defineRoute(app, api.setName, clientAdmin, ({ req, params, body }) =>
    customForms.setName({ auth: requireAuth(req), ...params, ...body }),
  );
  defineRoute(app, api.remove, clientAdmin, async ({ req, reply, params }) => {
    await customForms.remove({ auth: requireAuth(req), ...params });
    return reply.code(204).send();
  });
  defineRoute(app, api.setStatus, clientAdmin, ({ req, params, body }) =>
    customForms.setStatus({ auth: requireAuth(req), ...params, ...body }),
  );
  defineRoute(app, api.setMode, clientAdmin, ({ req, params, body }) =>
    customForms.setMode({ auth: requireAuth(req), ...params, ...body }),
  );
  defineRoute(app, api.clone, clientAdmin, ({ req, params }) =>
    customForms.clone({ auth: requireAuth(req), ...params }),
  );
  defineRoute(app, api.applyUpdate, clientAdmin, ({ req, params }) =>
    customForms.applyUpdate({ auth: requireAuth(req), ...params }),
  );
  defineRoute(app, api.listVersions, client, ({ req, params }) =>
    customForms.listVersions({ auth: requireAuth(req), ...params }),
  );
  defineRoute(app, api.submittable, client, ({ req, params }) =>
    customForms.submittable({ auth: requireAuth(req), ...params }),
  );
  defineRoute(app, api.documentUpload, clientAdmin, ({ req, params }) =>
    customForms.documentUpload({ auth: requireAuth(req), ...params }),
  );
  defineRoute(app, api.getPublic, { access: 'applicant' }, ({ params, query }) =>
    customForms.getPublic({ ...params, ...query }),
  );
  defineRoute(app, api.archiveImpact, { access: 'admin' }, ({ params }) => customForms.archiveImpact(params));

  defineRoute(app, api.listTemplatePermissions, clientAdmin, ({ req }) =>
    customForms.listTemplatePermissions({ auth: requireAuth(req) }),
  );
  defineRoute(app, api.getTemplatePermission, clientAdmin, ({ req, params }) =>
    customForms.getTemplatePermission({ auth: requireAuth(req), ...params }),
  );
  defineRoute(app, api.setTemplateGlobal, clientAdmin, ({ req, params, body }) =>
    customForms.setTemplateGlobal({ auth: requireAuth(req), ...params, ...body }),
  );
  defineRoute(app, api.grantTemplate, clientAdmin, ({ req, params, body }) =>
    customForms.grantTemplate({ auth: requireAuth(req), ...params, ...body }),
  );
}
