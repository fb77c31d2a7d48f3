/** A stop that has not finished after this long is cut (decision 025). */
const HARD_STOP_MS = 60_000;

/**
 * The process's answer to SIGTERM/SIGINT (decision 025): readiness turns 503, no new connections, requests and jobs
 * in flight finish, then the database closes and the process exits 0. Nothing may keep it alive for ever: a stop
 * still waiting after `hardMs` (a request stuck on the database, a job that never ends) exits 1, and a second signal
 * exits 1 at once, for the operator who will not wait (decision 054).
 */
export function createStopper(deps: {
  drain: () => Promise<void>;
  closeDatabase: () => Promise<void>;
  /** Releases the data directory's lock (PGlite). */
  release?: () => void;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  exit: (code: number) => void;
  hardMs?: number;
}): (signal: string) => Promise<void> {
  let stopping = false;
  return async (signal) => {
    if (stopping) {
      deps.log.error({ signal }, 'second signal while stopping: exiting now');
      deps.exit(1);
      return;
    }
    stopping = true;
    deps.log.info({ signal }, 'stopping: finishing requests and jobs in flight');
    const hardMs = deps.hardMs ?? HARD_STOP_MS;
    const hard = setTimeout(() => {
      deps.log.error({ signal, ms: hardMs }, 'graceful stop took too long; exiting');
      deps.exit(1);
    }, hardMs);
    // the cut must not keep an otherwise finished process alive
    hard.unref();
    try {
      await deps.drain();
      await deps.closeDatabase();
    } catch (err) {
      deps.log.error({ err }, 'error while stopping');
    }
    clearTimeout(hard);
    deps.release?.();
    deps.log.info({}, 'stopped');
    deps.exit(0);
  };
}
