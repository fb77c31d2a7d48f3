import {
  ADMIN_STATISTICS_TOP,
  type AdminApplicationForm,
  type AdminStatusStatistics,
} from '@under/core/api/admin-applications.contract';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { LISTED_STATUSES, type ListedStatus } from '@under/core/applications/application-list.schema';
import { MESSAGES } from '@under/core/messages';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { companyNotFound } from '../accounts/tenant';
import { windowStart } from '../application-lists/application-lists.service';
import { createAdminApplicationsRepository } from './admin-applications.repository';

export interface AdminApplicationsDeps {
  db: Db;
  now?: () => number;
}

type Counts = Record<ListedStatus, number>;
const zeroCounts = (): Counts => ({ invite_sent: 0, pending: 0, approved: 0, denied: 0 });
const isListed = (status: string): status is ListedStatus => (LISTED_STATUSES as readonly string[]).includes(status);

/** `YYYY-MM` of each month of the window, oldest first (UTC). */
function monthsFrom(since: Date, months: number): string[] {
  return Array.from({ length: months }, (_, i) => {
    const d = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth() + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

const hours = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / 3600) * 10) / 10);
const byTotalThenName =
  <T extends { total: number }>(name: (t: T) => string) =>
  (a: T, b: T) =>
    b.total - a.total || name(a).localeCompare(name(b));

/**
 * The platform admin's application figures and lists (issue 14): the client's status statistics across accounts,
 * an account's forms with their applications, and a form's application members. Admins read every account; the
 * routes are admin-only. Nothing here writes.
 */
export function createAdminApplicationsService(deps: AdminApplicationsDeps) {
  const now = deps.now ?? Date.now;
  const repo = createAdminApplicationsRepository(deps.db);

  async function requireForm(companyId: string, formId: string) {
    const form = await repo.findForm(companyId, formId);
    if (!form) throw new AppError(ERROR_CODES.customFormNotFound, MESSAGES.customFormNotFound);
    return form;
  }

  return {
    /**
     * GET /api/admin/applications/status-statistics: the figures of the client's dashboard (same window, same
     * rules: decision 042) over every account, or one; with the accounts and forms that have the most.
     */
    async statusStatistics(opts: { months: number; companyId?: string }): Promise<AdminStatusStatistics> {
      if (opts.companyId && !(await repo.findCompany(opts.companyId))) throw companyNotFound();
      const since = windowStart(new Date(now()), opts.months);
      const [rows, submitted, decided, timings] = await Promise.all([
        repo.countByAccountFormAndStatus(opts.companyId, since),
        repo.submittedPerMonth(opts.companyId, since),
        repo.decidedPerMonth(opts.companyId, since),
        repo.timings(opts.companyId, since),
      ]);
      const byStatus = zeroCounts();
      const perForm = new Map<string, AdminStatusStatistics['perForm'][number]>();
      const perAccount = new Map<string, AdminStatusStatistics['perAccount'][number]>();
      for (const r of rows) {
        if (!isListed(r.status)) continue;
        byStatus[r.status] += r.n;
        const form = perForm.get(r.customFormId) ?? {
          customFormId: r.customFormId,
          formName: r.formName,
          companyId: r.companyId,
          companyName: r.companyName,
          total: 0,
          byStatus: zeroCounts(),
        };
        form.total += r.n;
        form.byStatus[r.status] += r.n;
        perForm.set(r.customFormId, form);
        const account = perAccount.get(r.companyId) ?? {
          companyId: r.companyId,
          companyName: r.companyName,
          total: 0,
          byStatus: zeroCounts(),
        };
        account.total += r.n;
        account.byStatus[r.status] += r.n;
        perAccount.set(r.companyId, account);
      }
      const forms = [...perForm.values()].sort(byTotalThenName((f) => f.formName));
      return {
        months: opts.months,
        since: since.toISOString().slice(0, 10),
        companyId: opts.companyId ?? null,
        byStatus,
        total: Object.values(byStatus).reduce((a, b) => a + b, 0),
        perMonth: monthsFrom(since, opts.months).map((month) => ({
          month,
          submitted: submitted.find((s) => s.month === month)?.n ?? 0,
          approved: decided.find((d) => d.month === month && d.status === 'approved')?.n ?? 0,
          denied: decided.find((d) => d.month === month && d.status === 'denied')?.n ?? 0,
        })),
        accounts: perAccount.size,
        perAccount: [...perAccount.values()].sort(byTotalThenName((a) => a.companyName)).slice(0, ADMIN_STATISTICS_TOP),
        // one account has few forms: all of them; across accounts the busiest
        perForm: opts.companyId ? forms : forms.slice(0, ADMIN_STATISTICS_TOP),
        timings: {
          inviteToSubmit: { medianHours: hours(timings.inviteMedianSeconds), count: timings.inviteCount },
          submitToDecision: { medianHours: hours(timings.decideMedianSeconds), count: timings.decideCount },
        },
      };
    },

    /** GET /api/admin/application-forms: the account's forms with their applications by status (all time). */
    async forms(opts: { companyId: string }) {
      const company = await repo.findCompany(opts.companyId);
      if (!company) throw companyNotFound();
      const forms = await repo.listForms(company.id);
      const counts = await repo.countByFormAndStatus(forms.map((f) => f.customFormId));
      const items: AdminApplicationForm[] = forms.map((f) => {
        const byStatus = zeroCounts();
        for (const c of counts) if (c.customFormId === f.customFormId && isListed(c.status)) byStatus[c.status] += c.n;
        return { ...f, applications: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus };
      });
      return { companyId: company.id, companyName: company.name, items };
    },

    /**
     * GET /api/admin/application-members: the form's members (one per owner e-mail), searched and paged. A form
     * that is not the account's is 404.
     */
    async members(opts: { companyId: string; formId: string; page: number; pageSize: number; q?: string }) {
      const form = await requireForm(opts.companyId, opts.formId);
      const { rows, total } = await repo.members(form.customFormId, {
        q: opts.q,
        limit: opts.pageSize,
        offset: (opts.page - 1) * opts.pageSize,
      });
      return {
        items: rows.map((r) => ({
          email: r.email,
          name: r.name,
          role: r.isPrimary ? ('primary' as const) : ('additional' as const),
          applications: Number(r.applications),
          lastActivityAt: new Date(r.lastActivityAt).toISOString(),
        })),
        total,
        page: opts.page,
        pageSize: opts.pageSize,
        form,
      };
    },
  };
}

export type AdminApplicationsService = ReturnType<typeof createAdminApplicationsService>;
