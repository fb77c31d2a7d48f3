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
} from '../accounts/team.schema';
import { OkResponseSchema } from '../auth/auth.schema';
import { endpoint } from './contract';

const tag = 'team';

/** Team members and invitations (spec 2 §7 "Team and company"). Who may do what: decision 006. */
export const TEAM_API = {
  listMembers: endpoint({
    method: 'GET',
    path: '/api/members',
    query: MembersQuerySchema,
    response: MembersPageSchema,
    tag,
  }),
  getMember: endpoint({
    method: 'GET',
    path: '/api/members/:memberId',
    params: MemberParamsSchema,
    response: MemberSchema,
    tag,
  }),
  setMemberStatus: endpoint({
    method: 'PUT',
    path: '/api/members/:memberId/status',
    params: MemberParamsSchema,
    body: MemberStatusBodySchema,
    response: MemberSchema,
    tag,
  }),
  setMemberRole: endpoint({
    method: 'PUT',
    path: '/api/members/:memberId/role',
    params: MemberParamsSchema,
    body: MemberRoleBodySchema,
    response: MemberSchema,
    tag,
  }),
  setMemberInfo: endpoint({
    method: 'PUT',
    path: '/api/members/:memberId/info',
    params: MemberParamsSchema,
    body: MemberInfoBodySchema,
    response: MemberSchema,
    tag,
  }),
  resetMemberPassword: endpoint({
    method: 'POST',
    path: '/api/members/:memberId/password',
    params: MemberParamsSchema,
    response: OkResponseSchema,
    tag,
  }),
  invite: endpoint({
    method: 'POST',
    path: '/api/invitations',
    body: InviteBodySchema,
    status: 201,
    response: MemberSchema,
    tag,
  }),
  /** Public: the unguessable code in the e-mailed link is the credential. */
  getPublicInvitation: endpoint({
    method: 'GET',
    path: '/api/invitations/:id',
    params: InvitationCodeParamsSchema,
    response: PublicInvitationSchema,
    tag,
  }),
  resendInvitation: endpoint({
    method: 'POST',
    path: '/api/invitations/:memberId/resend',
    params: MemberParamsSchema,
    response: MemberSchema,
    tag,
  }),
  revokeInvitation: endpoint({
    method: 'DELETE',
    path: '/api/invitations/:memberId',
    params: MemberParamsSchema,
    response: OkResponseSchema,
    tag,
  }),
  activatedMembersCount: endpoint({
    method: 'GET',
    path: '/api/companies/activated-members-count',
    response: ActivatedMembersCountSchema,
    tag,
  }),
  getInviteTemplate: endpoint({
    method: 'GET',
    path: '/api/companies/invite-template',
    response: InviteTemplateSchema,
    tag,
  }),
} as const;
