import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';

type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

/** How a queue behaves, fixed when pg-boss first creates it. */
interface QueueSettings {
  /** pg-boss policy; `short` keeps one waiting job per singleton key. */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** Jobs fetched at once and handled concurrently (1: one at a time). */
  batchSize?: number;
}

const DEFAULT_QUEUE: QueueSettings = { retryLimit: 3, retryDelay: 1, retryBackoff: true, expireInSeconds: 15 * 60 };

/**
 * Durable background jobs on pg-boss 10, in the same database as everything else: through our connection pool on
 * PostgreSQL, and on PGlite through an adapter that runs pg-boss's SQL on the embedded instance one statement at a
 * time (decision 013). pg-boss starts on first use (its schema takes seconds to create on PGlite), so apps that
 * never queue a job never pay for it.
 */
export function createJobs(deps: {
  database: Database;
  log: FastifyBaseLogger;
  /** How often pg-boss looks for due cron slots and moves them to their queues (seconds; defaults 30 and 5). */
  cronPolling?: { cronMonitorIntervalSeconds: number; cronWorkerIntervalSeconds: number };
}) {
  const handlers = new Map<string, JobHandler<unknown>>();
  // How often a worker asks for due jobs. PGlite is one process on one connection: every job sent here wakes its
  // worker at once (notifyWorker), so polling only finds delayed retries, and a slower poll keeps the single
  // connection free for requests (the p99 of signed-in calls, decision 025). On PostgreSQL another instance may
  // have queued the job, so workers look every half second.
  const pollingSeconds = deps.database.kind === 'pglite' ? 2 : 0.5;
  const settings = new Map<string, QueueSettings>();
  // pg-boss worker ids of this process, by queue: a job sent here wakes its worker instead of waiting for a poll
  const workers = new Map<string, string>();
  /** Cron schedules (queue name -> cron, UTC); pg-boss fires each once per slot across every instance. */
  const schedules = new Map<string, string>();
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  let stopped = false;
  let stopping: Promise<void> | undefined;
  // pg-boss completes and fails jobs without awaiting (manager.js), and a fetch in flight at stop returns its jobs
  // after stop() resolved: its SQL must still reach an open database, so stop() drains what pg-boss has in flight
  const inflight = new Set<Promise<unknown>>();
  function executeSql(text: string, values?: unknown[]) {
    const query = deps.database.executeSql(text, values);
    inflight.add(query);
    const forget = () => inflight.delete(query);
    query.then(forget, forget);
    return query;
  }

  async function start(): Promise<PgBoss> {
    if (boss) return boss;
    starting ??= (async () => {
      const b = new PgBoss({
        db: { executeSql },
        schema: 'pgboss',
        // cron schedules (the upload sweep): pg-boss's timekeeper sends each scheduled job once, whichever
        // instance sees the slot first
        schedule: true,
        ...deps.cronPolling,
        supervise: true,
      });
      b.on('error', (err) => deps.log.error({ err }, 'job queue error'));
      try {
        await b.start();
        for (const [name, handler] of handlers) await listen(b, name, handler);
        for (const [name, cron] of schedules) await b.schedule(name, cron);
      } catch (err) {
        // a start that failed (the database briefly away) must not stop the queue for the life of the process:
        // the next send, sweep or schedule tries again
        starting = undefined;
        ensured.clear();
        workers.clear();
        await b.stop({ graceful: false, wait: false }).catch(() => undefined);
        throw err;
      }
      boss = b;
      return b;
    })();
    return starting;
  }

  const ensured = new Set<string>();
  /** pg-boss 10 refuses jobs for a queue that does not exist yet; a queue is created once with our policy. */
  async function ensureQueue(b: PgBoss, name: string) {
    if (ensured.has(name)) return;
    if (!(await b.getQueue(name))) {
      const { batchSize: _, ...queue } = settings.get(name) ?? DEFAULT_QUEUE;
      await b.createQueue(name, { name, ...queue });
    }
    ensured.add(name);
  }

  async function listen(b: PgBoss, name: string, handler: JobHandler<unknown>) {
    await ensureQueue(b, name);
    const batchSize = settings.get(name)?.batchSize ?? 1;
    const run = async (job: PgBoss.Job<unknown>) => {
      // fetched while stopping: not started against a closing database; failed now, so it is retried later
      if (stopped) throw new Error('jobs stopped');
      return handler(job.data, { id: job.id, retryCount: (job as { retryCount?: number }).retryCount ?? 0 });
    };
    const workerId = await b.work(
      name,
      { pollingIntervalSeconds: pollingSeconds, batchSize, includeMetadata: true },
      async (jobs) => {
        if (batchSize === 1) {
          for (const job of jobs) await run(job);
        } else {
          await Promise.all(jobs.map(run));
          // a full batch means more may be waiting: fetch again at once rather than after the polling interval
          const id = workers.get(name);
          if (jobs.length === batchSize && id) b.notifyWorker(id);
        }
      },
    );
    workers.set(name, workerId);
  }

  return {
    /** Registers the worker of a queue (before or after start). */
    async register<T>(name: string, handler: JobHandler<T>) {
      handlers.set(name, handler as JobHandler<unknown>);
      if (boss) await listen(boss, name, handler as JobHandler<unknown>);
    },
    /** Sets a queue's policy; call before its first job or worker (pg-boss keeps what a queue was created with). */
    defineQueue(name: string, queue: QueueSettings) {
      settings.set(name, queue);
    },
    /**
     * Queues a job unless one with the same key is already waiting (queues of policy `short`); answers its id,
     * or null when one was waiting. `startAfterSeconds` delays it; otherwise a worker of this process starts it
     * at once.
     */
    async sendOnce<T extends object>(
      name: string,
      data: T,
      options: { key: string; startAfterSeconds?: number },
    ): Promise<string | null> {
      if (stopped) throw new Error('jobs stopped');
      const b = await start();
      await ensureQueue(b, name);
      const id = await b.send(name, data, {
        singletonKey: options.key,
        ...(options.startAfterSeconds ? { startAfter: Math.ceil(options.startAfterSeconds) } : {}),
      });
      const workerId = workers.get(name);
      if (!options.startAfterSeconds && workerId) b.notifyWorker(workerId);
      return id;
    },
    /**
     * Queues many jobs in one statement (pg-boss `insert`), each skipped when one with its key is already waiting
     * (queues of policy `short`); a worker of this process starts them at once.
     */
    async sendManyOnce<T extends object>(name: string, jobs: { data: T; key: string }[]): Promise<void> {
      if (stopped) throw new Error('jobs stopped');
      if (!jobs.length) return;
      const b = await start();
      await ensureQueue(b, name);
      await b.insert(jobs.map((j) => ({ name, data: j.data, singletonKey: j.key })));
      const workerId = workers.get(name);
      if (workerId) b.notifyWorker(workerId);
    },
    /**
     * Runs `handler` on a cron schedule (UTC), on one instance per slot. Like `register`, it takes effect when the
     * queue starts (eagerly in main.ts, lazily elsewhere).
     */
    async schedule<T>(name: string, cron: string, handler: JobHandler<T>) {
      handlers.set(name, handler as JobHandler<unknown>);
      schedules.set(name, cron);
      if (boss) {
        await listen(boss, name, handler as JobHandler<unknown>);
        await boss.schedule(name, cron);
      }
    },
    /** Queues a job; retried 3 times with backoff (from 1 s) when its handler throws. */
    async send<T extends object>(name: string, data: T): Promise<string> {
      if (stopped) throw new Error('jobs stopped');
      const b = await start();
      await ensureQueue(b, name);
      const id = await b.send(name, data);
      if (!id) throw new Error(`job not queued: ${name}`);
      const workerId = workers.get(name);
      if (workerId) b.notifyWorker(workerId);
      return id;
    },
    start,
    /** Stops taking jobs and waits for the running ones (graceful shutdown); safe to call more than once. */
    stop() {
      stopped = true;
      stopping ??= (async () => {
        const b = boss ?? (starting ? await starting.catch(() => undefined) : undefined);
        if (b) await b.stop({ graceful: true, wait: true, timeout: 30_000 });
        // what pg-boss still has in flight (a late fetch, then the fail of its jobs) settles before the caller
        // closes the database; a quiet macrotask ends it
        for (let i = 0; i < 100; i++) {
          if (inflight.size) await Promise.allSettled([...inflight]);
          await new Promise((r) => setTimeout(r, 20));
          if (!inflight.size) break;
        }
      })();
      return stopping;
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
