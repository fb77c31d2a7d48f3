import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { integrationSyncAttempts, integrationSyncRequests, integrationSyncs } from '../../../db/schema';

export type SyncRow = typeof integrationSyncs.$inferSelect;

/** A sync that is due: queued and its time has come, or claimed by a worker whose lease ran out (it died). */
const due = (at: Date) =>
  or(
    and(eq(integrationSyncs.state, 'queued'), lte(integrationSyncs.nextAttemptAt, at)),
    and(eq(integrationSyncs.state, 'running'), lte(integrationSyncs.leaseUntil, at)),
  );

/** The claim an update belongs to: the row is still running under the same attempt (a stale worker changes nothing). */
const claimed = (id: string, attempt: number) =>
  and(eq(integrationSyncs.id, id), eq(integrationSyncs.state, 'running'), eq(integrationSyncs.attempts, attempt));

/** How an attempt ends (the row's part): state, schedule, record, words. */
export interface SyncEnd {
  /** What the attempt came to; a newer request (generation moved on) turns any rest into `queued` at once. */
  state: 'synced' | 'queued' | 'needs_attention' | 'failed';
  nextAttemptAt: Date;
  object?: string | null;
  recordId?: string | null;
  recordUrl?: string | null;
  createPending?: boolean;
  lastError?: string | null;
  lastErrorDetail?: string | null;
}

/** The durable syncs (decision 074). The only Drizzle code of the sync module. */
export function createSyncRepository(db: DbOrTx) {
  return {
    /** A domain event asked to sync the application; decided after the delivery's commit. */
    async request(applicationId: string, at: Date) {
      await db
        .insert(integrationSyncRequests)
        .values({ applicationId, requestedAt: at })
        .onConflictDoUpdate({ target: integrationSyncRequests.applicationId, set: { requestedAt: at } });
    },

    async findRequest(applicationId: string) {
      const [row] = await db
        .select()
        .from(integrationSyncRequests)
        .where(eq(integrationSyncRequests.applicationId, applicationId));
      return row;
    },

    /** Removes the request as read (a newer one, written meanwhile, stays for its own decision). */
    async takeRequest(applicationId: string, requestedAt: Date): Promise<boolean> {
      const rows = await db
        .delete(integrationSyncRequests)
        .where(
          and(
            eq(integrationSyncRequests.applicationId, applicationId),
            eq(integrationSyncRequests.requestedAt, requestedAt),
          ),
        )
        .returning({ id: integrationSyncRequests.applicationId });
      return rows.length > 0;
    },

    /** Requests older than `before` (their decision after the commit was cut short). */
    async listRequests(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: integrationSyncRequests.applicationId })
        .from(integrationSyncRequests)
        .where(lte(integrationSyncRequests.requestedAt, before))
        .orderBy(integrationSyncRequests.requestedAt)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Queues the sync of (application, kind, target), made if new. At rest (synced, failed, needs attention) it
     * starts a new run now; queued, it keeps its schedule (a provider that is down stays waited for) unless `force`
     * (a person's "Sync again": now, attempts from zero); running, the worker runs once more when it ends. `force`
     * also drops an unconfirmed create: the person was told to check the provider (decision 074).
     */
    async queue(opts: {
      applicationId: string;
      companyId: string;
      kind: string;
      target: string;
      at: Date;
      force: boolean;
    }): Promise<{ id: string; state: string }> {
      const t = integrationSyncs;
      const atRest = sql`${t.state} in ('synced', 'failed', 'needs_attention')`;
      const restart = opts.force ? sql`(${atRest} or ${t.state} = 'queued')` : atRest;
      const [row] = await db
        .insert(t)
        .values({
          id: randomUUID(),
          applicationId: opts.applicationId,
          companyId: opts.companyId,
          kind: opts.kind,
          target: opts.target,
          state: 'queued',
          nextAttemptAt: opts.at,
          createdAt: opts.at,
          updatedAt: opts.at,
        })
        .onConflictDoUpdate({
          target: [t.applicationId, t.kind, t.target],
          set: {
            state: sql`case when ${atRest} then 'queued' else ${t.state} end`,
            attempts: sql`case when ${restart} then 0 else ${t.attempts} end`,
            nextAttemptAt: sql`case when ${restart} then ${opts.at.toISOString()}::timestamptz else ${t.nextAttemptAt} end`,
            run: sql`case when ${atRest} then ${t.run} + 1 else ${t.run} end`,
            generation: sql`${t.generation} + 1`,
            ...(opts.force
              ? { createPending: sql`case when ${t.state} = 'running' then ${t.createPending} else false end` }
              : {}),
            updatedAt: opts.at,
          },
        })
        .returning({ id: t.id, state: t.state });
      if (!row) throw new Error('sync neither inserted nor updated');
      return row;
    },

    async find(id: string) {
      const [row] = await db.select().from(integrationSyncs).where(eq(integrationSyncs.id, id));
      return row;
    },

    /**
     * Takes a due sync for one attempt, atomically: at most one worker holds it until `leaseUntil`. The returned
     * `attempts` is the attempt's number and fences every later change; `generation` is what this attempt syncs.
     */
    async claim(id: string, at: Date, leaseUntil: Date): Promise<SyncRow | undefined> {
      const [row] = await db
        .update(integrationSyncs)
        .set({ state: 'running', attempts: sql`${integrationSyncs.attempts} + 1`, leaseUntil, updatedAt: at })
        .where(and(eq(integrationSyncs.id, id), due(at)))
        .returning();
      return row;
    },

    /** The attempt's history row; an earlier attempt left without an outcome was cut short (a crash). */
    async startAttempt(opts: { syncId: string; run: number; attempt: number; at: Date }) {
      await db
        .update(integrationSyncAttempts)
        .set({
          outcome: 'interrupted',
          finishedAt: opts.at,
          message: 'The attempt was cut short (the server stopped).',
        })
        .where(and(eq(integrationSyncAttempts.syncId, opts.syncId), isNull(integrationSyncAttempts.outcome)));
      await db.insert(integrationSyncAttempts).values({
        id: randomUUID(),
        syncId: opts.syncId,
        run: opts.run,
        attempt: opts.attempt,
        startedAt: opts.at,
      });
    },

    /** Committed before a create is sent: whatever happens next, the create's outcome is looked up before a retry. */
    async markCreatePending(id: string, attempt: number, object: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(integrationSyncs)
        .set({
          createPending: true,
          providerObject: object,
          providerRecordId: null,
          providerRecordUrl: null,
          updatedAt: at,
        })
        .where(claimed(id, attempt))
        .returning({ id: integrationSyncs.id });
      return rows.length > 0;
    },

    /**
     * Ends the claimed attempt: the row's state with the record id (one statement, so the id is never stored
     * without its state), and the attempt's history row. A request that arrived meanwhile (`generation` moved on)
     * queues the sync again at once, whatever this attempt came to. Answers the state written, or null when the
     * claim was lost (another worker took over after the lease).
     */
    async finish(
      row: Pick<SyncRow, 'id' | 'attempts' | 'generation' | 'run'>,
      end: SyncEnd,
      attempt: { outcome: string; message: string | null; httpStatus: number | null; at: Date },
    ): Promise<string | null> {
      const t = integrationSyncs;
      const newer = sql`${t.generation} <> ${row.generation}`;
      const rest = end.state !== 'queued';
      const [updated] = await db
        .update(t)
        .set({
          state: rest ? sql`case when ${newer} then 'queued' else ${end.state} end` : 'queued',
          attempts: rest ? sql`case when ${newer} then 0 else ${t.attempts} end` : t.attempts,
          run: rest && end.state !== 'synced' ? sql`case when ${newer} then ${t.run} + 1 else ${t.run} end` : t.run,
          nextAttemptAt: rest
            ? sql`case when ${newer} then ${attempt.at.toISOString()}::timestamptz else ${end.nextAttemptAt.toISOString()}::timestamptz end`
            : end.nextAttemptAt,
          leaseUntil: null,
          ...(end.object !== undefined ? { providerObject: end.object } : {}),
          ...(end.recordId !== undefined ? { providerRecordId: end.recordId } : {}),
          ...(end.recordUrl !== undefined ? { providerRecordUrl: end.recordUrl } : {}),
          ...(end.createPending !== undefined ? { createPending: end.createPending } : {}),
          ...(end.lastError !== undefined ? { lastError: end.lastError } : {}),
          ...(end.lastErrorDetail !== undefined ? { lastErrorDetail: end.lastErrorDetail } : {}),
          ...(end.state === 'synced' ? { syncedAt: attempt.at } : {}),
          updatedAt: attempt.at,
        })
        .where(claimed(row.id, row.attempts))
        .returning({ state: t.state });
      await db
        .update(integrationSyncAttempts)
        .set({
          outcome: updated ? attempt.outcome : 'interrupted',
          message: attempt.message,
          httpStatus: attempt.httpStatus,
          finishedAt: attempt.at,
        })
        .where(
          and(
            eq(integrationSyncAttempts.syncId, row.id),
            eq(integrationSyncAttempts.run, row.run),
            eq(integrationSyncAttempts.attempt, row.attempts),
            isNull(integrationSyncAttempts.outcome),
          ),
        );
      return updated?.state ?? null;
    },

    /** Ids of due syncs, oldest first. */
    async listDue(at: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: integrationSyncs.id })
        .from(integrationSyncs)
        .where(due(at))
        .orderBy(integrationSyncs.nextAttemptAt)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Syncs left `running` (at start: their worker died with the last process). */
    async listRunning(limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: integrationSyncs.id })
        .from(integrationSyncs)
        .where(eq(integrationSyncs.state, 'running'))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** A running sync's lease ends now (at start, for a worker that died with the last process). */
    async expireLease(id: string, at: Date) {
      await db
        .update(integrationSyncs)
        .set({ leaseUntil: at })
        .where(and(eq(integrationSyncs.id, id), eq(integrationSyncs.state, 'running')));
    },

    /** Every sync of an application with its latest `attemptsEach` attempts (newest first), bounded in SQL. */
    async listForApplication(applicationId: string, attemptsEach: number) {
      const syncs = await db
        .select()
        .from(integrationSyncs)
        .where(eq(integrationSyncs.applicationId, applicationId))
        .orderBy(integrationSyncs.kind, integrationSyncs.target);
      const ids = syncs.map((s) => s.id);
      const a = integrationSyncAttempts;
      const ranked = db
        .select({
          id: a.id,
          syncId: a.syncId,
          rank: sql<number>`row_number() over (partition by ${a.syncId} order by ${a.startedAt} desc, ${a.attempt} desc)`.as(
            'rank',
          ),
        })
        .from(a)
        .where(inArray(a.syncId, ids))
        .as('ranked');
      const attempts = ids.length
        ? await db
            .select({ attempt: a })
            .from(a)
            .innerJoin(ranked, eq(ranked.id, a.id))
            .where(lte(ranked.rank, attemptsEach))
            .orderBy(ranked.syncId, ranked.rank)
        : [];
      return syncs.map((s) => ({
        sync: s,
        attempts: attempts.filter((x) => x.attempt.syncId === s.id).map((x) => x.attempt),
      }));
    },
  };
}
