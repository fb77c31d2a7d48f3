import {
  type ApplicationSort,
  LISTED_STATUSES,
  type ListedStatus,
} from '@under/core/applications/application-list.schema';
import { and, asc, count, desc, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applications, companies, customForms } from '../../db/schema/index';

/** What narrows a list (decision 042); the company is always one. */
export interface ListFilter {
  companyId: string;
  /** A STANDARD member's granted master forms; undefined: every form of the company. */
  masterFormIds?: string[];
  statuses?: ListedStatus[];
  /** The tsquery text built by `searchQuery`. */
  search?: string;
  /** Submitted at or after / before (exclusive). */
  submittedFrom?: Date;
  submittedBefore?: Date;
  applicantCompanyName?: string;
  formId?: string;
  /** A search that has no word in it. */
  matchNothing?: boolean;
}

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

function whereOf(f: ListFilter): SQL | undefined {
  const statuses = f.statuses?.length ? [...new Set(f.statuses)] : undefined;
  return and(
    eq(applications.companyId, f.companyId),
    f.matchNothing ? sql`false` : undefined,
    // all four is "not a draft": one condition the planner reads off any index
    statuses && statuses.length < LISTED_STATUSES.length
      ? inArray(applications.status, statuses)
      : ne(applications.status, 'draft'),
    f.masterFormIds
      ? inArray(
          applications.customFormId,
          sql`(select ${customForms.id} from ${customForms} where ${customForms.companyId} = ${f.companyId} and ${customForms.masterFormId} in ${f.masterFormIds.length ? f.masterFormIds : ['00000000-0000-0000-0000-000000000000']})`,
        )
      : undefined,
    f.formId ? eq(applications.customFormId, f.formId) : undefined,
    f.search ? sql`${applications.searchVector} @@ to_tsquery('simple', ${f.search})` : undefined,
    f.submittedFrom ? gte(applications.submittedAt, f.submittedFrom) : undefined,
    f.submittedBefore ? lt(applications.submittedAt, f.submittedBefore) : undefined,
    f.applicantCompanyName
      ? sql`lower(${applications.applicantCompanyName}) = lower(${f.applicantCompanyName})`
      : undefined,
  );
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
        .orderBy(primary, dir(applications.number))
        .limit(opts.limit)
        .offset(opts.offset),
      count: db.select({ n: count() }).from(applications).where(where),
    };
  }

  return {
    /** One page and the total count (run side by side; the bench explains the same two queries). */
    async list(f: ListFilter, opts: ListPage) {
      const q = listQueries(f, opts);
      const [rows, [total]] = await Promise.all([q.rows, q.count]);
      return { rows, total: total?.n ?? 0 };
    },
    listQueries: (f: ListFilter, opts: ListPage) => listQueries(f, opts),

    /** The company's application, locked for a decision, with its form's master form (the STANDARD grant). */
    async lockApplication(applicationId: string, companyId: string) {
      const [row] = await db
        .select({
          id: applications.id,
          number: applications.number,
          status: applications.status,
          applicantEmail: applications.applicantEmail,
          masterFormId: customForms.masterFormId,
          formName: customForms.name,
          companyName: companies.name,
        })
        .from(applications)
        .innerJoin(customForms, eq(customForms.id, applications.customFormId))
        .innerJoin(companies, eq(companies.id, applications.companyId))
        .where(and(eq(applications.id, applicationId), eq(applications.companyId, companyId)))
        .for('update', { of: applications });
      return row;
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

    /** Applications created since `since`, by form and status. */
    async countByFormAndStatus(f: ListFilter, since: Date) {
      return db
        .select({
          customFormId: applications.customFormId,
          formName: customForms.name,
          status: applications.status,
          n: count(),
        })
        .from(applications)
        .innerJoin(customForms, eq(customForms.id, applications.customFormId))
        .where(and(whereOf(f), gte(applications.createdAt, since)))
        .groupBy(applications.customFormId, customForms.name, applications.status);
    },

    /** Submissions per UTC month since `since`. */
    async submittedPerMonth(f: ListFilter, since: Date) {
      const month = sql<string>`to_char(${applications.submittedAt} at time zone 'UTC', 'YYYY-MM')`;
      return db
        .select({ month, n: count() })
        .from(applications)
        .where(and(whereOf(f), gte(applications.submittedAt, since)))
        .groupBy(month);
    },

    /** Current decisions per UTC month of the decision since `since`. */
    async decidedPerMonth(f: ListFilter, since: Date) {
      const month = sql<string>`to_char(${applications.decidedAt} at time zone 'UTC', 'YYYY-MM')`;
      return db
        .select({ month, status: applications.status, n: count() })
        .from(applications)
        .where(
          and(whereOf(f), inArray(applications.status, ['approved', 'denied']), gte(applications.decidedAt, since)),
        )
        .groupBy(month, applications.status);
    },
  };
}

/**
 * Rewrites the owners' names and e-mails the search reads (`applications.owners_search_text`; the generated
 * `search_vector` follows). Call it in the transaction of every change of an application's owners (added, renamed,
 * removed): modules that write `application_owners` call it after their writes.
 */
export async function refreshSearchText(tx: DbOrTx, applicationId: string): Promise<void> {
  await tx.execute(sql`
    update applications set owners_search_text = coalesce((
      select string_agg(coalesce(o.name, '') || ' ' || o.email, ' ' order by o.position, o.created_at)
      from application_owners o
      where o.application_id = ${applicationId} and o.removed_at is null
    ), '')
    where id = ${applicationId}`);
}
