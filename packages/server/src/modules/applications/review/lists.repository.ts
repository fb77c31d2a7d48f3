import type { ApplicationSort, ListedStatus } from '@under/core/applications/application-list.schema';
import { and, asc, count, desc, eq, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type ListFilter, NO_ID, whereOf } from '../../../db/repositories/application-filter.repository';
import { applications, companies, customForms } from '../../../db/schema';

const SORTS = {
  // people's names, not byte order: 'acme' beside 'Acme'
  applicantCompanyName: sql`lower(${applications.applicantCompanyName})`,
  formName: customForms.name,
  status: applications.status,
  submittedAt: applications.submittedAt,
  updatedAt: applications.updatedAt,
  number: applications.number,
} as const satisfies Record<ApplicationSort, unknown>;

/**
 * The words of a search box as a prefix tsquery (`acme:* & bank:*`): split on everything that is not a letter or a
 * digit, as the stored document is (schema/applications.ts `search_vector`), so nothing the user types reaches the
 * tsquery syntax. Undefined when no word is left.
 */
export function searchQuery(q: string): string | undefined {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 10);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

/**
 * Whose applications the dashboard's statistics count (decision 042), drafts never: one company's (a STANDARD
 * member's: those of the company's forms of their granted master forms), or every company's (the platform admin's
 * overview).
 */
export type StatisticsScope = { companyId: string; masterFormIds?: string[] } | { everyCompany: true };

function statisticsWhere(scope: StatisticsScope): SQL | undefined {
  return 'everyCompany' in scope ? ne(applications.status, 'draft') : whereOf(scope);
}

export interface ListPage {
  sort: ApplicationSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * Applications as the institution's lists, decisions and dashboard read them (issue 14; decision 042). Forms and
 * companies are read here as this module's read model.
 */
export function createApplicationListsRepository(db: DbOrTx) {
  function listQueries(f: ListFilter, opts: ListPage) {
    const where = whereOf(f);
    const column = SORTS[opts.sort];
    const dir = opts.order === 'asc' ? asc : desc;
    // an application not submitted yet has no date: last in both orders
    const primary =
      opts.sort === 'submittedAt'
        ? sql`${column} ${sql.raw(opts.order === 'asc' ? 'asc' : 'desc')} nulls last`
        : dir(column);
    return {
      rows: db
        .select({
          id: applications.id,
          number: applications.number,
          applicantCompanyName: applications.applicantCompanyName,
          customFormId: applications.customFormId,
          formName: customForms.name,
          status: applications.status,
          signStatus: applications.signStatus,
          submittedAt: applications.submittedAt,
          updatedAt: applications.updatedAt,
          updatedBy: applications.updatedBy,
          applicantEmail: applications.applicantEmail,
        })
        .from(applications)
        .innerJoin(customForms, eq(customForms.id, applications.customFormId))
        .where(where)
        // within one status the latest change first, on (company_id, status, updated_at)
        .orderBy(primary, ...(opts.sort === 'status' ? [dir(applications.updatedAt)] : []), dir(applications.number))
        .limit(opts.limit)
        .offset(opts.offset),
      // granted forms (all the company's): counted on (custom_form_id, status) alone, an index-only scan
      count: db
        .select({ n: count() })
        .from(applications)
        .where(f.formIds ? whereOf({ ...f, byFormsOnly: true }) : where),
    };
  }

  /**
   * Sorted by form name: a company has few forms, so the page is cut from the per-form counts (which also give the
   * total) and read form by form in the number's order on (custom_form_id, number), instead of sorting every row
   * of a large company by a joined name (decision 042).
   */
  async function listByFormName(f: ListFilter, opts: ListPage) {
    const names = (
      await db
        .select({ id: customForms.id, name: customForms.name })
        .from(customForms)
        .where(eq(customForms.companyId, f.companyId))
    ).filter((n) => (f.formId ? n.id === f.formId : !f.formIds || f.formIds.includes(n.id)));
    if (!names.length) return { rows: [], total: 0 };
    const groups = await db
      .select({ formId: applications.customFormId, n: count() })
      .from(applications)
      .where(whereOf({ ...f, formId: undefined, formIds: names.map((n) => n.id), byFormsOnly: true }))
      .groupBy(applications.customFormId);
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    const ordered = groups
      .map((g) => ({ ...g, name: (nameOf.get(g.formId) ?? '').toLowerCase() }))
      .sort((x, y) => (x.name === y.name ? (x.formId < y.formId ? -1 : 1) : x.name < y.name ? -1 : 1));
    if (opts.order === 'desc') ordered.reverse();
    const total = ordered.reduce((sum, g) => sum + g.n, 0);
    const rows: Awaited<ReturnType<typeof listQueries>['rows']> = [];
    let skip = opts.offset;
    for (const g of ordered) {
      if (rows.length >= opts.limit) break;
      if (skip >= g.n) {
        skip -= g.n;
        continue;
      }
      const part = await listQueries(
        { ...f, formId: g.formId },
        { sort: 'number', order: opts.order, limit: opts.limit - rows.length, offset: skip },
      ).rows;
      rows.push(...part);
      skip = 0;
    }
    return { rows, total };
  }

  return {
    /** One page and the total count (run side by side; the bench explains the same two queries). */
    async list(filter: ListFilter, opts: ListPage) {
      let f = filter;
      if (f.masterFormIds) {
        // the granted forms as ids: the planner sees the values (and their share of the rows)
        const masters = f.masterFormIds.length ? f.masterFormIds : [NO_ID];
        const own = await db
          .select({ id: customForms.id })
          .from(customForms)
          .where(and(eq(customForms.companyId, f.companyId), inArray(customForms.masterFormId, masters)));
        const formIds = own.map((o) => o.id);
        if (!formIds.length || (f.formId && !formIds.includes(f.formId))) return { rows: [], total: 0 };
        f = { ...f, masterFormIds: undefined, formIds };
      }
      if (f.formId) {
        const [own] = await db
          .select({ id: customForms.id })
          .from(customForms)
          .where(and(eq(customForms.id, f.formId), eq(customForms.companyId, f.companyId)));
        // another company's form: nothing, as for any id the company does not have
        if (!own) return { rows: [], total: 0 };
      }
      if (opts.sort === 'formName') return listByFormName(f, opts);
      const q = listQueries(f, opts);
      const [rows, [total]] = await Promise.all([q.rows, q.count]);
      return { rows, total: total?.n ?? 0 };
    },
    listQueries: (f: ListFilter, opts: ListPage) => listQueries(f, opts),

    /** The company's application, locked for a decision, with its form's master form (the STANDARD grant). */
    async companyName(companyId: string) {
      const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
      return row?.name;
    },

    async setStatus(
      applicationId: string,
      patch: {
        status: ListedStatus;
        statusReason: string | null;
        decidedAt: Date | null;
        updatedAt: Date;
        updatedBy: string;
      },
    ) {
      const [row] = await db.update(applications).set(patch).where(eq(applications.id, applicationId)).returning({
        id: applications.id,
        status: applications.status,
        statusReason: applications.statusReason,
        decidedAt: applications.decidedAt,
        updatedAt: applications.updatedAt,
        updatedBy: applications.updatedBy,
      });
      if (!row) throw new Error('application not updated');
      return row;
    },

    /** Applications created since `since`, by account, form and status. */
    async countByFormAndStatus(scope: StatisticsScope, since: Date) {
      return db
        .select({
          companyId: applications.companyId,
          companyName: companies.name,
          customFormId: applications.customFormId,
          formName: customForms.name,
          status: applications.status,
          n: count(),
        })
        .from(applications)
        .innerJoin(customForms, eq(customForms.id, applications.customFormId))
        .innerJoin(companies, eq(companies.id, applications.companyId))
        .where(and(statisticsWhere(scope), gte(applications.createdAt, since)))
        .groupBy(
          applications.companyId,
          companies.name,
          applications.customFormId,
          customForms.name,
          applications.status,
        );
    },

    /** Submissions per UTC month since `since`. */
    async submittedPerMonth(scope: StatisticsScope, since: Date) {
      const month = sql<string>`to_char(${applications.submittedAt} at time zone 'UTC', 'YYYY-MM')`;
      return db
        .select({ month, n: count() })
        .from(applications)
        .where(and(statisticsWhere(scope), gte(applications.submittedAt, since)))
        .groupBy(month);
    },

    /**
     * Medians (seconds) from the invitation (the row's creation, `invited_by` set) to the submission, over invited
     * applications submitted since `since`; and from the submission to the decision, over decisions since `since`.
     */
    async timings(scope: StatisticsScope, since: Date) {
      const from = sql`${since.toISOString()}::timestamptz`;
      const invited = sql`${applications.invitedBy} is not null and ${applications.submittedAt} >= ${from}`;
      const decided = sql`${applications.status} in ('approved', 'denied') and ${applications.decidedAt} >= ${from} and ${applications.submittedAt} is not null`;
      const [row] = await db
        .select({
          inviteMedian: sql<
            number | null
          >`percentile_cont(0.5) within group (order by extract(epoch from ${applications.submittedAt} - ${applications.createdAt})) filter (where ${invited})`,
          inviteCount: sql<number>`count(*) filter (where ${invited})`,
          decideMedian: sql<
            number | null
          >`percentile_cont(0.5) within group (order by extract(epoch from ${applications.decidedAt} - ${applications.submittedAt})) filter (where ${decided})`,
          decideCount: sql<number>`count(*) filter (where ${decided})`,
        })
        .from(applications)
        .where(statisticsWhere(scope));
      const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
      return {
        inviteMedianSeconds: num(row?.inviteMedian),
        inviteCount: Number(row?.inviteCount ?? 0),
        decideMedianSeconds: num(row?.decideMedian),
        decideCount: Number(row?.decideCount ?? 0),
      };
    },

    /**
     * The Customers screen: one row per primary applicant's e-mail (case-insensitive) among the filter's
     * applications, their count by status, the company name of the latest, newest activity first.
     */
    async customers(f: ListFilter, o: { limit: number; offset: number }) {
      const email = sql<string>`lower(${applications.applicantEmail})`;
      const n = (status: string) => sql<number>`(count(*) filter (where ${applications.status} = ${status}))::int`;
      const rows = await db
        .select({
          email,
          companyName: sql<
            string | null
          >`(array_agg(${applications.applicantCompanyName} order by ${applications.updatedAt} desc) filter (where ${applications.applicantCompanyName} is not null))[1]`,
          latestApplicationId: sql<string>`(array_agg(${applications.id} order by ${applications.updatedAt} desc))[1]`,
          applications: sql<number>`count(*)::int`,
          inviteSent: n('invite_sent'),
          pending: n('pending'),
          approved: n('approved'),
          denied: n('denied'),
          lastActivityAt: sql<Date>`max(${applications.updatedAt})`,
        })
        .from(applications)
        .where(whereOf(f))
        .groupBy(email)
        .orderBy(sql`max(${applications.updatedAt}) desc`, email)
        .limit(o.limit)
        .offset(o.offset);
      const [total] = await db
        .select({ n: sql<number>`count(distinct lower(${applications.applicantEmail}))::int` })
        .from(applications)
        .where(whereOf(f));
      return { rows, total: total?.n ?? 0 };
    },

    /** Current decisions per UTC month of the decision since `since`. */
    async decidedPerMonth(scope: StatisticsScope, since: Date) {
      const month = sql<string>`to_char(${applications.decidedAt} at time zone 'UTC', 'YYYY-MM')`;
      return db
        .select({ month, status: applications.status, n: count() })
        .from(applications)
        .where(
          and(
            statisticsWhere(scope),
            inArray(applications.status, ['approved', 'denied']),
            gte(applications.decidedAt, since),
          ),
        )
        .groupBy(month, applications.status);
    },
  };
}
