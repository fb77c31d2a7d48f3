import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { companies, customForms } from '../../../db/schema';

/**
 * Invitations of customers (decision 041): the caller's custom form and company are read here as this module's
 * read model; applications start through the applications module's startApplication.
 */
export function createApplicationInvitesRepository(db: DbOrTx) {
  return {
    /** The company's form with its company's name (the open-applications cap is kept by startApplication's lock). */
    async findForm(customFormId: string, companyId: string) {
      const [row] = await db
        .select({
          id: customForms.id,
          name: customForms.name,
          status: customForms.status,
          version: customForms.version,
          companyName: companies.name,
        })
        .from(customForms)
        .innerJoin(companies, eq(companies.id, customForms.companyId))
        .where(and(eq(customForms.id, customFormId), eq(customForms.companyId, companyId)));
      return row;
    },
  };
}
