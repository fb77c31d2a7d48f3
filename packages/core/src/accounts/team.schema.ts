import { z } from 'zod';
import { PageSchema, PageSizeSchema, pagedSchema, SearchSchema, SortOrderSchema } from '../api/pagination.schema';
import { EmailSchema, NameSchema } from '../auth/credentials';
import { MESSAGES } from '../messages';
import { TEAM_ROLES } from './enums';
import { PhoneSchema } from './phone';

export const TeamRoleSchema = z.enum(TEAM_ROLES, { error: MESSAGES.roleInvalid });

/** A team member is a user of the company, or an invitation not yet accepted (status 'INVITED SENT'). */
export const MemberSchema = z.object({
  /** The user id, or the invitation id for an open invitation (used by resend and revoke). */
  id: z.string(),
  kind: z.enum(['user', 'invitation']),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: z.string(),
  /** Effective status: 'active' | 'inactive' for users (an inactive company makes everyone inactive), 'INVITED SENT' for invitations. */
  status: z.string(),
  createdAt: z.string(),
  /** Open invitations only: when the link stops working, and whether it already has. */
  invitation: z.object({ expiresAt: z.string(), expired: z.boolean() }).nullable(),
});
export type Member = z.infer<typeof MemberSchema>;

export const MEMBER_SORTS = ['createdAt', 'email', 'firstName', 'lastName', 'role', 'status'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

/** GET /api/members: page, pageSize, q (3-50 characters), sort, order. */
export const MembersQuerySchema = z.strictObject({
  page: PageSchema,
  pageSize: PageSizeSchema,
  q: SearchSchema,
  sort: z.enum(MEMBER_SORTS, { error: MESSAGES.sortInvalid }).default('createdAt'),
  order: SortOrderSchema.default('asc'),
});
export type MembersQuery = z.input<typeof MembersQuerySchema>;

export const MembersPageSchema = pagedSchema(MemberSchema);
export type MembersPage = z.infer<typeof MembersPageSchema>;

export const MemberParamsSchema = z.strictObject({ memberId: z.uuid(MESSAGES.memberNotFound) });

/** POST /api/invitations. */
export const InviteBodySchema = z.strictObject({ email: EmailSchema, role: TeamRoleSchema.default('STANDARD') });
export type InviteBody = z.input<typeof InviteBodySchema>;

/** PUT /api/members/{memberId}/status. */
export const MemberStatusBodySchema = z.strictObject({
  status: z.enum(['active', 'inactive'], { error: MESSAGES.statusInvalid }),
});
/** PUT /api/members/{memberId}/role. */
export const MemberRoleBodySchema = z.strictObject({ role: TeamRoleSchema });
/** PUT /api/members/{memberId}/info. */
export const MemberInfoBodySchema = z.strictObject({
  firstName: z.string({ error: MESSAGES.firstNameRequired }).trim().min(1, MESSAGES.firstNameRequired).pipe(NameSchema),
  lastName: z.string({ error: MESSAGES.lastNameRequired }).trim().min(1, MESSAGES.lastNameRequired).pipe(NameSchema),
  phoneNumber: PhoneSchema,
});
export type MemberInfoBody = z.infer<typeof MemberInfoBodySchema>;

/** GET /api/invitations/{id}: what the invited person sees on /register/{invitationCode}. */
export const PublicInvitationSchema = z.object({
  email: z.string(),
  companyName: z.string(),
  role: z.string(),
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  expiresAt: z.string(),
  /** The page's text for a link that no longer works. */
  message: z.string().optional(),
});
export type PublicInvitation = z.infer<typeof PublicInvitationSchema>;

export const InvitationCodeParamsSchema = z.strictObject({ id: z.string().max(200) });

/** GET /api/companies/activated-members-count. */
export const ActivatedMembersCountSchema = z.object({ count: z.number().int(), userQuota: z.number().int() });

/** GET /api/companies/invite-template: the invitation e-mail as it will be sent for this company. */
export const InviteTemplateSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** `{link}` in text and html is replaced by each invitation's own link. */
  placeholders: z.array(z.string()),
});
export type InviteTemplate = z.infer<typeof InviteTemplateSchema>;
