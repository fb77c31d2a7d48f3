import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema/index';

export type UploadRow = typeof uploads.$inferSelect;

/** The `uploads` table: every state change is one conditional UPDATE, so two callers can never both win. */
export function createUploadsRepository(db: DbOrTx) {
  return {
    async insert(values: typeof uploads.$inferInsert): Promise<UploadRow> {
      const [row] = await db.insert(uploads).values(values).returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    async findByKey(storageKey: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(uploads).where(eq(uploads.storageKey, storageKey));
      return row;
    },

    async findById(id: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      return row;
    },

    /** issued -> uploading, only for this id and key and before the URL's end: the one PUT that may write. */
    async claim(id: string, storageKey: string, now: Date): Promise<UploadRow | undefined> {
      const [row] = await db
        .update(uploads)
        .set({ status: 'uploading' })
        .where(
          and(
            eq(uploads.id, id),
            eq(uploads.storageKey, storageKey),
            eq(uploads.status, 'issued'),
            gt(uploads.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    async markUploaded(id: string, file: { size: number; contentType: string }, now: Date): Promise<void> {
      await db
        .update(uploads)
        .set({ status: 'uploaded', size: file.size, contentType: file.contentType, uploadedAt: now })
        .where(and(eq(uploads.id, id), eq(uploads.status, 'uploading')));
    },

    async markFailed(id: string): Promise<void> {
      await db
        .update(uploads)
        .set({ status: 'failed' })
        .where(and(eq(uploads.id, id), eq(uploads.status, 'uploading')));
    },

    /** uploaded -> attached to one owner, only when the upload is of this purpose and was issued to this caller. */
    async attach(opts: {
      storageKey: string;
      purpose: string;
      issuedToUserId: string;
      companyId: string | null;
      owner: { kind: string; id: string };
      now: Date;
    }): Promise<UploadRow | undefined> {
      const [row] = await db
        .update(uploads)
        .set({ status: 'attached', ownerKind: opts.owner.kind, ownerId: opts.owner.id, attachedAt: opts.now })
        .where(
          and(
            eq(uploads.storageKey, opts.storageKey),
            eq(uploads.purpose, opts.purpose),
            eq(uploads.issuedToUserId, opts.issuedToUserId),
            opts.companyId === null ? undefined : eq(uploads.companyId, opts.companyId),
            eq(uploads.status, 'uploaded'),
          ),
        )
        .returning();
      return row;
    },

    /** attached -> released for whatever `owner` holds (one file at most); returns the released keys. */
    async release(owner: { kind: string; id: string }): Promise<string[]> {
      const rows = await db
        .update(uploads)
        .set({ status: 'released', ownerKind: null, ownerId: null })
        .where(and(eq(uploads.status, 'attached'), eq(uploads.ownerKind, owner.kind), eq(uploads.ownerId, owner.id)))
        .returning({ storageKey: uploads.storageKey });
      return rows.map((r) => r.storageKey);
    },

    /** uploaded -> released for a file refused after its upload (never attached). */
    async releaseUnattached(storageKey: string): Promise<boolean> {
      const rows = await db
        .update(uploads)
        .set({ status: 'released' })
        .where(and(eq(uploads.storageKey, storageKey), eq(uploads.status, 'uploaded')))
        .returning({ id: uploads.id });
      return rows.length > 0;
    },

    /** Every upload still unattached that was issued before `cutoff` becomes released (for the sweep). */
    async releaseStale(cutoff: Date): Promise<number> {
      const rows = await db
        .update(uploads)
        .set({ status: 'released' })
        .where(
          and(inArray(uploads.status, ['issued', 'uploading', 'uploaded', 'failed']), lt(uploads.createdAt, cutoff)),
        )
        .returning({ id: uploads.id });
      return rows.length;
    },

    async listReleased(limit: number): Promise<{ id: string; storageKey: string }[]> {
      return db
        .select({ id: uploads.id, storageKey: uploads.storageKey })
        .from(uploads)
        .where(eq(uploads.status, 'released'))
        .orderBy(asc(uploads.createdAt))
        .limit(limit);
    },

    /** Forgets a released upload once its file is gone. */
    async deleteReleased(id: string): Promise<void> {
      await db.delete(uploads).where(and(eq(uploads.id, id), eq(uploads.status, 'released')));
    },
  };
}
