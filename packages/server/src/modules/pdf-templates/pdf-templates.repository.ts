import { and, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pdfTemplates } from '../../db/schema/index';

export type PdfTemplateRow = typeof pdfTemplates.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createPdfTemplatesRepository(db: DbOrTx) {
  return {
    async find(id: string): Promise<PdfTemplateRow | undefined> {
      const [row] = await db.select().from(pdfTemplates).where(eq(pdfTemplates.id, id));
      return row;
    },

    /** Templates (not archived) whose mapping binds a field to this dictionary entry. */
    async countBindingDictionary(dictionaryId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(pdfTemplates)
        .where(
          and(
            ne(pdfTemplates.status, 'archived'),
            sql`${pdfTemplates.mapping} @> ${JSON.stringify([{ bindingField: { dictionaryId } }])}::jsonb`,
          ),
        );
      return row?.n ?? 0;
    },

    async findForUpdate(id: string): Promise<PdfTemplateRow | undefined> {
      const [row] = await db.select().from(pdfTemplates).where(eq(pdfTemplates.id, id)).for('update');
      return row;
    },

    async isNameTaken(name: string, exceptId?: string): Promise<boolean> {
      const byName = sql`lower(${pdfTemplates.name}) = lower(${name})`;
      const [row] = await db
        .select({ id: pdfTemplates.id })
        .from(pdfTemplates)
        .where(exceptId ? and(byName, ne(pdfTemplates.id, exceptId)) : byName)
        .limit(1);
      return row !== undefined;
    },

    async insert(values: typeof pdfTemplates.$inferInsert): Promise<PdfTemplateRow> {
      const [row] = await db.insert(pdfTemplates).values(values).returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    async update(id: string, patch: Partial<typeof pdfTemplates.$inferInsert>): Promise<PdfTemplateRow> {
      const [row] = await db
        .update(pdfTemplates)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(pdfTemplates.id, id))
        .returning();
      if (!row) throw new Error('update matched nothing');
      return row;
    },

    async list(opts: { q?: string; status?: string; mapped?: boolean; offset: number; limit: number }) {
      const mappedCount = sql`jsonb_array_length(${pdfTemplates.mapping})`;
      const where = and(
        opts.q ? ilike(pdfTemplates.name, `%${escapeLike(opts.q)}%`) : undefined,
        opts.mapped === undefined ? undefined : opts.mapped ? sql`${mappedCount} > 0` : sql`${mappedCount} = 0`,
        opts.status ? eq(pdfTemplates.status, opts.status) : ne(pdfTemplates.status, 'archived'),
      );
      const rows = await db
        .select()
        .from(pdfTemplates)
        .where(where)
        .orderBy(desc(pdfTemplates.createdAt), desc(pdfTemplates.id))
        .offset(opts.offset)
        .limit(opts.limit);
      const [total] = await db.select({ n: count() }).from(pdfTemplates).where(where);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
