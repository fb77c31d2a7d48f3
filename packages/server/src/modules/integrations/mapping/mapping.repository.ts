import type { SalesforceMapping } from '@under/core/integrations/integrations';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { salesforceMappings } from '../../../db/schema/index';

export type SalesforceMappingRow = typeof salesforceMappings.$inferSelect;

/** The custom forms' Salesforce mappings (decision 075): the only code that touches `salesforce_mappings`. */
export function createMappingRepository(db: DbOrTx) {
  return {
    async find(customFormId: string): Promise<SalesforceMappingRow | undefined> {
      const [row] = await db.select().from(salesforceMappings).where(eq(salesforceMappings.customFormId, customFormId));
      return row;
    },

    /** The mapping of a form of this company only (another company's is not there for the caller). */
    async findForCompany(customFormId: string, companyId: string): Promise<SalesforceMappingRow | undefined> {
      const [row] = await db
        .select()
        .from(salesforceMappings)
        .where(and(eq(salesforceMappings.customFormId, customFormId), eq(salesforceMappings.companyId, companyId)));
      return row;
    },

    async save(values: {
      customFormId: string;
      companyId: string;
      mapping: SalesforceMapping;
      userId: string;
      at: Date;
    }) {
      const { mapping } = values;
      const set = {
        object: mapping.object,
        mode: mapping.mode,
        externalIdField: mapping.externalIdField,
        fields: mapping.fields,
        updatedBy: values.userId,
        updatedAt: values.at,
      };
      const [row] = await db
        .insert(salesforceMappings)
        .values({ customFormId: values.customFormId, companyId: values.companyId, ...set })
        .onConflictDoUpdate({ target: salesforceMappings.customFormId, set })
        .returning();
      if (!row) throw new Error('mapping not saved');
      return row;
    },
  };
}
