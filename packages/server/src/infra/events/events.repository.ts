import { and, asc, eq, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { domainEvents, eventDeliveries } from '../../db/schema/index';

type EventRow = typeof domainEvents.$inferSelect;

/** The domain events and their per-subscriber delivery marks (decision 064). */
export function createEventsRepository(db: DbOrTx) {
  return {
    /** A new event's insert, as a statement: the caller runs it in its transaction, alone or with its own writes. */
    insertSql(row: {
      id: string;
      type: string;
      applicationId: string | null;
      payload: unknown;
      at: Date;
      dueAt: Date;
      /** Another part of the caller's statement: the event is written only when it answers a row (decision 081). */
      onlyIf?: string;
    }): SQL {
      if (row.onlyIf) {
        const e = domainEvents;
        return sql`insert into ${e} (${sql.raw('id, type, application_id, payload, created_at, next_attempt_at')}) select ${row.id}::uuid, ${row.type}::text, ${row.applicationId}::uuid, ${JSON.stringify(row.payload)}::jsonb, ${row.at.toISOString()}::timestamptz, ${row.dueAt.toISOString()}::timestamptz where exists (select 1 from ${sql.raw(row.onlyIf)})`;
      }
      return db
        .insert(domainEvents)
        .values({
          id: row.id,
          type: row.type,
          applicationId: row.applicationId,
          payload: row.payload,
          createdAt: row.at,
          nextAttemptAt: row.dueAt,
        })
        .getSQL();
    },

    /**
     * The pending ones of `ids` with the subscribers that already have each, in one query (the event left-joined
     * to its marks), oldest first.
     */
    async pendingWithMarks(ids: readonly string[]): Promise<(EventRow & { delivered: string[] })[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ event: domainEvents, subscriber: eventDeliveries.subscriber })
        .from(domainEvents)
        .leftJoin(eventDeliveries, eq(eventDeliveries.eventId, domainEvents.id))
        .where(and(inArray(domainEvents.id, [...ids]), eq(domainEvents.status, 'pending')))
        .orderBy(asc(domainEvents.createdAt), asc(domainEvents.id));
      const byId = new Map<string, EventRow & { delivered: string[] }>();
      for (const { event, subscriber } of rows) {
        let row = byId.get(event.id);
        if (!row) {
          row = { ...event, delivered: [] };
          byId.set(event.id, row);
        }
        if (subscriber !== null) row.delivered.push(subscriber);
      }
      return [...byId.values()];
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

    /**
     * `markDelivered` for several events at once (one statement; rows in id order, so two instances marking
     * overlapping batches wait on each other in the same order): answers the ids this call marked.
     */
    async markDeliveredMany(eventIds: readonly string[], subscriber: string, at: Date): Promise<Set<string>> {
      if (eventIds.length === 0) return new Set();
      const inserted = await db
        .insert(eventDeliveries)
        .values([...eventIds].sort().map((eventId) => ({ eventId, subscriber, deliveredAt: at })))
        .onConflictDoNothing()
        .returning({ eventId: eventDeliveries.eventId });
      return new Set(inserted.map((r) => r.eventId));
    },

    /**
     * `markDeliveredMany` for several subscribers at once (one statement; rows in (event, subscriber) order, the
     * order `markDeliveredMany` takes its rows in too): answers the pairs this call marked, as `event subscriber`.
     */
    async markDeliveredPairs(
      pairs: readonly { eventId: string; subscriber: string }[],
      at: Date,
    ): Promise<Set<string>> {
      if (pairs.length === 0) return new Set();
      const sorted = [...pairs].sort((a, b) =>
        a.eventId === b.eventId ? (a.subscriber < b.subscriber ? -1 : 1) : a.eventId < b.eventId ? -1 : 1,
      );
      const inserted = await db
        .insert(eventDeliveries)
        .values(sorted.map((p) => ({ eventId: p.eventId, subscriber: p.subscriber, deliveredAt: at })))
        .onConflictDoNothing()
        .returning({ eventId: eventDeliveries.eventId, subscriber: eventDeliveries.subscriber });
      return new Set(inserted.map((r) => `${r.eventId} ${r.subscriber}`));
    },

    /** Every subscriber has them: `delivered` (one statement for the batch). */
    async complete(ids: string | readonly string[], at: Date) {
      const list = typeof ids === 'string' ? [ids] : [...ids];
      if (list.length === 0) return;
      await db
        .update(domainEvents)
        .set({ status: 'delivered', deliveredAt: at, lastError: null })
        .where(and(inArray(domainEvents.id, list), eq(domainEvents.status, 'pending')));
    },

    /**
     * A round that left a subscriber without the event: try again at `nextAt`, or give up (`failed`). Counted only
     * while `attempts` is still the value the round read: when the queue and a sweep (or two instances) fail the
     * same round at once, it counts once.
     */
    async failRound(id: string, seenAttempts: number, error: string, nextAt: Date | null) {
      await db
        .update(domainEvents)
        .set({
          attempts: seenAttempts + 1,
          lastError: error,
          ...(nextAt ? { nextAttemptAt: nextAt } : { status: 'failed' }),
        })
        .where(
          and(eq(domainEvents.id, id), eq(domainEvents.status, 'pending'), eq(domainEvents.attempts, seenAttempts)),
        );
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
