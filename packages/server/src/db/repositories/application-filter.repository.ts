import { LISTED_STATUSES, type ListedStatus } from '@under/core/applications/application-list.schema';
import { and, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { applications, customForms, integrationSyncs } from '../schema/index';

/*
 * The institution's filter over applications and the search text it reads, shared by the modules that list, export
 * and change applications' owners (decision 065: a module reads another's data through a shared repository, never
 * through that module's own repository).
 */

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
  /** Applications with a sync (any integration) in one of these states (decision 074). */
  syncStates?: string[];
  /** A search that has no word in it. */
  matchNothing?: boolean;
  /** The company's forms the caller may see, resolved from `masterFormIds` (the list resolves them first). */
  formIds?: string[];
  /** `formIds` are all of the company's: the form ids alone scope the rows (their index, their statistics). */
  byFormsOnly?: boolean;
}

/** An id no row has: `in ()` is not SQL, `in (NO_ID)` matches nothing. */
export const NO_ID = '00000000-0000-0000-0000-000000000000';

export function whereOf(f: ListFilter): SQL | undefined {
  const statuses = f.statuses?.length ? [...new Set(f.statuses)] : undefined;
  return and(
    // a form is one company's (`list` checks it first): naming both makes the planner multiply two selectivities
    // that are one, and walk the global number index instead of the form's (decision 042)
    f.formId || f.byFormsOnly ? undefined : eq(applications.companyId, f.companyId),
    f.matchNothing ? sql`false` : undefined,
    // all four is "not a draft": one condition the planner reads off any index
    statuses && statuses.length < LISTED_STATUSES.length
      ? inArray(applications.status, statuses)
      : ne(applications.status, 'draft'),
    f.formIds
      ? inArray(applications.customFormId, f.formIds.length ? f.formIds : [NO_ID])
      : f.masterFormIds
        ? inArray(
            applications.customFormId,
            sql`(select ${customForms.id} from ${customForms} where ${customForms.companyId} = ${f.companyId} and ${customForms.masterFormId} in ${f.masterFormIds.length ? f.masterFormIds : [NO_ID]})`,
          )
        : undefined,
    f.formId ? eq(applications.customFormId, f.formId) : undefined,
    f.search ? sql`${applications.searchVector} @@ to_tsquery('simple', ${f.search})` : undefined,
    f.submittedFrom ? gte(applications.submittedAt, f.submittedFrom) : undefined,
    f.submittedBefore ? lt(applications.submittedAt, f.submittedBefore) : undefined,
    f.applicantCompanyName
      ? sql`lower(${applications.applicantCompanyName}) = lower(${f.applicantCompanyName})`
      : undefined,
    f.syncStates?.length
      ? sql`exists (select 1 from ${integrationSyncs} where ${integrationSyncs.applicationId} = ${applications.id} and ${inArray(integrationSyncs.state, [...new Set(f.syncStates)])})`
      : undefined,
  );
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
