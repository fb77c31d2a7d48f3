import { describe, expect, it } from 'vitest';
import { createStopper } from './stop';

function harness(opts: { drain?: () => Promise<void>; hardMs?: number } = {}) {
  const exits: number[] = [];
  const steps: string[] = [];
  let exited: (code: number) => void = () => {};
  const exit = new Promise<number>((r) => {
    exited = r;
  });
  const stop = createStopper({
    drain: opts.drain ?? (async () => void steps.push('drain')),
    closeDatabase: async () => void steps.push('close'),
    release: () => void steps.push('release'),
    log: { info: () => {}, error: () => {} },
    exit: (code) => {
      exits.push(code);
      exited(code);
    },
    hardMs: opts.hardMs,
  });
  return { stop, exits, steps, exit };
}

// Issue 21 §6: a request stuck on the database kept SIGTERM from stopping the process.
describe('stopping on a signal', () => {
  it('drains, closes the database, releases the lock and exits 0', async () => {
    const h = harness();
    await h.stop('SIGTERM');
    expect(h.steps).toEqual(['drain', 'close', 'release']);
    expect(h.exits).toEqual([0]);
  });

  it('exits 1 when the drain never ends (a request stuck on the database)', async () => {
    const h = harness({ drain: () => new Promise<void>(() => {}), hardMs: 200 });
    void h.stop('SIGTERM');
    const started = Date.now();
    expect(await h.exit).toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(h.steps).not.toContain('close');
  });

  it('a second signal exits 1 at once', async () => {
    const h = harness({ drain: () => new Promise<void>(() => {}), hardMs: 60_000 });
    void h.stop('SIGTERM');
    await h.stop('SIGINT');
    expect(h.exits).toEqual([1]);
  });
});
