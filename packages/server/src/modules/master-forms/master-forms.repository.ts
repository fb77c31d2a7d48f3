import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { masterFormPermissions, masterForms, masterFormVersions } from '../../db/schema/index';

export type MasterFormRow = typeof masterForms.$inferSelect;

/** Master forms, their published versions and the users granted each per company. */
export function createMasterFormsRepository(db: DbOrTx) {
  return {
    async findForm(id: string, lock = false) {
      const q = db.select().from(masterForms).where(eq(masterForms.id, id));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },
    async insertForm(values: typeof masterForms.$inferInsert) {
      const [row] = await db.insert(masterForms).values(values).returning();
      return row as MasterFormRow;
    },
    async updateForm(id: string, patch: Partial<typeof masterForms.$inferInsert>) {
      const [row] = await db
        .update(masterForms)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(masterForms.id, id))
        .returning();
      return row as MasterFormRow;
    },
    /** Every form but the archived ones, newest first. */
    async listForms(opts: { q?: string }) {
      return db
        .select()
        .from(masterForms)
        .where(
          and(
            opts.q ? ilike(masterForms.name, likePattern(opts.q)) : undefined,
            sql`${masterForms.status} <> 'archived'`,
          ),
        )
        .orderBy(desc(masterForms.createdAt));
    },
    async findFormByTemplate(templateId: string) {
      const [row] = await db
        .select({ id: masterForms.id })
        .from(masterForms)
        .where(and(eq(masterForms.templateId, templateId), sql`${masterForms.status} <> 'archived'`))
        .orderBy(desc(masterForms.createdAt))
        .limit(1);
      return row;
    },
    /** Forms whose structure lists the id among its dictionary entries or sections. */
    async formsUsing(kind: 'dictionaryIds' | 'childSectionIds', id: string) {
      return db
        .select({ id: masterForms.id })
        .from(masterForms)
        .where(sql`${masterForms.structure} -> ${kind} @> ${JSON.stringify([id])}::jsonb`);
    },

    async insertVersion(values: typeof masterFormVersions.$inferInsert) {
      await db.insert(masterFormVersions).values(values);
    },
    async listVersions(formId: string) {
      return db
        .select()
        .from(masterFormVersions)
        .where(eq(masterFormVersions.formId, formId))
        .orderBy(desc(masterFormVersions.version));
    },

    async listPermissions(formId: string) {
      return db
        .select()
        .from(masterFormPermissions)
        .where(eq(masterFormPermissions.formId, formId))
        .orderBy(masterFormPermissions.companyId);
    },
    async upsertPermission(formId: string, companyId: string, userIds: string[]) {
      await db
        .insert(masterFormPermissions)
        .values({ formId, companyId, userIds })
        .onConflictDoUpdate({
          target: [masterFormPermissions.formId, masterFormPermissions.companyId],
          set: { userIds, updatedAt: new Date() },
        });
    },
  };
}
