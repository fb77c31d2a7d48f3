import { AsyncResource } from 'node:async_hooks';
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

/**
 * A subscriber's handling of several events of one type at once (a delivery's batch, decision 094), in one
 * transaction with their delivery marks: the same contract as `EventHandler` for each event of `events`, so it
 * may read what they share once (their applications in one query) and write their work in one statement.
 */
export type BatchHandler<T extends DomainEventType> = (
  tx: DbOrTx,
  events: readonly DomainEvent<T>[],
) => Promise<AfterCommit | undefined> | Promise<void>;

/** `subscriber` names who handles it (the delivery mark's key): stable, one per module and purpose. */
export interface Subscription<T extends DomainEventType = DomainEventType> {
  subscriber: string;
  type: T;
  /** The events a delivery marked for this subscriber, in one call (one event alone when delivered alone). */
  handle: BatchHandler<T>;
}

/** Builds a subscription with its handler typed by the event it reacts to, called once per event. */
export function on<T extends DomainEventType>(subscriber: string, type: T, handle: EventHandler<T>): Subscription {
  const each: BatchHandler<T> = async (tx, events) => {
    const afters: AfterCommit[] = [];
    for (const event of events) {
      const after = await handle(tx, event);
      if (after) afters.push(after);
    }
    return afters.length === 0 ? undefined : afterEach(afters);
  };
  return { subscriber, type, handle: each } as unknown as Subscription;
}

/**
 * Builds a subscription whose handler takes the events of a delivery's batch together (decision 094): what reads
 * or writes per event on its own costs one statement per batch instead. The handler must do for each event what
 * it would do for it alone.
 */
export function onBatch<T extends DomainEventType>(subscriber: string, type: T, handle: BatchHandler<T>): Subscription {
  return { subscriber, type, handle } as unknown as Subscription;
}

/** Runs every after-commit in turn; one failing does not keep the later ones from running (each is logged). */
function afterEach(afters: readonly AfterCommit[]): AfterCommit {
  return async () => {
    const failures: unknown[] = [];
    for (const after of afters) await after().catch((err) => failures.push(err));
    if (failures.length > 0) throw failures[0];
  };
}

/** The first try follows the causing request's commit (see `dispatch`); the sweep takes over after this long. */
const FIRST_SWEEP_AFTER_MS = 30_000;
/** Waits before the next round when a subscriber failed; after the last, the event is `failed` (logged). */
const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 6 * 3_600_000, 24 * 3_600_000];
const SWEEP_INTERVAL_MS = 15_000;
/** Delivered events are kept this long (their history is in the audit chain, not here). */
const DELIVERED_KEPT_MS = 30 * 24 * 3_600_000;
/** Events delivered together (one read, one transaction per subscriber, one completion). */
const BATCH = 50;
/** Ids waiting in memory at most; beyond, `dispatch` leaves them to the sweep (they are rows already). */
const QUEUE_LIMIT = 10_000;

type Outcome = 'delivered' | 'retry' | 'failed' | 'done';

/**
 * Domain events (decisions 064, 076): `publish` writes one in the caller's transaction and answers its id; after the
 * commit the caller hands the ids to `dispatch`, which queues them in memory and returns: they are delivered from
 * the next turn of the event loop, after the response, in batches. Each subscriber handles events in a transaction
 * of its own that also writes their delivery marks, so a redelivery after a crash (between the commit and the
 * delivery, or between one subscriber and the next) does nothing twice. What the queue did not deliver (a crash, a
 * failure, a full queue), the sweep (every 15 s, on every instance) delivers, with retries and back-off.
 */
export function createEvents(deps: { db: Db; log: FastifyBaseLogger; now?: () => number }) {
  const { db, log } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  const subscriptions: Subscription[] = [];
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> | undefined;
  let stopped = false;
  /** Ids dispatched and not yet taken by the worker; the worker delivering them, while it runs. */
  const queued: string[] = [];
  let worker: Promise<void> | undefined;
  /**
   * The worker runs in the context these events were made in, not in the request that happened to start it: a
   * batch holds several requests' events, and one request's context (its address for the audit, decision 044; its
   * transaction state, decision 054) is no other's.
   */
  const home = new AsyncResource('domain-events');

  const failure = (s: Subscription, err: unknown) =>
    `${s.subscriber}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500);
  // committed: what runs now may fail without undoing the delivery (a mail's dispatch has its own sweep)
  const runAfter = async (after: AfterCommit | undefined, eventId: string, s: Subscription) =>
    after?.().catch((err) => log.warn({ eventId, subscriber: s.subscriber, err }, 'after delivery'));

  /** One event to one subscriber: true, or what failed (logged). */
  async function deliverTo(s: Subscription, event: DomainEvent): Promise<true | string> {
    let after: AfterCommit | undefined;
    try {
      await db.transaction(async (tx) => {
        if (!(await createEventsRepository(tx).markDelivered(event.id, s.subscriber, now()))) return;
        after = (await s.handle(tx, [event])) ?? undefined;
      });
    } catch (err) {
      log.warn({ eventId: event.id, type: event.type, subscriber: s.subscriber, err }, 'event not delivered');
      return failure(s, err);
    }
    await runAfter(after, event.id, s);
    return true;
  }

  /**
   * Several events to one subscriber in one transaction (their marks in one statement, then the handler per event
   * the marks took): answers, per event, what failed. When any handler throws, the whole transaction rolls back
   * (no mark, no work, no after-commit of any of them) and each event is tried alone: a failing event never keeps
   * the others from their delivery, and the failing one's error is its own.
   */
  async function deliverManyTo(s: Subscription, events: DomainEvent[]): Promise<Map<string, string>> {
    const errors = new Map<string, string>();
    if (events.length > 1) {
      let after: AfterCommit | undefined;
      let first = '';
      try {
        await db.transaction(async (tx) => {
          const marked = await createEventsRepository(tx).markDeliveredMany(
            events.map((e) => e.id),
            s.subscriber,
            now(),
          );
          const mine = events.filter((e) => marked.has(e.id));
          if (mine.length === 0) return;
          first = mine[0]?.id ?? '';
          after = (await s.handle(tx, mine)) ?? undefined;
        });
      } catch {
        // rolled back: each one alone below, so the failing event is known and the others are delivered
        for (const event of events) {
          const outcome = await deliverTo(s, event);
          if (outcome !== true) errors.set(event.id, outcome);
        }
        return errors;
      }
      await runAfter(after, first, s);
      return errors;
    }
    for (const event of events) {
      const outcome = await deliverTo(s, event);
      if (outcome !== true) errors.set(event.id, outcome);
    }
    return errors;
  }

  /**
   * Every subscriber's share of a batch in ONE transaction (decision 094): all their marks in one statement, then
   * each subscriber's handler with the events it marked, then, once committed, their after-commits. False when
   * anything threw: all of it rolled back (no mark, no work, no after-commit), for the caller to deliver each
   * subscriber's share in its own transaction, as before.
   */
  async function deliverTogether(shares: readonly (readonly [Subscription, DomainEvent[]])[]): Promise<boolean> {
    const afters: [string, Subscription, AfterCommit][] = [];
    try {
      await db.transaction(async (tx) => {
        const marked = await createEventsRepository(tx).markDeliveredPairs(
          shares.flatMap(([s, events]) => events.map((e) => ({ eventId: e.id, subscriber: s.subscriber }))),
          now(),
        );
        for (const [s, events] of shares) {
          const mine = events.filter((e) => marked.has(`${e.id} ${s.subscriber}`));
          const first = mine[0];
          if (!first) continue;
          const after = await s.handle(tx, mine);
          if (after) afters.push([first.id, s, after]);
        }
      });
    } catch (err) {
      log.warn({ subscribers: shares.map(([s]) => s.subscriber), err }, 'batch not delivered together; each alone');
      return false;
    }
    for (const [id, s, after] of afters) await runAfter(after, id, s);
    return true;
  }

  /**
   * Delivers the pending ones of `ids` to every subscriber that does not have them yet: the events and their marks
   * in one read, every subscriber's share in one transaction (or, when that fails, each subscriber's in its own,
   * each event alone if need be), the completed ones marked `delivered` in one statement. Answers what became of
   * each id.
   */
  async function deliverBatch(ids: readonly string[]): Promise<Map<string, Outcome>> {
    const outcomes = new Map<string, Outcome>(ids.map((id) => [id, 'done']));
    const repo = createEventsRepository(db);
    const rows = await repo.pendingWithMarks(ids);
    if (rows.length === 0) return outcomes;
    const errors = new Map<string, string>();
    const shares = subscriptions
      .map(
        (s) =>
          [
            s,
            rows
              .filter((r) => r.type === s.type && !r.delivered.includes(s.subscriber))
              .map((r) => ({ id: r.id, type: r.type, payload: r.payload, createdAt: r.createdAt }) as DomainEvent),
          ] as const,
      )
      .filter(([, share]) => share.length > 0);
    // one share alone is what deliverManyTo tries first anyway
    if (shares.length > 1 && !(await deliverTogether(shares))) {
      for (const [s, share] of shares) {
        for (const [id, error] of await deliverManyTo(s, share)) if (!errors.has(id)) errors.set(id, error);
      }
    } else if (shares.length === 1) {
      const [s, share] = shares[0] as (typeof shares)[number];
      for (const [id, error] of await deliverManyTo(s, share)) errors.set(id, error);
    }
    const at = now();
    const done = rows.filter((r) => !errors.has(r.id)).map((r) => r.id);
    await repo.complete(done, at);
    for (const id of done) outcomes.set(id, 'delivered');
    for (const row of rows) {
      const error = errors.get(row.id);
      if (error === undefined) continue;
      // the rounds before this one, as read with the event (no second read of the same row)
      const delay = RETRY_DELAYS_MS[row.attempts];
      await repo.failRound(row.id, row.attempts, error, delay === undefined ? null : new Date(at.getTime() + delay));
      if (delay === undefined)
        log.error({ eventId: row.id, type: row.type, error }, 'event failed after its last attempt');
      outcomes.set(row.id, delay === undefined ? 'failed' : 'retry');
    }
    return outcomes;
  }

  /** Delivers one event to every subscriber that does not have it yet; answers what became of it. */
  async function deliver(id: string): Promise<Outcome> {
    return (await deliverBatch([id])).get(id) ?? 'done';
  }

  async function sweep(): Promise<number> {
    const repo = createEventsRepository(db);
    const ids = await repo.listPending(now(), 200);
    for (let i = 0; i < ids.length && !stopped; i += BATCH) await deliverBatch(ids.slice(i, i + BATCH));
    await repo.purgeDelivered(new Date(now().getTime() - DELIVERED_KEPT_MS));
    return ids.length;
  }

  /** Starts the queue's worker unless it runs: from the next turn of the event loop, batch after batch. */
  function work() {
    if (worker || stopped || queued.length === 0) return;
    worker = home.runInAsyncScope(() =>
      new Promise<void>((resolve) => setImmediate(resolve))
        .then(async () => {
          while (queued.length > 0 && !stopped) {
            const batch = queued.splice(0, BATCH);
            await deliverBatch(batch).catch((err) =>
              log.warn({ eventIds: batch, err }, 'event delivery failed; the sweep retries'),
            );
          }
        })
        .finally(() => {
          worker = undefined;
          work();
        }),
    );
  }

  /**
   * `publish` as a statement for the caller to send with its own writes in the same transaction (one round trip
   * less on a hot path, decision 076): the event exists once that statement ran and the transaction committed.
   */
  function publishStatement<T extends DomainEventType>(
    tx: DbOrTx,
    type: T,
    payload: DomainEventPayload<T>,
    /** `onlyIf`: the name of a part of the caller's statement; no event unless it answers a row (decision 081). */
    opts: { onlyIf?: string } = {},
  ) {
    const checked = DOMAIN_EVENTS[type].parse(payload) as { applicationId?: string };
    const id = randomUUID();
    const at = now();
    const statement = createEventsRepository(tx).insertSql({
      id,
      type,
      applicationId: checked.applicationId ?? null,
      payload: checked,
      at,
      dueAt: new Date(at.getTime() + FIRST_SWEEP_AFTER_MS),
      onlyIf: opts.onlyIf,
    });
    return { id, statement };
  }

  /** Waits until the queue is empty and no delivery (the queue's or a sweep's) is running. */
  async function idle(): Promise<void> {
    while (worker || sweeping) await Promise.all([worker, sweeping]);
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
      const { id, statement } = publishStatement(tx, type, payload);
      await tx.execute(statement);
      return id;
    },

    publishStatement,

    /**
     * After the commit: queues the events for delivery from the next turn of the event loop (the caller's response
     * does not wait for the subscribers) and returns. Never fails the caller; what is left, the sweep delivers.
     * `idle()` waits for the queue (tests).
     */
    async dispatch(ids: readonly string[]): Promise<void> {
      if (stopped) return;
      const room = QUEUE_LIMIT - queued.length;
      if (ids.length > room) log.warn({ left: ids.length - Math.max(0, room) }, 'event queue full; the sweep delivers');
      queued.push(...ids.slice(0, Math.max(0, room)));
      work();
    },

    idle,

    deliver,
    sweep,

    /** Tests: waits for the queue, then delivers every pending event now (each tried once), then returns. */
    async drain(): Promise<void> {
      await idle();
      const tried = new Set<string>();
      for (;;) {
        const ids = (await createEventsRepository(db).listPending(null, 500)).filter((id) => !tried.has(id));
        if (ids.length === 0) return;
        for (const id of ids) tried.add(id);
        for (let i = 0; i < ids.length; i += BATCH) await deliverBatch(ids.slice(i, i + BATCH));
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

    /**
     * Stops sweeping and the queue, and waits for a delivery in flight (before the database closes); what is still
     * queued stays pending in its rows, for the sweep of the next start.
     */
    async stop() {
      stopped = true;
      clearInterval(sweeper);
      sweeper = undefined;
      await Promise.all([sweeping, worker]);
    },
  };
}

export type Events = ReturnType<typeof createEvents>;
/** What a causing service needs: writing an event in its transaction, delivering it after the commit. */
export type EventPublisher = Pick<Events, 'publish' | 'dispatch'>;
