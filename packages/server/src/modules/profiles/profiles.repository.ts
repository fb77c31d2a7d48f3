import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEvents, companies, profileDrafts, users } from '../../db/schema/index';

export function createProfilesRepository(db: DbOrTx) {
  return {
    async findUser(userId: string) {
      const [row] = await db
        .select({ user: users, company: companies })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    async updateUser(id: string, patch: Partial<typeof users.$inferInsert>): Promise<void> {
      await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id));
    },

    async insertCompany(values: typeof companies.$inferInsert) {
      const [row] = await db.insert(companies).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

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

    async audit(event: typeof auditEvents.$inferInsert): Promise<void> {
      await db.insert(auditEvents).values(event);
    },
  };
}
