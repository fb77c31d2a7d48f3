import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, memberships, users } from '../../db/schema/index';

export function createAccountsRepository(db: DbOrTx) {
  return {
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

    async listMemberships() {
      return db.select().from(memberships).orderBy(memberships.id);
    },

    async upsertMembership(values: typeof memberships.$inferInsert) {
      await db.insert(memberships).values(values).onConflictDoNothing();
    },

    async insertCompany(values: typeof companies.$inferInsert) {
      const [row] = await db.insert(companies).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
  };
}
