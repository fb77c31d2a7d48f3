import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { likePattern } from '../../../db/like-pattern';
import {
  applicationDocumentRuns,
  applicationDocuments,
  applicationOwners,
  applicationSignatures,
  applications,
  companies,
  customForms,
  customFormVersions,
  masterForms,
} from '../../../db/schema';

export type DocumentRow = typeof applicationDocuments.$inferSelect;

export function createDocumentsRepository(db: DbOrTx) {
  return {
    /** The application's run still queued or running, if any. */
    async openRun(applicationId: string) {
      const [row] = await db
        .select({ id: applicationDocumentRuns.id, generation: applicationDocumentRuns.generation })
        .from(applicationDocumentRuns)
        .where(
          and(
            eq(applicationDocumentRuns.applicationId, applicationId),
            sql`${applicationDocumentRuns.status} in ('queued', 'running')`,
          ),
        )
        .limit(1);
      return row;
    },
    /** A queued run numbered one past the application's last generation. */
    async insertNextRun(applicationId: string, reason: 'signed' | 'regenerate') {
      const [row] = await db
        .insert(applicationDocumentRuns)
        .values({
          applicationId,
          reason,
          generation: sql`(select coalesce(max(${applicationDocumentRuns.generation}), 0) + 1 from ${applicationDocumentRuns} where ${applicationDocumentRuns.applicationId} = ${applicationId})`,
        })
        .returning({ id: applicationDocumentRuns.id, generation: applicationDocumentRuns.generation });
      return row;
    },
    async findRun(runId: string) {
      const [row] = await db.select().from(applicationDocumentRuns).where(eq(applicationDocumentRuns.id, runId));
      return row;
    },
    async updateRun(runId: string, patch: Partial<typeof applicationDocumentRuns.$inferInsert>) {
      await db.update(applicationDocumentRuns).set(patch).where(eq(applicationDocumentRuns.id, runId));
    },
    /** Marks a run done once: false when another runner already did (its notices are sent once). */
    async markRunDone(runId: string, at: Date) {
      const rows = await db
        .update(applicationDocumentRuns)
        .set({ status: 'done', finishedAt: at })
        .where(and(eq(applicationDocumentRuns.id, runId), ne(applicationDocumentRuns.status, 'done')))
        .returning({ id: applicationDocumentRuns.id });
      return rows.length > 0;
    },
    /** Runs waiting or started before `before`: their job was lost (a crash) or is stuck. */
    async staleRuns(before: Date) {
      return db
        .select({ id: applicationDocumentRuns.id })
        .from(applicationDocumentRuns)
        .where(
          and(
            inArray(applicationDocumentRuns.status, ['queued', 'running']),
            lt(sql`coalesce(${applicationDocumentRuns.startedAt}, ${applicationDocumentRuns.createdAt})`, before),
          ),
        )
        .limit(100);
    },
    async latestRun(applicationId: string) {
      const [row] = await db
        .select()
        .from(applicationDocumentRuns)
        .where(eq(applicationDocumentRuns.applicationId, applicationId))
        .orderBy(desc(applicationDocumentRuns.generation))
        .limit(1);
      return row;
    },
    /** What a run needs of its application: the row, its form version, master form, template and company. */
    async source(applicationId: string) {
      const [row] = await db
        .select({
          application: applications,
          form: customFormVersions.form,
          formName: customForms.name,
          masterFormId: customForms.masterFormId,
          templateId: masterForms.templateId,
          companyName: companies.name,
        })
        .from(applications)
        .innerJoin(customForms, eq(customForms.id, applications.customFormId))
        .innerJoin(
          customFormVersions,
          and(
            eq(customFormVersions.customFormId, applications.customFormId),
            eq(customFormVersions.version, applications.formVersion),
          ),
        )
        .innerJoin(masterForms, eq(masterForms.id, customForms.masterFormId))
        .innerJoin(companies, eq(companies.id, applications.companyId))
        .where(eq(applications.id, applicationId))
        .limit(1);
      return row;
    },
    async owners(applicationId: string) {
      return db
        .select()
        .from(applicationOwners)
        .where(and(eq(applicationOwners.applicationId, applicationId), isNull(applicationOwners.removedAt)))
        .orderBy(asc(applicationOwners.position));
    },
    async validSignatures(applicationId: string) {
      return db
        .select()
        .from(applicationSignatures)
        .where(
          and(eq(applicationSignatures.applicationId, applicationId), isNull(applicationSignatures.invalidatedAt)),
        );
    },
    async documentsOfGeneration(applicationId: string, generation: number) {
      return db
        .select()
        .from(applicationDocuments)
        .where(
          and(eq(applicationDocuments.applicationId, applicationId), eq(applicationDocuments.generation, generation)),
        )
        .orderBy(asc(applicationDocuments.createdAt));
    },
    /** Written once per slot of a generation: a second writer (a retried job) finds it there and writes nothing. */
    async insertDocument(row: typeof applicationDocuments.$inferInsert) {
      const [out] = await db.insert(applicationDocuments).values(row).onConflictDoNothing().returning();
      return out;
    },
    async findDocument(applicationId: string, documentId: string) {
      const [row] = await db
        .select()
        .from(applicationDocuments)
        .where(
          and(
            eq(applicationDocuments.id, documentId),
            eq(applicationDocuments.applicationId, applicationId),
            isNull(applicationDocuments.deletedAt),
          ),
        );
      return row;
    },
    async findByKey(storageKey: string) {
      const [row] = await db
        .select()
        .from(applicationDocuments)
        .where(and(eq(applicationDocuments.storageKey, storageKey), isNull(applicationDocuments.deletedAt)));
      return row;
    },
    async markDeleted(id: string, at: Date) {
      await db.update(applicationDocuments).set({ deletedAt: at }).where(eq(applicationDocuments.id, id));
    },
    /** A custom form's company and its master form's template. */
    async formTemplate(customFormId: string) {
      const [row] = await db
        .select({ companyId: customForms.companyId, templateId: masterForms.templateId })
        .from(customForms)
        .innerJoin(masterForms, eq(masterForms.id, customForms.masterFormId))
        .where(eq(customForms.id, customFormId));
      return row;
    },
    /**
     * The Agreements screen: the standing documents of a company's signed applications (of `masterFormIds` when
     * given: a STANDARD member's grants), newest first; `q` matches the applicant company, the document's name or
     * the application number (case-insensitive, as a substring).
     */
    async listAgreements(o: {
      companyId: string;
      masterFormIds: string[] | undefined;
      q: string | undefined;
      limit: number;
      offset: number;
    }) {
      const like = o.q ? likePattern(o.q) : undefined;
      const where = and(
        eq(applications.companyId, o.companyId),
        eq(applications.signStatus, 'COMPLETED'),
        isNull(applicationDocuments.deletedAt),
        o.masterFormIds
          ? inArray(
              customForms.masterFormId,
              o.masterFormIds.length ? o.masterFormIds : ['00000000-0000-0000-0000-000000000000'],
            )
          : undefined,
        like
          ? sql`(${applications.applicantCompanyName} ilike ${like} or ${applicationDocuments.name} ilike ${like} or ${applications.number}::text = ${o.q})`
          : undefined,
      );
      const base = () =>
        db
          .select({
            document: applicationDocuments,
            applicationNumber: applications.number,
            applicantCompanyName: applications.applicantCompanyName,
            formName: customForms.name,
          })
          .from(applicationDocuments)
          .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
          .innerJoin(customForms, eq(customForms.id, applications.customFormId));
      const rows = await base()
        .where(where)
        .orderBy(desc(applicationDocuments.createdAt), asc(applicationDocuments.slot))
        .limit(o.limit)
        .offset(o.offset);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(base().where(where).as('agreements'));
      return { rows, total: count?.n ?? 0 };
    },

    async listDocuments(applicationId: string, o: { limit: number; offset: number; order: 'asc' | 'desc' }) {
      const where = and(eq(applicationDocuments.applicationId, applicationId), isNull(applicationDocuments.deletedAt));
      const rows = await db
        .select()
        .from(applicationDocuments)
        .where(where)
        .orderBy(
          o.order === 'asc' ? asc(applicationDocuments.generation) : desc(applicationDocuments.generation),
          asc(applicationDocuments.createdAt),
        )
        .limit(o.limit)
        .offset(o.offset);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(applicationDocuments).where(where);
      return { rows, total: count?.n ?? 0 };
    },
  };
}
