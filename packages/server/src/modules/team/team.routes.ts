import { TEAM_API } from '@under/core/api/team.contract';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_LOOKUP_THROTTLE, requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { TeamService } from './team.service';

/** Team members and invitations (spec 2 §7 "Team and company"). Who may do what: decision 006. */
export function registerTeamRoutes(app: FastifyInstance, deps: { team: TeamService }) {
  const { team } = deps;
  const api = TEAM_API;

  defineRoute(app, api.listMembers, { access: 'client' }, ({ req, query }) =>
    team.listMembers({ auth: requireAuth(req), ...query }),
  );

  defineRoute(app, api.getMember, { access: 'client' }, ({ req, params }) =>
    team.getMember({ auth: requireAuth(req), memberId: params.memberId }),
  );

  defineRoute(app, api.setMemberStatus, { access: 'clientAdmin' }, ({ req, params, body }) =>
    team.setMemberStatus({ auth: requireAuth(req), memberId: params.memberId, ...body }),
  );

  defineRoute(app, api.setMemberRole, { access: 'clientAdmin' }, ({ req, params, body }) =>
    team.setMemberRole({ auth: requireAuth(req), memberId: params.memberId, ...body }),
  );

  defineRoute(app, api.setMemberInfo, { access: 'clientAdmin' }, ({ req, params, body }) =>
    team.setMemberInfo({ auth: requireAuth(req), memberId: params.memberId, ...body }),
  );

  defineRoute(app, api.resetMemberPassword, { access: 'clientAdmin' }, async ({ req, params }) => {
    await team.resetMemberPassword({ auth: requireAuth(req), memberId: params.memberId });
    return { ok: true as const };
  });

  defineRoute(app, api.invite, { access: 'clientAdmin' }, ({ req, body }) =>
    team.invite({ auth: requireAuth(req), ...body, ip: req.ip }),
  );

  // the unguessable code in the e-mailed link is the credential
  defineRoute(app, api.getPublicInvitation, { access: 'public', throttle: PUBLIC_LOOKUP_THROTTLE }, ({ params }) =>
    team.getPublicInvitation({ code: params.id }),
  );

  defineRoute(app, api.resendInvitation, { access: 'clientAdmin' }, ({ req, params }) =>
    team.resendInvitation({ auth: requireAuth(req), invitationId: params.memberId }),
  );

  defineRoute(app, api.revokeInvitation, { access: 'clientAdmin' }, async ({ req, params }) => {
    await team.revokeInvitation({ auth: requireAuth(req), invitationId: params.memberId });
    return { ok: true as const };
  });

  defineRoute(app, api.activatedMembersCount, { access: 'client' }, ({ req }) =>
    team.activatedMembersCount({ auth: requireAuth(req) }),
  );

  defineRoute(app, api.getInviteTemplate, { access: 'clientAdmin' }, ({ req }) =>
    team.getInviteTemplate({ auth: requireAuth(req) }),
  );
}
