import { and, asc, count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type ListFilter, whereOf } from '../../../db/repositories/application-filter.repository';
import { applications, customForms, customFormVersions } from '../../../db/schema';

const NO_ID = '00000000-0000-0000-0000-000000000000';

/** The rows of an export, read in the number's order (newest first) by keyset: `number < after` (decision 043). */
export function createApplicationExportRepository(db: DbOrTx) {
  return {
    /**
     * The list's filter with a STANDARD member's grant resolved to the company's form ids, as the list does; null
     * when nothing can match (no granted form, or a form that is not the caller's).
     */
    async resolve(filter: ListFilter): Promise<ListFilter | null> {
      let f = filter;
      if (f.masterFormIds) {
        const own = await db
          .select({ id: customForms.id })
          .from(customForms)
          .where(
            and(
              eq(customForms.companyId, f.companyId),
              inArray(customForms.masterFormId, f.masterFormIds.length ? f.masterFormIds : [NO_ID]),
            ),
          );
        const formIds = own.map((o) => o.id);
        if (!formIds.length || (f.formId && !formIds.includes(f.formId))) return null;
        f = { ...f, masterFormIds: undefined, formIds };
      }
      if (f.formId) {
        const [own] = await db
          .select({ id: customForms.id })
          .from(customForms)
          .where(and(eq(customForms.id, f.formId), eq(customForms.companyId, f.companyId)));
        if (!own) return null;
      }
      return f;
    },

    async count(f: ListFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(applications).where(whereOf(f));
      return row?.n ?? 0;
    },

    /** The form versions the filter's applications are made on, with their built forms: newest version first. */
    async versions(f: ListFilter) {
      const used = db
        .selectDistinct({ customFormId: applications.customFormId, version: applications.formVersion })
        .from(applications)
        .where(whereOf(f))
        .as('used');
      return db
        .select({
          customFormId: customFormVersions.customFormId,
          version: customFormVersions.version,
          form: customFormVersions.form,
          formName: customForms.name,
        })
        .from(used)
        .innerJoin(
          customFormVersions,
          and(eq(customFormVersions.customFormId, used.customFormId), eq(customFormVersions.version, used.version)),
        )
        .innerJoin(customForms, eq(customForms.id, customFormVersions.customFormId))
        .orderBy(asc(customForms.name), asc(customForms.id), desc(customFormVersions.version));
    },

    /** One batch after `after` (exclusive), newest first. */
    async batch(f: ListFilter, after: number | undefined, limit: number) {
      return db
        .select({
          id: applications.id,
          number: applications.number,
          customFormId: applications.customFormId,
          formVersion: applications.formVersion,
          data: applications.data,
          status: applications.status,
          submittedAt: applications.submittedAt,
          updatedAt: applications.updatedAt,
          updatedBy: applications.updatedBy,
        })
        .from(applications)
        .where(and(whereOf(f), after === undefined ? undefined : lt(applications.number, after)))
        .orderBy(desc(applications.number))
        .limit(limit);
    },
  };
}
