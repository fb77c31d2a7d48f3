import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { integrationConnections } from '../schema/index';

export type IntegrationConnectionRow = typeof integrationConnections.$inferSelect;

/**
 * A company's row of one kind in `integration_connections` (decision 073): the one read and the one upsert that the
 * connections (Salesforce), KYC and Worldpay/Vantiv modules share instead of each writing them again.
 */
export function createIntegrationConnectionsRepository(db: DbOrTx) {
  return {
    /** The company's connection of a kind; `lock` reads it FOR UPDATE (one refresh at a time per connection). */
    async find(companyId: string, kind: string, lock = false): Promise<IntegrationConnectionRow | undefined> {
      const q = db
        .select()
        .from(integrationConnections)
        .where(and(eq(integrationConnections.companyId, companyId), eq(integrationConnections.kind, kind)))
        .limit(1);
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    /** Creates or replaces the company's connection of a kind (one row per company and kind). */
    async upsert(values: typeof integrationConnections.$inferInsert): Promise<IntegrationConnectionRow> {
      const { companyId, kind, ...rest } = values;
      const [row] = await db
        .insert(integrationConnections)
        .values(values)
        .onConflictDoUpdate({ target: [integrationConnections.companyId, integrationConnections.kind], set: rest })
        .returning();
      return row as IntegrationConnectionRow;
    },
  };
}
