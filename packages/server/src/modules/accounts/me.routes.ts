import { MeSchema } from '@under/core/accounts/me.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/access';
import type { AccountsService } from './accounts.service';

export function registerMeRoutes(app: FastifyInstance, deps: { accounts: AccountsService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/me',
    {
      // a deactivated user may still learn that they are deactivated
      config: { access: 'authenticated', allowDeactivated: true },
      schema: { tags: ['accounts'], response: { 200: MeSchema } },
    },
    async (req) => deps.accounts.getMe({ auth: requireAuth(req) }),
  );
}
