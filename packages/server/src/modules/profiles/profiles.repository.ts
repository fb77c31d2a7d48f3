import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { profileDrafts } from '../../db/schema/index';

/** Drafts of the register-company form; users, companies and audit events are the shared repositories'. */
export function createProfilesRepository(db: DbOrTx) {
  return {
    async findDraft(userId: string) {
      const [row] = await db.select().from(profileDrafts).where(eq(profileDrafts.userId, userId)).limit(1);
      return row;
    },

    /** One draft per user: a save replaces the previous one and keeps its id. */
    async saveDraft(userId: string, data: Record<string, string>): Promise<string> {
      const [row] = await db
        .insert(profileDrafts)
        .values({ userId, data })
        .onConflictDoUpdate({ target: profileDrafts.userId, set: { data, updatedAt: new Date() } })
        .returning({ id: profileDrafts.id });
      if (!row) throw new Error('upsert returned no row');
      return row.id;
    },

    async deleteDraft(userId: string): Promise<void> {
      await db.delete(profileDrafts).where(eq(profileDrafts.userId, userId));
    },
  };
}
