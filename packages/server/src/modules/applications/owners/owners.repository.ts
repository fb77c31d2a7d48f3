import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { applicationOwners, applications, companies } from '../../../db/schema';

export type OwnerRow = typeof applicationOwners.$inferSelect;

/** The only Drizzle code of the owners module (issue 12; decision 037). */
export function createApplicationOwnersRepository(db: DbOrTx) {
  return {
    /** The institution's name, for the owner's e-mail. */
    async companyName(companyId: string): Promise<string | undefined> {
      const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
      return row?.name;
    },

    /** The owners not removed, the primary first, then in the order the primary listed them. */
    async listCurrentOwners(applicationId: string): Promise<OwnerRow[]> {
      return db
        .select()
        .from(applicationOwners)
        .where(and(eq(applicationOwners.applicationId, applicationId), isNull(applicationOwners.removedAt)))
        .orderBy(
          sql`case when ${applicationOwners.kind} = 'primaryApplicant' then 0 else 1 end`,
          asc(applicationOwners.position),
          asc(applicationOwners.createdAt),
        );
    },

    /** Every owner ever named on the application, removed ones included (the sections they held, decision 059). */
    async listAllOwners(applicationId: string): Promise<OwnerRow[]> {
      return db.select().from(applicationOwners).where(eq(applicationOwners.applicationId, applicationId));
    },

    async insertOwner(values: typeof applicationOwners.$inferInsert): Promise<OwnerRow> {
      const [row] = await db.insert(applicationOwners).values(values).returning();
      if (!row) throw new Error('owner not inserted');
      return row;
    },

    async updateOwner(
      ownerId: string,
      values: Partial<Pick<OwnerRow, 'name' | 'ownershipPercent' | 'position'>>,
    ): Promise<void> {
      await db.update(applicationOwners).set(values).where(eq(applicationOwners.id, ownerId));
    },

    async removeOwners(ownerIds: string[], at: Date): Promise<void> {
      if (ownerIds.length === 0) return;
      await db.update(applicationOwners).set({ removedAt: at }).where(inArray(applicationOwners.id, ownerIds));
    },

    /** A fresh code: the old hash is replaced, so the old code opens nothing any more. */
    async replaceCode(ownerId: string, codeHash: string, expiresAt: Date, sentAt: Date): Promise<void> {
      await db
        .update(applicationOwners)
        .set({ codeHash, codeExpiresAt: expiresAt, codeRevokedAt: null, linkSentAt: sentAt })
        .where(eq(applicationOwners.id, ownerId));
    },

    /** The applicant changed something: the retention clock restarts. */
    async touchApplication(applicationId: string, at: Date, by: string): Promise<void> {
      await db.update(applications).set({ updatedAt: at, updatedBy: by }).where(eq(applications.id, applicationId));
    },

    /** With `lock`, the row stays locked for the rest of the transaction. */
    async findApplication(applicationId: string, lock = false) {
      const q = db.select().from(applications).where(eq(applications.id, applicationId));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    /**
     * Unsubmitted applications last changed before `before`, oldest first, locked; rows another instance's sweep
     * holds are skipped, so two sweeps never fight over one batch.
     */
    async lockStaleOpen(before: Date, limit: number) {
      return db
        .select({
          id: applications.id,
          companyId: applications.companyId,
          status: applications.status,
          updatedAt: applications.updatedAt,
        })
        .from(applications)
        .where(and(inArray(applications.status, ['draft', 'invite_sent']), lt(applications.updatedAt, before)))
        .orderBy(asc(applications.updatedAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    async deleteApplications(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(applications).where(inArray(applications.id, ids));
    },
  };
}
