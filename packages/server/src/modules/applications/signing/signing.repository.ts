import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  applicationDocumentRuns,
  applicationOwners,
  applicationSignatures,
  applicationSignCodes,
  applications,
  companies,
  customForms,
  masterForms,
  pdfTemplates,
} from '../../../db/schema';

export type SignatureRow = typeof applicationSignatures.$inferSelect;

export function createSigningRepository(db: DbOrTx) {
  return {
    /** The owners still on the application, the primary first, then in the order the primary listed them. */
    async owners(applicationId: string) {
      const rows = await db
        .select()
        .from(applicationOwners)
        .where(and(eq(applicationOwners.applicationId, applicationId), isNull(applicationOwners.removedAt)));
      return rows.sort(
        (a, b) =>
          Number(b.kind === 'primaryApplicant') - Number(a.kind === 'primaryApplicant') || a.position - b.position,
      );
    },
    /** Every signature of the application, newest first (valid and invalidated). */
    async signatures(applicationId: string) {
      return db
        .select()
        .from(applicationSignatures)
        .where(eq(applicationSignatures.applicationId, applicationId))
        .orderBy(desc(applicationSignatures.signedAt));
    },
    async insertSignature(row: typeof applicationSignatures.$inferInsert) {
      const [out] = await db.insert(applicationSignatures).values(row).returning();
      if (!out) throw new Error('signature not written');
      return out;
    },
    /** Invalidates the valid signatures (of one owner, or all); answers the owners whose signature went. */
    async invalidate(applicationId: string, reason: 'data-changed' | 'removed', at: Date, ownerId?: string) {
      const rows = await db
        .update(applicationSignatures)
        .set({ invalidatedAt: at, invalidatedReason: reason })
        .where(
          and(
            eq(applicationSignatures.applicationId, applicationId),
            isNull(applicationSignatures.invalidatedAt),
            ownerId ? eq(applicationSignatures.ownerId, ownerId) : undefined,
          ),
        )
        .returning({ ownerId: applicationSignatures.ownerId });
      return rows.map((r) => r.ownerId);
    },
    async setSignStatus(applicationId: string, signStatus: 'PROGRESSING' | 'COMPLETED' | null) {
      await db.update(applications).set({ signStatus }).where(eq(applications.id, applicationId));
    },
    async findCode(ownerId: string) {
      const [row] = await db.select().from(applicationSignCodes).where(eq(applicationSignCodes.ownerId, ownerId));
      return row;
    },
    async putCode(row: typeof applicationSignCodes.$inferInsert) {
      await db
        .insert(applicationSignCodes)
        .values(row)
        .onConflictDoUpdate({
          target: applicationSignCodes.ownerId,
          set: { codeHash: row.codeHash, expiresAt: row.expiresAt, sentAt: row.sentAt, attempts: 0, usedAt: null },
        });
    },
    async updateCode(ownerId: string, patch: Partial<typeof applicationSignCodes.$inferInsert>) {
      await db.update(applicationSignCodes).set(patch).where(eq(applicationSignCodes.ownerId, ownerId));
    },
    async replaceOwnerCode(ownerId: string, codeHash: string, expiresAt: Date, sentAt: Date) {
      await db
        .update(applicationOwners)
        .set({ codeHash, codeExpiresAt: expiresAt, codeRevokedAt: null, linkSentAt: sentAt })
        .where(eq(applicationOwners.id, ownerId));
    },
    /** The confirm-page boxes of the application's master form template, and the institution's name. */
    async confirmPageOf(applicationId: string) {
      const [row] = await db
        .select({
          confirmPage: pdfTemplates.confirmPage,
          mapping: pdfTemplates.mapping,
          companyName: companies.name,
          masterFormId: masterForms.id,
        })
        .from(applications)
        .innerJoin(customForms, eq(customForms.id, applications.customFormId))
        .innerJoin(companies, eq(companies.id, applications.companyId))
        .innerJoin(masterForms, eq(masterForms.id, customForms.masterFormId))
        .leftJoin(pdfTemplates, eq(pdfTemplates.id, masterForms.templateId))
        .where(eq(applications.id, applicationId))
        .limit(1);
      return row;
    },
    async latestRun(applicationId: string) {
      const [row] = await db
        .select()
        .from(applicationDocumentRuns)
        .where(eq(applicationDocumentRuns.applicationId, applicationId))
        .orderBy(desc(applicationDocumentRuns.generation))
        .limit(1);
      return row;
    },
    async findApplication(applicationId: string, lock = false) {
      const q = db
        .select({ application: applications, masterFormId: customForms.masterFormId })
        .from(applications)
        .innerJoin(customForms, eq(customForms.id, applications.customFormId))
        .where(eq(applications.id, applicationId))
        .limit(1);
      const [row] = lock ? await q.for('update', { of: applications }) : await q;
      return row;
    },
  };
}
