import { VAULT_API } from '@under/core/api/applications/vault.contract';
import { VAULT_TOKEN_HEADER } from '@under/core/applications/vault.schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../../plugins/route';
import type { VaultService } from './vault.service';

const tokenOf = (req: FastifyRequest) => {
  const value = req.headers[VAULT_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/** The applicant vault's public routes (decision 039): x-api-key; the vault token is the capability. */
export function registerVaultRoutes(app: FastifyInstance, deps: { vault: VaultService }) {
  const { vault } = deps;

  defineRoute(app, VAULT_API.requestCode, { access: 'applicant' }, async ({ body, req, reply }) => {
    await vault.requestCode({ email: body.email, ip: req.ip });
    return reply.status(202).send();
  });

  defineRoute(app, VAULT_API.unlock, { access: 'applicant' }, ({ body, req }) =>
    vault.unlock({ email: body.email, code: body.code, ip: req.ip }),
  );

  defineRoute(app, VAULT_API.prefill, { access: 'applicant' }, ({ query, req, reply }) => {
    // saved answers are personal: no cache keeps them
    reply.header('cache-control', 'no-store');
    return vault.prefill({ token: tokenOf(req), customFormId: query.customFormId, version: query.version });
  });

  defineRoute(app, VAULT_API.remove, { access: 'applicant' }, async ({ req, reply }) => {
    await vault.remove({ token: tokenOf(req) });
    return reply.status(204).send();
  });
}
