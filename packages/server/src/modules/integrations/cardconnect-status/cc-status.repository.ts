import { randomUUID } from 'node:crypto';
import { CARDCONNECT } from '@under/core/integrations/cardconnect.schema';
import { and, desc, eq, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { cardConnectStatusChanges, cardConnectStatuses, integrationSyncs } from '../../../db/schema';

export type CcStatusRow = typeof cardConnectStatuses.$inferSelect;
export type CcStatusChangeRow = typeof cardConnectStatusChanges.$inferSelect;

/** A merchant the sync made (its id in the sync's row) that the poll does not follow yet, or follows under another id. */
export interface NewMerchant {
  applicationId: string;
  companyId: string;
  merchantId: string;
}

/**
 * The CardConnect status poll's rows (issue #24 §1 Status; decision 087), and what it reads of the sync's row (the
 * merchant id), the company's connection (its state) and the master form's mapping (labels of refused fields). The
 * only Drizzle code of the status module.
 */
export function createCcStatusRepository(db: DbOrTx) {
  const s = cardConnectStatuses;
  return {
    async find(applicationId: string, lock = false): Promise<CcStatusRow | undefined> {
      const q = db.select().from(s).where(eq(s.applicationId, applicationId)).limit(1);
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    /** The newest changes first. */
    async changes(applicationId: string, limit: number): Promise<CcStatusChangeRow[]> {
      return db
        .select()
        .from(cardConnectStatusChanges)
        .where(eq(cardConnectStatusChanges.applicationId, applicationId))
        .orderBy(desc(cardConnectStatusChanges.at))
        .limit(limit);
    },

    /** The merchant id the CardConnect sync stored for the application (its `provider_record_id`), if any. */
    async merchantOf(applicationId: string): Promise<NewMerchant | undefined> {
      const y = integrationSyncs;
      const [row] = await db
        .select({ applicationId: y.applicationId, companyId: y.companyId, merchantId: y.providerRecordId })
        .from(y)
        .where(and(eq(y.applicationId, applicationId), eq(y.kind, CARDCONNECT), isNotNull(y.providerRecordId)))
        .limit(1);
      return row?.merchantId ? { ...row, merchantId: row.merchantId } : undefined;
    },

    /** Merchants of the sync the poll does not follow (no row, or a row of another merchant id). */
    async newMerchants(limit: number): Promise<NewMerchant[]> {
      const y = integrationSyncs;
      const rows = await db
        .select({ applicationId: y.applicationId, companyId: y.companyId, merchantId: y.providerRecordId })
        .from(y)
        .leftJoin(s, eq(s.applicationId, y.applicationId))
        .where(
          and(
            eq(y.kind, CARDCONNECT),
            isNotNull(y.providerRecordId),
            or(isNull(s.applicationId), ne(s.merchantId, y.providerRecordId)),
          ),
        )
        .limit(limit);
      return rows.flatMap((r) => (r.merchantId ? [{ ...r, merchantId: r.merchantId }] : []));
    },

    /**
     * Follows a merchant from now: a new row due at once, or a row of another merchant id started again. Answers
     * whether anything changed (an already followed merchant changes nothing).
     */
    async track(m: NewMerchant, at: Date): Promise<boolean> {
      const rows = await db
        .insert(s)
        .values({ ...m, nextCheckAt: at, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: s.applicationId,
          set: {
            merchantId: m.merchantId,
            boardingStatusCd: null,
            signatureStatusCd: null,
            pending: false,
            final: false,
            quietChecks: 0,
            nextCheckAt: at,
            lastError: null,
            problems: [],
            updatedAt: at,
          },
          setWhere: ne(s.merchantId, m.merchantId),
        })
        .returning({ id: s.applicationId });
      return rows.length > 0;
    },

    /** Applications whose check is due (not final), oldest first. */
    async listDue(at: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: s.applicationId })
        .from(s)
        .where(and(eq(s.final, false), lte(s.nextCheckAt, at)))
        .orderBy(s.nextCheckAt)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Claims a due check: its next check moves a lease ahead in one statement, so one worker checks it; a worker
     * that dies leaves it due again when the lease ends. Undefined when it is not due (or final).
     */
    async claim(applicationId: string, at: Date, leaseUntil: Date): Promise<CcStatusRow | undefined> {
      const [row] = await db
        .update(s)
        .set({ nextCheckAt: leaseUntil })
        .where(and(eq(s.applicationId, applicationId), eq(s.final, false), lte(s.nextCheckAt, at)))
        .returning();
      return row;
    },

    async update(applicationId: string, patch: Partial<typeof s.$inferInsert>): Promise<void> {
      await db.update(s).set(patch).where(eq(s.applicationId, applicationId));
    },

    async addChange(c: Omit<typeof cardConnectStatusChanges.$inferInsert, 'id'>): Promise<void> {
      await db.insert(cardConnectStatusChanges).values({ id: randomUUID(), ...c });
    },
  };
}
