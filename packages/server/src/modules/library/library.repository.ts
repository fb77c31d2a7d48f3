import { and, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { dictionaries, pushUpdates, sections } from '../../db/schema/index';

export type DictionaryRow = typeof dictionaries.$inferSelect;
export type SectionRow = typeof sections.$inferSelect;
export type PushUpdateRow = typeof pushUpdates.$inferSelect;

/** The admin's library: dictionary entries, sections, and the progress of their pushes to master forms. */
export function createLibraryRepository(db: DbOrTx) {
  return {
    async findDictionary(id: string) {
      const [row] = await db.select().from(dictionaries).where(eq(dictionaries.id, id));
      return row;
    },
    /** The entries with these ids, in one query (an id that names none is left out). */
    async findDictionaries(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(dictionaries)
        .where(inArray(dictionaries.id, [...ids]));
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
        opts.q
          ? or(ilike(dictionaries.name, likePattern(opts.q)), ilike(dictionaries.label, likePattern(opts.q)))
          : undefined,
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
        opts.q
          ? or(ilike(sections.keySection, likePattern(opts.q)), ilike(sections.label, likePattern(opts.q)))
          : undefined,
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
  };
}
