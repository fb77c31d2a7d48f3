import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema/index';

export type CompanyRow = typeof companies.$inferSelect;

export function createCompaniesRepository(db: DbOrTx) {
  return {
    /** The company row, locked until the transaction ends (two logo changes at once take turns). */
    async lockCompany(id: string): Promise<CompanyRow | undefined> {
      const [row] = await db.select().from(companies).where(eq(companies.id, id)).for('update');
      return row;
    },

    async updateCompany(id: string, patch: Partial<typeof companies.$inferInsert>): Promise<void> {
      await db
        .update(companies)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(companies.id, id));
    },
  };
}
