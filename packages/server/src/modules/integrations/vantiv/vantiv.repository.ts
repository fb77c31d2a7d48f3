import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { createIntegrationConnectionsRepository } from '../../../db/repositories/integration-connections.repository';
import { type integrationConnections, vantivStagings } from '../../../db/schema/index';

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
  const connections = createIntegrationConnectionsRepository(db);
  return {
    /** The company's WORLDPAY connection (the query shared with the other integrations' rows). */
    findConnection: (companyId: string): Promise<VantivConnectionRow | undefined> =>
      connections.find(companyId, WORLDPAY),

    upsertConnection: (
      values: Omit<typeof integrationConnections.$inferInsert, 'kind' | 'companyId'> & { companyId: string },
    ): Promise<VantivConnectionRow> => connections.upsert({ ...values, kind: WORLDPAY }),

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
