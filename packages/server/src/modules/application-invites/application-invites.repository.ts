import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applicationOwners, applications, companies, customForms } from '../../db/schema/index';

/** Statuses of an application nobody has submitted yet (they count against the open-applications cap). */
const OPEN_STATUSES = ['draft', 'invite_sent'];

/**
 * Invitations of customers (decision 041): the caller's custom form and company are read here as this module's
 * read model; applications and their primary owner rows are written here.
 */
export function createApplicationInvitesRepository(db: DbOrTx) {
  return {
    /** The company's form, locked: invitations on one form are decided one at a time (the cap, the status). */
    async lockForm(customFormId: string, companyId: string) {
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
        .where(and(eq(customForms.id, customFormId), eq(customForms.companyId, companyId)))
        .for('update', { of: customForms });
      return row;
    },
    /** Unsubmitted applications of one e-mail on one form. */
    async countOpen(applicantEmail: string, customFormId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(applications)
        .where(
          and(
            eq(applications.applicantEmail, applicantEmail),
            eq(applications.customFormId, customFormId),
            inArray(applications.status, OPEN_STATUSES),
          ),
        );
      return row?.n ?? 0;
    },
    async insertApplication(values: typeof applications.$inferInsert) {
      const [row] = await db.insert(applications).values(values).returning();
      if (!row) throw new Error('application not inserted');
      return row;
    },
    async insertOwner(values: typeof applicationOwners.$inferInsert) {
      const [row] = await db.insert(applicationOwners).values(values).returning();
      if (!row) throw new Error('owner not inserted');
      return row;
    },
  };
}
