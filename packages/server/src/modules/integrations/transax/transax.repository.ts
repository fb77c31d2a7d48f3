import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { transaxPricingLists } from '../../../db/schema';

/** A company's stored Transax pricing list. The only Drizzle code of the module. */
export function createTransaxRepository(db: DbOrTx) {
  return {
    async find(companyId: string) {
      const [row] = await db.select().from(transaxPricingLists).where(eq(transaxPricingLists.companyId, companyId));
      return row;
    },
    async save(row: typeof transaxPricingLists.$inferInsert) {
      await db
        .insert(transaxPricingLists)
        .values(row)
        .onConflictDoUpdate({
          target: transaxPricingLists.companyId,
          set: { gatewayHost: row.gatewayHost, items: row.items, retrievedAt: row.retrievedAt },
        });
    },
  };
}
