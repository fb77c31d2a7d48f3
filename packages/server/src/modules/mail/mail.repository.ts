import { and, count, desc, eq, gt, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A row that is due: queued and its time has come, or claimed by a worker whose lease ran out (it crashed). */
const due = (at: Date) =>
  or(
    and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, at)),
    and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.leaseUntil, at)),
  );

/** The mail outbox (decision 023). Every state change of a claimed row names its attempt: a stale worker changes nothing. */
export function createMailRepository(db: DbOrTx) {
  return {
    /** Writes a mail; a second mail of the same cause is the first one. Answers the row's id. */
    async insert(row: {
      id: string;
      idempotencyKey: string;
      kind: string;
      toAddress: string;
      content: string;
      at: Date;
    }): Promise<string> {
      const [inserted] = await db
        .insert(mailOutbox)
        .values({ ...row, nextAttemptAt: row.at, createdAt: row.at, updatedAt: row.at })
        .onConflictDoNothing({ target: mailOutbox.idempotencyKey })
        .returning({ id: mailOutbox.id });
      if (inserted) return inserted.id;
      const [existing] = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.idempotencyKey, row.idempotencyKey));
      if (!existing) throw new Error('outbox row neither inserted nor found');
      return existing.id;
    },

    async find(id: string) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return row;
    },

    /**
     * Takes a due row for one attempt, atomically: at most one worker holds it until `leaseUntil`. The returned
     * `attempts` is the attempt's number and fences every later change.
     */
    async claim(id: string, at: Date, leaseUntil: Date): Promise<OutboxRow | undefined> {
      const [row] = await db
        .update(mailOutbox)
        .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, leaseUntil, updatedAt: at })
        .where(and(eq(mailOutbox.id, id), due(at)))
        .returning();
      return row;
    },

    /** The server took it: the content (codes, links) is erased; only who, what kind and when stay. */
    async markSent(id: string, attempt: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: at, content: null, leaseUntil: null, lastError: null, updatedAt: at })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, attempt)))
        .returning({ id: mailOutbox.id });
      return rows.length > 0;
    },

    async reschedule(id: string, attempt: number, at: Date, nextAttemptAt: Date, lastError: string) {
      await db
        .update(mailOutbox)
        .set({ status: 'queued', nextAttemptAt, leaseUntil: null, lastError, updatedAt: at })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, attempt)));
    },

    async markFailed(id: string, attempt: number, at: Date, lastError: string) {
      await db
        .update(mailOutbox)
        .set({ status: 'failed', leaseUntil: null, lastError, updatedAt: at })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, attempt)));
    },

    /** Ids of due rows, oldest first. */
    async listDue(at: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(due(at))
        .orderBy(mailOutbox.nextAttemptAt)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Rows a live worker is sending right now. */
    async countInFlight(at: Date): Promise<number> {
      const [n] = await db
        .select({ n: count() })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'sending'), gt(mailOutbox.leaseUntil, at)));
      return n?.n ?? 0;
    },

    async list(opts: { status: string; offset: number; limit: number }) {
      const where = eq(mailOutbox.status, opts.status);
      const rows = await db
        .select({
          id: mailOutbox.id,
          toAddress: mailOutbox.toAddress,
          kind: mailOutbox.kind,
          status: mailOutbox.status,
          attempts: mailOutbox.attempts,
          lastError: mailOutbox.lastError,
          createdAt: mailOutbox.createdAt,
          updatedAt: mailOutbox.updatedAt,
          nextAttemptAt: mailOutbox.nextAttemptAt,
          sentAt: mailOutbox.sentAt,
          hasContent: sql<boolean>`${mailOutbox.content} is not null`,
        })
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.updatedAt), desc(mailOutbox.id))
        .limit(opts.limit)
        .offset(opts.offset);
      const [n] = await db.select({ n: count() }).from(mailOutbox).where(where);
      return { rows, total: n?.n ?? 0 };
    },

    /** A failed mail with its content goes back to the queue for a fresh run of attempts. */
    async requeue(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(mailOutbox)
        .set({ status: 'queued', attempts: 0, nextAttemptAt: at, leaseUntil: null, updatedAt: at })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed'), isNotNull(mailOutbox.content)))
        .returning({ id: mailOutbox.id });
      return rows.length > 0;
    },

    /** Erases the content of mails that failed before `failedBefore`; deletes sent mails older than `sentBefore`. */
    async purge(failedBefore: Date, sentBefore: Date) {
      await db
        .update(mailOutbox)
        .set({ content: null })
        .where(
          and(eq(mailOutbox.status, 'failed'), lt(mailOutbox.updatedAt, failedBefore), isNotNull(mailOutbox.content)),
        );
      await db.delete(mailOutbox).where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, sentBefore)));
    },
  };
}
