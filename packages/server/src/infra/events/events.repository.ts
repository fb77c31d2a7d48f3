import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { domainEvents, eventDeliveries } from '../../db/schema/index';

export type EventRow = typeof domainEvents.$inferSelect;

/** The domain events and their per-subscriber delivery marks (decision 064). */
export function createEventsRepository(db: DbOrTx) {
  return {
    async insert(row: {
      id: string;
      type: string;
      applicationId: string | null;
      payload: unknown;
      at: Date;
      dueAt: Date;
    }) {
      await db.insert(domainEvents).values({
        id: row.id,
        type: row.type,
        applicationId: row.applicationId,
        payload: row.payload,
        createdAt: row.at,
        nextAttemptAt: row.dueAt,
      });
    },

    async find(id: string): Promise<EventRow | undefined> {
      const [row] = await db.select().from(domainEvents).where(eq(domainEvents.id, id));
      return row;
    },

    /** Pending events whose time has come (all pending ones with `at` null), oldest first. */
    async listPending(at: Date | null, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(
          at
            ? and(eq(domainEvents.status, 'pending'), lte(domainEvents.nextAttemptAt, at))
            : eq(domainEvents.status, 'pending'),
        )
        .orderBy(asc(domainEvents.createdAt), asc(domainEvents.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** The subscribers that already have the event. */
    async deliveredTo(eventId: string): Promise<string[]> {
      const rows = await db
        .select({ subscriber: eventDeliveries.subscriber })
        .from(eventDeliveries)
        .where(eq(eventDeliveries.eventId, eventId));
      return rows.map((r) => r.subscriber);
    },

    /**
     * In the subscriber's transaction, before its work: true when this is the first delivery. A concurrent
     * delivery of the same event to the same subscriber waits on the row and then finds it (or takes over if the
     * first one rolled back).
     */
    async markDelivered(eventId: string, subscriber: string, at: Date): Promise<boolean> {
      const inserted = await db
        .insert(eventDeliveries)
        .values({ eventId, subscriber, deliveredAt: at })
        .onConflictDoNothing()
        .returning({ eventId: eventDeliveries.eventId });
      return inserted.length > 0;
    },

    async complete(id: string, at: Date) {
      await db
        .update(domainEvents)
        .set({ status: 'delivered', deliveredAt: at, lastError: null })
        .where(and(eq(domainEvents.id, id), eq(domainEvents.status, 'pending')));
    },

    /** A round that left a subscriber without the event: try again at `nextAt`, or give up (`failed`). */
    async failRound(id: string, error: string, nextAt: Date | null) {
      await db
        .update(domainEvents)
        .set({
          attempts: sql`${domainEvents.attempts} + 1`,
          lastError: error,
          ...(nextAt ? { nextAttemptAt: nextAt } : { status: 'failed' }),
        })
        .where(and(eq(domainEvents.id, id), eq(domainEvents.status, 'pending')));
    },

    /** Delivered events older than `before` go, their marks with them. */
    async purgeDelivered(before: Date) {
      await db
        .delete(domainEvents)
        .where(and(eq(domainEvents.status, 'delivered'), lt(domainEvents.deliveredAt, before)));
    },

    async statusOf(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: domainEvents.id, status: domainEvents.status })
        .from(domainEvents)
        .where(inArray(domainEvents.id, ids));
    },
  };
}
