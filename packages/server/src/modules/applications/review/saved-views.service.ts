import { ERROR_CODES } from '@under/core/api/error.schema';
import { SAVED_VIEWS_MAX, type SavedView } from '@under/core/applications/application-list.schema';
import type { AuthContext } from '../../../auth-context';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { createSavedViewsRepository, type SavedViewRow } from './saved-views.repository';

const view = (r: SavedViewRow): SavedView => ({
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
      return { items: (await createSavedViewsRepository(db).listOf(opts.auth.userId)).map(view) };
    },

    async save(opts: { auth: AuthContext; name: string; query: string }): Promise<SavedView> {
      return db.transaction(async (tx) => {
        const views = createSavedViewsRepository(tx);
        await views.lockUser(opts.auth.userId);
        if ((await views.countOf(opts.auth.userId)) >= SAVED_VIEWS_MAX) {
          throw new AppError(ERROR_CODES.savedViewLimit);
        }
        const row = await views.insert({ userId: opts.auth.userId, name: opts.name, query: opts.query });
        if (!row) throw new AppError(ERROR_CODES.savedViewExists);
        return view(row);
      });
    },

    async remove(opts: { auth: AuthContext; viewId: string }): Promise<void> {
      if (!(await createSavedViewsRepository(db).deleteOwn(opts.viewId, opts.auth.userId))) {
        throw new AppError(ERROR_CODES.savedViewNotFound);
      }
    },
  };
}

export type SavedViewsService = ReturnType<typeof createSavedViewsService>;
