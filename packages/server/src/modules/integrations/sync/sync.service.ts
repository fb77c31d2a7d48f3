import { ERROR_CODES } from '@under/core/api/error.schema';
import type { FormDefinition } from '@under/core/forms/form.schema';
import type { IntegrationKind, SyncState } from '@under/core/integrations/integrations';
import {
  type ApplicationSync,
  type ApplicationSyncs,
  INTEGRATION_LABELS,
  type ManualSyncResponse,
  SYNC_WORDS,
  type SyncAttemptOutcome,
} from '@under/core/integrations/sync.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db, DbOrTx } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import { AppError } from '../../../errors';
import type { AfterCommit } from '../../../infra/events/events';
import type { Jobs } from '../../../infra/jobs/jobs';
import { type FormGrants, loadVisibleApplication } from '../../applications/access/visible-application';
import type { NotificationsService } from '../../notifications/notifications.service';
import { createSyncability } from '../forms/syncability';
import type { SalesforceMappings, SalesforcePorts } from '../ports';
import { CARDCONNECT_TARGET, createCardConnectAttempt, type SyncCardConnect } from './sync.cardconnect';
import { classifyFailure, redactDetail } from './sync.errors';
import { createSyncRepository, type QueueRules, type RequestRow, type SyncEnd, type SyncRow } from './sync.repository';
import { type Attempted, createSalesforceAttempt } from './sync.salesforce';

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
export const LEASE_MS = 60_000;
/** A request older than this without its decision was left by a crash: the sweep decides it. */
const REQUEST_STALE_MS = 30_000;
const HISTORY_SHOWN = 10;
/** Requests decided together (one read of each form's mapping and each company's connection per batch). */
const DECIDE_BATCH = 200;
/** A request of this process whose transaction never committed (rolled back) is forgotten after this. */
const UNDECIDED_FORGET_MS = 60_000;

const AT_REST: readonly SyncState[] = ['synced', 'failed', 'needs_attention'];

/**
 * What a request does to an existing sync (decision 074). At rest (synced, failed, needs attention) it starts a new
 * run now. Queued, it keeps its schedule (a provider that is down stays waited for) unless `force` (a person's
 * "Sync now" / "Sync again": now, attempts from zero). Running, the worker runs once more when it ends. `force` also
 * drops an unconfirmed create unless running: the person was told to check the provider.
 */
export function queueRules(force: boolean): QueueRules {
  return force
    ? { newRunFrom: AT_REST, restartFrom: ['queued'], dropPendingCreateFrom: [...AT_REST, 'queued'] }
    : { newRunFrom: AT_REST, restartFrom: [], dropPendingCreateFrom: [] };
}

/** Queues one sync as a request does (`force`: a person's); tests and the service. */
export async function queueSync(
  db: DbOrTx,
  opts: { applicationId: string; companyId: string; kind: string; target: string; at: Date; force: boolean },
) {
  const { at, force, ...sync } = opts;
  const [row] = await createSyncRepository(db).queue([sync], at, queueRules(force));
  if (!row) throw new Error('sync neither inserted nor updated');
  return row;
}

/** What a sync uses of Salesforce: the platform's client, the companies' connections and the forms' mappings. */
export interface SyncSalesforce extends SalesforcePorts {
  mappings: SalesforceMappings;
}

/** A submitted application as the worker reads it: data opened in memory only. */
export interface SyncSource {
  applicationId: string;
  companyId: string;
  customFormId: string;
  data: Record<string, unknown>;
  /** What a card processor's sync names and sends besides the answers (decision 086). */
  masterFormId?: string;
  formName?: string;
  formVersion?: number;
  submittedAt?: string | null;
  /** The application's form version (labels, encrypted fields). */
  form?: FormDefinition;
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
  salesforce: () => SyncSalesforce;
  /**
   * The CardConnect parts, asked at each use (decision 086). Always wired by the app; without them (a test that
   * leaves them out) a CardConnect attempt throws and is retried as unexpected.
   */
  cardConnect?: () => SyncCardConnect;
  /** How long a worker owns a claimed sync before another may take it (LEASE_MS; tests shorten it). */
  leaseMs?: number;
  /** Describes kept at most (default DESCRIBE_MAX_ENTRIES); tests make it small. */
  describeMaxEntries?: number;
  /** Tests: called after the provider answered and before our commit (a crash there). */
  afterProvider?: (syncId: string) => Promise<void>;
}

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
  // the one syncability check (decision 078): before every attempt, and to decide an auto-sync
  const syncability = createSyncability({ db, salesforce: deps.salesforce, now: deps.now });
  const attemptSalesforce = createSalesforceAttempt({ ...deps, now, syncability });
  const attemptCardConnect = createCardConnectAttempt({
    ...deps,
    now,
    syncability,
    cardConnect: () => {
      if (!deps.cardConnect) throw new Error('CardConnect is not wired');
      return deps.cardConnect();
    },
  });
  const leaseMs = deps.leaseMs ?? LEASE_MS;

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
  /** The jobs of many due syncs in one statement. */
  async function enqueueMany(syncIds: readonly string[]) {
    await jobs.sendManyOnce(
      SYNC_QUEUE,
      syncIds.map((syncId) => ({ data: { syncId }, key: syncId })),
    );
  }

  /**
   * Decides requests after the commit that wrote them, together: a syncable application (decision 078) of an
   * auto-sync mapping queues the sync; anything else drops the request (manual mode waits for "Sync now"). The
   * syncability check runs once per company and form of the batch, through the ports, outside any transaction (they
   * use connections of their own); the requests are taken and the syncs queued in one transaction, their jobs sent in one call.
   * Answers the applications whose request was read (decided here or dropped).
   */
  async function decideRequests(requests: readonly RequestRow[]): Promise<Set<string>> {
    const read = new Set(requests.map((r) => r.applicationId));
    if (!requests.length) return read;
    const live = requests.filter((r) => r.companyId && r.customFormId && r.status && r.status !== 'draft');
    // one verdict of the syncability check (decision 078) per company, form and integration of the batch: the
    // integrations that auto-sync this form's applications
    const auto = new Map<string, { kind: string; target: string }[]>();
    const keyOf = (r: RequestRow) => `${r.companyId}:${r.customFormId}`;
    for (const r of live) {
      if (auto.has(keyOf(r))) continue;
      const source = { companyId: r.companyId as string, customFormId: r.customFormId as string };
      const kinds: { kind: string; target: string }[] = [];
      // the full check only for what might auto-sync (a form without an auto-sync mapping or config: two reads)
      const candidates = await syncability.autoSyncCandidates(source.customFormId);
      if (candidates.kinds.includes('salesforce')) {
        const sf = await syncability.salesforce({ ...source, mapping: candidates.mapping });
        if (sf.syncable && sf.mode === 'auto-sync') kinds.push({ kind: 'salesforce', target: SALESFORCE_TARGET });
      }
      if (deps.cardConnect && candidates.kinds.includes('cardconnect')) {
        const cc = await syncability.cardconnect(source);
        if (cc.syncable && cc.mode === 'auto-sync') kinds.push({ kind: 'cardconnect', target: CARDCONNECT_TARGET });
      }
      auto.set(keyOf(r), kinds);
    }
    // nothing to queue: the requests are taken in one statement, without a transaction around it
    if (![...auto.values()].some((kinds) => kinds.length > 0)) {
      await createSyncRepository(db).takeRequests(requests);
      return read;
    }
    const queued = await db.transaction(async (tx) => {
      const repo = createSyncRepository(tx);
      const taken = await repo.takeRequests(requests);
      return repo.queue(
        live
          .filter((r) => taken.has(r.applicationId))
          .flatMap((r) =>
            (auto.get(keyOf(r)) ?? []).map((k) => ({
              applicationId: r.applicationId,
              companyId: r.companyId as string,
              ...k,
            })),
          ),
        now(),
        queueRules(false),
      );
    });
    // a lost job is found by the sweep once the row is due
    await enqueueMany(queued.map((q) => q.id)).catch((err) => log.warn({ err }, 'sync jobs not queued'));
    return read;
  }

  let resumeTimer: ReturnType<typeof setTimeout> | null = null;
  /** The leases this process renews while their attempts run; a stopped process renews none. */
  const renewals = new Set<ReturnType<typeof setInterval>>();
  let stopped = false;

  /** Requests of this process whose decision is due after their commit (application id -> written at). */
  const undecided = new Map<string, number>();

  /**
   * After the commit of a request of this process: it is decided with every other one of this process then
   * committed (a delivery's batch writes its requests in one transaction and runs its after-commits in turn, so the
   * first decides them all and the rest find theirs done).
   */
  async function decideAfterCommit(applicationId: string) {
    if (!undecided.has(applicationId)) return;
    const forget = Date.now() - UNDECIDED_FORGET_MS;
    for (const [id, at] of undecided) if (at < forget && id !== applicationId) undecided.delete(id);
    const ids = [...undecided.keys()].slice(0, DECIDE_BATCH);
    if (!ids.includes(applicationId)) ids[ids.length - 1] = applicationId;
    const requests = await createSyncRepository(db).readRequests({ ids, limit: DECIDE_BATCH });
    // its own request, if not read, was decided already (the sweep, a "Sync now" meanwhile); others not read belong
    // to transactions not yet committed, decided by their own after-commit
    undecided.delete(applicationId);
    for (const id of await decideRequests(requests)) undecided.delete(id);
  }

  /** One attempt at one sync; answers the state it ended in, or null when it was not due. */
  async function runSync(syncId: string): Promise<SyncState | null> {
    const start = now();
    const row = await createSyncRepository(db).claim(syncId, start, new Date(start.getTime() + leaseMs));
    if (!row) return null;
    const attempt = row.attempts;
    await createSyncRepository(db).startAttempt({ syncId, run: row.run, attempt, at: start });
    // the lease is renewed while the attempt runs (a live worker's sync is never taken by another instance); a
    // renewal refused means another worker took the claim: no more renewals, and the attempt's end is left to it
    let lost = false;
    const renew = setInterval(
      () => {
        if (stopped || lost) return;
        const at = now();
        createSyncRepository(db)
          .renewLease(syncId, attempt, new Date(at.getTime() + leaseMs))
          .then((held) => {
            if (held || lost) return;
            lost = true;
            clearInterval(renew);
            log.warn({ syncId, attempt }, 'sync claim lost: the attempt ends without writing');
          })
          .catch((err) => log.warn({ syncId, err }, 'sync lease not renewed'));
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    renewals.add(renew);
    let result: Attempted;
    try {
      result =
        row.kind === 'cardconnect' ? await attemptCardConnect(row, attempt) : await attemptSalesforce(row, attempt);
    } catch (err) {
      result = { kind: 'failure', failure: classifyFailure(err) };
    } finally {
      clearInterval(renew);
      renewals.delete(renew);
    }
    if (lost) return null;
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
        // CardConnect's synced attempt requested any owed signature (decision 086)
        signatureOwed: false,
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
        ...(result.recordId !== undefined ? { recordId: result.recordId, recordUrl: null } : {}),
        ...(result.createPending !== undefined ? { createPending: result.createPending } : {}),
        lastError: words,
        lastErrorDetail: failure.detail ? redactDetail(failure.detail) : null,
      };
      outcome = retry ? 'retry' : end.state === 'failed' ? 'failed' : 'needs_attention';
      message = words;
      httpStatus = failure.httpStatus ?? null;
      log.warn({ syncId, attempt, outcome, detail: end.lastErrorDetail }, 'integration sync attempt failed');
    }
    const { written, notices } = await db.transaction(async (tx) => {
      const written = await createSyncRepository(tx).finish(row, end, { outcome, message, httpStatus, at });
      // once per run that ends in failure, not per retry: the company's ADMINISTRATORs and granted members
      const failed = written?.state === 'needs_attention' || written?.state === 'failed';
      const notices = failed
        ? await deps.notifications.syncFailed(tx, row.applicationId, {
            integration: INTEGRATION_LABELS[row.kind as IntegrationKind] ?? row.kind,
            attempt: `sync:${row.id}:${row.run}`,
          })
        : [];
      return { written, notices };
    });
    await deps.notifications.dispatch(notices).catch((err) => log.warn({ syncId, err }, 'sync notice not sent'));
    // a newer request arrived while it ran: at once (a back-off's retry is the sweep's, when due)
    if (written?.state === 'queued' && written.nextAttemptAt.getTime() <= now().getTime()) {
      await enqueueQuietly(syncId);
    }
    return (written?.state as SyncState | undefined) ?? 'running';
  }

  /** The job: one attempt. A job that finds its sync not due (a back-off, a live claim) leaves it to the sweep. */
  async function handleJob(data: { syncId: string }) {
    await runSync(data.syncId);
  }

  /** Requests whose decision a crash cut short, then the jobs of every due sync (one per sync, in one call). */
  async function sweep(): Promise<number> {
    const repo = createSyncRepository(db);
    const t = now();
    const stale = await repo.readRequests({ before: new Date(t.getTime() - REQUEST_STALE_MS), limit: DECIDE_BATCH });
    await decideRequests(stale).catch((err) => log.warn({ err }, 'sync requests not decided'));
    const due = await repo.listDue(t, 500);
    await enqueueMany(due);
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

  /** `request` for a delivery's batch of events (decision 094): their requests in one statement. */
  async function requestMany(tx: DbOrTx, applicationIds: readonly string[]): Promise<AfterCommit> {
    const ids = [...new Set(applicationIds)];
    await createSyncRepository(tx).request(ids, now());
    for (const id of ids) undecided.set(id, Date.now());
    return async () => {
      for (const applicationId of ids) {
        await decideAfterCommit(applicationId).catch((err) =>
          log.warn({ applicationId, err }, 'sync request not decided'),
        );
      }
    };
  }

  return {
    /**
     * A domain event's reaction, in its delivery's transaction: the request is written with the delivery mark;
     * answered is what decides it after the commit.
     */
    async request(tx: DbOrTx, applicationId: string): Promise<AfterCommit> {
      return requestMany(tx, [applicationId]);
    },

    requestMany,

    /**
     * POST /api/salesforce/sync/{applicationId} ("Sync now", "Sync again"): any member who may see the application
     * queues it now, whatever the form's CRM mode; what the provider answers shows on the application.
     */
    async syncNow(opts: {
      auth: AuthContext;
      applicationId: string;
      integration?: 'salesforce' | 'cardconnect';
      /** sync-to-cc's `formId`: the application's custom form (another answers 400, nothing queued). */
      formId?: string;
    }): Promise<ManualSyncResponse> {
      const integration = opts.integration ?? 'salesforce';
      const queued = await db.transaction(async (tx) => {
        const { application } = await loadVisibleApplication(tx, opts.auth, opts.applicationId, {
          grants: deps.forms,
          lock: true,
        });
        if (opts.formId !== undefined && opts.formId !== application.customFormId) {
          throw new AppError(ERROR_CODES.validation, "The form is not this application's form.", [
            { path: 'formId', message: "Send the application's own form id." },
          ]);
        }
        const row = await queueSync(tx, {
          applicationId: application.id,
          companyId: application.companyId,
          kind: integration,
          target: integration === 'cardconnect' ? CARDCONNECT_TARGET : SALESFORCE_TARGET,
          at: now(),
          force: true,
        });
        await writeAudit(tx, {
          action: 'application.sync-request',
          actorUserId: opts.auth.userId,
          companyId: application.companyId,
          targetType: 'application',
          targetId: application.id,
          details: { integration },
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
     * At start: every due sync is queued (a restart does not wait for the minute's sweep), including syncs left
     * `running` whose lease has run out. A lease still running may be another live instance's (its worker renews it
     * while the attempt runs): it is never taken (decision 086; before, every lease ended here, so a second instance
     * starting could run a live sync twice, a double create at a provider without lookup). A lease that runs out
     * later (its worker died with the last process) is swept when it ends, not a minute after.
     */
    async resume(): Promise<number> {
      try {
        const due = await sweep();
        const next = await createSyncRepository(db).nextLeaseEnd(now());
        if (next) {
          const wait = Math.min(leaseMs, Math.max(0, next.getTime() - now().getTime())) + 50;
          resumeTimer = setTimeout(() => {
            resumeTimer = null;
            sweep().catch((err) => log.warn({ err }, 'sync sweep after the leases failed'));
          }, wait);
          resumeTimer.unref?.();
        }
        return due;
      } catch (err) {
        log.warn({ err }, 'sync sweep at start failed');
        return 0;
      }
    },

    /** The app's close (or a test's kill): no more lease renewals, and no sweep waiting for leases to end. */
    stop() {
      stopped = true;
      for (const r of renewals) clearInterval(r);
      renewals.clear();
      if (resumeTimer) clearTimeout(resumeTimer);
      resumeTimer = null;
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
        expireInSeconds: Math.ceil(leaseMs / 1000) + 60,
        // ten syncs at a time: each claims its own row with a lease (one worker per sync), and a batch waits for its
        // slowest, so the batch bounds throughput (5: 76 syncs/s on PostgreSQL, 10: 158; decision 077)
        batchSize: 10,
      });
      await jobs.register<{ syncId: string }>(SYNC_QUEUE, handleJob);
      await jobs.schedule(SYNC_SWEEP_QUEUE, '* * * * *', () => sweep().then(() => undefined));
    },
  };
}

export type IntegrationSyncService = ReturnType<typeof createIntegrationSyncService>;
