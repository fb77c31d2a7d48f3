import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbOrTx } from '../../db/client';
import { createTestDatabase, PARALLEL_POOL_SIZE, testDatabases } from '../../test/helpers';
import { createEvents, type EventHandler, on } from './events';
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
