import {
  ADMIN_STATISTICS_TOP,
  type AdminApplicationForm,
  type AdminStatusStatistics,
} from '@under/core/api/applications/admin.contract';
import { ERROR_CODES } from '@under/core/api/error.schema';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { companyNotFound } from '../../accounts/tenant';
import { byTotalThenName, isListed, readStatusFigures, tally, zeroCounts } from '../review/lists.service';
import { createAdminApplicationsRepository } from './admin.repository';

interface AdminApplicationsDeps {
  db: Db;
  now?: Clock;
}

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
    if (!form) throw new AppError(ERROR_CODES.customFormNotFound);
    return form;
  }

  return {
    /**
     * GET /api/admin/applications/status-statistics: the figures of the client's dashboard (same window, same
     * rules: decision 042) over every account, or one; with the accounts and forms that have the most.
     */
    async statusStatistics(opts: { months: number; companyId?: string }): Promise<AdminStatusStatistics> {
      if (opts.companyId && !(await repo.findCompany(opts.companyId))) throw companyNotFound();
      const scope = opts.companyId ? { companyId: opts.companyId } : { everyCompany: true as const };
      const { rows, figures } = await readStatusFigures(deps.db, scope, opts.months, new Date(now()));
      const account = (r: (typeof rows)[number]) => ({ companyId: r.companyId, companyName: r.companyName });
      const forms = tally(
        rows,
        (r) => r.customFormId,
        (r) => ({ customFormId: r.customFormId, formName: r.formName, ...account(r) }),
      ).sort(byTotalThenName((f) => f.formName));
      const perAccount = tally(rows, (r) => r.companyId, account);
      return {
        ...figures,
        companyId: opts.companyId ?? null,
        accounts: perAccount.length,
        perAccount: perAccount.sort(byTotalThenName((a) => a.companyName)).slice(0, ADMIN_STATISTICS_TOP),
        // one account has few forms: all of them; across accounts the busiest
        perForm: opts.companyId ? forms : forms.slice(0, ADMIN_STATISTICS_TOP),
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
