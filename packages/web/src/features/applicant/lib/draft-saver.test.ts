import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDraftSaver,
  type DraftState,
  type LocalCopy,
  type LocalStore,
  localStorageCopy,
  pickLocalCopy,
  type SaveFailure,
  type SaveStatus,
} from './draft-saver';

class Failure extends Error {
  constructor(readonly kind: SaveFailure) {
    super(kind);
  }
}

function memoryStore(): LocalStore & { copy: LocalCopy | null } {
  const store = {
    copy: null as LocalCopy | null,
    read: () => store.copy,
    write: (copy: LocalCopy) => {
      store.copy = copy;
    },
    clear: () => {
      store.copy = null;
    },
  };
  return store;
}

interface Call {
  state: DraftState;
  revision: number | null;
  keepalive: boolean;
  resolve: (revision: number) => void;
  reject: (error: unknown) => void;
}

function setup(opts: { revision?: number | null; online?: boolean } = {}) {
  const calls: Call[] = [];
  const statuses: SaveStatus[] = [];
  const local = memoryStore();
  const net = { online: opts.online ?? true };
  const fatal = vi.fn();
  const refused = vi.fn();
  const saver = createDraftSaver({
    save: (state, revision, { keepalive }) =>
      new Promise((resolve, reject) => {
        calls.push({ state, revision, keepalive, resolve: (r) => resolve({ revision: r }), reject });
      }),
    classify: (error) => (error instanceof Failure ? error.kind : 'fatal'),
    local,
    revision: opts.revision === undefined ? 3 : opts.revision,
    delayMs: 1_500,
    retryMs: 1_000,
    maxRetryMs: 8_000,
    isOnline: () => net.online,
    onStatus: (s) => statuses.push(s),
    onFatal: fatal,
    onRefused: refused,
  });
  return { saver, calls, statuses, local, net, fatal, refused };
}

/** Lets the saver's promise chains run. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('draft saver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes every change locally at once and sends the last one 1.5 s after the last change', async () => {
    const { saver, calls, local } = setup();
    saver.change({ data: { a: '1' } });
    expect(local.copy).toMatchObject({ data: { a: '1' }, baseRevision: 3 });
    vi.advanceTimersByTime(1_000);
    saver.change({ data: { a: '12' } });
    expect(local.copy?.data).toEqual({ a: '12' });
    vi.advanceTimersByTime(1_499);
    expect(calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ state: { data: { a: '12' } }, revision: 3, keepalive: false });
    expect(saver.status()).toBe('saving');
    calls[0]?.resolve(4);
    await settle();
    expect(saver.status()).toBe('saved');
    expect(saver.revision()).toBe(4);
    expect(local.copy).toBeNull();
    expect(saver.hasUnsaved()).toBe(false);
  });

  it('flushes at once with keepalive on page hide', async () => {
    const { saver, calls } = setup();
    saver.change({ data: { a: '1' } });
    void saver.flush({ keepalive: true });
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.keepalive).toBe(true);
    // the debounce timer was cancelled: no second request for the same change
    vi.advanceTimersByTime(5_000);
    expect(calls).toHaveLength(1);
  });

  it('a flush with nothing changed sends nothing', async () => {
    const { saver, calls } = setup();
    await saver.flush({ keepalive: true });
    expect(calls).toHaveLength(0);
  });

  it('sends one request at a time; a change made meanwhile follows on the new revision', async () => {
    const { saver, calls, local } = setup();
    saver.change({ data: { a: '1' } });
    vi.advanceTimersByTime(1_500);
    saver.change({ data: { a: '2' } });
    vi.advanceTimersByTime(1_500);
    expect(calls).toHaveLength(1);
    calls[0]?.resolve(4);
    await settle();
    expect(local.copy).toMatchObject({ data: { a: '2' }, baseRevision: 4 });
    vi.advanceTimersByTime(1_500);
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ state: { data: { a: '2' } }, revision: 4 });
    calls[1]?.resolve(5);
    await settle();
    expect(saver.status()).toBe('saved');
    expect(local.copy).toBeNull();
  });

  it('offline: changes wait (locally) and are sent when the browser is online again', async () => {
    const { saver, calls, net, local, statuses } = setup({ online: false });
    saver.change({ data: { a: '1' } });
    expect(saver.status()).toBe('offline');
    vi.advanceTimersByTime(60_000);
    expect(calls).toHaveLength(0);
    expect(local.copy?.data).toEqual({ a: '1' });
    net.online = true;
    saver.online();
    await settle();
    expect(calls).toHaveLength(1);
    calls[0]?.resolve(4);
    await settle();
    expect(statuses).toEqual(['offline', 'saving', 'saved']);
  });

  it('a network error while the browser says offline waits for the online event', async () => {
    const { saver, calls, net } = setup();
    saver.change({ data: { a: '1' } });
    vi.advanceTimersByTime(1_500);
    net.online = false;
    calls[0]?.reject(new Failure('network'));
    await settle();
    expect(saver.status()).toBe('offline');
    vi.advanceTimersByTime(120_000);
    expect(calls).toHaveLength(1);
    net.online = true;
    saver.online();
    await settle();
    expect(calls).toHaveLength(2);
  });

  it('retries a failing server with exponential back-off, capped', async () => {
    const { saver, calls } = setup();
    saver.change({ data: { a: '1' } });
    vi.advanceTimersByTime(1_500);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      calls[i]?.reject(new Failure('server'));
      await settle();
      expect(saver.status()).toBe('retrying');
      let waited = 0;
      while (calls.length === i + 1) {
        vi.advanceTimersByTime(500);
        waited += 500;
        await settle();
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
    calls[5]?.resolve(4);
    await settle();
    expect(saver.status()).toBe('saved');
  });

  it('a conflict stops every save and keeps the local copy', async () => {
    const { saver, calls, local } = setup();
    saver.change({ data: { a: '1' } });
    vi.advanceTimersByTime(1_500);
    calls[0]?.reject(new Failure('conflict'));
    await settle();
    expect(saver.status()).toBe('conflict');
    saver.change({ data: { a: '2' } });
    vi.advanceTimersByTime(60_000);
    await saver.flush({ keepalive: true });
    saver.online();
    await settle();
    expect(calls).toHaveLength(1);
    expect(local.copy?.data).toEqual({ a: '1' });
  });

  it('a fatal failure stops and is reported', async () => {
    const { saver, calls, fatal } = setup();
    saver.change({ data: { a: '1' } });
    vi.advanceTimersByTime(1_500);
    const error = new Failure('fatal');
    calls[0]?.reject(error);
    await settle();
    expect(saver.status()).toBe('failed');
    expect(fatal).toHaveBeenCalledWith(error);
  });

  it('a refused save is tried again with back-off, says why, and never stops the saving (issue 21)', async () => {
    const { saver, calls, refused, local } = setup();
    saver.change({ data: { ein: '12-3456789' } });
    vi.advanceTimersByTime(1_500);
    const error = new Failure('refused');
    calls[0]?.reject(error);
    await settle();
    expect(saver.status()).toBe('refused');
    expect(refused).toHaveBeenCalledWith(error);
    expect(saver.hasUnsaved()).toBe(true);
    expect(local.copy?.data).toEqual({ ein: '12-3456789' });
    // tried again after 1 s, then 2 s (back-off)
    vi.advanceTimersByTime(999);
    await settle();
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]?.reject(new Failure('refused'));
    await settle();
    vi.advanceTimersByTime(1_999);
    await settle();
    expect(calls).toHaveLength(2);
    vi.advanceTimersByTime(1);
    await settle();
    expect(calls).toHaveLength(3);
    calls[2]?.reject(new Failure('refused'));
    await settle();
    // a later change (the value fixed, or typing elsewhere) is sent after the usual pause, not after the back-off
    saver.change({ data: { ein: '123456789' } });
    vi.advanceTimersByTime(1_500);
    await settle();
    expect(calls).toHaveLength(4);
    expect(calls[3]?.state.data).toEqual({ ein: '123456789' });
    calls[3]?.resolve(4);
    await settle();
    expect(saver.status()).toBe('saved');
    expect(saver.revision()).toBe(4);
    expect(local.copy).toBeNull();
  });

  it('a flush (pressing Next, leaving the page) sends what a refusal left waiting', async () => {
    const { saver, calls } = setup();
    saver.change({ data: { a: '1' } });
    vi.advanceTimersByTime(1_500);
    calls[0]?.reject(new Failure('refused'));
    await settle();
    const flushed = saver.flush();
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(4);
    await flushed;
    expect(saver.status()).toBe('saved');
  });

  it('a new application: the first save goes with no revision', async () => {
    const { saver, calls } = setup({ revision: null });
    saver.change({ data: { a: '1' } });
    vi.advanceTimersByTime(1_500);
    expect(calls[0]?.revision).toBeNull();
    calls[0]?.resolve(1);
    await settle();
    expect(saver.revision()).toBe(1);
  });

  it('dispose cancels the pending save', () => {
    const { saver, calls } = setup();
    saver.change({ data: { a: '1' } });
    saver.dispose();
    vi.advanceTimersByTime(5_000);
    expect(calls).toHaveLength(0);
  });
});

describe('local copy', () => {
  it('applies an unsaved copy made on the revision the server holds, not one made on an older one', () => {
    const copy: LocalCopy = { data: { a: 1 }, baseRevision: 4, changedAt: '2026-11-23T20:00:00.000Z' };
    expect(pickLocalCopy(copy, 4)).toBe(copy);
    expect(pickLocalCopy(copy, 5)).toBeNull();
    expect(pickLocalCopy(null, 4)).toBeNull();
    expect(pickLocalCopy({ ...copy, baseRevision: null }, null)).not.toBeNull();
  });

  it('reads back what it wrote; survives broken JSON and a full storage', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => {
        if (v.length > 200) throw new Error('QuotaExceededError');
        map.set(k, v);
      },
      removeItem: (k: string) => map.delete(k),
    } as unknown as Storage;
    const store = localStorageCopy('k', storage);
    const copy: LocalCopy = { data: { a: 1 }, baseRevision: 1, changedAt: 'now' };
    store.write(copy);
    expect(store.read()).toEqual(copy);
    store.write({ ...copy, data: { a: 'x'.repeat(500) } });
    expect(store.read()).toEqual(copy);
    map.set('k', '{broken');
    expect(store.read()).toBeNull();
    store.clear();
    expect(store.read()).toBeNull();
  });
});
