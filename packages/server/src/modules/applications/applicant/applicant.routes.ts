import { APPLICANT_API } from '@under/core/api/applications/applicant.contract';
import { HONEYPOT_FIELD } from '@under/core/applications/application.schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../../plugins/route';
import type { ApplicationsService } from './applicant.service';

/**
 * The applicant's own application (spec 2 §7 "Applications (applicant, public)"; issue 12; decision 036): the
 * x-api-key header on every call, and the link's code (query) as the capability for one owner of one application.
 */
export function registerApplicationRoutes(app: FastifyInstance, deps: { applications: ApplicationsService }) {
  const { applications } = deps;
  const applicant = { access: 'applicant' as const };

  defineRoute(app, APPLICANT_API.createDraft, applicant, ({ req, body }) =>
    applications.createDraft({
      customFormId: body.customFormId,
      email: body.email,
      data: body.data,
      version: body.version,
      acceptance: body.acceptance,
      rememberAnswers: body.rememberAnswers,
      honeypot: body[HONEYPOT_FIELD],
      ip: req.ip,
      vaultToken: vaultTokenOf(req),
    }),
  );
  defineRoute(app, APPLICANT_API.saveDraft, applicant, ({ req, params, query, body }) =>
    applications.saveDraft({ ...params, code: query.code, ...body, vaultToken: vaultTokenOf(req) }),
  );
  defineRoute(app, APPLICANT_API.presign, applicant, ({ req, body }) =>
    applications.presign({ applicationId: body.applicationId, code: body.code, size: body.size, ip: req.ip }),
  );
  defineRoute(app, APPLICANT_API.get, applicant, ({ params, query }) =>
    applications.get({ ...params, code: query.code }),
  );
  defineRoute(app, APPLICANT_API.submit, applicant, ({ req, params, query, body }) =>
    applications.submit({ ...params, code: query.code, ...body, vaultToken: vaultTokenOf(req) }),
  );
}

/** The applicant vault's token (decision 039), sent with saves while prefilled encrypted answers are masked. */
function vaultTokenOf(req: FastifyRequest): string | undefined {
  const value = req.headers['x-vault-token'];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}
