import { z } from 'zod';
import { PageSchema, PageSizeSchema, pagedSchema, SearchSchema, SortOrderSchema } from '../api/pagination.schema';
import { SYNC_STATES } from '../integrations/integrations';
import { MESSAGES } from '../messages';

/**
 * The institution's lists of applications, status decisions and the dashboard's statistics (issue 14; spec 1 §3
 * list query, §4, §9; spec 2 §7 "Applications (client)" and "(admin)"; decision 042).
 */

/**
 * The statuses an institution sees: the spec's four. A `draft` is the applicant's own unsent work on a public link:
 * never listed, counted or decided by the institution (decision 042).
 */
export const LISTED_STATUSES = ['invite_sent', 'pending', 'approved', 'denied'] as const;
export type ListedStatus = (typeof LISTED_STATUSES)[number];

export const APPLICATION_SORTS = [
  'applicantCompanyName',
  'formName',
  'status',
  'submittedAt',
  'updatedAt',
  'number',
] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];

/** Spec 1 §9 month filters (default 6). */
export const STATISTICS_MONTHS = [6, 12, 24, 36] as const;

/** The longest reason a status change keeps. */
export const STATUS_REASON_MAX = 500;

const isoDate = z.iso.date({ error: MESSAGES.applicationDateInvalid });
const oneOrMany = <T extends z.ZodType>(item: T, max: number) =>
  z.union([item, z.array(item).max(max)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);

const listQueryShape = {
  page: PageSchema,
  pageSize: PageSizeSchema,
  /** Once or repeated; none means all four. */
  statuses: oneOrMany(z.enum(LISTED_STATUSES, { error: MESSAGES.applicationStatusInvalid }), 4).optional(),
  /** Words (3-50 characters) matched as prefixes in the number, applicant company, owners' names and e-mails. */
  q: SearchSchema,
  /** Submitted on or after this day (UTC, YYYY-MM-DD); an application not submitted yet has no such day. */
  startDate: isoDate.optional(),
  /** Submitted on or before this day (UTC, inclusive). */
  endDate: isoDate.optional(),
  sort: z.enum(APPLICATION_SORTS, { error: MESSAGES.sortInvalid }).default('updatedAt'),
  order: SortOrderSchema.default('desc'),
  /** Exactly this applicant company (case-insensitive), e.g. `/applications/company/{companyName}`. */
  applicantCompanyName: z.string().trim().min(1).max(100).optional(),
  formId: z.uuid().optional(),
  /** Once or repeated: applications with a sync to any integration in one of these states (issue #23 §4). */
  syncStates: oneOrMany(z.enum(SYNC_STATES), SYNC_STATES.length).optional(),
};

const checkDates = (v: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) => {
  if (v.startDate && v.endDate && v.startDate > v.endDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: MESSAGES.applicationDateRange });
  }
};

/** GET /api/applications (client). */
export const ApplicationListQuerySchema = z.strictObject(listQueryShape).superRefine(checkDates);
export type ApplicationListQuery = z.input<typeof ApplicationListQuerySchema>;

/** The spreadsheet formats of the export (decision 043). */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * GET /api/applications/export: the list's query (its page and pageSize are accepted and ignored: every page is
 * exported), plus the format.
 */
export const ApplicationExportQuerySchema = z
  .strictObject({ ...listQueryShape, format: z.enum(EXPORT_FORMATS).default('xlsx') })
  .superRefine(checkDates);
export type ApplicationExportQuery = z.input<typeof ApplicationExportQuerySchema>;

/** GET /api/admin/applications: one account's applications (and one of its forms). */
export const AdminApplicationListQuerySchema = z
  .strictObject({ ...listQueryShape, companyId: z.uuid() })
  .superRefine(checkDates);
export type AdminApplicationListQuery = z.input<typeof AdminApplicationListQuerySchema>;

export const ApplicationListItemSchema = z.object({
  applicationId: z.string(),
  number: z.number().int(),
  applicantCompanyName: z.string().nullable(),
  customFormId: z.string(),
  formName: z.string(),
  status: z.enum(LISTED_STATUSES),
  /** Null until signing starts; PROGRESSING is shown as 'Awaiting Signatures'. */
  signStatus: z.string().nullable(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  primaryEmail: z.string(),
});
export type ApplicationListItem = z.output<typeof ApplicationListItemSchema>;

export const ApplicationListSchema = pagedSchema(ApplicationListItemSchema);

/**
 * Which status may follow which (decision 042): only a submitted (pending) application is decided; a decision is
 * revised by reopening it (back to pending) first. An invitation not yet submitted cannot be decided.
 */
export const STATUS_TRANSITIONS: Readonly<Record<ListedStatus, readonly ListedStatus[]>> = {
  invite_sent: [],
  pending: ['approved', 'denied'],
  approved: ['pending'],
  denied: ['pending'],
};

export function canChangeStatus(from: string, to: string): boolean {
  return (STATUS_TRANSITIONS[from as ListedStatus] ?? []).includes(to as ListedStatus);
}

export const ChangeStatusQuerySchema = z.strictObject({
  /** The spec's optional companyId: only the caller's own company is accepted (another is 404). */
  companyId: z.uuid().optional(),
});

export const ChangeStatusBodySchema = z
  .strictObject({
    newStatus: z.enum(['pending', 'approved', 'denied'], { error: MESSAGES.applicationStatusInvalid }),
    reason: z
      .string()
      .trim()
      .max(STATUS_REASON_MAX)
      .transform((v) => (v === '' ? undefined : v))
      .optional(),
    /** E-mail the primary applicant about the new status. */
    notifyApplicant: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.newStatus === 'denied' && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: MESSAGES.applicationDenyReasonRequired });
    }
  });

export type ChangeStatusBody = z.input<typeof ChangeStatusBodySchema>;

export const ChangeStatusResponseSchema = z.object({
  applicationId: z.string(),
  status: z.enum(LISTED_STATUSES),
  previousStatus: z.enum(LISTED_STATUSES),
  statusReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});

export const StatusStatisticsQuerySchema = z.strictObject({
  months: z.coerce
    .number()
    .refine((n) => (STATISTICS_MONTHS as readonly number[]).includes(n), MESSAGES.applicationMonthsInvalid)
    .default(6),
});

const statusCounts = z.object({
  invite_sent: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  denied: z.number().int(),
});

export const StatusStatisticsSchema = z.object({
  months: z.number().int(),
  /** The first day (UTC) of the window: the first day of the oldest month shown. */
  since: z.string(),
  /** Applications created in the window, by their current status. */
  byStatus: statusCounts,
  total: z.number().int(),
  /** Every month of the window, oldest first (UTC, `YYYY-MM`), zeros included. */
  perMonth: z.array(
    z.object({
      month: z.string(),
      submitted: z.number().int(),
      approved: z.number().int(),
      denied: z.number().int(),
    }),
  ),
  /** Applications created in the window per form, most first. */
  perForm: z.array(
    z.object({ customFormId: z.string(), formName: z.string(), total: z.number().int(), byStatus: statusCounts }),
  ),
  /**
   * How long things take, as medians in hours over the window (null when there is nothing to measure): from the
   * invitation to the submission (invited applications submitted in the window), and from the submission to the
   * decision (applications decided in the window).
   */
  timings: z.object({
    inviteToSubmit: z.object({ medianHours: z.number().nullable(), count: z.number().int() }),
    submitToDecision: z.object({ medianHours: z.number().nullable(), count: z.number().int() }),
  }),
});
export type StatusStatistics = z.output<typeof StatusStatisticsSchema>;

/**
 * GET /api/customers (the Customers screen, issue 14): the company's applicants, one row per primary applicant's
 * e-mail, with their applications by status, newest activity first; `q` searches as the list's does.
 */
export const CustomerListQuerySchema = z.strictObject({ page: PageSchema, pageSize: PageSizeSchema, q: SearchSchema });
export type CustomerListQuery = z.input<typeof CustomerListQuerySchema>;
export const CustomerSchema = z.object({
  email: z.string(),
  /** The applicant company of their latest application, if any. */
  companyName: z.string().nullable(),
  applications: z.number().int(),
  byStatus: statusCounts,
  lastActivityAt: z.string(),
  latestApplicationId: z.string(),
});
export type Customer = z.output<typeof CustomerSchema>;
export const CustomerListSchema = pagedSchema(CustomerSchema);

/** The list's URL query keys a saved view may hold (filters and sort; never the search text or the page). */
export const SAVED_VIEW_KEYS = ['status', 'form', 'from', 'to', 'sort', 'order'] as const;
export const SAVED_VIEWS_MAX = 50;

export const SavedViewBodySchema = z.strictObject({
  name: z.string().trim().min(1, MESSAGES.savedViewName).max(60, MESSAGES.savedViewName),
  query: z
    .string()
    .max(1000)
    .refine(
      (q) =>
        q
          .split('&')
          .filter(Boolean)
          .every((part) => (SAVED_VIEW_KEYS as readonly string[]).includes(part.split('=')[0] ?? '')),
      MESSAGES.savedViewQuery,
    ),
});
export type SavedViewBody = z.input<typeof SavedViewBodySchema>;
export const SavedViewParamsSchema = z.strictObject({ viewId: z.uuid() });
export const SavedViewSchema = z.object({
  viewId: z.string(),
  name: z.string(),
  query: z.string(),
  createdAt: z.string(),
});
export type SavedView = z.output<typeof SavedViewSchema>;
export const SavedViewListSchema = z.object({ items: z.array(SavedViewSchema) });
