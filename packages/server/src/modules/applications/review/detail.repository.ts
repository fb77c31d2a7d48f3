import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { applicationOwners, applicationSignatures, applications, uploads } from '../../../db/schema';

/** What the institution's reading and editing of one application read and write (issues 13 and 14). */
export function createApplicationDetailRepository(db: DbOrTx) {
  return {
    /** The current (not removed) owners, in no particular order. */
    currentOwners(applicationId: string) {
      return db
        .select()
        .from(applicationOwners)
        .where(and(eq(applicationOwners.applicationId, applicationId), isNull(applicationOwners.removedAt)));
    },

    /** Every signature, newest first. */
    signatures(applicationId: string) {
      return db
        .select()
        .from(applicationSignatures)
        .where(eq(applicationSignatures.applicationId, applicationId))
        .orderBy(desc(applicationSignatures.signedAt));
    },

    async uploadByKey(storageKey: string) {
      const [row] = await db.select().from(uploads).where(eq(uploads.storageKey, storageKey)).limit(1);
      return row;
    },

    async uploadById(id: string) {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
      return row;
    },

    async update(applicationId: string, patch: Partial<typeof applications.$inferInsert>) {
      await db.update(applications).set(patch).where(eq(applications.id, applicationId));
    },

    async signStatus(applicationId: string) {
      const [row] = await db
        .select({ signStatus: applications.signStatus })
        .from(applications)
        .where(eq(applications.id, applicationId));
      return row?.signStatus ?? null;
    },
  };
}
