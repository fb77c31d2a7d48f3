import { z } from 'zod';
import { StatusStatisticsQuerySchema, StatusStatisticsSchema } from '../../applications/application-list.schema';
import { endpoint } from '../contract';
import { PageSchema, PageSizeSchema, pagedSchema, SearchSchema } from '../pagination.schema';

/**
 * The platform admin's application screens (issue 14; spec 1 §2 admin routes `/`,
 * `/accounts/{companyName}/{companyId}/{formId}/applications` and `.../members`; spec 2 §7 "Applications (admin)":
 * application-statistics and application-status-statistics). The per-account list itself is
 * `APPLICATIONS_API.adminList`. Drafts are the applicant's and are never counted or listed here either (decision 042).
 */

/** How many accounts (and, across accounts, forms) the statistics name; the rest are in the totals. */
export const ADMIN_STATISTICS_TOP = 10;

/** GET /api/admin/applications/status-statistics: the client's query, optionally narrowed to one account. */
export const AdminStatusStatisticsQuerySchema = StatusStatisticsQuerySchema.extend({ companyId: z.uuid().optional() });
export type AdminStatusStatisticsQuery = z.input<typeof AdminStatusStatisticsQuerySchema>;

const statusCounts = StatusStatisticsSchema.shape.byStatus;

/**
 * The client's status statistics (same window, same figures) over every account, or one (`companyId`), with the
 * accounts and forms named.
 */
export const AdminStatusStatisticsSchema = StatusStatisticsSchema.extend({
  /** The account asked for; null across all accounts. */
  companyId: z.string().nullable(),
  /** How many accounts have applications created in the window. */
  accounts: z.number().int(),
  /** Applications created in the window per account, most first: the top `ADMIN_STATISTICS_TOP`. */
  perAccount: z.array(
    z.object({ companyId: z.string(), companyName: z.string(), total: z.number().int(), byStatus: statusCounts }),
  ),
  /**
   * Applications created in the window per form, most first, with the form's account: every form of the account
   * asked for; across accounts the top `ADMIN_STATISTICS_TOP`.
   */
  perForm: z.array(
    z.object({
      customFormId: z.string(),
      formName: z.string(),
      companyId: z.string(),
      companyName: z.string(),
      total: z.number().int(),
      byStatus: statusCounts,
    }),
  ),
});
export type AdminStatusStatistics = z.output<typeof AdminStatusStatisticsSchema>;

/** An account's form as the admin's application screens name it. */
export const AdminFormRefSchema = z.object({
  customFormId: z.string(),
  formName: z.string(),
  companyId: z.string(),
  companyName: z.string(),
});
export type AdminFormRef = z.output<typeof AdminFormRefSchema>;

/** GET /api/admin/application-forms: one account's forms. */
export const AdminApplicationFormsQuerySchema = z.strictObject({ companyId: z.uuid() });
export const AdminApplicationFormSchema = z.object({
  customFormId: z.string(),
  name: z.string(),
  /** active | inactive | archived. */
  status: z.string(),
  masterFormId: z.string(),
  masterFormName: z.string(),
  /** Its applications (drafts aside), all time. */
  applications: z.number().int(),
  byStatus: statusCounts,
});
export type AdminApplicationForm = z.output<typeof AdminApplicationFormSchema>;
export const AdminApplicationFormsSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  /** Newest form first. */
  items: z.array(AdminApplicationFormSchema),
});

/** The part an owner has in applications: the primary applicant or an additional (shared) owner. */
export const APPLICATION_MEMBER_ROLES = ['primary', 'additional'] as const;
export type ApplicationMemberRole = (typeof APPLICATION_MEMBER_ROLES)[number];

/** GET /api/admin/application-members: a form's application members, searched by name or e-mail, paged. */
export const ApplicationMembersQuerySchema = z.strictObject({
  companyId: z.uuid(),
  formId: z.uuid(),
  page: PageSchema,
  pageSize: PageSizeSchema,
  /** 3-50 characters, found anywhere in the member's name or e-mail (any case). */
  q: SearchSchema,
});
export type ApplicationMembersQuery = z.input<typeof ApplicationMembersQuerySchema>;

/**
 * One owner e-mail across the form's applications (drafts and removed owners aside). Never a link's code nor any
 * value of the application's data.
 */
export const ApplicationMemberSchema = z.object({
  email: z.string(),
  /** The name they gave most recently, if any. */
  name: z.string().nullable(),
  /** `primary` when they are the primary applicant of at least one of the applications. */
  role: z.enum(APPLICATION_MEMBER_ROLES),
  /** The applications of the form they own or share. */
  applications: z.number().int(),
  /** The latest of their link's last use and their applications' last change. */
  lastActivityAt: z.string(),
});
export type ApplicationMember = z.output<typeof ApplicationMemberSchema>;
export const ApplicationMemberListSchema = pagedSchema(ApplicationMemberSchema).extend({ form: AdminFormRefSchema });

const tag = 'admin-applications';

/** The admin's figures and lists of applications across and within accounts (issue 14). Admins only. */
export const ADMIN_APPLICATIONS_API = {
  statusStatistics: endpoint({
    method: 'GET',
    path: '/api/admin/applications/status-statistics',
    query: AdminStatusStatisticsQuerySchema,
    response: AdminStatusStatisticsSchema,
    tag,
    summary:
      "The client's status statistics over every account (or one): by status, per month, per form and per account, with the medians",
  }),
  forms: endpoint({
    method: 'GET',
    path: '/api/admin/application-forms',
    query: AdminApplicationFormsQuerySchema,
    response: AdminApplicationFormsSchema,
    tag,
    summary: "An account's forms with their applications by status (the ways into its per-form screens)",
  }),
  members: endpoint({
    method: 'GET',
    path: '/api/admin/application-members',
    query: ApplicationMembersQuerySchema,
    response: ApplicationMemberListSchema,
    tag,
    summary: "A form's application members: one row per owner e-mail with their role, applications and last activity",
  }),
} as const;
