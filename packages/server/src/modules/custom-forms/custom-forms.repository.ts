import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import {
  applications,
  companies,
  customForms,
  customFormVersions,
  masterFormPermissions,
  masterForms,
  masterFormVersions,
  pdfTemplates,
  templatePermissions,
} from '../../db/schema/index';

export type CustomFormRow = typeof customForms.$inferSelect;
export type MasterFormRow = typeof masterForms.$inferSelect;

const SORTS = {
  name: customForms.name,
  createdAt: customForms.createdAt,
  updatedAt: customForms.updatedAt,
  status: customForms.status,
} as const;

/**
 * Custom forms, their versions and template permissions inside a company. Master forms, their published versions
 * and the admin's per-company grants are read here as this module's read model (the master-forms module writes them).
 */
export function createCustomFormsRepository(db: DbOrTx) {
  return {
    async findForm(id: string, companyId: string, lock = false) {
      const q = db
        .select()
        .from(customForms)
        .where(and(eq(customForms.id, id), eq(customForms.companyId, companyId)));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },
    /** Any company's form (the public form; the master's updates). */
    async findFormById(id: string, lock = false) {
      const q = db.select().from(customForms).where(eq(customForms.id, id));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },
    async insertForm(values: typeof customForms.$inferInsert) {
      const [row] = await db.insert(customForms).values(values).returning();
      return row as CustomFormRow;
    },
    async updateForm(id: string, patch: Partial<typeof customForms.$inferInsert>) {
      const [row] = await db
        .update(customForms)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(customForms.id, id))
        .returning();
      return row as CustomFormRow;
    },
    async listForms(opts: {
      companyId: string;
      masterFormIds?: string[];
      q?: string;
      status?: string;
      sort: keyof typeof SORTS;
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
    }) {
      const where = and(
        eq(customForms.companyId, opts.companyId),
        opts.masterFormIds
          ? inArray(
              customForms.masterFormId,
              opts.masterFormIds.length ? opts.masterFormIds : ['00000000-0000-0000-0000-000000000000'],
            )
          : undefined,
        opts.q ? ilike(customForms.name, likePattern(opts.q)) : undefined,
        opts.status ? eq(customForms.status, opts.status) : undefined,
      );
      const column = SORTS[opts.sort];
      const rows = await db
        .select({ form: customForms, institution: masterForms.name, masterLatest: masterForms.version })
        .from(customForms)
        .innerJoin(masterForms, eq(masterForms.id, customForms.masterFormId))
        .where(where)
        .orderBy(opts.order === 'asc' ? asc(column) : desc(column), asc(customForms.id))
        .limit(opts.limit)
        .offset(opts.offset);
      const [total] = await db.select({ n: count() }).from(customForms).where(where);
      return { rows, total: total?.n ?? 0 };
    },
    async countForms(companyId: string, status?: 'active') {
      const [row] = await db
        .select({ n: count() })
        .from(customForms)
        .where(
          and(
            eq(customForms.companyId, companyId),
            status ? eq(customForms.status, status) : ne(customForms.status, 'archived'),
          ),
        );
      return row?.n ?? 0;
    },
    /** Forms built on a master form, not archived (the master's updates and archiving). */
    async formsOfMaster(masterFormId: string) {
      return db
        .select({ id: customForms.id, companyId: customForms.companyId, updateMode: customForms.updateMode })
        .from(customForms)
        .where(and(eq(customForms.masterFormId, masterFormId), ne(customForms.status, 'archived')));
    },
    /** Non-archived forms per master form, for the admin's totals. */
    async countByMaster() {
      return db
        .select({ masterFormId: customForms.masterFormId, n: count() })
        .from(customForms)
        .where(ne(customForms.status, 'archived'))
        .groupBy(customForms.masterFormId);
    },

    async insertVersion(values: typeof customFormVersions.$inferInsert) {
      await db.insert(customFormVersions).values(values);
    },
    async replaceVersion(
      customFormId: string,
      version: number,
      patch: Partial<typeof customFormVersions.$inferInsert>,
    ) {
      await db
        .update(customFormVersions)
        .set(patch)
        .where(and(eq(customFormVersions.customFormId, customFormId), eq(customFormVersions.version, version)));
    },
    async findVersion(customFormId: string, version: number) {
      const [row] = await db
        .select()
        .from(customFormVersions)
        .where(and(eq(customFormVersions.customFormId, customFormId), eq(customFormVersions.version, version)));
      return row;
    },
    /** Every version's client part (its documents), for deleting the form. */
    async versionDocuments(customFormId: string) {
      return db
        .select({ document: customFormVersions.document })
        .from(customFormVersions)
        .where(eq(customFormVersions.customFormId, customFormId));
    },
    /** How many applications (any status, drafts too) a form has. */
    async countApplications(customFormId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(applications)
        .where(eq(applications.customFormId, customFormId));
      return row?.n ?? 0;
    },
    /** Deletes the form; its versions go with it (ON DELETE CASCADE). */
    async deleteForm(id: string) {
      await db.delete(customForms).where(eq(customForms.id, id));
    },
    async listVersions(customFormId: string) {
      return db
        .select({
          version: customFormVersions.version,
          masterVersion: customFormVersions.masterVersion,
          createdAt: customFormVersions.createdAt,
        })
        .from(customFormVersions)
        .where(eq(customFormVersions.customFormId, customFormId))
        .orderBy(desc(customFormVersions.version));
    },

    // ---- master forms, read
    async findMasterForm(id: string) {
      const [row] = await db.select().from(masterForms).where(eq(masterForms.id, id));
      return row;
    },
    /** Published, active master forms with their template's page count. */
    async listPublishedMasterForms(q?: string) {
      return db
        .select({
          form: masterForms,
          pageCount: sql<number>`coalesce(jsonb_array_length(${pdfTemplates.pages}), 0)`.mapWith(Number),
        })
        .from(masterForms)
        .leftJoin(pdfTemplates, eq(pdfTemplates.id, masterForms.templateId))
        .where(
          and(
            eq(masterForms.status, 'active'),
            sql`${masterForms.version} > 0`,
            q ? ilike(masterForms.name, likePattern(q)) : undefined,
          ),
        )
        .orderBy(asc(masterForms.name));
    },
    async findMasterVersion(formId: string, version: number) {
      const [row] = await db
        .select()
        .from(masterFormVersions)
        .where(and(eq(masterFormVersions.formId, formId), eq(masterFormVersions.version, version)));
      return row;
    },
    /** The admin's grant of a master form to users of one company (master_form_permissions). */
    async adminGrant(formId: string, companyId: string) {
      const [row] = await db
        .select({ userIds: masterFormPermissions.userIds })
        .from(masterFormPermissions)
        .where(and(eq(masterFormPermissions.formId, formId), eq(masterFormPermissions.companyId, companyId)));
      return row?.userIds ?? [];
    },
    /** The master forms the admin granted to one user of a company (master_form_permissions). */
    async adminGrantsOfUser(companyId: string, userId: string) {
      const rows = await db
        .select({ formId: masterFormPermissions.formId })
        .from(masterFormPermissions)
        .where(
          and(
            eq(masterFormPermissions.companyId, companyId),
            sql`${masterFormPermissions.userIds} @> ${JSON.stringify([userId])}::jsonb`,
          ),
        );
      return rows.map((r) => r.formId);
    },
    async companyMemberships() {
      return db.select({ id: companies.id, membershipId: companies.membershipId }).from(companies);
    },

    // ---- template permissions inside a company
    async listTemplatePermissions(companyId: string) {
      return db.select().from(templatePermissions).where(eq(templatePermissions.companyId, companyId));
    },
    async upsertTemplatePermission(
      companyId: string,
      masterFormId: string,
      patch: { isGlobal?: boolean; userIds?: string[] },
    ) {
      const [row] = await db
        .insert(templatePermissions)
        .values({ companyId, masterFormId, ...patch })
        .onConflictDoUpdate({
          target: [templatePermissions.companyId, templatePermissions.masterFormId],
          set: { ...patch, updatedAt: new Date() },
        })
        .returning();
      return row as typeof templatePermissions.$inferSelect;
    },
  };
}

export type CustomFormsRepository = ReturnType<typeof createCustomFormsRepository>;
