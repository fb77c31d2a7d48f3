import type { IntegrationKind, SyncState } from '@under/core/integrations/integrations';
import {
  type ApplicationSync,
  type ApplicationSyncs,
  type ManualSyncResponse,
  SYNC_WORDS,
  type SyncAttemptOutcome,
} from '@under/core/integrations/sync.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db, DbOrTx } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import type { AfterCommit } from '../../../infra/events/events';
import type { Jobs } from '../../../infra/jobs/jobs';
import { type FormGrants, loadVisibleApplication } from '../../applications/access/visible-application';
import type { NotificationsService } from '../../notifications/notifications.service';
import { IntegrationUnavailable, type SalesforceConnections, type SalesforceMappings } from '../ports';
import type { SalesforceClient, SalesforceSession, SfObjectDescribe } from '../salesforce/salesforce.port';
import { classifyFailure, redactDetail, type SyncFailure } from './sync.errors';
import { createSyncRepository, type SyncEnd, type SyncRow } from './sync.repository';

export const SYNC_QUEUE = 'integration-sync';
export const SYNC_SWEEP_QUEUE = 'integration-sync-sweep';
/** Salesforce is one org per company: its syncs have one target. */
export const SALESFORCE_TARGET = 'org';
/**
 * Waits after a failed attempt that may succeed later (the provider down, its daily limit): 1 min doubling to 8 h,
 * then 8 h: twelve attempts over about a day (24 h 31 min), then `failed`.
 */
export const RETRY_DELAYS_MS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 480, 480].map((m) => m * 60_000);
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** A worker owns a claimed sync this long; a killed worker's sync is resumed after it (or at the next start). */
export const LEASE_MS = 5 * 60_000;
/** Describes are read once per company and object for this long. */
export const DESCRIBE_TTL_MS = 5 * 60_000;
/** A request older than this without its decision was left by a crash: the sweep decides it. */
const REQUEST_STALE_MS = 30_000;
const HISTORY_SHOWN = 10;

/** What the sync asks of the Salesforce parts (wired by the lead: integrations, salesforceMappings, the client). */
export interface SalesforcePorts {
  connections: SalesforceConnections;
  mappings: SalesforceMappings;
  client: SalesforceClient;
}

/** A submitted application as the worker reads it: data opened in memory only. */
export interface SyncSource {
  applicationId: string;
  companyId: string;
  customFormId: string;
  data: Record<string, unknown>;
}

export interface IntegrationSyncDeps {
  db: Db;
  jobs: Jobs;
  log: FastifyBaseLogger;
  now?: Clock;
  forms: FormGrants;
  /** The applications module's read for jobs (applicationDetail.syncSource). */
  applications: { syncSource(applicationId: string): Promise<SyncSource | null> };
  notifications: Pick<NotificationsService, 'syncFailed' | 'dispatch'>;
  /** The Salesforce parts, asked at each use (they may be wired after this service is made). */
  salesforce: () => SalesforcePorts;
  /** Tests: called after the provider answered and before our commit (a crash there). */
  afterProvider?: (syncId: string) => Promise<void>;
}

type Attempted =
  | { kind: 'synced'; object: string; recordId: string; recordUrl: string | null; httpStatus: number | null }
  | { kind: 'failure'; failure: SyncFailure; object?: string; createPending?: boolean };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Durable, idempotent syncs of applications to the integrations (issue #23 §4; decision 074). Domain events write a
 * request in their delivery's transaction; after its commit the request is decided (auto-sync mapping, connected
 * company) and the sync row queued; a pg-boss job (one waiting per sync) wakes a worker, which claims the row with a
 * lease and writes the outcome with the record id in one statement. The provider sees upserts on an external id
 * carrying our application id, or a create committed as pending before it is sent and looked up before any retry.
 */
export function createIntegrationSyncService(deps: IntegrationSyncDeps) {
  const { db, jobs, log } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  const describes = new Map<string, { at: number; describe: SfObjectDescribe }>();

  /**
   * A job for a sync that is due now. Never a delayed one: a waiting job holds the sync's singleton key, so a job
   * delayed by a back-off would swallow a later "Sync again" until its time. A back-off's next attempt (1 min at
   * least) is queued by the sweep once due.
   */
  async function enqueue(syncId: string) {
    await jobs.sendOnce(SYNC_QUEUE, { syncId }, { key: syncId });
  }
  async function enqueueQuietly(syncId: string) {
    // a lost job is found by the sweep once the row is due
    await enqueue(syncId).catch((err) => log.warn({ syncId, err }, 'sync job not queued'));
  }

  async function describeOf(companyId: string, session: SalesforceSession, object: string) {
    const key = `${companyId}:${object}`;
    const cached = describes.get(key);
    if (cached && now().getTime() - cached.at < DESCRIBE_TTL_MS) return cached.describe;
    const describe = await deps.salesforce().client.describe(session, object);
    describes.set(key, { at: now().getTime(), describe });
    return describe;
  }

  /**
   * Decides a request after the commit that wrote it: an auto-sync mapping and a connected company queue the
   * sync; anything else drops the request (manual mode waits for "Sync now"). The ports are read outside any
   * transaction (they use connections of their own).
   */
  async function decide(applicationId: string): Promise<string | null> {
    const repo = createSyncRepository(db);
    const request = await repo.findRequest(applicationId);
    if (!request) return null;
    const source = await deps.applications.syncSource(applicationId);
    let auto = false;
    if (source) {
      const { mappings, connections } = deps.salesforce();
      const mapping = await mappings.mappingFor(source.customFormId);
      auto = mapping?.mode === 'auto-sync' && (await connections.state(source.companyId)) === 'connected';
    }
    const queued = await db.transaction(async (tx) => {
      const r = createSyncRepository(tx);
      if (!(await r.takeRequest(applicationId, request.requestedAt))) return null;
      if (!auto || !source) return null;
      return r.queue({
        applicationId,
        companyId: source.companyId,
        kind: 'salesforce',
        target: SALESFORCE_TARGET,
        at: now(),
        force: false,
      });
    });
    if (queued) await enqueueQuietly(queued.id);
    return queued?.id ?? null;
  }

  /** One attempt at the provider; throws what `classifyFailure` turns into words. */
  async function attemptSalesforce(row: SyncRow, attempt: number): Promise<Attempted> {
    const source = await deps.applications.syncSource(row.applicationId);
    if (!source) return { kind: 'failure', failure: { kind: 'attention', words: SYNC_WORDS.applicationGone } };
    const { connections, mappings, client } = deps.salesforce();
    // the connection first: without one, a missing mapping is not the first thing to fix
    const state = await connections.state(source.companyId);
    if (state !== 'connected') throw new IntegrationUnavailable(state);
    const mapping = await mappings.mappingFor(source.customFormId);
    if (!mapping) return { kind: 'failure', failure: { kind: 'attention', words: SYNC_WORDS.noMapping } };
    return connections.withSession(source.companyId, async (session): Promise<Attempted> => {
      const describe = await describeOf(source.companyId, session, mapping.object);
      const outcome = await mappings.recordFor({
        customFormId: source.customFormId,
        applicationId: source.applicationId,
        data: source.data,
        describe,
      });
      if (!outcome.ok) {
        const words = outcome.problems.map((p) => p.message).join(' ');
        return { kind: 'failure', failure: { kind: 'attention', words: words || SYNC_WORDS.noMapping } };
      }
      const { object, record } = outcome;
      const link = (id: string) => `${session.instanceUrl.replace(/\/+$/, '')}/lightning/r/${object}/${id}/view`;
      if (outcome.externalIdField) {
        // Salesforce's one idempotent write: a retry after a crash or a timeout updates the record it created
        const done = await client.upsert(session, object, outcome.externalIdField, source.applicationId, record);
        await deps.afterProvider?.(row.id);
        let id = done.id ?? (row.providerObject === object ? row.providerRecordId : null);
        if (!id) {
          const ids = await client.findIds(session, object, outcome.externalIdField, source.applicationId);
          id = ids[0] ?? null;
        }
        if (!id) throw new Error('upsert answered no record id');
        return { kind: 'synced', object, recordId: id, recordUrl: link(id), httpStatus: done.created ? 201 : 204 };
      }
      // create-then-update on the stored record id
      let id = row.providerObject === object ? row.providerRecordId : null;
      if (!id && row.createPending && row.providerObject === object) {
        // a create was sent and its answer never stored: look it up by a field holding our application id
        const idField = Object.keys(record).find((k) => record[k] === source.applicationId);
        if (!idField) {
          return {
            kind: 'failure',
            failure: { kind: 'attention', words: SYNC_WORDS.uncertainCreate },
            object,
            createPending: true,
          };
        }
        const ids = await client.findIds(session, object, idField, source.applicationId);
        if (ids.length > 1) {
          return {
            kind: 'failure',
            failure: { kind: 'attention', words: SYNC_WORDS.multipleMatches(idField, source.applicationId) },
            object,
            createPending: true,
          };
        }
        id = ids[0] ?? null;
      }
      if (id) {
        try {
          await client.update(session, object, id, record);
          await deps.afterProvider?.(row.id);
          return { kind: 'synced', object, recordId: id, recordUrl: link(id), httpStatus: 204 };
        } catch (err) {
          // the record was deleted at Salesforce: a new one rather than updating nothing
          if (!(err instanceof Error && (err as { kind?: unknown }).kind === 'not_found')) throw err;
        }
      }
      if (!(await createSyncRepository(db).markCreatePending(row.id, attempt, object, now()))) {
        throw new Error('sync claim lost before the create');
      }
      try {
        const created = await client.create(session, object, record);
        await deps.afterProvider?.(row.id);
        return { kind: 'synced', object, recordId: created.id, recordUrl: link(created.id), httpStatus: 201 };
      } catch (err) {
        // a 4xx answer is certain (nothing created); a timeout or a 5xx may have created it
        const status = (err as { status?: unknown }).status;
        const certain = typeof status === 'number' && status >= 400 && status < 500;
        return { kind: 'failure', failure: classifyFailure(err), object, createPending: !certain };
      }
    });
  }

  /** One attempt at one sync; answers the state it ended in, or null when it was not due. */
  async function runSync(syncId: string): Promise<SyncState | null> {
    const start = now();
    const row = await createSyncRepository(db).claim(syncId, start, new Date(start.getTime() + LEASE_MS));
    if (!row) return null;
    const attempt = row.attempts;
    await createSyncRepository(db).startAttempt({ syncId, run: row.run, attempt, at: start });
    let result: Attempted;
    try {
      result = await attemptSalesforce(row, attempt);
    } catch (err) {
      result = { kind: 'failure', failure: classifyFailure(err) };
    }
    const at = now();
    let end: SyncEnd;
    let outcome: SyncAttemptOutcome;
    let message: string | null;
    let httpStatus: number | null;
    if (result.kind === 'synced') {
      end = {
        state: 'synced',
        nextAttemptAt: at,
        object: result.object,
        recordId: result.recordId,
        recordUrl: result.recordUrl,
        createPending: false,
        lastError: null,
        lastErrorDetail: null,
      };
      outcome = 'synced';
      message = null;
      httpStatus = result.httpStatus;
    } else {
      const { failure } = result;
      const delay = RETRY_DELAYS_MS[attempt - 1];
      const retry = failure.kind === 'retry' && attempt < MAX_ATTEMPTS && delay !== undefined;
      const words = failure.kind === 'retry' && !retry ? SYNC_WORDS.gaveUp(failure.words) : failure.words;
      end = {
        state: retry ? 'queued' : failure.kind === 'retry' ? 'failed' : 'needs_attention',
        nextAttemptAt: new Date(at.getTime() + (retry ? (delay ?? 0) : 0)),
        ...(result.object !== undefined ? { object: result.object } : {}),
        ...(result.createPending !== undefined ? { createPending: result.createPending } : {}),
        lastError: words,
        lastErrorDetail: failure.detail ? redactDetail(failure.detail) : null,
      };
      outcome = retry ? 'retry' : end.state === 'failed' ? 'failed' : 'needs_attention';
      message = words;
      httpStatus = failure.httpStatus ?? null;
      log.warn({ syncId, attempt, outcome, detail: end.lastErrorDetail }, 'integration sync attempt failed');
    }
    const { state, notices } = await db.transaction(async (tx) => {
      const written = await createSyncRepository(tx).finish(row, end, { outcome, message, httpStatus, at });
      // once per run that ends in failure, not per retry: the company's ADMINISTRATORs and granted members
      const failed = written === 'needs_attention' || written === 'failed';
      const notices = failed
        ? await deps.notifications.syncFailed(tx, row.applicationId, {
            integration: 'Salesforce',
            attempt: `sync:${row.id}:${row.run}`,
          })
        : [];
      return { state: written, notices };
    });
    await deps.notifications.dispatch(notices).catch((err) => log.warn({ syncId, err }, 'sync notice not sent'));
    // a newer request arrived while it ran: at once (a back-off's retry is the sweep's, when due)
    if (state === 'queued') {
      const fresh = await createSyncRepository(db).find(syncId);
      if (fresh?.state === 'queued' && fresh.nextAttemptAt.getTime() <= now().getTime()) await enqueueQuietly(syncId);
    }
    return (state as SyncState | null) ?? 'running';
  }

  /** The job: one attempt. A job that finds its sync not due (a back-off, a live claim) leaves it to the sweep. */
  async function handleJob(data: { syncId: string }) {
    await runSync(data.syncId);
  }

  /** Requests whose decision a crash cut short, then the job of every due sync (deduplicated per sync). */
  async function sweep(): Promise<number> {
    const repo = createSyncRepository(db);
    const t = now();
    for (const id of await repo.listRequests(new Date(t.getTime() - REQUEST_STALE_MS), 200)) {
      await decide(id).catch((err) => log.warn({ applicationId: id, err }, 'sync request not decided'));
    }
    const due = await repo.listDue(t, 500);
    for (const id of due) await enqueue(id);
    return due.length;
  }

  function toApi(
    s: SyncRow,
    attempts: Awaited<ReturnType<ReturnType<typeof createSyncRepository>['listForApplication']>>[number]['attempts'],
  ): ApplicationSync {
    return {
      syncId: s.id,
      integration: s.kind as IntegrationKind,
      target: s.target,
      state: s.state as SyncState,
      attempts: s.attempts,
      nextAttemptAt: s.state === 'queued' ? iso(s.nextAttemptAt) : null,
      recordId: s.providerRecordId,
      recordUrl: s.providerRecordUrl,
      lastError: s.lastError,
      syncedAt: iso(s.syncedAt),
      updatedAt: s.updatedAt.toISOString(),
      history: attempts.map((a) => ({
        attempt: a.attempt,
        startedAt: a.startedAt.toISOString(),
        finishedAt: iso(a.finishedAt),
        outcome: (a.outcome as SyncAttemptOutcome | null) ?? null,
        message: a.message,
        httpStatus: a.httpStatus,
      })),
    };
  }

  return {
    /**
     * A domain event's reaction, in its delivery's transaction: the request is written with the delivery mark;
     * answered is what decides it after the commit.
     */
    async request(tx: DbOrTx, applicationId: string): Promise<AfterCommit> {
      await createSyncRepository(tx).request(applicationId, now());
      return async () => {
        await decide(applicationId).catch((err) => log.warn({ applicationId, err }, 'sync request not decided'));
      };
    },
    decide,

    /**
     * POST /api/salesforce/sync/{applicationId} ("Sync now", "Sync again"): any member who may see the application
     * queues it now, whatever the form's CRM mode; what the provider answers shows on the application.
     */
    async syncNow(opts: { auth: AuthContext; applicationId: string }): Promise<ManualSyncResponse> {
      const queued = await db.transaction(async (tx) => {
        const { application } = await loadVisibleApplication(tx, opts.auth, opts.applicationId, {
          grants: deps.forms,
          lock: true,
        });
        const row = await createSyncRepository(tx).queue({
          applicationId: application.id,
          companyId: application.companyId,
          kind: 'salesforce',
          target: SALESFORCE_TARGET,
          at: now(),
          force: true,
        });
        await writeAudit(tx, {
          action: 'application.sync-request',
          actorUserId: opts.auth.userId,
          companyId: application.companyId,
          targetType: 'application',
          targetId: application.id,
          details: { integration: 'salesforce' },
        });
        return row;
      });
      await enqueueQuietly(queued.id);
      return { status: queued.state as SyncState };
    },

    /** GET /api/applications/{applicationId}/syncs: every integration's sync of an application the caller may see. */
    async syncs(opts: { auth: AuthContext; applicationId: string }): Promise<ApplicationSyncs> {
      await loadVisibleApplication(db, opts.auth, opts.applicationId, { grants: deps.forms });
      const rows = await createSyncRepository(db).listForApplication(opts.applicationId, HISTORY_SHOWN);
      return { items: rows.map((r) => toApi(r.sync, r.attempts)) };
    },

    runSync,
    sweep,

    /**
     * At start: syncs left `running` by a process that died are taken again now (their lease is ended); upserts and
     * the pending-create lookup keep a sync that another live instance still runs from creating twice.
     */
    async resume(): Promise<number> {
      const repo = createSyncRepository(db);
      const ids = await repo.listRunning(500);
      for (const id of ids) {
        await repo.expireLease(id, now());
        await enqueueQuietly(id);
      }
      return ids.length;
    },

    /** The worker and the sweep (every minute); jobs queued before a restart are taken by the worker. */
    async register() {
      jobs.defineQueue(SYNC_QUEUE, {
        // one waiting job per sync: repeated events and the sweep coalesce into it
        policy: 'short',
        // the row schedules the provider's retries; pg-boss retries only a job whose handler threw (the database)
        retryLimit: 3,
        retryDelay: 30,
        retryBackoff: true,
        // a job of a killed process comes back after this (the lease ends first)
        expireInSeconds: LEASE_MS / 1000 + 60,
        batchSize: 5,
      });
      await jobs.register<{ syncId: string }>(SYNC_QUEUE, handleJob);
      await jobs.schedule(SYNC_SWEEP_QUEUE, '* * * * *', () => sweep().then(() => undefined));
    },
  };
}

export type IntegrationSyncService = ReturnType<typeof createIntegrationSyncService>;
