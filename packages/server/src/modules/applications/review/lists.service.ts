import {
  type ApplicationSort,
  LISTED_STATUSES,
  type ListedStatus,
  type StatusStatistics,
} from '@under/core/applications/application-list.schema';
import type { SyncState } from '@under/core/integrations/integrations';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db, DbOrTx } from '../../../db/client';
import type { ListFilter } from '../../../db/repositories/application-filter.repository';
import { requireCompanyId } from '../../accounts/tenant';
import type { FormGrants } from '../access/visible-application';
import { createApplicationListsRepository, type StatisticsScope, searchQuery } from './lists.repository';

const DAY = 86_400_000;

export interface ListOptions {
  page: number;
  pageSize: number;
  statuses?: ListedStatus[];
  q?: string;
  startDate?: string;
  endDate?: string;
  sort: ApplicationSort;
  order: 'asc' | 'desc';
  applicantCompanyName?: string;
  formId?: string;
  syncStates?: SyncState[];
}

interface ApplicationListsDeps {
  db: Db;
  /** The master forms a STANDARD member was granted (undefined for a client administrator: all of the company's). */
  forms: FormGrants;
  now?: Clock;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The first day (UTC) of the month `months - 1` months before the month of `now`. */
function windowStart(now: Date, months: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
}

/** `YYYY-MM` of each month of the window, oldest first (UTC). */
function monthsFrom(since: Date, months: number): string[] {
  return Array.from({ length: months }, (_, i) => {
    const d = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth() + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

type StatusCounts = Record<ListedStatus, number>;
export const zeroCounts = (): StatusCounts => ({ invite_sent: 0, pending: 0, approved: 0, denied: 0 });
export const isListed = (status: string): status is ListedStatus =>
  (LISTED_STATUSES as readonly string[]).includes(status);

const hours = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / 3600) * 10) / 10);

/** Most applications first, then by name. */
export const byTotalThenName =
  <T extends { total: number }>(name: (t: T) => string) =>
  (a: T, b: T) =>
    b.total - a.total || name(a).localeCompare(name(b));

/**
 * Counted rows summed per `key` (a form, an account), in the order first met: each entry is `entry` of its first row
 * with the total and the counts by status.
 */
export function tally<R extends { status: ListedStatus; n: number }, E extends object>(
  rows: readonly R[],
  key: (r: R) => string,
  entry: (r: R) => E,
): (E & { total: number; byStatus: StatusCounts })[] {
  const out = new Map<string, E & { total: number; byStatus: StatusCounts }>();
  for (const r of rows) {
    const e = out.get(key(r)) ?? { ...entry(r), total: 0, byStatus: zeroCounts() };
    e.total += r.n;
    e.byStatus[r.status] += r.n;
    out.set(key(r), e);
  }
  return [...out.values()];
}

/**
 * The dashboard's figures (decision 042) over `scope` in the window of the last `months` months (UTC) before `now`:
 * applications created in the window by status (and, as `rows`, by account and form), submissions and decisions per
 * month, and the medians. The client's dashboard reads one company's; the platform admin's overview every company's,
 * or one.
 */
export async function readStatusFigures(db: DbOrTx, scope: StatisticsScope, months: number, now: Date) {
  const repo = createApplicationListsRepository(db);
  const since = windowStart(now, months);
  const [counted, submitted, decided, timings] = await Promise.all([
    repo.countByFormAndStatus(scope, since),
    repo.submittedPerMonth(scope, since),
    repo.decidedPerMonth(scope, since),
    repo.timings(scope, since),
  ]);
  const rows = counted.flatMap((r) => (isListed(r.status) ? [{ ...r, status: r.status }] : []));
  const byStatus = zeroCounts();
  for (const r of rows) byStatus[r.status] += r.n;
  return {
    rows,
    figures: {
      months,
      since: since.toISOString().slice(0, 10),
      byStatus,
      total: Object.values(byStatus).reduce((a, b) => a + b, 0),
      perMonth: monthsFrom(since, months).map((month) => ({
        month,
        submitted: submitted.find((s) => s.month === month)?.n ?? 0,
        approved: decided.find((d) => d.month === month && d.status === 'approved')?.n ?? 0,
        denied: decided.find((d) => d.month === month && d.status === 'denied')?.n ?? 0,
      })),
      timings: {
        inviteToSubmit: { medianHours: hours(timings.inviteMedianSeconds), count: timings.inviteCount },
        submitToDecision: { medianHours: hours(timings.decideMedianSeconds), count: timings.decideCount },
      },
    } satisfies Omit<StatusStatistics, 'perForm'>,
  };
}

/** The list's filter from its query (the export takes exactly the same: decision 043). */
export function filterOf(companyId: string, masterFormIds: string[] | undefined, o: Partial<ListOptions>): ListFilter {
  const search = o.q ? searchQuery(o.q) : undefined;
  return {
    companyId,
    masterFormIds,
    statuses: o.statuses,
    search,
    // a search of punctuation only matches nothing rather than everything
    matchNothing: o.q !== undefined && search === undefined,
    submittedFrom: o.startDate ? new Date(`${o.startDate}T00:00:00.000Z`) : undefined,
    submittedBefore: o.endDate ? new Date(new Date(`${o.endDate}T00:00:00.000Z`).getTime() + DAY) : undefined,
    applicantCompanyName: o.applicantCompanyName,
    formId: o.formId,
    syncStates: o.syncStates,
  };
}

/**
 * The institution's applications (issue 14; decision 042): the lists (client and admin) and the dashboard's
 * statistics (status decisions: status.service.ts). Every read is scoped to one company; a STANDARD member sees only the applications of the
 * forms whose master form was granted to them; drafts are the applicant's and never appear.
 */
export function createApplicationListsService(deps: ApplicationListsDeps) {
  const { db, forms } = deps;
  const now = deps.now ?? Date.now;
  const repo = createApplicationListsRepository(db);

  async function page(filter: ListFilter, o: ListOptions) {
    const { rows, total } = await repo.list(filter, {
      sort: o.sort,
      order: o.order,
      limit: o.pageSize,
      offset: (o.page - 1) * o.pageSize,
    });
    return {
      items: rows.map((r) => ({
        applicationId: r.id,
        number: r.number,
        applicantCompanyName: r.applicantCompanyName,
        customFormId: r.customFormId,
        formName: r.formName,
        status: r.status as ListedStatus,
        signStatus: r.signStatus,
        submittedAt: iso(r.submittedAt),
        updatedAt: r.updatedAt.toISOString(),
        updatedBy: r.updatedBy,
        primaryEmail: r.applicantEmail,
      })),
      total,
      page: o.page,
      pageSize: o.pageSize,
    };
  }

  return {
    /** GET /api/applications: the caller's company's applications (a STANDARD member's: of granted forms). */
    async list(opts: ListOptions & { auth: AuthContext }) {
      const companyId = requireCompanyId(opts.auth);
      const granted = await forms.grantedMasterFormIds({ auth: opts.auth });
      return page(filterOf(companyId, granted, opts), opts);
    },

    /** GET /api/admin/applications: one account's applications, for the platform's admins. */
    async adminList(opts: ListOptions & { companyId: string }) {
      return page(filterOf(opts.companyId, undefined, opts), opts);
    },

    /** GET /api/customers: the company's applicants with their applications (issue 14 Customers). */
    async customers(opts: { auth: AuthContext; page: number; pageSize: number; q?: string }) {
      const companyId = requireCompanyId(opts.auth);
      const filter = filterOf(companyId, await forms.grantedMasterFormIds({ auth: opts.auth }), { q: opts.q });
      const { rows, total } = await repo.customers(filter, {
        limit: opts.pageSize,
        offset: (opts.page - 1) * opts.pageSize,
      });
      return {
        items: rows.map((r) => ({
          email: r.email,
          companyName: r.companyName,
          applications: Number(r.applications),
          byStatus: {
            invite_sent: Number(r.inviteSent),
            pending: Number(r.pending),
            approved: Number(r.approved),
            denied: Number(r.denied),
          },
          lastActivityAt: new Date(r.lastActivityAt).toISOString(),
          latestApplicationId: r.latestApplicationId,
        })),
        total,
        page: opts.page,
        pageSize: opts.pageSize,
      };
    },

    /** GET /api/applications/status-statistics: the dashboard's counts over the last `months` months (UTC). */
    async statusStatistics(opts: { auth: AuthContext; months: number }): Promise<StatusStatistics> {
      const companyId = requireCompanyId(opts.auth);
      const masterFormIds = await forms.grantedMasterFormIds({ auth: opts.auth });
      const { rows, figures } = await readStatusFigures(db, { companyId, masterFormIds }, opts.months, new Date(now()));
      const perForm = tally(
        rows,
        (r) => r.customFormId,
        (r) => ({ customFormId: r.customFormId, formName: r.formName }),
      );
      return { ...figures, perForm: perForm.sort(byTotalThenName((f) => f.formName)) };
    },
  };
}

export type ApplicationListsService = ReturnType<typeof createApplicationListsService>;
