import type { ResponseOf } from '@under/core/api/contract';
import { MASTER_FORMS_API } from '@under/core/api/master-forms.contract';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../auth-context';
import { requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { MasterFormsService } from './master-forms.service';

/** Master forms, their versions, template access and permissions (spec 2 §6, §7); admins only. */
export function registerMasterFormRoutes(
  app: FastifyInstance,
  deps: {
    masterForms: MasterFormsService;
    /** A client's GET /api/brief_master_forms: what its company (and the caller) may use (modules/custom-forms). */
    clientBrief: (opts: { auth: AuthContext; q?: string }) => Promise<ResponseOf<typeof MASTER_FORMS_API.listBrief>>;
  },
) {
  const { masterForms } = deps;
  const api = MASTER_FORMS_API;
  const admin = { access: 'admin' as const };

  defineRoute(app, api.create, admin, ({ req, body }) =>
    masterForms.createMasterForm({ auth: requireAuth(req), ...body }),
  );
  // admins ask for any company; a client user is answered for its own company only
  defineRoute(app, api.listBrief, { access: 'authenticated' }, ({ req, query }) => {
    const auth = requireAuth(req);
    if (auth.pool === 'admin') return masterForms.briefMasterForms(query);
    return deps.clientBrief({ auth, q: query.q });
  });
  defineRoute(app, api.listWithTotalForm, admin, () => masterForms.masterFormsWithTotalForm());
  defineRoute(app, api.get, admin, ({ params }) => masterForms.getMasterForm(params));
  defineRoute(app, api.update, admin, ({ req, params, body }) =>
    masterForms.updateMasterForm({ auth: requireAuth(req), formId: params.formId, structure: body.structure }),
  );
  defineRoute(app, api.setMode, admin, ({ req, params, body }) =>
    masterForms.setMode({ auth: requireAuth(req), formId: params.formId, ...body }),
  );
  defineRoute(app, api.setGeneral, admin, ({ req, params, body }) =>
    masterForms.setGeneral({ auth: requireAuth(req), formId: params.formId, ...body }),
  );
  defineRoute(app, api.setAccessibility, admin, ({ req, params, body }) =>
    masterForms.setAccessibility({ auth: requireAuth(req), formId: params.formId, ...body }),
  );
  defineRoute(app, api.setStatus, admin, ({ req, params, body }) =>
    masterForms.setStatus({ auth: requireAuth(req), formId: params.formId, ...body }),
  );
  defineRoute(app, api.publish, admin, ({ req, params }) =>
    masterForms.publish({ auth: requireAuth(req), formId: params.formId }),
  );
  defineRoute(app, api.listVersions, admin, ({ params }) => masterForms.listVersions(params));

  defineRoute(app, api.getPermission, admin, ({ params }) => masterForms.getPermission(params));
  defineRoute(app, api.setGlobalPermission, admin, ({ req, params, body }) =>
    masterForms.setGlobalPermission({ auth: requireAuth(req), formId: params.formId, global: body.global }),
  );
  defineRoute(app, api.grantPermission, admin, ({ req, params, body }) =>
    masterForms.grantPermission({ auth: requireAuth(req), formId: params.formId, ...body }),
  );

  defineRoute(app, api.formIdByTemplate, admin, ({ params }) => masterForms.formIdByTemplate(params));
}
