import { randomUUID } from 'node:crypto';
import type { SyncState } from '@under/core/integrations/integrations';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { applications, integrationSyncAttempts, integrationSyncRequests, integrationSyncs } from '../../../db/schema';

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
  /** CardConnect's owed signature request (set before a withdraw, cleared when requested again). */
  signatureOwed?: boolean;
  lastError?: string | null;
  lastErrorDetail?: string | null;
}

/**
 * What a request does to an existing sync, by the sync's state (the service's rules, decision 074): the repository
 * writes them in one statement, so the state they are chosen by is the row's at the write.
 */
export interface QueueRules {
  /** States that start a new run: queued now, attempts from zero, `run` + 1. */
  newRunFrom: readonly SyncState[];
  /** Further states whose schedule restarts now with attempts from zero (the run goes on). */
  restartFrom: readonly SyncState[];
  /** States in which an unconfirmed create is dropped (`create_pending` cleared). */
  dropPendingCreateFrom: readonly SyncState[];
}

/** A request read with the application's company and form (null when the application is gone). */
export interface RequestRow {
  applicationId: string;
  requestedAt: Date;
  companyId: string | null;
  customFormId: string | null;
  status: string | null;
}

const inStates = (states: readonly SyncState[]) =>
  states.length
    ? sql`${integrationSyncs.state} in (${sql.join(
        states.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql`false`;

/** The durable syncs (decision 074). The only Drizzle code of the sync module. */
export function createSyncRepository(db: DbOrTx) {
  return {
    /** Domain events asked to sync these applications (each once); decided after the delivery's commit. */
    async request(applicationIds: readonly string[], at: Date) {
      if (applicationIds.length === 0) return;
      await db
        .insert(integrationSyncRequests)
        .values(applicationIds.map((applicationId) => ({ applicationId, requestedAt: at })))
        .onConflictDoUpdate({ target: integrationSyncRequests.applicationId, set: { requestedAt: at } });
    },

    /**
     * Requests with their application's company, form and status: those of `ids`, or those older than `before`
     * (their decision after the commit was cut short), oldest first.
     */
    async readRequests(opts: { ids?: readonly string[]; before?: Date; limit: number }): Promise<RequestRow[]> {
      const r = integrationSyncRequests;
      const where = opts.ids
        ? opts.ids.length
          ? inArray(r.applicationId, [...opts.ids])
          : sql`false`
        : lte(r.requestedAt, opts.before ?? new Date(0));
      return db
        .select({
          applicationId: r.applicationId,
          requestedAt: r.requestedAt,
          companyId: applications.companyId,
          customFormId: applications.customFormId,
          status: applications.status,
        })
        .from(r)
        .leftJoin(applications, eq(applications.id, r.applicationId))
        .where(where)
        .orderBy(r.requestedAt)
        .limit(opts.limit);
    },

    /**
     * Removes the requests as read, in one statement (a newer one, written meanwhile, stays for its own decision):
     * answers the applications whose request was taken here.
     */
    async takeRequests(read: readonly Pick<RequestRow, 'applicationId' | 'requestedAt'>[]): Promise<Set<string>> {
      if (!read.length) return new Set();
      const r = integrationSyncRequests;
      const rows = await db
        .delete(r)
        .where(or(...read.map((q) => and(eq(r.applicationId, q.applicationId), eq(r.requestedAt, q.requestedAt)))))
        .returning({ id: r.applicationId });
      return new Set(rows.map((x) => x.id));
    },

    /**
     * Queues the syncs of (application, kind, target), made if new, in one statement; an existing sync changes as
     * `rules` say for its state (the service's policy). A running one keeps running: the worker runs once more when
     * it ends (`generation` moved on). Answers each sync's id and state, in no particular order.
     */
    async queue(
      syncs: readonly { applicationId: string; companyId: string; kind: string; target: string }[],
      at: Date,
      rules: QueueRules,
    ): Promise<{ id: string; applicationId: string; state: string }[]> {
      if (!syncs.length) return [];
      const t = integrationSyncs;
      const newRun = inStates(rules.newRunFrom);
      const restart = sql`(${newRun} or ${inStates(rules.restartFrom)})`;
      const drop = inStates(rules.dropPendingCreateFrom);
      const rows = await db
        .insert(t)
        .values(
          syncs.map((s) => ({
            id: randomUUID(),
            applicationId: s.applicationId,
            companyId: s.companyId,
            kind: s.kind,
            target: s.target,
            state: 'queued',
            nextAttemptAt: at,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .onConflictDoUpdate({
          target: [t.applicationId, t.kind, t.target],
          set: {
            state: sql`case when ${newRun} then 'queued' else ${t.state} end`,
            attempts: sql`case when ${restart} then 0 else ${t.attempts} end`,
            nextAttemptAt: sql`case when ${restart} then ${at.toISOString()}::timestamptz else ${t.nextAttemptAt} end`,
            run: sql`case when ${newRun} then ${t.run} + 1 else ${t.run} end`,
            generation: sql`${t.generation} + 1`,
            ...(rules.dropPendingCreateFrom.length
              ? { createPending: sql`case when ${drop} then false else ${t.createPending} end` }
              : {}),
            updatedAt: at,
          },
        })
        .returning({ id: t.id, applicationId: t.applicationId, state: t.state });
      if (rows.length !== syncs.length) throw new Error('sync neither inserted nor updated');
      return rows;
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
     * Committed before a CardConnect signature request is withdrawn: whatever happens next (a failed update, a crash),
     * every later attempt requests the signature again until one has (decision 086).
     */
    async markSignatureOwed(id: string, attempt: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(integrationSyncs)
        .set({ signatureOwed: true, updatedAt: at })
        .where(claimed(id, attempt))
        .returning({ id: integrationSyncs.id });
      return rows.length > 0;
    },

    /**
     * Ends the claimed attempt: the row's state with the record id (one statement, so the id is never stored
     * without its state), and the attempt's history row. A request that arrived meanwhile (`generation` moved on)
     * queues the sync again at once, whatever this attempt came to. Answers the state and schedule written, or null
     * when the claim was lost (another worker took over after the lease).
     */
    async finish(
      row: Pick<SyncRow, 'id' | 'attempts' | 'generation' | 'run'>,
      end: SyncEnd,
      attempt: { outcome: string; message: string | null; httpStatus: number | null; at: Date },
    ): Promise<{ state: string; nextAttemptAt: Date } | null> {
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
          ...(end.signatureOwed !== undefined ? { signatureOwed: end.signatureOwed } : {}),
          ...(end.lastError !== undefined ? { lastError: end.lastError } : {}),
          ...(end.lastErrorDetail !== undefined ? { lastErrorDetail: end.lastErrorDetail } : {}),
          ...(end.state === 'synced' ? { syncedAt: attempt.at } : {}),
          updatedAt: attempt.at,
        })
        .where(claimed(row.id, row.attempts))
        .returning({ state: t.state, nextAttemptAt: t.nextAttemptAt });
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
      return updated ?? null;
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

    /**
     * A live attempt's lease moves on (its worker renews it while the provider answers), fenced by the attempt: a
     * claim by another worker moves `attempts` in the same statement that takes the row, so a worker whose claim was
     * taken changes nothing. A lease that ran out while nobody took it (a stall) is still this worker's: renewing it
     * keeps an attempt whose provider call may have succeeded from being thrown away. Answers whether it holds.
     */
    async renewLease(id: string, attempt: number, leaseUntil: Date): Promise<boolean> {
      const rows = await db
        .update(integrationSyncs)
        .set({ leaseUntil })
        .where(claimed(id, attempt))
        .returning({ id: integrationSyncs.id });
      return rows.length > 0;
    },

    /** When the earliest lease still running ends (null: none runs); the sweep takes it then. */
    async nextLeaseEnd(at: Date): Promise<Date | null> {
      const [row] = await db
        .select({ until: sql<string | Date | null>`min(${integrationSyncs.leaseUntil})` })
        .from(integrationSyncs)
        .where(
          and(
            eq(integrationSyncs.state, 'running'),
            sql`${integrationSyncs.leaseUntil} > ${at.toISOString()}::timestamptz`,
          ),
        );
      return row?.until ? new Date(row.until) : null;
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
