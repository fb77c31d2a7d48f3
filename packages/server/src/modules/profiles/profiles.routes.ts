import {
  EmailCheckBodySchema,
  EmailCheckResponseSchema,
  ProfileBodySchema,
  ProfileSchema,
  TempProfileBodySchema,
  TempProfileResponseSchema,
  UpdateProfileBodySchema,
} from '@under/core/accounts/profile.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_LOOKUP_THROTTLE, requireAuth } from '../../plugins/access';
import type { ProfilesService } from './profiles.service';

/** Profiles and company registration (spec 2 §7 "Authentication": profile calls). */
export function registerProfileRoutes(app: FastifyInstance, deps: { profiles: ProfilesService }) {
  const { profiles } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profiles'];

  r.post(
    '/api/profiles',
    {
      config: { access: 'client' },
      schema: { tags, body: ProfileBodySchema, response: { 201: ProfileSchema } },
    },
    async (req, reply) => reply.status(201).send(await profiles.createProfile({ auth: requireAuth(req), ...req.body })),
  );

  r.post(
    '/api/profiles/temp',
    {
      config: { access: 'client' },
      schema: { tags, body: TempProfileBodySchema, response: { 201: TempProfileResponseSchema } },
    },
    async (req, reply) =>
      reply.status(201).send(await profiles.saveTempProfile({ auth: requireAuth(req), draft: req.body })),
  );

  r.post(
    '/api/signup_check/email',
    {
      config: { access: 'public', throttle: ACCOUNT_LOOKUP_THROTTLE },
      schema: { tags, body: EmailCheckBodySchema, response: { 200: EmailCheckResponseSchema } },
    },
    async (req) => profiles.checkEmail({ email: req.body.email }),
  );

  r.get(
    '/api/profile',
    { config: { access: 'client' }, schema: { tags, response: { 200: ProfileSchema } } },
    async (req) => profiles.getProfile({ auth: requireAuth(req) }),
  );

  r.put(
    '/api/profile',
    {
      config: { access: 'client' },
      schema: { tags, body: UpdateProfileBodySchema, response: { 200: ProfileSchema } },
    },
    async (req) => profiles.updateProfile({ auth: requireAuth(req), ...req.body }),
  );
}
