import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { companies, memberships, users } from '../schema/index';

export type UserRow = typeof users.$inferSelect;

/**
 * The `users` table, shared by every module that reads or changes a user (profiles, team, master-form
 * permissions, seeding): one place for these queries instead of a copy per module.
 */
export function createUsersRepository(db: DbOrTx) {
  return {
    /** The user with their company and its plan (both null for a user who has not registered a company). */
    async findUserWithCompany(userId: string) {
      const [row] = await db
        .select({ user: users, company: companies, membership: memberships })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .leftJoin(memberships, eq(memberships.id, companies.membershipId))
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    async findUserByEmail(pool: string, email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.pool, pool), eq(users.email, email)))
        .limit(1);
      return row;
    },

    /** A client user of the company (a team member), or undefined for anyone else. */
    async findClientUserOfCompany(companyId: string, userId: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.pool, 'client')))
        .limit(1);
      return row;
    },

    /** Any one user of the pool, or undefined on a database without one (seeding decides on it). */
    async findAnyUserOfPool(pool: string) {
      const [row] = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.pool, pool))
        .limit(1);
      return row;
    },

    /** The ids among `userIds` that are client users of the company. */
    async clientUserIdsOfCompany(companyId: string, userIds: string[]): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.pool, 'client'), inArray(users.id, userIds)));
      return rows.map((r) => r.id);
    },

    async insertUser(values: typeof users.$inferInsert): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateUser(id: string, patch: Partial<typeof users.$inferInsert>): Promise<void> {
      await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id));
    },
  };
}
