import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { applicationOwners, applications, companies, customForms, customFormVersions } from '../../../db/schema';

/**
 * Reads and writes of the corrections (decision 052): owners' edit grants, the moved answers, and the forms and
 * versions they move between (this module's own reads: decision 065, no module constructs another's repository).
 */
export function createApplicationCorrectionsRepository(db: DbOrTx) {
  return {
    /** The application's form now (its current version and status), with its company's name. */
    async findForm(customFormId: string) {
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
        .where(eq(customForms.id, customFormId));
      return row;
    },

    /** The definition of one version of a form. */
    async findFormVersion(customFormId: string, version: number) {
      const [row] = await db
        .select({ form: customFormVersions.form })
        .from(customFormVersions)
        .where(and(eq(customFormVersions.customFormId, customFormId), eq(customFormVersions.version, version)));
      return row;
    },

    /** A current (not removed) owner of the application by e-mail. */
    async findOwner(applicationId: string, email: string) {
      const [row] = await db
        .select()
        .from(applicationOwners)
        .where(
          and(
            eq(applicationOwners.applicationId, applicationId),
            eq(applicationOwners.email, email),
            isNull(applicationOwners.removedAt),
          ),
        );
      return row;
    },

    /** A fresh code for the owner (the old one opens nothing), open for corrections. */
    async grantEdit(ownerId: string, codeHash: string, expiresAt: Date, at: Date) {
      await db
        .update(applicationOwners)
        .set({ codeHash, codeExpiresAt: expiresAt, codeRevokedAt: null, linkSentAt: at, editGrantedAt: at })
        .where(eq(applicationOwners.id, ownerId));
    },

    async updateApplication(applicationId: string, patch: Partial<typeof applications.$inferInsert>) {
      await db.update(applications).set(patch).where(eq(applications.id, applicationId));
    },
  };
}
