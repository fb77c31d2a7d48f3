import { ERROR_CODES } from '@under/core/api/error.schema';
import { SAVED_VIEWS_MAX, type SavedView } from '@under/core/applications/application-list.schema';
import { MESSAGES } from '@under/core/messages';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { savedViews } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { AuthContext } from '../auth/auth.service';

type Row = typeof savedViews.$inferSelect;
const view = (r: Row): SavedView => ({
  viewId: r.id,
  name: r.name,
  query: r.query,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Saved views of the applications list (issue 14; decision 051): a name and the list's filters and sort, private to
 * the user who saved them. What a view shows is still scoped by the lists (company, a STANDARD member's grants).
 */
export function createSavedViewsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async list(opts: { auth: AuthContext }) {
      const rows = await db
        .select()
        .from(savedViews)
        .where(eq(savedViews.userId, opts.auth.userId))
        .orderBy(asc(savedViews.name));
      return { items: rows.map(view) };
    },

    async save(opts: { auth: AuthContext; name: string; query: string }): Promise<SavedView> {
      return db.transaction(async (tx) => {
        const mine = eq(savedViews.userId, opts.auth.userId);
        const [same] = await tx
          .select({ id: savedViews.id })
          .from(savedViews)
          .where(and(mine, eq(savedViews.name, opts.name)));
        if (same) throw new AppError(ERROR_CODES.savedViewExists, MESSAGES.savedViewExists);
        const [total] = await tx.select({ n: count() }).from(savedViews).where(mine);
        if ((total?.n ?? 0) >= SAVED_VIEWS_MAX) throw new AppError(ERROR_CODES.savedViewLimit, MESSAGES.savedViewLimit);
        const [row] = await tx
          .insert(savedViews)
          .values({ userId: opts.auth.userId, name: opts.name, query: opts.query })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError(ERROR_CODES.savedViewExists, MESSAGES.savedViewExists);
        return view(row);
      });
    },

    async remove(opts: { auth: AuthContext; viewId: string }): Promise<void> {
      const gone = await db
        .delete(savedViews)
        .where(and(eq(savedViews.id, opts.viewId), eq(savedViews.userId, opts.auth.userId)))
        .returning({ id: savedViews.id });
      if (gone.length === 0) throw new AppError(ERROR_CODES.savedViewNotFound);
    },
  };
}

export type SavedViewsService = ReturnType<typeof createSavedViewsService>;
