import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { applicationNotes } from '../../../db/schema';

export type NoteRow = typeof applicationNotes.$inferSelect;

/** The team notes of applications (decision 051): rows only; who may do what is the service's. */
export function createNotesRepository(db: DbOrTx) {
  return {
    /** One page of an application's notes, newest first, and how many it has. */
    async page(applicationId: string, opts: { limit: number; offset: number }) {
      const where = eq(applicationNotes.applicationId, applicationId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(applicationNotes)
          .where(where)
          .orderBy(desc(applicationNotes.createdAt), desc(applicationNotes.id))
          .limit(opts.limit)
          .offset(opts.offset),
        db.select({ n: count() }).from(applicationNotes).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async insert(values: typeof applicationNotes.$inferInsert): Promise<NoteRow> {
      const [row] = await db.insert(applicationNotes).values(values).returning();
      if (!row) throw new Error('note not inserted');
      return row;
    },

    /** A note of this application (another application's note id finds nothing). */
    async find(applicationId: string, noteId: string): Promise<NoteRow | undefined> {
      const [row] = await db
        .select()
        .from(applicationNotes)
        .where(and(eq(applicationNotes.id, noteId), eq(applicationNotes.applicationId, applicationId)));
      return row;
    },

    async delete(noteId: string): Promise<void> {
      await db.delete(applicationNotes).where(eq(applicationNotes.id, noteId));
    },
  };
}
