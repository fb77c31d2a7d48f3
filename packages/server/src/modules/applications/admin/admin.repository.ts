import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { likePattern } from '../../../db/like-pattern';
import { applicationOwners, applications, companies, customForms, masterForms } from '../../../db/schema';

/**
 * Applications across accounts as the platform's admins read them (issue 14). The overview's statistics are the
 * client's (`readStatusFigures` in modules/applications/review/lists.service.ts, scoped to every company or one).
 */
export function createAdminApplicationsRepository(db: DbOrTx) {
  return {
    async findCompany(companyId: string) {
      const [row] = await db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row;
    },

    /** The account's form with the account's name; undefined when the form is not that account's. */
    async findForm(companyId: string, formId: string) {
      const [row] = await db
        .select({
          customFormId: customForms.id,
          formName: customForms.name,
          companyId: companies.id,
          companyName: companies.name,
        })
        .from(customForms)
        .innerJoin(companies, eq(companies.id, customForms.companyId))
        .where(and(eq(customForms.id, formId), eq(customForms.companyId, companyId)));
      return row;
    },

    /** The account's forms, newest first, with their master form's name. */
    async listForms(companyId: string) {
      return db
        .select({
          customFormId: customForms.id,
          name: customForms.name,
          status: customForms.status,
          masterFormId: customForms.masterFormId,
          masterFormName: masterForms.name,
        })
        .from(customForms)
        .innerJoin(masterForms, eq(masterForms.id, customForms.masterFormId))
        .where(eq(customForms.companyId, companyId))
        .orderBy(desc(customForms.createdAt), customForms.id);
    },

    /** Applications of these forms by form and status, all time (drafts aside). */
    async countByFormAndStatus(formIds: string[]) {
      if (!formIds.length) return [];
      return db
        .select({ customFormId: applications.customFormId, status: applications.status, n: count() })
        .from(applications)
        .where(and(ne(applications.status, 'draft'), inArray(applications.customFormId, formIds)))
        .groupBy(applications.customFormId, applications.status);
    },

    /**
     * The form's application members: one row per owner e-mail (stored lower case) over its applications that are
     * not drafts, removed owners aside; newest activity first. Only names, e-mails, kinds and times are read: never
     * a link's code (hash) nor the application's data.
     */
    async members(formId: string, o: { q?: string; limit: number; offset: number }) {
      const lastActivity = sql`max(greatest(${applicationOwners.lastSeenAt}, ${applications.updatedAt}))`;
      // the e-mail is the group's; a name matches when any of the member's rows carries it
      const match = o.q
        ? sql`bool_or(${applicationOwners.email} ilike ${likePattern(o.q)} or coalesce(${applicationOwners.name}, '') ilike ${likePattern(o.q)})`
        : undefined;
      const grouped = () =>
        db
          .select({
            email: applicationOwners.email,
            name: sql<
              string | null
            >`(array_agg(${applicationOwners.name} order by ${applications.updatedAt} desc) filter (where ${applicationOwners.name} is not null))[1]`.as(
              'name',
            ),
            isPrimary: sql<boolean>`bool_or(${applicationOwners.kind} = 'primaryApplicant')`.as('is_primary'),
            applications: sql<number>`count(distinct ${applications.id})::int`.as('applications'),
            lastActivityAt: lastActivity.mapWith(applications.updatedAt).as('last_activity_at'),
          })
          .from(applicationOwners)
          .innerJoin(applications, eq(applications.id, applicationOwners.applicationId))
          .where(
            and(
              eq(applications.customFormId, formId),
              ne(applications.status, 'draft'),
              sql`${applicationOwners.removedAt} is null`,
            ),
          )
          .groupBy(applicationOwners.email)
          .having(match);
      // two builders: drizzle's builders change in place, and the count must not take the page's order and limit
      const rows = await grouped()
        .orderBy(sql`${lastActivity} desc`, applicationOwners.email)
        .limit(o.limit)
        .offset(o.offset);
      const [total] = await db.select({ n: count() }).from(grouped().as('members'));
      return { rows, total: total?.n ?? 0 };
    },
  };
}
