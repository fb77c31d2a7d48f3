import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PdfField, PdfPage } from '@under/core/templates/pdf-field.schema';

/** Why the worker refused or could not finish a PDF. */
export interface FillSettings {
  defaultFontSize?: number;
  dateFormat?: string;
  pageFontSizes?: Record<number, number>;
}

export type PdfFailure =
  | 'not-pdf'
  | 'damaged'
  | 'encrypted'
  | 'no-pages'
  | 'too-many-pages'
  | 'too-complex'
  | 'timeout'
  | 'busy'
  | 'failed';

export class PdfWorkError extends Error {
  constructor(
    readonly kind: PdfFailure,
    detail?: string,
  ) {
    super(detail ? `${kind}: ${detail}` : kind);
    this.name = 'PdfWorkError';
  }
}

export interface InspectResult {
  pages: PdfPage[];
  acroFields: PdfField[];
}

export type FillValue = string | number | boolean | string[] | null;

export interface PdfPoolOptions {
  /** Workers kept alive and reused (default: 2, at most the CPU count). */
  size?: number;
  /** A task that runs longer is ended by terminating its worker (default 10 s). */
  timeoutMs?: number;
  /** V8 heap ceiling of each worker; past it the worker dies and the task fails (default 512 MB). */
  maxOldGenerationSizeMb?: number;
  /** Tasks waiting beyond this are refused at once (default 64). */
  maxQueue?: number;
}

interface Task {
  message: Record<string, unknown>;
  transfer: ArrayBuffer[];
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  task?: Task & { id: number; timer: NodeJS.Timeout };
}

const WORKER_URL = new URL('./pdf-worker.mjs', import.meta.url);

/**
 * A small pool of PDF worker threads, reused across requests. Every task is bounded: a heap limit per worker, and a
 * timeout after which the worker is terminated and replaced. A hostile file can fail its own task, nothing more.
 */
export function createPdfPool(options: PdfPoolOptions = {}) {
  const size = Math.max(1, Math.min(options.size ?? 2, availableParallelism()));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxQueue = options.maxQueue ?? 64;
  const resourceLimits = {
    maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? 512,
    maxYoungGenerationSizeMb: 64,
  };
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_URL, { resourceLimits }) };
    slot.worker.unref();
    slot.worker.on(
      'message',
      (msg: { id: number; ok: boolean; result?: unknown; kind?: PdfFailure; message?: string }) => {
        const task = slot.task;
        if (!task || task.id !== msg.id) return;
        clearTimeout(task.timer);
        slot.task = undefined;
        if (msg.ok) task.resolve(msg.result);
        else task.reject(new PdfWorkError(msg.kind ?? 'failed', msg.message));
        pump();
      },
    );
    const lost = (err?: Error) => {
      const task = slot.task;
      slot.task = undefined;
      const i = slots.indexOf(slot);
      if (i >= 0) slots.splice(i, 1);
      if (task) {
        clearTimeout(task.timer);
        // out of memory is how a decompression bomb or a hostile structure ends
        task.reject(new PdfWorkError('too-complex', err?.message));
      }
      pump();
    };
    slot.worker.on('error', lost);
    slot.worker.on('exit', () => lost());
    slots.push(slot);
    return slot;
  }

  function pump() {
    if (closed) return;
    while (queue.length) {
      let slot = slots.find((s) => !s.task);
      if (!slot && slots.length < size) slot = spawn();
      if (!slot) return;
      const task = queue.shift() as Task;
      const id = nextId++;
      const s = slot;
      const timer = setTimeout(() => {
        if (s.task?.id !== id) return;
        const t = s.task;
        s.task = undefined;
        const i = slots.indexOf(s);
        if (i >= 0) slots.splice(i, 1);
        s.worker.removeAllListeners('exit');
        s.worker.removeAllListeners('error');
        s.worker.on('error', () => {});
        void s.worker.terminate();
        t.reject(new PdfWorkError('timeout'));
        pump();
      }, timeoutMs);
      s.task = { ...task, id, timer };
      s.worker.postMessage({ ...task.message, id }, task.transfer);
    }
  }

  function run<T>(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<T> {
    if (closed) return Promise.reject(new PdfWorkError('failed', 'pool closed'));
    if (queue.length >= maxQueue) return Promise.reject(new PdfWorkError('busy'));
    return new Promise<T>((resolve, reject) => {
      queue.push({ message, transfer, resolve: resolve as (v: unknown) => void, reject });
      pump();
    });
  }

  /** A private copy of the bytes, so the caller's buffer survives the transfer. */
  const copy = (bytes: Uint8Array) => {
    const buf = new ArrayBuffer(bytes.byteLength);
    new Uint8Array(buf).set(bytes);
    return buf;
  };

  return {
    /** Checks an uploaded PDF (pages, encryption, damage, decompression bombs) and reads its pages and AcroForm. */
    inspect(bytes: Uint8Array): Promise<InspectResult> {
      const buf = copy(bytes);
      return run<InspectResult>({ op: 'inspect', bytes: buf }, [buf]);
    },
    /** Fills a mapping into the template and returns the flattened PDF. */
    async fill(opts: {
      bytes: Uint8Array;
      fields: readonly PdfField[];
      values?: Record<string, FillValue>;
      useSamples?: boolean;
      /** Names the template for the worker's cache of prepared templates (the storage key: it never changes). */
      cacheKey?: string;
      /** The template's settings: default font size, date format, font size per page. */
      settings?: FillSettings;
    }): Promise<Uint8Array> {
      const buf = copy(opts.bytes);
      const out = await run<Uint8Array>(
        {
          op: 'fill',
          bytes: buf,
          fields: opts.fields,
          values: opts.values ?? {},
          useSamples: opts.useSamples ?? true,
          cacheKey: opts.cacheKey,
          settings: opts.settings ?? {},
        },
        [buf],
      );
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    },
    async close() {
      closed = true;
      for (const t of queue.splice(0)) t.reject(new PdfWorkError('failed', 'pool closed'));
      await Promise.all(
        slots.splice(0).map((s) => {
          s.worker.removeAllListeners('exit');
          if (s.task) {
            clearTimeout(s.task.timer);
            s.task.reject(new PdfWorkError('failed', 'pool closed'));
          }
          return s.worker.terminate();
        }),
      );
    },
  };
}

export type PdfPool = ReturnType<typeof createPdfPool>;
