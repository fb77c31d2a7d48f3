import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applicationOwners, applications } from '../../db/schema/index';

/**
 * Reads and writes of the corrections (decision 052): owners' edit grants and the moved answers; forms and their
 * versions are read through the applications module's repository.
 */
export function createApplicationCorrectionsRepository(db: DbOrTx) {
  return {
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
