import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbOrTx } from '../../db/client';
import { createTestDatabase, PARALLEL_POOL_SIZE, testDatabases } from '../../test/helpers';
import { createEvents, type EventHandler, on, onBatch } from './events';
import { createEventsRepository } from './events.repository';

// Decision 064: an event written in the causing transaction reaches each subscriber once, whatever crashes between
// the commit and the delivery. A "restart" is a new events instance on the same database (what a new process has);
// a crash inside a subscriber's transaction is a transaction that never commits (the database rolls it back, as
// it does for a killed connection).

const log = { error() {}, warn() {}, info() {}, debug() {} } as unknown as Parameters<typeof createEvents>[0]['log'];
const MINUTE = 60_000;

describe.each(testDatabases())('domain events on %s', (kind) => {
  let database: Database;
  /** The test's clock: a restarted sweep finds an event due once it moved past the first try's window. */
  const clock = { offsetMs: 0 };
  const now = () => Date.now() + clock.offsetMs;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { poolSize: PARALLEL_POOL_SIZE });
    await database.executeSql('create table event_test_log (event_id uuid not null, subscriber text not null)');
  });
  afterAll(() => database.close());

  /** A subscriber that records, in its transaction, every event it got. */
  const recorder =
    (name: string, after?: () => void): EventHandler<'documents.ready'> =>
    async (tx: DbOrTx, event) => {
      await tx.execute(sql`insert into event_test_log (event_id, subscriber) values (${event.id}, ${name})`);
      after?.();
    };
  const received = async (eventId: string) => {
    const r = (await database.executeSql('select subscriber from event_test_log where event_id = $1', [eventId]))
      .rows as { subscriber: string }[];
    return r.map((x) => x.subscriber).sort();
  };
  const statusOf = async (id: string) => (await createEventsRepository(database.db).find(id))?.status;

  /** Commits one `documents.ready` through `events` and answers its id. */
  async function commitOne(events: ReturnType<typeof createEvents>) {
    return database.db.transaction((tx) =>
      events.publish(tx, 'documents.ready', { applicationId: randomUUID(), runId: randomUUID() }),
    );
  }

  it('a crash between the commit and the delivery: the restarted sweep delivers it, once', async () => {
    const before = createEvents({ db: database.db, log, now });
    before.subscribe(on('recorder', 'documents.ready', recorder('recorder')));
    const id = await commitOne(before);
    // the process dies here: `dispatch` never runs
    expect(await received(id)).toEqual([]);
    expect(await statusOf(id)).toBe('pending');

    const after = createEvents({ db: database.db, log, now });
    after.subscribe(on('recorder', 'documents.ready', recorder('recorder')));
    clock.offsetMs += MINUTE;
    await after.sweep();
    expect(await received(id)).toEqual(['recorder']);
    expect(await statusOf(id)).toBe('delivered');
    // sweeping or dispatching again delivers nothing twice
    await after.sweep();
    await after.dispatch([id]);
    await after.idle();
    await after.deliver(id);
    expect(await received(id)).toEqual(['recorder']);
  });

  it('a crash after the subscriber’s work, before its delivery mark committed: done again once, never twice', async () => {
    let crash = true;
    const before = createEvents({ db: database.db, log, now });
    before.subscribe(
      on(
        'recorder',
        'documents.ready',
        recorder('recorder', () => {
          if (crash) throw new Error('killed before the commit');
        }),
      ),
    );
    const id = await commitOne(before);
    await before.dispatch([id]);
    await before.idle();
    // the work was in the transaction that died: none of it is there, and the event waits
    expect(await received(id)).toEqual([]);
    expect(await statusOf(id)).toBe('pending');

    crash = false;
    const after = createEvents({ db: database.db, log, now });
    after.subscribe(on('recorder', 'documents.ready', recorder('recorder')));
    clock.offsetMs += 10 * MINUTE;
    await after.sweep();
    await after.sweep();
    expect(await received(id)).toEqual(['recorder']);
    expect(await statusOf(id)).toBe('delivered');
  });

  it('the delivery mark is written in the subscriber’s transaction, with its work: they commit or vanish together', async () => {
    const seen: number[] = [];
    const events = createEvents({ db: database.db, log, now });
    events.subscribe(
      on('checker', 'documents.ready', async (tx, event) => {
        await recorder('checker')(tx, event);
        // inside the handler's transaction: the mark is there, uncommitted, beside the work
        const marks = await tx.execute(
          sql`select 1 from event_deliveries where event_id = ${event.id} and subscriber = 'checker'`,
        );
        seen.push((marks as unknown as { rows: unknown[] }).rows.length);
        // and nowhere else yet: a crash now (before the commit) leaves neither
      }),
    );
    const id = await commitOne(events);
    await events.dispatch([id]);
    await events.idle();
    expect(seen).toEqual([1]);
    expect(await received(id)).toEqual(['checker']);
    expect(await statusOf(id)).toBe('delivered');
  });

  it('a crash after one subscriber committed, before the event was marked delivered: the other gets it, the first not again', async () => {
    const before = createEvents({ db: database.db, log, now });
    before.subscribe(
      on('first', 'documents.ready', recorder('first')),
      on(
        'second',
        'documents.ready',
        recorder('second', () => {
          throw new Error('killed');
        }),
      ),
    );
    const id = await commitOne(before);
    await before.dispatch([id]);
    await before.idle();
    expect(await received(id)).toEqual(['first']);
    expect(await statusOf(id)).toBe('pending');

    const after = createEvents({ db: database.db, log, now });
    after.subscribe(
      on('first', 'documents.ready', recorder('first')),
      on('second', 'documents.ready', recorder('second')),
    );
    clock.offsetMs += 10 * MINUTE;
    await after.sweep();
    expect(await received(id)).toEqual(['first', 'second']);
    expect(await statusOf(id)).toBe('delivered');
  });

  it('two instances delivering the same event at once: each subscriber has it once', async () => {
    const instances = [0, 1, 2].map(() => {
      const events = createEvents({ db: database.db, log, now });
      events.subscribe(on('recorder', 'documents.ready', recorder('recorder')));
      return events;
    });
    const [first] = instances;
    if (!first) throw new Error('no instance');
    const ids = await Promise.all([commitOne(first), commitOne(first), commitOne(first)]);
    await Promise.all(instances.map((e) => e.dispatch(ids)));
    await Promise.all(instances.map((e) => e.idle()));
    for (const id of ids) expect(await received(id)).toEqual(['recorder']);
  });

  it('dispatch returns before the delivery (the response does not wait); the delivery follows, once', async () => {
    const events = createEvents({ db: database.db, log, now });
    events.subscribe(on('recorder', 'documents.ready', recorder('recorder')));
    const id = await commitOne(events);
    await events.dispatch([id]);
    // nothing delivered yet: the queue's worker starts on the next turn of the event loop
    expect(await received(id)).toEqual([]);
    await events.dispatch([id]);
    await events.idle();
    expect(await received(id)).toEqual(['recorder']);
    expect(await statusOf(id)).toBe('delivered');
    clock.offsetMs += MINUTE;
    await events.sweep();
    expect(await received(id)).toEqual(['recorder']);
  });

  it('a crash with events still queued: they stay pending, the next start’s sweep delivers each once', async () => {
    const before = createEvents({ db: database.db, log, now });
    before.subscribe(on('recorder', 'documents.ready', recorder('recorder')));
    const ids = await Promise.all([commitOne(before), commitOne(before)]);
    await before.dispatch(ids);
    // the process stops before its worker's turn: the queue is memory, the events are rows
    await before.stop();
    await before.idle();
    for (const id of ids) expect(await received(id)).toEqual([]);
    for (const id of ids) expect(await statusOf(id)).toBe('pending');

    const after = createEvents({ db: database.db, log, now });
    after.subscribe(on('recorder', 'documents.ready', recorder('recorder')));
    clock.offsetMs += MINUTE;
    await after.sweep();
    await after.sweep();
    for (const id of ids) expect(await received(id)).toEqual(['recorder']);
    for (const id of ids) expect(await statusOf(id)).toBe('delivered');
  });

  it('a batch with one failing event: the others are delivered once, the failing one waits for its retry alone', async () => {
    const events = createEvents({ db: database.db, log, now });
    let poisoned = '';
    const transactions = new Set<unknown>();
    events.subscribe(
      on('recorder', 'documents.ready', async (tx, event) => {
        transactions.add(tx);
        await recorder('recorder')(tx, event);
        if (event.id === poisoned) throw new Error('poisoned');
      }),
    );
    const ids = await Promise.all([commitOne(events), commitOne(events), commitOne(events), commitOne(events)]);
    poisoned = ids[2] as string;
    await events.dispatch(ids);
    await events.idle();
    for (const id of ids) expect(await received(id)).toEqual(id === poisoned ? [] : ['recorder']);
    for (const id of ids) expect(await statusOf(id)).toBe(id === poisoned ? 'pending' : 'delivered');
    const row = await createEventsRepository(database.db).find(poisoned);
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toBe('recorder: poisoned');
    // the batch's transaction (rolled back), then one per event alone
    expect(transactions.size).toBe(1 + ids.length);

    poisoned = '';
    clock.offsetMs += 10 * MINUTE;
    await events.sweep();
    for (const id of ids) expect(await received(id)).toEqual(['recorder']);
    for (const id of ids) expect(await statusOf(id)).toBe('delivered');
  });

  it('events dispatched together reach a subscriber in one transaction, with their after-commit work after it', async () => {
    const events = createEvents({ db: database.db, log, now });
    const transactions = new Set<unknown>();
    const afterCommit: string[] = [];
    events.subscribe(
      on('recorder', 'documents.ready', async (tx, event) => {
        transactions.add(tx);
        await recorder('recorder')(tx, event);
        return async () => {
          // the handler's work is committed when its after-commit runs
          afterCommit.push(...(await received(event.id)));
        };
      }),
    );
    const ids = await Promise.all([commitOne(events), commitOne(events), commitOne(events)]);
    await events.dispatch(ids);
    await events.idle();
    expect(transactions.size).toBe(1);
    expect(afterCommit).toEqual(['recorder', 'recorder', 'recorder']);
    for (const id of ids) expect(await statusOf(id)).toBe('delivered');
  });

  it('every subscriber’s share of a batch in one transaction; a batch handler gets the batch in one call (094)', async () => {
    const events = createEvents({ db: database.db, log, now });
    const transactions = new Set<unknown>();
    const calls: string[][] = [];
    const afterCommit: string[] = [];
    events.subscribe(
      on('each', 'documents.ready', async (tx, event) => {
        transactions.add(tx);
        await recorder('each')(tx, event);
      }),
      onBatch('batch', 'documents.ready', async (tx, batch) => {
        transactions.add(tx);
        calls.push(batch.map((e) => e.id));
        for (const event of batch) await recorder('batch')(tx, event);
        return async () => {
          for (const event of batch) afterCommit.push(...(await received(event.id)));
        };
      }),
    );
    const ids = await Promise.all([commitOne(events), commitOne(events), commitOne(events)]);
    await events.dispatch(ids);
    await events.idle();
    expect(transactions.size).toBe(1);
    // one call with the three (in the order they were written: committed at once, that is not the order of ids)
    expect(calls).toHaveLength(1);
    expect([...(calls[0] ?? [])].sort()).toEqual([...ids].sort());
    // the after-commit runs once everything of the batch committed, both subscribers' work
    expect(afterCommit).toEqual(ids.flatMap(() => ['batch', 'each']));
    for (const id of ids) expect(await received(id)).toEqual(['batch', 'each']);
    for (const id of ids) expect(await statusOf(id)).toBe('delivered');
  });

  it('one subscriber failing in the shared transaction: the others are delivered once in their own, it retries (094)', async () => {
    const events = createEvents({ db: database.db, log, now });
    let failing = true;
    const calls: number[] = [];
    events.subscribe(
      on('steady', 'documents.ready', recorder('steady')),
      onBatch('flaky', 'documents.ready', async (tx, batch) => {
        calls.push(batch.length);
        for (const event of batch) await recorder('flaky')(tx, event);
        if (failing) throw new Error('flaky');
      }),
    );
    const ids = await Promise.all([commitOne(events), commitOne(events)]);
    await events.dispatch(ids);
    await events.idle();
    for (const id of ids) expect(await received(id)).toEqual(['steady']);
    for (const id of ids) expect(await statusOf(id)).toBe('pending');
    // the shared transaction, the subscriber's own with the batch, then each event alone
    expect(calls).toEqual([2, 2, 1, 1]);

    failing = false;
    clock.offsetMs += 10 * MINUTE;
    await events.sweep();
    for (const id of ids) expect(await received(id)).toEqual(['flaky', 'steady']);
    for (const id of ids) expect(await statusOf(id)).toBe('delivered');
  });

  it('delivers outside the dispatching request’s context (its address, its transaction state are not the batch’s)', async () => {
    const request = new AsyncLocalStorage<string>();
    const events = createEvents({ db: database.db, log, now });
    const seen: (string | undefined)[] = [];
    events.subscribe(
      on('recorder', 'documents.ready', async (tx, event) => {
        seen.push(request.getStore());
        await recorder('recorder')(tx, event);
        return async () => {
          seen.push(request.getStore());
        };
      }),
    );
    const ids = await Promise.all([commitOne(events), commitOne(events)]);
    await request.run('request A', () => events.dispatch([ids[0] as string]));
    await request.run('request B', () => events.dispatch([ids[1] as string]));
    await events.idle();
    expect(seen).toEqual([undefined, undefined, undefined, undefined]);
    for (const id of ids) expect(await received(id)).toEqual(['recorder']);
  });

  it('an event of a transaction that rolled back is never delivered', async () => {
    const events = createEvents({ db: database.db, log, now });
    events.subscribe(on('recorder', 'documents.ready', recorder('recorder')));
    let id = '';
    await expect(
      database.db.transaction(async (tx) => {
        id = await events.publish(tx, 'documents.ready', { applicationId: randomUUID(), runId: randomUUID() });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await statusOf(id)).toBeUndefined();
  });

  it('refuses a payload the catalogue does not allow (a key it does not list)', async () => {
    const events = createEvents({ db: database.db, log, now });
    await expect(
      database.db.transaction((tx) =>
        events.publish(tx, 'documents.ready', {
          applicationId: randomUUID(),
          runId: randomUUID(),
          ssn: '123',
        } as never),
      ),
    ).rejects.toThrow();
  });

  it('a round failed by two deliveries at once (the queue and a sweep, or two instances) counts one attempt', async () => {
    const broken = () =>
      on('broken', 'documents.ready', async () => {
        throw new Error('down');
      });
    const one = createEvents({ db: database.db, log, now });
    const two = createEvents({ db: database.db, log, now });
    one.subscribe(broken());
    two.subscribe(broken());
    const id = await commitOne(one);
    // both read the event (attempts 0) before either fails its round
    expect(await Promise.all([one.deliver(id), two.deliver(id)])).toEqual(['retry', 'retry']);
    const row = await createEventsRepository(database.db).find(id);
    expect(row?.attempts).toBe(1);
    expect(row?.status).toBe('pending');
  });

  it('a subscriber failing every time: retried with back-off, then failed, never delivered twice to the others', async () => {
    const events = createEvents({ db: database.db, log, now });
    events.subscribe(
      on('recorder', 'documents.ready', recorder('recorder')),
      on('broken', 'documents.ready', async () => {
        throw new Error('always');
      }),
    );
    const id = await commitOne(events);
    await events.dispatch([id]);
    await events.idle();
    for (let i = 0; i < 10; i++) {
      clock.offsetMs += 25 * 3_600_000;
      await events.sweep();
    }
    const row = await createEventsRepository(database.db).find(id);
    expect(row?.status).toBe('failed');
    expect(row?.attempts).toBe(7);
    expect(row?.lastError).toContain('broken: always');
    expect(await received(id)).toEqual(['recorder']);
  });
});
