import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

/**
 * Durable background jobs on pg-boss 10, in the same database as everything else: through our connection pool on
 * PostgreSQL, and on PGlite through an adapter that runs pg-boss's SQL on the embedded instance one statement at a
 * time (decision 013). pg-boss starts on first use (its schema takes seconds to create on PGlite), so apps that
 * never queue a job never pay for it.
 */
export function createJobs(deps: { database: Database; log: FastifyBaseLogger }) {
  const handlers = new Map<string, JobHandler<unknown>>();
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  let stopped = false;
  let stopping: Promise<void> | undefined;

  async function start(): Promise<PgBoss> {
    if (boss) return boss;
    starting ??= (async () => {
      const b = new PgBoss({
        db: { executeSql: (text: string, values?: unknown[]) => deps.database.executeSql(text, values) },
        schema: 'pgboss',
        schedule: false,
        supervise: true,
      });
      b.on('error', (err) => deps.log.error({ err }, 'job queue error'));
      await b.start();
      for (const [name, handler] of handlers) await listen(b, name, handler);
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
      await b.createQueue(name, { name, retryLimit: 3, retryDelay: 1, retryBackoff: true, expireInSeconds: 15 * 60 });
    }
    ensured.add(name);
  }

  async function listen(b: PgBoss, name: string, handler: JobHandler<unknown>) {
    await ensureQueue(b, name);
    await b.work(name, { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true }, async (jobs) => {
      for (const job of jobs)
        await handler(job.data, { id: job.id, retryCount: (job as { retryCount?: number }).retryCount ?? 0 });
    });
  }

  return {
    /** Registers the worker of a queue (before or after start). */
    async register<T>(name: string, handler: JobHandler<T>) {
      handlers.set(name, handler as JobHandler<unknown>);
      if (boss) await listen(boss, name, handler as JobHandler<unknown>);
    },
    /** Queues a job; retried 3 times with backoff (from 1 s) when its handler throws. */
    async send<T extends object>(name: string, data: T): Promise<string> {
      if (stopped) throw new Error('jobs stopped');
      const b = await start();
      await ensureQueue(b, name);
      const id = await b.send(name, data);
      if (!id) throw new Error(`job not queued: ${name}`);
      return id;
    },
    start,
    /** Stops taking jobs and waits for the running ones (graceful shutdown); safe to call more than once. */
    stop() {
      stopped = true;
      stopping ??= (async () => {
        const b = boss ?? (starting ? await starting.catch(() => undefined) : undefined);
        if (b) await b.stop({ graceful: true, wait: true, timeout: 30_000 });
      })();
      return stopping;
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
