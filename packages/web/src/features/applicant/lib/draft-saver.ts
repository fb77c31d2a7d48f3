/**
 * The applicant's autosave (issue 12 "Drafts: nothing typed is lost"), framework-free so it is tested with fake
 * timers:
 * - every change is written at once to a local copy (localStorage: a crash of the tab loses nothing) and sent at
 *   most `delayMs` after the last change (one request at a time; changes made while one is in flight follow it);
 * - `flush({ keepalive })` sends at once (page hide: the request outlives the page);
 * - offline (the browser says so, or the request never reached the server): the changes wait, and go when
 *   `online()` is called (the page's 'online' event) or, for a failing server, after an exponential back-off;
 * - a 409 (another tab or device saved meanwhile) stops every save: nothing is overwritten silently, the page offers
 *   to reload;
 * - a refused save (the server said no to what was sent: 400, 403, 413, 422) is tried again with back-off, and any
 *   later change is sent again at once (issue 21: a refusal never stops the saving); `onRefused` says why;
 * - the local copy is removed once the server holds the same state.
 */

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'offline' | 'retrying' | 'refused' | 'conflict' | 'failed';

export interface DraftState {
  data: Record<string, unknown>;
  /** Anything else sent with the data (the acceptance of documents and terms). */
  extra?: Record<string, unknown>;
}

export interface SaveResult {
  revision: number;
}

/** Why a save failed, as the saver must react to it. */
export type SaveFailure = 'conflict' | 'network' | 'server' | 'refused' | 'fatal';

export interface LocalCopy extends DraftState {
  /** The server revision the changes were made on (null: no draft on the server yet). */
  baseRevision: number | null;
  changedAt: string;
}

export interface LocalStore {
  read(): LocalCopy | null;
  write(copy: LocalCopy): void;
  clear(): void;
}

export interface DraftSaverOptions {
  /** Sends one state; resolves with the new revision. `revision` is null before the draft exists. */
  save(state: DraftState, revision: number | null, options: { keepalive: boolean }): Promise<SaveResult>;
  /** Classifies an error thrown by `save`. */
  classify(error: unknown): SaveFailure;
  local: LocalStore;
  /** The revision the page was loaded on (null for a new application). */
  revision: number | null;
  delayMs: number;
  isOnline?: () => boolean;
  onStatus?: (status: SaveStatus) => void;
  /** A failure that stops the saver for good (a 'fatal' one: an expired link, an application gone). */
  onFatal?: (error: unknown) => void;
  /** A save the server refused (it is tried again, and sent again on the next change): why, for the status line. */
  onRefused?: (error: unknown) => void;
  /** First retry after a server failure; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  now?: () => Date;
}

export interface DraftSaver {
  change(state: DraftState): void;
  flush(options?: { keepalive?: boolean }): Promise<void>;
  /** The browser is back online: send what waits. */
  online(): void;
  status(): SaveStatus;
  revision(): number | null;
  /** True while changes wait to be sent (or are in flight). */
  hasUnsaved(): boolean;
  dispose(): void;
}

export function createDraftSaver(options: DraftSaverOptions): DraftSaver {
  const { delayMs, local, retryMs = 2_000, maxRetryMs = 60_000 } = options;
  const isOnline = options.isOnline ?? (() => true);
  const now = options.now ?? (() => new Date());
  let revision = options.revision;
  let latest: DraftState | null = null;
  /** Counts changes; a save confirms the change it carried. */
  let changeNo = 0;
  let savedNo = 0;
  let inFlight: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let status: SaveStatus = 'idle';
  let stopped = false;

  const setStatus = (next: SaveStatus) => {
    if (next === status) return;
    status = next;
    options.onStatus?.(next);
  };
  const clearTimers = () => {
    if (timer) clearTimeout(timer);
    if (retryTimer) clearTimeout(retryTimer);
    timer = null;
    retryTimer = null;
  };
  const dirty = () => changeNo !== savedNo;

  function schedule() {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void send(false);
    }, delayMs);
  }

  async function send(keepalive: boolean): Promise<void> {
    if (stopped || !latest || !dirty()) return;
    if (inFlight) {
      // One request at a time: what changed meanwhile goes right after it.
      await inFlight;
      return send(keepalive);
    }
    if (!isOnline()) {
      setStatus('offline');
      return;
    }
    const state = latest;
    const carried = changeNo;
    setStatus('saving');
    inFlight = (async () => {
      try {
        const result = await options.save(state, revision, { keepalive });
        revision = result.revision;
        savedNo = carried;
        attempt = 0;
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = null;
        if (dirty()) {
          // Changes made while this one was in flight: the local copy now rests on the new revision.
          local.write({ ...(latest as DraftState), baseRevision: revision, changedAt: now().toISOString() });
          setStatus('saving');
        } else {
          local.clear();
          setStatus('saved');
        }
      } catch (error) {
        const failure = options.classify(error);
        if (failure === 'conflict') {
          stopped = true;
          clearTimers();
          setStatus('conflict');
        } else if (failure === 'fatal') {
          stopped = true;
          clearTimers();
          setStatus('failed');
          options.onFatal?.(error);
        } else if (failure === 'network' && !isOnline()) {
          setStatus('offline');
        } else {
          // The server failed, refused or could not be reached: try again later, waiting twice as long each time.
          if (failure === 'refused') options.onRefused?.(error);
          setStatus(failure === 'network' ? 'offline' : failure === 'refused' ? 'refused' : 'retrying');
          const wait = Math.min(retryMs * 2 ** attempt, maxRetryMs);
          attempt += 1;
          if (retryTimer) clearTimeout(retryTimer);
          retryTimer = setTimeout(() => {
            retryTimer = null;
            void send(false);
          }, wait);
        }
      } finally {
        inFlight = null;
      }
    })();
    await inFlight;
    if (!stopped && dirty() && status === 'saving') schedule();
  }

  return {
    change(state) {
      if (stopped) return;
      latest = state;
      changeNo += 1;
      local.write({ ...state, baseRevision: revision, changedAt: now().toISOString() });
      if (!isOnline()) {
        setStatus('offline');
        return;
      }
      if (status !== 'offline' && status !== 'retrying' && status !== 'refused') setStatus('saving');
      // a change after a refusal or a failure goes at once (after the usual pause), and its back-off starts over
      attempt = 0;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      schedule();
    },
    async flush(flushOptions) {
      if (timer) clearTimeout(timer);
      timer = null;
      await send(flushOptions?.keepalive === true);
    },
    online() {
      if (stopped || !dirty()) return;
      attempt = 0;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      void send(false);
    },
    status: () => status,
    revision: () => revision,
    hasUnsaved: () => !stopped && dirty(),
    dispose() {
      stopped = true;
      clearTimers();
    },
  };
}

/** A local copy in localStorage under one key; a full or refused storage never breaks the page. */
export function localStorageCopy(key: string, storage: Storage | undefined = globalThis.localStorage): LocalStore {
  return {
    read() {
      try {
        const raw = storage?.getItem(key);
        if (!raw) return null;
        const parsed = JSON.parse(raw) as LocalCopy;
        return parsed && typeof parsed === 'object' && parsed.data && typeof parsed.data === 'object' ? parsed : null;
      } catch {
        return null;
      }
    },
    write(copy) {
      try {
        storage?.setItem(key, JSON.stringify(copy));
      } catch {
        // Full or refused (private mode): the server copy still comes within seconds.
      }
    },
    clear() {
      try {
        storage?.removeItem(key);
      } catch {
        // nothing to do
      }
    },
  };
}

/**
 * Which local copy the page starts from: an unsaved copy made on the revision the server still holds is newer than
 * the server's (a crash or a lost connection before it was sent), so it is applied and sent. A copy made on an
 * older revision lost the race to another tab or device: it is not applied over their work (null).
 */
export function pickLocalCopy(copy: LocalCopy | null, serverRevision: number | null): LocalCopy | null {
  if (!copy) return null;
  return copy.baseRevision === serverRevision ? copy : null;
}
