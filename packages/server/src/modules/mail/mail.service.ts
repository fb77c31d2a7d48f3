import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@under/core/api/error.schema';
import type { ListMailsQuery, MailKind, OutboxMail, OutboxMailList } from '@under/core/mail/mail-outbox.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../auth-context';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../db/repositories/audit.repository';
import { AppError } from '../../errors';
import type { Jobs } from '../../infra/jobs/jobs';
import type { Mailer, MailMessage } from '../../infra/mail/mailer';
import { createMailRepository, type OutboxRow } from './mail.repository';
import { createMailSeal } from './mail-seal';

/** A mail to write into the outbox with the change that causes it. */
export interface OutgoingMail {
  kind: MailKind;
  /** What caused it (the code or invitation it carries): queueing the same key twice yields one mail. */
  key: string;
  message: MailMessage;
}

const MAIL_QUEUE = 'send-mail';
/**
 * Waits after a failed attempt: 1, 5 and 15 minutes, 1, 2, 4 and 8 hours, 8 hours: nine attempts over about 23 h,
 * then the mail is `failed` and shows in the admin list.
 */
export const RETRY_DELAYS_MS = [1, 5, 15, 60, 120, 240, 480, 480].map((m) => m * 60_000);
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** A send is given up after this (SMTP timeouts are shorter); the lease outlasts it with room for the database. */
const SEND_TIMEOUT_MS = 90_000;
export const LEASE_MS = 3 * 60_000;
const SWEEP_INTERVAL_MS = 60_000;
/** A failed mail can be retried for a week; then its content (stale codes and links) is erased. */
const FAILED_CONTENT_KEPT_MS = 7 * 86_400_000;
/** Who was mailed what kind of mail when stays a month after sending. */
const SENT_KEPT_MS = 30 * 86_400_000;

/**
 * What went wrong, for the admin list and the log: the error code, the SMTP reply code and the first line of the
 * message, short, with any credentials of a URL removed. Never the mail's content: a mailer error does not carry it.
 */
function describeMailError(err: unknown): string {
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  const firstLine = String(e.message ?? err)
    .split('\n')[0]
    ?.replace(/\/\/[^/\s@]+@/g, '//');
  const parts = [e.code, e.responseCode, firstLine].filter((p) => p !== undefined && p !== null && p !== '');
  return parts.join(' ').slice(0, 300);
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(Object.assign(new Error('send timed out'), { code: 'ETIMEOUT' })), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** `Under <no-reply@under.local>` -> `under.local`: the right-hand side of our Message-IDs. */
function messageIdDomain(from: string, publicUrl: string): string {
  const fromDomain = from.match(/@([A-Za-z0-9.-]+)>?\s*$/)?.[1];
  return fromDomain ?? new URL(publicUrl).hostname;
}

interface MailServiceDeps {
  db: Db;
  jobs: Jobs;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The code secret; the content key is derived from it. */
  secret: string;
  from: string;
  publicUrl: string;
  now?: Clock;
  /** How often the sweep runs; a minute unless a test asks for less (`UNDER_TEST_MAIL_SWEEP_MS`). */
  sweepIntervalMs?: number;
}

/**
 * The mail outbox (decision 023): `queueMail` writes a mail in the caller's transaction; after the commit,
 * `dispatch` queues the job that sends it. Each attempt claims the row with a lease, sends with a Message-ID
 * derived from the row id, and records the outcome; failures are retried with back-off. A sweep (at start and
 * every minute) queues the job of any due row whose job was lost.
 */
export function createMailService(deps: MailServiceDeps) {
  const { db, jobs, mailer, log } = deps;
  const now = deps.now ?? Date.now;
  const repo = createMailRepository(db);
  const seal = createMailSeal(deps.secret);
  const domain = messageIdDomain(deps.from, deps.publicUrl);
  let sweeper: NodeJS.Timeout | undefined;
  let stopped = false;

  const messageIdFor = (id: string) => `<${id}@${domain}>`;

  async function enqueue(id: string, startAfterMs = 0) {
    await jobs.sendOnce(MAIL_QUEUE, { outboxId: id }, { key: id, startAfterSeconds: startAfterMs / 1000 });
  }

  /** One attempt at one mail; answers what became of it. Throws only when the database fails. */
  async function deliver(id: string): Promise<'sent' | 'retry' | 'failed' | 'not-due'> {
    const t = now();
    const row = await repo.claim(id, new Date(t), new Date(t + LEASE_MS));
    if (!row) return 'not-due';
    const attempt = row.attempts;
    let message: MailMessage;
    try {
      if (!row.content) throw new Error('content erased');
      message = { to: row.toAddress, ...seal.open(row.id, row.content), messageId: messageIdFor(row.id) };
    } catch (err) {
      // a changed code secret (or erased content) cannot be fixed by trying again
      const error = `unreadable: ${describeMailError(err)}`;
      await repo.markFailed(id, attempt, new Date(now()), error);
      log.error({ outboxId: id, to: row.toAddress, error }, 'mail content unreadable');
      return 'failed';
    }
    try {
      await withTimeout(mailer.send(message), SEND_TIMEOUT_MS);
    } catch (err) {
      return failedAttempt(row, attempt, describeMailError(err));
    }
    await repo.markSent(id, attempt, new Date(now()));
    return 'sent';
  }

  async function failedAttempt(row: OutboxRow, attempt: number, error: string): Promise<'retry' | 'failed'> {
    const at = now();
    const context = { outboxId: row.id, to: row.toAddress, attempt, error };
    const delay = RETRY_DELAYS_MS[attempt - 1];
    if (attempt >= MAX_ATTEMPTS || delay === undefined) {
      await repo.markFailed(row.id, attempt, new Date(at), error);
      log.error(context, 'mail failed after its last attempt');
      return 'failed';
    }
    await repo.reschedule(row.id, attempt, new Date(at), new Date(at + delay), error);
    log.warn({ ...context, retryInMs: delay }, 'mail not sent; retrying later');
    // if this job is lost, the sweep finds the row once it is due
    await enqueue(row.id, delay).catch(() => undefined);
    return 'retry';
  }

  /** The job: one attempt; a job that came early (clocks differ) waits for the row's time. */
  async function handleJob(data: { outboxId: string }) {
    try {
      if ((await deliver(data.outboxId)) !== 'not-due') return;
      const row = await repo.find(data.outboxId);
      if (row?.status === 'queued') await enqueue(row.id, Math.max(0, row.nextAttemptAt.getTime() - now()));
    } catch (err) {
      log.error({ outboxId: data.outboxId, error: describeMailError(err) }, 'mail job failed');
      throw err;
    }
  }

  jobs.defineQueue(MAIL_QUEUE, {
    // one waiting job per mail: the sweep may ask again without piling up jobs
    policy: 'short',
    retryLimit: 2,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: LEASE_MS / 1000 + 60,
    batchSize: 5,
  });
  void jobs.register<{ outboxId: string }>(MAIL_QUEUE, handleJob);

  /** Queues the job of every due row (deduplicated per mail), then erases what is kept too long. */
  async function sweep(): Promise<number> {
    const t = now();
    const ids = await repo.listDue(new Date(t), 500);
    for (const id of ids) await enqueue(id);
    await repo.purge(new Date(t - FAILED_CONTENT_KEPT_MS), new Date(t - SENT_KEPT_MS));
    return ids.length;
  }

  function toApi(row: Awaited<ReturnType<typeof repo.list>>['rows'][number]): OutboxMail {
    return {
      id: row.id,
      to: row.toAddress,
      kind: row.kind as MailKind,
      status: row.status as OutboxMail['status'],
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
      sentAt: row.sentAt?.toISOString() ?? null,
      retryable: row.status === 'failed' && row.hasContent,
    };
  }

  /** After the commit: queues the send job. Never fails the caller; a lost job is found by the sweep. */
  async function dispatch(id: string | undefined): Promise<void> {
    if (!id) return;
    try {
      await enqueue(id);
    } catch (err) {
      log.warn({ outboxId: id, error: describeMailError(err) }, 'mail job not queued; the sweep will send it');
    }
  }
  return {
    /**
     * Writes a mail in the caller's transaction; answers its outbox id for `dispatch` after the commit. A rolled
     * back transaction leaves no mail; a committed one is sent even if nothing else happens (the sweep).
     */
    async queueMail(tx: DbOrTx, mail: OutgoingMail): Promise<string> {
      const id = randomUUID();
      const { to, subject, text, html } = mail.message;
      return createMailRepository(tx).insert({
        id,
        idempotencyKey: mail.key,
        kind: mail.kind,
        toAddress: to,
        content: seal.seal(id, { subject, text, html }),
        at: new Date(now()),
      });
    },

    dispatch,

    deliver,
    sweep,

    /**
     * Sends every due mail now and waits for those other workers are sending: tests read their mail after it.
     * Mails that failed and wait for a later attempt are left waiting.
     */
    async drain(timeoutMs = 15_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const ids = await repo.listDue(new Date(now()), 100);
        for (const id of ids) await deliver(id);
        if (ids.length === 0 && (await repo.countInFlight(new Date(now()))) === 0) return;
        if (Date.now() > deadline) throw new Error('the mail outbox did not drain in time');
        if (ids.length === 0) await new Promise((r) => setTimeout(r, 20));
      }
    },

    /** Sweeps now and every minute (the process's own jobs and those of a crashed instance). */
    start() {
      if (sweeper) return;
      stopped = false;
      const run = () =>
        stopped
          ? undefined
          : sweep().catch((err) => {
              // a sweep cut short by shutdown is not worth a line in the log
              if (!stopped) log.error({ error: describeMailError(err) }, 'mail outbox sweep failed');
            });
      void run();
      sweeper = setInterval(run, deps.sweepIntervalMs ?? SWEEP_INTERVAL_MS);
      sweeper.unref();
    },

    stop() {
      stopped = true;
      clearInterval(sweeper);
      sweeper = undefined;
    },

    /** GET /api/admin/mails: one page of outbox mails in a status, the latest change first. */
    async list(query: ListMailsQuery): Promise<OutboxMailList> {
      const { rows, total } = await repo.list({
        status: query.status,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(toApi), total, page: query.page, pageSize: query.pageSize };
    },

    /** POST /api/admin/mails/{mailId}/retry: a failed mail gets a fresh run of attempts, the first one now. */
    async retry(opts: { auth: AuthContext; mailId: string }): Promise<void> {
      const row = await repo.find(opts.mailId);
      if (!row) throw new AppError(ERROR_CODES.mailNotFound);
      await db.transaction(async (tx) => {
        const r = createMailRepository(tx);
        if (!(await r.requeue(row.id, new Date(now())))) {
          throw new AppError(ERROR_CODES.mailNotRetryable);
        }
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          action: 'mail.retry',
          targetType: 'mail',
          targetId: row.id,
          details: { kind: row.kind, attempts: row.attempts },
        });
      });
      await dispatch(row.id);
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
