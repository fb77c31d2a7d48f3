import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { integrationConnections, vantivStagings } from '../../../db/schema/index';

export type VantivConnectionRow = typeof integrationConnections.$inferSelect;
export type VantivStagingRow = typeof vantivStagings.$inferSelect;
export type VantivStagingValues = typeof vantivStagings.$inferInsert;

/** The kind of Worldpay's row in `integration_connections` (INTEGRATION_KINDS' `worldpay`; decision 073). */
export const WORLDPAY = 'worldpay';

/**
 * The company's Worldpay/Vantiv connection (its `integration_connections` row, `secrets` sealed and in
 * SEALED_COLUMNS) and the applications' stagings. The only Drizzle code of the Vantiv module.
 */
export function createVantivRepository(db: DbOrTx) {
  return {
    async findConnection(companyId: string): Promise<VantivConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(integrationConnections)
        .where(and(eq(integrationConnections.companyId, companyId), eq(integrationConnections.kind, WORLDPAY)))
        .limit(1);
      return row;
    },

    async upsertConnection(
      values: Omit<typeof integrationConnections.$inferInsert, 'kind' | 'companyId'> & { companyId: string },
    ): Promise<VantivConnectionRow> {
      const { companyId, ...rest } = values;
      const [row] = await db
        .insert(integrationConnections)
        .values({ ...values, kind: WORLDPAY })
        .onConflictDoUpdate({ target: [integrationConnections.companyId, integrationConnections.kind], set: rest })
        .returning();
      return row as VantivConnectionRow;
    },

    async findStaging(applicationId: string): Promise<VantivStagingRow | undefined> {
      const [row] = await db.select().from(vantivStagings).where(eq(vantivStagings.applicationId, applicationId));
      return row;
    },

    async saveStaging(values: typeof vantivStagings.$inferInsert): Promise<VantivStagingRow> {
      const { applicationId, ...rest } = values;
      const [row] = await db
        .insert(vantivStagings)
        .values(values)
        .onConflictDoUpdate({ target: vantivStagings.applicationId, set: rest })
        .returning();
      return row as VantivStagingRow;
    },
  };
}
