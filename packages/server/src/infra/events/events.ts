import { randomUUID } from 'node:crypto';
import {
  DOMAIN_EVENTS,
  type DomainEvent,
  type DomainEventPayload,
  type DomainEventType,
} from '@under/core/events/domain-events';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { createEventsRepository } from './events.repository';

/** What a subscriber may ask to run once its transaction committed (e.g. dispatching the mails it queued). */
export type AfterCommit = () => Promise<void>;
/**
 * A subscriber's handling of one event, in its own transaction together with its delivery mark: everything it
 * writes through `tx` happens exactly once per event. Throwing rolls both back; the event is delivered again later.
 */
export type EventHandler<T extends DomainEventType> = (
  tx: DbOrTx,
  event: DomainEvent<T>,
) => Promise<AfterCommit | undefined> | Promise<void>;

/** `subscriber` names who handles it (the delivery mark's key): stable, one per module and purpose. */
export interface Subscription<T extends DomainEventType = DomainEventType> {
  subscriber: string;
  type: T;
  handle: EventHandler<T>;
}

/** Builds a subscription with its handler typed by the event it reacts to. */
export function on<T extends DomainEventType>(subscriber: string, type: T, handle: EventHandler<T>): Subscription {
  return { subscriber, type, handle } as unknown as Subscription;
}

/** The first try is the causing request's own, right after its commit; the sweep takes over after this long. */
const FIRST_SWEEP_AFTER_MS = 30_000;
/** Waits before the next round when a subscriber failed; after the last, the event is `failed` (logged). */
const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 6 * 3_600_000, 24 * 3_600_000];
const SWEEP_INTERVAL_MS = 15_000;
/** Delivered events are kept this long (their history is in the audit chain, not here). */
const DELIVERED_KEPT_MS = 30 * 24 * 3_600_000;

/**
 * Domain events (decision 064): `publish` writes one in the caller's transaction and answers its id; after the
 * commit the caller hands the ids to `dispatch`, which delivers them at once. Each subscriber handles an event in a
 * transaction of its own that also writes its delivery mark, so a redelivery after a crash (between the commit and
 * the delivery, or between one subscriber and the next) does nothing twice. What the first try did not finish, the
 * sweep (every 15 s, on every instance) delivers, with retries and back-off.
 */
export function createEvents(deps: { db: Db; log: FastifyBaseLogger; now?: () => number }) {
  const { db, log } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  const subscriptions: Subscription[] = [];
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> | undefined;
  let stopped = false;

  /** One event to one subscriber: true, or what failed (logged). */
  async function deliverTo(s: Subscription, event: DomainEvent): Promise<true | string> {
    let after: AfterCommit | undefined;
    try {
      await db.transaction(async (tx) => {
        if (!(await createEventsRepository(tx).markDelivered(event.id, s.subscriber, now()))) return;
        after = (await s.handle(tx, event)) ?? undefined;
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log.warn({ eventId: event.id, type: event.type, subscriber: s.subscriber, err }, 'event not delivered');
      return `${s.subscriber}: ${message}`.slice(0, 500);
    }
    // committed: what runs now may fail without undoing the delivery (a mail's dispatch has its own sweep)
    await after?.().catch((err) => log.warn({ eventId: event.id, subscriber: s.subscriber, err }, 'after delivery'));
    return true;
  }

  /** Delivers one event to every subscriber that does not have it yet; answers what became of it. */
  async function deliver(id: string): Promise<'delivered' | 'retry' | 'failed' | 'done'> {
    const repo = createEventsRepository(db);
    const row = await repo.find(id);
    if (row?.status !== 'pending') return 'done';
    const event = { id: row.id, type: row.type, payload: row.payload, createdAt: row.createdAt } as DomainEvent;
    const have = new Set(await repo.deliveredTo(id));
    let error: string | undefined;
    for (const s of subscriptions) {
      if (s.type !== row.type || have.has(s.subscriber)) continue;
      const outcome = await deliverTo(s, event);
      if (outcome !== true) error ??= outcome;
    }
    if (!error) {
      await repo.complete(id, now());
      return 'delivered';
    }
    // the rounds before this one, as read with the event (no second read of the same row)
    const delay = RETRY_DELAYS_MS[row.attempts];
    await repo.failRound(id, error, delay === undefined ? null : new Date(now().getTime() + delay));
    if (delay === undefined) log.error({ eventId: id, type: row.type, error }, 'event failed after its last attempt');
    return delay === undefined ? 'failed' : 'retry';
  }

  async function sweep(): Promise<number> {
    const repo = createEventsRepository(db);
    const ids = await repo.listPending(now(), 200);
    for (const id of ids) {
      if (stopped) break;
      await deliver(id);
    }
    await repo.purgeDelivered(new Date(now().getTime() - DELIVERED_KEPT_MS));
    return ids.length;
  }

  return {
    /** Registers subscriptions (at composition, before the first delivery); a subscriber takes a type once. */
    subscribe(...subs: Subscription[]) {
      for (const s of subs) {
        if (subscriptions.some((x) => x.subscriber === s.subscriber && x.type === s.type)) {
          throw new Error(`${s.subscriber} already subscribes to ${s.type}`);
        }
        subscriptions.push(s);
      }
    },

    /** Writes an event in the caller's transaction (payload checked against the catalogue); answers its id. */
    async publish<T extends DomainEventType>(tx: DbOrTx, type: T, payload: DomainEventPayload<T>): Promise<string> {
      const checked = DOMAIN_EVENTS[type].parse(payload) as { applicationId?: string };
      const id = randomUUID();
      const at = now();
      await createEventsRepository(tx).insert({
        id,
        type,
        applicationId: checked.applicationId ?? null,
        payload: checked,
        at,
        dueAt: new Date(at.getTime() + FIRST_SWEEP_AFTER_MS),
      });
      return id;
    },

    /** After the commit: delivers the events now. Never fails the caller; what is left, the sweep delivers. */
    async dispatch(ids: readonly string[]): Promise<void> {
      for (const id of ids) {
        await deliver(id).catch((err) => log.warn({ eventId: id, err }, 'event delivery failed; the sweep retries'));
      }
    },

    deliver,
    sweep,

    /** Tests: delivers every pending event now (each tried once), then returns. */
    async drain(): Promise<void> {
      const tried = new Set<string>();
      for (;;) {
        const ids = (await createEventsRepository(db).listPending(null, 500)).filter((id) => !tried.has(id));
        if (ids.length === 0) return;
        for (const id of ids) {
          tried.add(id);
          await deliver(id);
        }
      }
    },

    /** Sweeps now and every 15 s (events whose first delivery a crash or a failure cut short). */
    start() {
      if (sweeper) return;
      stopped = false;
      const run = () => {
        if (stopped || sweeping) return;
        sweeping = sweep()
          .catch((err) => {
            if (!stopped) log.error({ err }, 'event sweep failed');
          })
          .finally(() => {
            sweeping = undefined;
          });
      };
      run();
      sweeper = setInterval(run, SWEEP_INTERVAL_MS);
      sweeper.unref();
    },

    /** Stops sweeping and waits for a sweep in flight (before the database closes). */
    async stop() {
      stopped = true;
      clearInterval(sweeper);
      sweeper = undefined;
      await sweeping;
    },
  };
}

export type Events = ReturnType<typeof createEvents>;
/** What a causing service needs: writing an event in its transaction, delivering it after the commit. */
export type EventPublisher = Pick<Events, 'publish' | 'dispatch'>;
