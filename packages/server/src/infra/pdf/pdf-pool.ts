import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants as fsConstants, readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PdfField } from '@under/core/templates/pdf-field.schema';
import type { SealReading } from '../pdf-seal/seal-reader';
import { type PdfLimits, resolvePdfLimits } from './pdf-limits';
import type {
  DetectResult,
  FillSettings,
  FillValue,
  FromChild,
  InspectResult,
  PdfFailure,
  PdfRequest,
  PdfResult,
  PreparedSealResult,
  TextDocumentRequest,
  ToChild,
} from './pdf-protocol';

export type { FillValue } from './pdf-protocol';

export class PdfWorkError extends Error {
  constructor(
    readonly kind: PdfFailure,
    detail?: string,
    /** For a refused value ('bad-image'): the key of its field. */
    readonly key?: string,
  ) {
    super(detail ? `${kind}: ${detail}` : kind);
    this.name = 'PdfWorkError';
  }
}

interface PdfPoolOptions {
  /**
   * Child processes kept alive and reused. Default: 2, and never more than the CPU count less one, so that one core
   * stays with the API while documents are generated (decision 046: on 2 cores, 2 workers made the API's p99 3.4x
   * idle; 1 worker, 1.4x).
   */
  size?: number;
  /** A task that runs longer is ended by killing its process (default 10 s). */
  timeoutMs?: number;
  /** V8 heap ceiling of each child, MB; the same as `limits.heapMb` (default 512). */
  maxOldGenerationSizeMb?: number;
  /** Tasks waiting beyond this are refused at once (default 64). */
  maxQueue?: number;
  /** The limits of the PDF work, over DEFAULT_PDF_LIMITS: the one place they are set. */
  limits?: Partial<PdfLimits>;
  /** A child that has not started after this long (loading tsx and pdf-lib) fails the task waiting for it. */
  startTimeoutMs?: number;
}

interface Task {
  request: PdfRequest;
  /** This task's own time limit (once a child runs it), shorter than the pool's. */
  timeoutMs?: number;
  resolve: (value: PdfResult) => void;
  reject: (err: Error) => void;
}

interface Slot {
  child: ChildProcess;
  ready: boolean;
  task?: Task & { id: number };
  timer?: NodeJS.Timeout;
  /** Set when the pool kills the child: what its task failed of. */
  killedFor?: PdfFailure;
  stderr: string;
  exited: Promise<void>;
  /** The templates the child holds prepared, in its own cache's order (a mirror: the child corrects it if wrong). */
  prepared: string[];
  /** The child said it exits after its last reply (a heavy task): it gets no further task. */
  retiring?: boolean;
}

/**
 * The time a detection may work, unless the pool allows more: the first detection in a child starts pdf.js (seconds
 * on a busy machine), and a 50-page PDF at the detector's 500 ms a page takes 25 s. The pool's 10 s made the admin's
 * "Detect fields" fail on a loaded server. Memory stays bounded as for every task.
 */
const DETECT_TIMEOUT_MS = 30_000;

/** How long a retiring child may take to exit by itself before the pool ends it. */
const RETIRE_GRACE_MS = 5_000;

/**
 * The time a seal read may work (decision 055): 1.5 s, and 0.1 s more per MB (4 s at the verify API's 25 MB). The
 * work is linear (sending the bytes, one scan, two hashes): our documents take a few milliseconds, 25 MB a few
 * hundred on an idle machine; the limit stops what nothing foresaw, within the API's 2 s for a body under 5 MB.
 */
const SEAL_READ_TIMEOUT_MS = 1_500;
const SEAL_READ_MS_PER_MB = 100;

const CHILD_ENTRY = fileURLToPath(new URL('./worker/pdf-child.mjs', import.meta.url));
const WATCH_MS = 25;
const MIB = 1024 * 1024;

/** `prlimit` (util-linux), to set RLIMIT_DATA on a child: the hard bound typed arrays cannot escape. */
const PRLIMIT = (() => {
  if (process.platform !== 'linux') return undefined;
  const dirs = ['/usr/bin', '/bin', '/usr/sbin', '/sbin', ...(process.env.PATH ?? '').split(path.delimiter)];
  for (const dir of dirs) {
    const candidate = path.join(dir, 'prlimit');
    try {
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
})();

/** Resident memory of a process in bytes (Linux), or undefined where /proc does not tell. */
function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A small pool of PDF child processes, reused across requests (decision 021). Every task is bounded: the child's
 * V8 heap (--max-old-space-size), all of its memory including array buffers (RLIMIT_DATA through prlimit where
 * available, and an RSS watchdog that kills it past the same figure), and a timeout after which the child is killed
 * (SIGKILL: the work stops for real) and replaced. A hostile file can fail its own task, nothing more; the server's
 * memory never holds its decoded content.
 */
export function createPdfPool(options: PdfPoolOptions = {}) {
  const size = Math.max(1, Math.min(options.size ?? Math.min(2, availableParallelism() - 1), availableParallelism()));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const maxQueue = options.maxQueue ?? 64;
  const limits = resolvePdfLimits({
    ...(options.maxOldGenerationSizeMb !== undefined ? { heapMb: options.maxOldGenerationSizeMb } : {}),
    ...options.limits,
  });
  const memoryBytes = limits.memoryMb * MIB;
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  const watchdog = setInterval(() => {
    for (const slot of slots) {
      if (!slot.task || slot.killedFor) continue;
      const rss = residentBytes(slot.child.pid);
      if (rss !== undefined && rss > memoryBytes) kill(slot, 'too-complex');
    }
  }, WATCH_MS);
  watchdog.unref();

  function kill(slot: Slot, reason: PdfFailure) {
    slot.killedFor ??= reason;
    slot.child.kill('SIGKILL');
  }

  /** Holds the parent's event loop open while the child works, not while it idles. */
  function hold(slot: Slot, busy: boolean) {
    const handles = [slot.child, slot.child.channel] as ({ ref(): void; unref(): void } | null | undefined)[];
    for (const h of handles) busy ? h?.ref() : h?.unref();
  }

  function spawnChild(): Slot {
    const args = [`--max-old-space-size=${limits.heapMb}`, CHILD_ENTRY, JSON.stringify(limits)];
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, NODE_ENV: process.env.NODE_ENV };
    if (process.env.TMPDIR) env.TMPDIR = process.env.TMPDIR;
    const child = PRLIMIT
      ? spawn(PRLIMIT, [`--data=${memoryBytes}`, process.execPath, ...args], {
          stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
          serialization: 'advanced',
          env,
        })
      : spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced', env });
    let exitedResolve = () => {};
    const slot: Slot = {
      child,
      ready: false,
      stderr: '',
      prepared: [],
      exited: new Promise<void>((resolve) => {
        exitedResolve = resolve;
      }),
    };
    (child.stderr as Socket | null)?.unref();
    child.stderr?.on('data', (chunk: Buffer) => {
      slot.stderr = (slot.stderr + chunk.toString('utf8')).slice(-4096);
    });
    const startTimer = setTimeout(() => kill(slot, 'failed'), startTimeoutMs);
    startTimer.unref();
    child.on('message', (msg: FromChild) => {
      if (msg.type === 'ready') {
        clearTimeout(startTimer);
        slot.ready = true;
        hold(slot, false);
        pump();
        return;
      }
      const task = slot.task;
      if (msg.type !== 'done' || !task || task.id !== msg.id || slot.killedFor) return;
      clearTimeout(slot.timer);
      slot.task = undefined;
      hold(slot, false);
      if (msg.retiring) {
        slot.retiring = true;
        setTimeout(() => kill(slot, 'failed'), RETIRE_GRACE_MS).unref();
      }
      const key = task.request.op === 'fill' ? task.request.cacheKey : undefined;
      if (!msg.ok && msg.kind === 'not-prepared') {
        // the child no longer holds the template: the same task again, with its bytes
        slot.prepared = [];
        queue.unshift(task);
      } else {
        if (msg.ok && key && !slot.prepared.includes(key)) {
          slot.prepared.push(key);
          if (slot.prepared.length > limits.preparedTemplates) slot.prepared.shift();
        }
        if (msg.ok) task.resolve(msg.result);
        else task.reject(new PdfWorkError(msg.kind === 'not-prepared' ? 'failed' : msg.kind, msg.message, msg.key));
      }
      pump();
    });
    let gone = false;
    const lost = (err?: Error) => {
      if (gone) return;
      gone = true;
      clearTimeout(startTimer);
      clearTimeout(slot.timer);
      const i = slots.indexOf(slot);
      if (i >= 0) slots.splice(i, 1);
      const task = slot.task;
      slot.task = undefined;
      const detail = err?.message ?? slot.stderr.trim().split('\n').slice(-3).join(' | ');
      if (task) {
        // out of memory is how a decompression bomb or a hostile structure ends
        task.reject(new PdfWorkError(slot.killedFor ?? 'too-complex', detail || undefined));
      } else if (!slot.ready && !closed) {
        // a child that cannot start fails the oldest waiting task, so that a broken setup cannot spawn forever
        queue.shift()?.reject(new PdfWorkError('failed', `the PDF process did not start: ${detail}`));
      }
      exitedResolve();
      pump();
    };
    child.on('error', lost);
    child.on('exit', () => lost());
    slots.push(slot);
    return slot;
  }

  function pump() {
    if (closed) return;
    while (queue.length) {
      const task = queue[0] as Task;
      const key = task.request.op === 'fill' ? task.request.cacheKey : undefined;
      const idle = slots.filter((s) => s.ready && !s.task && !s.killedFor && !s.retiring);
      // a child that holds the template prepared, if one is free
      const slot = idle.find((s) => key !== undefined && s.prepared.includes(key)) ?? idle[0];
      if (!slot) break;
      queue.shift();
      const id = nextId++;
      slot.task = { ...task, id };
      hold(slot, true);
      slot.timer = setTimeout(() => kill(slot, 'timeout'), task.timeoutMs ?? timeoutMs);
      const request: PdfRequest =
        task.request.op === 'fill' && key !== undefined && slot.prepared.includes(key)
          ? { ...task.request, bytes: new Uint8Array(0), prepared: true }
          : task.request;
      const message: ToChild = { ...request, type: 'task', id };
      slot.child.send(message, (err) => {
        if (err) kill(slot, 'failed');
      });
    }
    // start children for the tasks still waiting, up to the pool's size
    // (a retiring child keeps its place until it has exited: never more than `size` children, each within the memory
    // bound; its replacement starts from lost())
    const starting = slots.filter((s) => !s.ready).length;
    for (let n = starting; n < queue.length && slots.length < size; n++) spawnChild();
  }

  function run<T extends PdfResult>(request: PdfRequest, taskTimeoutMs?: number): Promise<T> {
    if (closed) return Promise.reject(new PdfWorkError('failed', 'pool closed'));
    if (queue.length >= maxQueue) return Promise.reject(new PdfWorkError('busy'));
    return new Promise<T>((resolve, reject) => {
      queue.push({ request, timeoutMs: taskTimeoutMs, resolve: resolve as Task['resolve'], reject });
      pump();
    });
  }

  return {
    /** The limits this pool's children work within. */
    limits: limits as Readonly<PdfLimits>,
    /** Checks an uploaded PDF (pages, encryption, damage, decompression bombs) and reads its pages and AcroForm. */
    inspect(bytes: Uint8Array): Promise<InspectResult> {
      return run<InspectResult>({ op: 'inspect', bytes });
    },
    /** Finds the fields printed on a flat PDF's pages (issue 25), within the pool's time and memory. */
    detect(bytes: Uint8Array): Promise<DetectResult> {
      return run<DetectResult>({ op: 'detect', bytes }, Math.max(timeoutMs, DETECT_TIMEOUT_MS));
    },
    /** Fills a mapping into the template and returns the flattened PDF. */
    async fill(opts: {
      bytes: Uint8Array;
      fields: readonly PdfField[];
      values?: Record<string, FillValue>;
      useSamples?: boolean;
      /** Names the template for the child's cache of prepared templates (the storage key: it never changes). */
      cacheKey?: string;
      /** The template's settings: default font size, date format, font size per page. */
      settings?: FillSettings;
    }): Promise<Uint8Array> {
      const out = await run<Uint8Array>({
        op: 'fill',
        bytes: opts.bytes,
        fields: opts.fields,
        values: opts.values ?? {},
        useSamples: opts.useSamples ?? true,
        cacheKey: opts.cacheKey,
        settings: opts.settings ?? {},
      });
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    },
    /** The pdf-lib part of a seal, in a worker (decision 047): the caller signs the returned byte range. */
    async prepareSeal(
      bytes: Uint8Array,
      info: { reason: string; applicationId: string; documentId: string; at: Date },
    ): Promise<PreparedSealResult> {
      const out = await run<PreparedSealResult>({ op: 'seal', bytes, info: { ...info, at: info.at.toISOString() } });
      return { ...out, bytes: new Uint8Array(out.bytes.buffer, out.bytes.byteOffset, out.bytes.byteLength) };
    },
    /**
     * Reads a PDF's seal for the verify API (decision 055): refused ('damaged') when the file does not end as a PDF,
     * and ended ('timeout') past `timeoutMs` of work (by default SEAL_READ_TIMEOUT_MS and SEAL_READ_MS_PER_MB), so
     * that bytes anyone sends are never parsed in the server's own process and never for long.
     */
    readSeal(bytes: Uint8Array, opts: { timeoutMs?: number } = {}): Promise<SealReading> {
      const limit = opts.timeoutMs ?? SEAL_READ_TIMEOUT_MS + Math.ceil(bytes.byteLength / 1e6) * SEAL_READ_MS_PER_MB;
      return run<SealReading>({ op: 'seal-read', bytes }, Math.min(limit, timeoutMs));
    },
    /** Lays out a document of text (title, sections of lines) with the embedded font: issue 13's certificate. */
    async textDocument(opts: Omit<TextDocumentRequest, 'op'>): Promise<Uint8Array> {
      const out = await run<Uint8Array>({ op: 'text', ...opts });
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    },
    /**
     * Starts the children now rather than on the first task (each takes a few seconds to start on a busy machine):
     * the server calls it once it listens, so the first upload or review does not wait for them.
     */
    warm() {
      while (!closed && slots.length < size) spawnChild();
    },
    /** The children's process ids and the tasks waiting, for monitoring and tests. */
    stats() {
      return {
        workers: slots.map((s) => ({ pid: s.child.pid, ready: s.ready, busy: s.task !== undefined })),
        queued: queue.length,
      };
    },
    async close() {
      closed = true;
      clearInterval(watchdog);
      for (const t of queue.splice(0)) t.reject(new PdfWorkError('failed', 'pool closed'));
      const all = slots.slice();
      for (const s of all) {
        if (s.task) {
          const task = s.task;
          s.task = undefined;
          task.reject(new PdfWorkError('failed', 'pool closed'));
        }
        // held until it has exited: close() resolves once no PDF process is left
        hold(s, true);
        kill(s, 'failed');
      }
      await Promise.all(all.map((s) => s.exited));
    },
  };
}

export type PdfPool = ReturnType<typeof createPdfPool>;
