import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { savedViews, users } from '../../../db/schema';

export type SavedViewRow = typeof savedViews.$inferSelect;

/** A user's saved views of the applications list (decision 051): rows only; limits are the service's. */
export function createSavedViewsRepository(db: DbOrTx) {
  return {
    listOf: (userId: string) =>
      db.select().from(savedViews).where(eq(savedViews.userId, userId)).orderBy(asc(savedViews.name)),

    /** Serialises one user's saves (until the transaction ends), so parallel saves cannot pass the cap together. */
    async lockUser(userId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    async countOf(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(savedViews).where(eq(savedViews.userId, userId));
      return row?.n ?? 0;
    },

    /** The new view, or undefined when the user already has one of that name (the unique index decides). */
    async insert(values: { userId: string; name: string; query: string }): Promise<SavedViewRow | undefined> {
      const [row] = await db.insert(savedViews).values(values).onConflictDoNothing().returning();
      return row;
    },

    /** Deletes the user's own view; answers whether there was one. */
    async deleteOwn(viewId: string, userId: string): Promise<boolean> {
      const gone = await db
        .delete(savedViews)
        .where(and(eq(savedViews.id, viewId), eq(savedViews.userId, userId)))
        .returning({ id: savedViews.id });
      return gone.length > 0;
    },
  };
}
