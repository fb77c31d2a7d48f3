import { z } from 'zod';
import { ACCOUNT_STATUSES } from '../accounts/enums';
import { PageSchema, PageSizeSchema, SearchSchema, SortOrderSchema } from '../api/pagination.schema';
import { CompanyNameSchema, EmailSchema, NameSchema } from '../auth/credentials';
import { MESSAGES } from '../messages';

/** The admin back office (spec 1 §2 admin `/accounts…`, User Administration; spec 2 §7 "Accounts (admin)"). */

const MembershipIdSchema = z.string().regex(/^MEMBERSHIP_\d{3}$/, 'Unknown subscription plan.');

export const ACCOUNT_SORTS = ['name', 'createdAt', 'membership', 'status', 'members'] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];

/** GET /api/accounts: page, pageSize, q, subscriptions (once or repeated), sort, order. */
export const AccountsQuerySchema = z.strictObject({
  page: PageSchema,
  pageSize: PageSizeSchema,
  q: SearchSchema,
  subscriptions: z
    .union([MembershipIdSchema, z.array(MembershipIdSchema).max(20)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
  /** Only these companies (once or repeated): the names of ids a screen already holds (extended access lists). */
  ids: z
    .union([z.uuid(), z.array(z.uuid()).max(100)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
  sort: z.enum(ACCOUNT_SORTS, { error: MESSAGES.sortInvalid }).default('name'),
  order: SortOrderSchema.default('asc'),
});
export type AccountsQuery = z.input<typeof AccountsQuerySchema>;

export const AccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  membershipId: z.string(),
  membershipName: z.string(),
  /** Members whose own status is active (an inactive company has none that can sign in). */
  activeMembers: z.number().int(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;

export const AccountParamsSchema = z.strictObject({ companyId: z.uuid(MESSAGES.accountNotFound) });

/** PUT /api/accounts/{companyId}: name and status. An inactive company's users are signed out at once. */
export const UpdateAccountBodySchema = z.strictObject({
  name: CompanyNameSchema,
  status: z.enum(ACCOUNT_STATUSES),
});
export type UpdateAccountBody = z.infer<typeof UpdateAccountBodySchema>;

/** PUT /api/accounts/{companyId}/subscription-level: the plan, changed without a charge. */
export const SubscriptionLevelBodySchema = z.strictObject({ membershipId: MembershipIdSchema });

export const SummaryMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.string(),
  /** Effective: an inactive company makes every member inactive. */
  status: z.string(),
});

export const APPLICATION_STATUSES = ['invite_sent', 'pending', 'approved', 'denied'] as const;

/** GET /api/accounts/{companyId}/summary: the company summary screen. */
export const AccountSummarySchema = z.object({
  account: AccountSchema,
  members: z.array(SummaryMemberSchema),
  forms: z.object({
    /** Master forms this company may use (global ones and those extended to it, minus exclusions). */
    masterForms: z.number().int(),
    /** The company's custom forms that are not archived. */
    customForms: z.number().int(),
  }),
  /** Applications arrive with the applications issue: every status is 0 until then. */
  applicationsByStatus: z.record(z.enum(APPLICATION_STATUSES), z.number().int()),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

/** GET /api/admin/overview: the admin home. */
export const AdminOverviewSchema = z.object({
  accounts: z.object({ total: z.number().int(), active: z.number().int() }),
  /** Payments received this calendar month (UTC), in cents; null until billing is wired. */
  revenueThisMonthCents: z.number().int(),
  applicationsThisMonth: z.number().int(),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

// ---- User Administration (admin users)

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const InviteAdminBodySchema = z.strictObject({
  email: EmailSchema,
  firstName: NameSchema,
  lastName: NameSchema,
});
export type InviteAdminBody = z.infer<typeof InviteAdminBodySchema>;

export const AdminUserParamsSchema = z.strictObject({ userId: z.uuid(MESSAGES.memberNotFound) });
export const AdminUserStatusBodySchema = z.strictObject({ status: z.enum(ACCOUNT_STATUSES) });
