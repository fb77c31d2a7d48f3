import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  auditEvents,
  dictionaries,
  masterFormPermissions,
  masterForms,
  masterFormVersions,
  pdfTemplates,
  pushUpdates,
  sections,
  users,
} from '../../db/schema/index';

export type DictionaryRow = typeof dictionaries.$inferSelect;
export type SectionRow = typeof sections.$inferSelect;
export type MasterFormRow = typeof masterForms.$inferSelect;
export type PushUpdateRow = typeof pushUpdates.$inferSelect;

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Dictionaries, sections, master forms and their pushes: the admin's library. */
export function createLibraryRepository(db: DbOrTx) {
  return {
    async findDictionary(id: string) {
      const [row] = await db.select().from(dictionaries).where(eq(dictionaries.id, id));
      return row;
    },
    async dictionaryNameTaken(name: string, exceptId?: string) {
      const [row] = await db
        .select({ id: dictionaries.id })
        .from(dictionaries)
        .where(
          sql`lower(${dictionaries.name}) = lower(${name})${exceptId ? sql` and ${dictionaries.id} <> ${exceptId}` : sql``}`,
        )
        .limit(1);
      return row !== undefined;
    },
    async listDictionaries(opts: { q?: string; type?: string; offset: number; limit: number }) {
      const where = and(
        opts.q ? or(ilike(dictionaries.name, like(opts.q)), ilike(dictionaries.label, like(opts.q))) : undefined,
        opts.type ? eq(dictionaries.type, opts.type) : undefined,
      );
      const rows = await db
        .select()
        .from(dictionaries)
        .where(where)
        .orderBy(dictionaries.name)
        .offset(opts.offset)
        .limit(opts.limit);
      const [n] = await db.select({ n: count() }).from(dictionaries).where(where);
      return { rows, total: n?.n ?? 0 };
    },
    async insertDictionary(values: typeof dictionaries.$inferInsert) {
      const [row] = await db.insert(dictionaries).values(values).returning();
      return row as DictionaryRow;
    },
    async updateDictionary(id: string, patch: Partial<typeof dictionaries.$inferInsert>) {
      const [row] = await db
        .update(dictionaries)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(dictionaries.id, id))
        .returning();
      return row as DictionaryRow;
    },
    async deleteDictionary(id: string) {
      await db.delete(dictionaries).where(eq(dictionaries.id, id));
    },

    async findSection(id: string) {
      const [row] = await db.select().from(sections).where(eq(sections.id, id));
      return row;
    },
    async sectionKeyTaken(key: string, exceptId?: string) {
      const [row] = await db
        .select({ id: sections.id })
        .from(sections)
        .where(
          exceptId
            ? and(eq(sections.keySection, key), sql`${sections.id} <> ${exceptId}`)
            : eq(sections.keySection, key),
        )
        .limit(1);
      return row !== undefined;
    },
    async listSections(opts: { q?: string; processors?: string[] }) {
      const where = and(
        opts.q ? or(ilike(sections.keySection, like(opts.q)), ilike(sections.label, like(opts.q))) : undefined,
        opts.processors?.length
          ? or(...opts.processors.map((p) => sql`${sections.processors} @> ${JSON.stringify([p])}::jsonb`))
          : undefined,
      );
      return db.select().from(sections).where(where).orderBy(sections.keySection);
    },
    async insertSection(values: typeof sections.$inferInsert) {
      const [row] = await db.insert(sections).values(values).returning();
      return row as SectionRow;
    },
    async updateSection(id: string, patch: Partial<typeof sections.$inferInsert>) {
      const [row] = await db
        .update(sections)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(sections.id, id))
        .returning();
      return row as SectionRow;
    },

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
    async listForms(opts: { q?: string }) {
      return db
        .select()
        .from(masterForms)
        .where(
          and(opts.q ? ilike(masterForms.name, like(opts.q)) : undefined, sql`${masterForms.status} <> 'archived'`),
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
    /** PDF templates (not archived) whose mapping binds a field to this dictionary entry. */
    async templatesBindingDictionary(dictionaryId: string) {
      return db
        .select({ id: pdfTemplates.id })
        .from(pdfTemplates)
        .where(
          and(
            sql`${pdfTemplates.status} <> 'archived'`,
            sql`${pdfTemplates.mapping} @> ${JSON.stringify([{ bindingField: { dictionaryId } }])}::jsonb`,
          ),
        );
    },
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

    async insertPush(values: typeof pushUpdates.$inferInsert) {
      const [row] = await db.insert(pushUpdates).values(values).returning();
      return row as PushUpdateRow;
    },
    async findPush(id: string) {
      const [row] = await db.select().from(pushUpdates).where(eq(pushUpdates.id, id));
      return row;
    },
    async updatePush(id: string, patch: Partial<typeof pushUpdates.$inferInsert>) {
      await db.update(pushUpdates).set(patch).where(eq(pushUpdates.id, id));
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
    /** The ids among `userIds` that are client users of the company. */
    async usersOfCompany(companyId: string, userIds: string[]) {
      if (userIds.length === 0) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.pool, 'client'), inArray(users.id, userIds)));
      return rows.map((r) => r.id);
    },

    async audit(event: typeof auditEvents.$inferInsert) {
      await db.insert(auditEvents).values(event);
    },
  };
}
