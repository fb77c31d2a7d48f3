import {
  ActivatedMembersCountSchema,
  InvitationCodeParamsSchema,
  InviteBodySchema,
  InviteTemplateSchema,
  MemberInfoBodySchema,
  MemberParamsSchema,
  MemberRoleBodySchema,
  MemberSchema,
  MemberStatusBodySchema,
  MembersPageSchema,
  MembersQuerySchema,
  PublicInvitationSchema,
} from '@under/core/accounts/team.schema';
import { OkResponseSchema } from '@under/core/auth/auth.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PUBLIC_LOOKUP_THROTTLE, requireAuth } from '../../plugins/access';
import type { TeamService } from './team.service';

/** Team members and invitations (spec 2 §7 "Team and company"). Who may do what: decision 006. */
export function registerTeamRoutes(app: FastifyInstance, deps: { team: TeamService }) {
  const { team } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['team'];

  r.get(
    '/api/members',
    {
      config: { access: 'client' },
      schema: { tags, querystring: MembersQuerySchema, response: { 200: MembersPageSchema } },
    },
    async (req) => team.listMembers({ auth: requireAuth(req), ...req.query }),
  );

  r.get(
    '/api/members/:memberId',
    { config: { access: 'client' }, schema: { tags, params: MemberParamsSchema, response: { 200: MemberSchema } } },
    async (req) => team.getMember({ auth: requireAuth(req), memberId: req.params.memberId }),
  );

  r.put(
    '/api/members/:memberId/status',
    {
      config: { access: 'clientAdmin' },
      schema: { tags, params: MemberParamsSchema, body: MemberStatusBodySchema, response: { 200: MemberSchema } },
    },
    async (req) => team.setMemberStatus({ auth: requireAuth(req), memberId: req.params.memberId, ...req.body }),
  );

  r.put(
    '/api/members/:memberId/role',
    {
      config: { access: 'clientAdmin' },
      schema: { tags, params: MemberParamsSchema, body: MemberRoleBodySchema, response: { 200: MemberSchema } },
    },
    async (req) => team.setMemberRole({ auth: requireAuth(req), memberId: req.params.memberId, ...req.body }),
  );

  r.put(
    '/api/members/:memberId/info',
    {
      config: { access: 'clientAdmin' },
      schema: { tags, params: MemberParamsSchema, body: MemberInfoBodySchema, response: { 200: MemberSchema } },
    },
    async (req) => team.setMemberInfo({ auth: requireAuth(req), memberId: req.params.memberId, ...req.body }),
  );

  r.post(
    '/api/members/:memberId/password',
    {
      config: { access: 'clientAdmin' },
      schema: { tags, params: MemberParamsSchema, response: { 200: OkResponseSchema } },
    },
    async (req) => {
      await team.resetMemberPassword({ auth: requireAuth(req), memberId: req.params.memberId });
      return { ok: true as const };
    },
  );

  r.post(
    '/api/invitations',
    {
      config: { access: 'clientAdmin' },
      schema: { tags, body: InviteBodySchema, response: { 201: MemberSchema } },
    },
    async (req, reply) =>
      reply.status(201).send(await team.invite({ auth: requireAuth(req), ...req.body, ip: req.ip })),
  );

  r.get(
    '/api/invitations/:id',
    {
      // the unguessable code in the e-mailed link is the credential
      config: { access: 'public', throttle: PUBLIC_LOOKUP_THROTTLE },
      schema: { tags, params: InvitationCodeParamsSchema, response: { 200: PublicInvitationSchema } },
    },
    async (req) => team.getPublicInvitation({ code: req.params.id }),
  );

  r.post(
    '/api/invitations/:memberId/resend',
    {
      config: { access: 'clientAdmin' },
      schema: { tags, params: MemberParamsSchema, response: { 200: MemberSchema } },
    },
    async (req) => team.resendInvitation({ auth: requireAuth(req), invitationId: req.params.memberId }),
  );

  r.delete(
    '/api/invitations/:memberId',
    {
      config: { access: 'clientAdmin' },
      schema: { tags, params: MemberParamsSchema, response: { 200: OkResponseSchema } },
    },
    async (req) => {
      await team.revokeInvitation({ auth: requireAuth(req), invitationId: req.params.memberId });
      return { ok: true as const };
    },
  );

  r.get(
    '/api/companies/activated-members-count',
    { config: { access: 'client' }, schema: { tags, response: { 200: ActivatedMembersCountSchema } } },
    async (req) => team.activatedMembersCount({ auth: requireAuth(req) }),
  );

  r.get(
    '/api/companies/invite-template',
    { config: { access: 'clientAdmin' }, schema: { tags, response: { 200: InviteTemplateSchema } } },
    async (req) => team.getInviteTemplate({ auth: requireAuth(req) }),
  );
}
