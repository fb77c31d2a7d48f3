import { createHmac, randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@under/core/api/error.schema';
import {
  BUTTON_LINK_HEADERS,
  type ButtonLink,
  type ButtonLinkEvent,
  type ButtonLinkEventType,
  buttonLinkSignedText,
  type Delivery,
  type DeliveryState,
} from '@under/core/integrations/button-links.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db, DbOrTx } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import { AppError, notFound } from '../../../errors';
import type { AfterCommit } from '../../../infra/events/events';
import type { FieldCrypto } from '../../../infra/field-crypto/field-crypto';
import type { Jobs } from '../../../infra/jobs/jobs';
import { hostPatternOf, type Outbound, OutboundFailed, OutboundRefused } from '../../../infra/outbound/outbound';
import { newToken } from '../../../security/secrets';
import { type ButtonLinkRow, createButtonLinksRepository, type DeliveryRow } from './button-links.repository';

export const DELIVERY_QUEUE = 'button-link-delivery';
export const DELIVERY_SWEEP_QUEUE = 'button-link-sweep';
export const DELIVERY_PRUNE_QUEUE = 'button-link-prune';
/** Finished deliveries are kept this long in the log, then deleted by a daily job (decision 084). */
export const DELIVERY_LOG_DAYS = 90;
const PRUNE_BATCH = 1000;
/** What the log says of a delivery that was waiting for a retry when the admin resent its event. */
export const SUPERSEDED_BY_RESEND = 'Replaced by a resend: no more retries of this delivery.';
/**
 * Waits after a failed delivery: 1 min doubling to 8 h, then 8 h; twelve attempts over about a day, then `failed`
 * (the syncs' schedule, decision 074). The admin can resend any delivery at any time.
 */
export const DELIVERY_RETRY_DELAYS_MS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 480, 480].map((m) => m * 60_000);
export const DELIVERY_MAX_ATTEMPTS = DELIVERY_RETRY_DELAYS_MS.length + 1;
/** One delivery's whole time (lookup, connect, answer): a receiver should answer at once and work later. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A worker owns a claimed delivery this long; a killed worker's delivery is taken again after it. */
const LEASE_MS = 2 * 60_000;

export interface ButtonLinksDeps {
  db: Db;
  jobs: Jobs;
  log: FastifyBaseLogger;
  now?: Clock;
  outbound: Outbound;
  fieldCrypto: FieldCrypto;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/**
 * The secret's mask: its last four characters behind a fixed run of dots. Not `maskValue` (which keeps the length,
 * 49 characters here): a signing secret is never typed back, only recognised in the table.
 */
const maskOf = (secret: string) => `••••••••${secret.slice(-4)}`;
/** A new signing secret: 32 random bytes, with a prefix that says what it is (secret scanners know the shape). */
const newSecret = () => newToken('whsec');

/** A delivery found due after its link was turned off: not sent. */
class LinkTurnedOff extends Error {}

/** A delivery a resend replaced while it was being sent, taken again after its worker died: never sent again. */
class Superseded extends Error {}

/** `v1=` and the hex HMAC-SHA256 of `timestamp.body` under the secret (README: verifying a delivery). */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(buttonLinkSignedText(timestamp, body)).digest('hex')}`;
}

/**
 * Button-link integrations (issue #24 §4; decision 084). The platform's admin sets a company's URL; domain events
 * of the company's applications (submitted, data changed) and the integration's own turn-off write one delivery row
 * per active link in their delivery's transaction; after the commit a pg-boss job (one waiting per delivery) sends it
 * through the guarded outbound client to that URL's host only, signed with the link's secret; failures are retried
 * with back-off from the row (the sweep finds due rows, a lost job or a killed worker included).
 */
export function createButtonLinksService(deps: ButtonLinksDeps) {
  const { db, jobs, log, outbound, fieldCrypto } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());

  const toApi = (row: ButtonLinkRow, companyName: string): ButtonLink => ({
    id: row.id,
    companyId: row.companyId,
    companyName,
    name: row.name,
    buttonLink: row.url,
    status: row.status as ButtonLink['status'],
    secretMask: maskOf(fieldCrypto.decryptValue(row.secrets.signingSecret)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
  const deliveryToApi = (d: DeliveryRow): Delivery => ({
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType as ButtonLinkEventType,
    applicationId: d.applicationId,
    state: d.state as DeliveryState,
    attempts: d.attempts,
    responseCode: d.responseCode,
    durationMs: d.durationMs,
    lastError: d.lastError,
    nextAttemptAt: d.state === 'queued' ? iso(d.nextAttemptAt) : null,
    resendOf: d.resendOf,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: iso(d.deliveredAt),
  });

  /** The admin's URL, judged by the outbound client's own rules with its host as the only allowed one. */
  function checkUrl(url: string) {
    const pattern = hostPatternOf(url);
    if (!pattern || !outbound.allows('buttonlink', url, [pattern])) {
      throw new AppError(ERROR_CODES.validation, 'The button link must be an https:// URL of a public host', [
        { path: 'buttonLink', message: 'The button link must be an https:// URL of a public host' },
      ]);
    }
  }

  /** The deliveries' jobs in one call; a lost job is found by the sweep once the row is due. */
  async function enqueue(ids: readonly string[]) {
    await jobs
      .sendManyOnce(
        DELIVERY_QUEUE,
        ids.map((id) => ({ data: { deliveryId: id }, key: id })),
      )
      .catch((err) => log.warn({ deliveries: ids.length, err }, 'button-link jobs not queued'));
  }

  function deliveryRow(link: ButtonLinkRow, event: ButtonLinkEvent, at: Date) {
    return {
      id: randomUUID(),
      integrationId: link.id,
      eventId: event.id,
      eventType: event.type,
      applicationId: event.application?.id ?? null,
      body: JSON.stringify(event),
      state: 'queued',
      nextAttemptAt: at,
      createdAt: at,
    };
  }

  /**
   * Domain events of applications (a delivery's batch of one type, decision 094): one delivery per event and active
   * link of its application's company, written in the events' transaction. The applications with their links are
   * read in one query (none when no company of theirs has an active link) and the deliveries written in one.
   */
  async function onApplicationEvents(
    tx: DbOrTx,
    events: readonly { id: string; type: ButtonLinkEventType; applicationId: string; fields: string[] | null }[],
  ): Promise<AfterCommit | undefined> {
    const repo = createButtonLinksRepository(tx);
    const linked = await repo.linkedFacts(events.map((e) => e.applicationId));
    if (linked.length === 0) return undefined;
    const at = now();
    const rows = events.flatMap((event) =>
      linked
        .filter(({ facts }) => facts.id === event.applicationId)
        .map(({ facts, link }) =>
          deliveryRow(
            link,
            {
              id: event.id,
              type: event.type,
              createdAt: at.toISOString(),
              integrationId: link.id,
              companyId: facts.companyId,
              application: {
                id: facts.id,
                status: facts.status,
                form: { id: facts.formId, name: facts.formName, version: facts.formVersion },
                changedFields: event.fields,
              },
            },
            at,
          ),
        ),
    );
    await repo.insertDeliveries(rows);
    return () => enqueue(rows.map((r) => r.id));
  }

  /** One attempt at one delivery; answers the state it ended in, or null when it was not due. */
  async function runDelivery(deliveryId: string): Promise<DeliveryState | null> {
    const start = now();
    const claimed = await createButtonLinksRepository(db).claim(
      deliveryId,
      start,
      new Date(start.getTime() + LEASE_MS),
    );
    if (!claimed) return null;
    const { delivery, link } = claimed;
    const attempt = delivery.attempts;
    const timestamp = Math.floor(start.getTime() / 1000);
    const began = performance.now();
    let responseCode: number | null = null;
    let error: string | null = null;
    let retryable = true;
    try {
      if (delivery.lastError === SUPERSEDED_BY_RESEND) {
        retryable = false;
        throw new Superseded();
      }
      // turned off: nothing more is sent, save the turned-off event itself and what the admin resends (decision 084)
      if (link.status !== 'active' && delivery.eventType !== 'integration.turned-off' && !delivery.resendOf) {
        retryable = false;
        throw new LinkTurnedOff();
      }
      const secret = fieldCrypto.decryptValue(link.secrets.signingSecret);
      const res = await outbound.request({
        provider: 'buttonlink',
        method: 'POST',
        url: link.url,
        allowHosts: [hostPatternOf(link.url) ?? ''],
        body: delivery.body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Under-ButtonLink/1',
          [BUTTON_LINK_HEADERS.timestamp]: String(timestamp),
          [BUTTON_LINK_HEADERS.signature]: signDelivery(secret, timestamp, delivery.body),
          [BUTTON_LINK_HEADERS.eventId]: delivery.eventId,
          [BUTTON_LINK_HEADERS.deliveryId]: delivery.id,
        },
        timeoutMs: DELIVERY_TIMEOUT_MS,
      });
      responseCode = res.status;
      // the receiver's body is never kept nor shown (it could be anything): only its status
      if (res.status < 200 || res.status > 299) error = `The receiver answered HTTP ${res.status}.`;
    } catch (err) {
      if (err instanceof Superseded) {
        error = SUPERSEDED_BY_RESEND;
      } else if (err instanceof LinkTurnedOff) {
        error = 'Not sent: the link was turned off.';
      } else if (err instanceof OutboundRefused) {
        // the URL itself is refused: trying again changes nothing (the admin changes the URL, then resends)
        retryable = false;
        error = `The call was refused: ${err.reason}.`;
      } else if (err instanceof OutboundFailed) {
        retryable = err.kind !== 'too_large';
        error =
          err.kind === 'timeout'
            ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s.`
            : err.kind === 'too_large'
              ? "The receiver's answer was too large."
              : 'The receiver could not be reached.';
      } else {
        error = 'The delivery failed.';
        log.warn({ deliveryId, err }, 'button-link delivery failed');
      }
    }
    const durationMs = Math.round(performance.now() - began);
    const at = now();
    const delay = DELIVERY_RETRY_DELAYS_MS[attempt - 1];
    const retry = error !== null && retryable && attempt < DELIVERY_MAX_ATTEMPTS && delay !== undefined;
    const state: DeliveryState = error === null ? 'delivered' : retry ? 'queued' : 'failed';
    const written = await createButtonLinksRepository(db).finish(
      delivery.id,
      attempt,
      {
        state,
        nextAttemptAt: new Date(at.getTime() + (retry ? (delay ?? 0) : 0)),
        responseCode,
        durationMs,
        lastError: error,
        deliveredAt: error === null ? at : null,
      },
      SUPERSEDED_BY_RESEND,
    );
    if (error) log.info({ deliveryId, attempt, responseCode, state }, 'button-link delivery not taken');
    return (written as DeliveryState | undefined) ?? state;
  }

  /** Every due delivery gets its job (deduplicated per delivery): back-offs that came due, lost jobs, dead workers. */
  async function sweep(): Promise<number> {
    const ids = await createButtonLinksRepository(db).listDue(now(), 500);
    await enqueue(ids);
    return ids.length;
  }

  /** Deletes finished deliveries older than the log keeps them, in batches; answers how many went. */
  async function prune(): Promise<number> {
    const before = new Date(now().getTime() - DELIVERY_LOG_DAYS * 86_400_000);
    let total = 0;
    for (;;) {
      const n = await createButtonLinksRepository(db).prune(before, PRUNE_BATCH);
      total += n;
      if (n < PRUNE_BATCH) return total;
    }
  }

  async function loadLink(id: string, opts: { lock?: boolean; tx?: DbOrTx } = {}) {
    const found = await createButtonLinksRepository(opts.tx ?? db).find(id, opts);
    if (!found) throw notFound();
    return found;
  }

  return {
    onApplicationEvents,
    runDelivery,
    sweep,
    prune,

    async list(): Promise<{ items: ButtonLink[] }> {
      const rows = await createButtonLinksRepository(db).list();
      return { items: rows.map((r) => toApi(r.link, r.companyName)) };
    },

    async create(opts: { auth: AuthContext; companyId: string; name: string; buttonLink: string }) {
      checkUrl(opts.buttonLink);
      const secret = newSecret();
      const id = randomUUID();
      const at = now();
      const integration = await db.transaction(async (tx) => {
        const repo = createButtonLinksRepository(tx);
        if (!(await repo.companyExists(opts.companyId))) throw notFound();
        await repo.insert({
          id,
          companyId: opts.companyId,
          name: opts.name,
          url: opts.buttonLink,
          status: 'active',
          secrets: { signingSecret: fieldCrypto.encryptValue(secret) },
          createdAt: at,
          updatedAt: at,
        });
        await writeAudit(tx, {
          action: 'button-link.create',
          actorUserId: opts.auth.userId,
          companyId: opts.companyId,
          targetType: 'company',
          targetId: opts.companyId,
          details: { buttonLinkId: id, host: hostPatternOf(opts.buttonLink) ?? '' },
        });
        const row = await loadLink(id, { tx });
        return toApi(row.link, row.companyName);
      });
      return { integration, secret };
    },

    /** Rename, a new URL, or the status; turning off sends one last `integration.turned-off` event. */
    async update(opts: {
      auth: AuthContext;
      buttonLinkId: string;
      name?: string;
      buttonLink?: string;
      status?: 'active' | 'inactive';
    }): Promise<ButtonLink> {
      if (opts.buttonLink !== undefined) checkUrl(opts.buttonLink);
      const { result, queued } = await db.transaction(async (tx) => {
        const repo = createButtonLinksRepository(tx);
        const { link } = await loadLink(opts.buttonLinkId, { lock: true, tx });
        const at = now();
        const turningOff = opts.status === 'inactive' && link.status === 'active';
        await repo.update(link.id, {
          ...(opts.name !== undefined ? { name: opts.name } : {}),
          ...(opts.buttonLink !== undefined ? { url: opts.buttonLink } : {}),
          ...(opts.status !== undefined ? { status: opts.status } : {}),
          updatedAt: at,
        });
        const changed = [
          ...(opts.name !== undefined && opts.name !== link.name ? ['name'] : []),
          ...(opts.buttonLink !== undefined && opts.buttonLink !== link.url ? ['buttonLink'] : []),
          ...(opts.status !== undefined && opts.status !== link.status ? ['status'] : []),
        ];
        await writeAudit(tx, {
          action: 'button-link.update',
          actorUserId: opts.auth.userId,
          companyId: link.companyId,
          targetType: 'company',
          targetId: link.companyId,
          details: { buttonLinkId: link.id, changed, status: opts.status ?? link.status },
        });
        const queued: string[] = [];
        if (turningOff) {
          const row = deliveryRow(
            { ...link, url: opts.buttonLink ?? link.url },
            {
              id: randomUUID(),
              type: 'integration.turned-off',
              createdAt: at.toISOString(),
              integrationId: link.id,
              companyId: link.companyId,
              application: null,
            },
            at,
          );
          await repo.insertDeliveries([row]);
          queued.push(row.id);
        }
        const fresh = await loadLink(link.id, { tx });
        return { result: toApi(fresh.link, fresh.companyName), queued };
      });
      await enqueue(queued);
      return result;
    },

    async rotateSecret(opts: { auth: AuthContext; buttonLinkId: string }) {
      const secret = newSecret();
      const integration = await db.transaction(async (tx) => {
        const { link } = await loadLink(opts.buttonLinkId, { lock: true, tx });
        await createButtonLinksRepository(tx).update(link.id, {
          secrets: { signingSecret: fieldCrypto.encryptValue(secret) },
          updatedAt: now(),
        });
        await writeAudit(tx, {
          action: 'button-link.secret',
          actorUserId: opts.auth.userId,
          companyId: link.companyId,
          targetType: 'company',
          targetId: link.companyId,
          details: { buttonLinkId: link.id },
        });
        const fresh = await loadLink(link.id, { tx });
        return toApi(fresh.link, fresh.companyName);
      });
      return { integration, secret };
    },

    async deliveries(opts: { buttonLinkId: string; page: number; pageSize: number }) {
      await loadLink(opts.buttonLinkId);
      const { rows, total } = await createButtonLinksRepository(db).page(opts.buttonLinkId, {
        limit: opts.pageSize,
        offset: (opts.page - 1) * opts.pageSize,
      });
      return { items: rows.map(deliveryToApi), total, page: opts.page, pageSize: opts.pageSize };
    },

    /** A new delivery of the same event (same event id and body), queued now, whatever became of the first. */
    async resend(opts: { auth: AuthContext; buttonLinkId: string; deliveryId: string }): Promise<Delivery> {
      const row = await db.transaction(async (tx) => {
        const repo = createButtonLinksRepository(tx);
        const { link } = await loadLink(opts.buttonLinkId, { tx });
        const original = await repo.findDelivery(link.id, opts.deliveryId);
        if (!original) throw notFound();
        const at = now();
        const fresh = {
          id: randomUUID(),
          integrationId: link.id,
          eventId: original.eventId,
          eventType: original.eventType,
          applicationId: original.applicationId,
          body: original.body,
          state: 'queued',
          nextAttemptAt: at,
          createdAt: at,
          resendOf: original.id,
        };
        await repo.insertDeliveries([fresh]);
        // the original, waiting for a retry or being sent now, is not tried again: the receiver gets the event from the
        // resend only (an attempt in flight finishes, but a failure of it is no longer re-queued)
        await repo.supersede(original.id, SUPERSEDED_BY_RESEND, at);
        await writeAudit(tx, {
          action: 'button-link.resend',
          actorUserId: opts.auth.userId,
          companyId: link.companyId,
          targetType: 'company',
          targetId: link.companyId,
          details: { buttonLinkId: link.id, deliveryId: original.id, eventId: original.eventId },
        });
        return (await repo.findDelivery(link.id, fresh.id)) as DeliveryRow;
      });
      await enqueue([row.id]);
      return deliveryToApi(row);
    },

    /** At start: every due delivery is queued (a restart does not wait for the minute's sweep). */
    async resume(): Promise<number> {
      try {
        return await sweep();
      } catch (err) {
        log.warn({ err }, 'button-link sweep at start failed');
        return 0;
      }
    },

    /** The worker and the sweep (every minute). */
    async register() {
      jobs.defineQueue(DELIVERY_QUEUE, {
        // one waiting job per delivery: the sweep and the first send coalesce into it
        policy: 'short',
        // the row schedules the receiver's retries; pg-boss retries only a job whose handler threw (the database)
        retryLimit: 3,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: LEASE_MS / 1000 + 60,
        batchSize: 10,
      });
      await jobs.register<{ deliveryId: string }>(DELIVERY_QUEUE, async (data) => {
        await runDelivery(data.deliveryId);
      });
      await jobs.schedule(DELIVERY_SWEEP_QUEUE, '* * * * *', () => sweep().then(() => undefined));
      await jobs.schedule(DELIVERY_PRUNE_QUEUE, '17 3 * * *', () => prune().then(() => undefined));
    },
  };
}

export type ButtonLinksService = ReturnType<typeof createButtonLinksService>;
