// The PDF child process: one task at a time from the pool (pdf-pool.ts), which bounds its memory and time and
// kills it when either runs out. Started through pdf-child.mjs, which registers tsx first.

import { prepareSeal } from '../../pdf-seal/pades';
import { readSeal } from '../../pdf-seal/seal-reader';
import { hasEndMarker } from '../../pdf-seal/seal-scan';
import type { PdfLimits } from '../pdf-limits';
import type { FromChild, TaskDone, ToChild } from '../pdf-protocol';
import { fill, NotPrepared } from './fill';
import { inspect } from './inspect';
import { Refusal } from './refusal';
import { textDocument } from './text-document';

const send = (message: FromChild) =>
  new Promise<void>((resolve, reject) => {
    if (!process.send) return reject(new Error('no IPC channel'));
    process.send(message, undefined, {}, (err) => (err ? reject(err) : resolve()));
  });

async function attempt(task: ToChild, limits: PdfLimits): Promise<TaskDone> {
  try {
    if (task.op === 'text') return { type: 'done', id: task.id, ok: true, result: await textDocument(task, limits) };
    if (task.op === 'seal') {
      const pdf = new Uint8Array(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
      const result = await prepareSeal(pdf, { ...task.info, at: new Date(task.info.at) });
      return { type: 'done', id: task.id, ok: true, result };
    }
    const bytes = new Uint8Array(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
    if (task.op === 'seal-read') {
      // bytes that start like a PDF but do not end like one (cut short, or made up) are refused, not read
      if (!hasEndMarker(bytes)) throw new Refusal('damaged', 'no %%EOF at the end of the file');
      return { type: 'done', id: task.id, ok: true, result: readSeal(bytes) };
    }
    if (task.op === 'detect') {
      // pdf.js is loaded by the first detection only: fills, seals and inspections never carry it
      const { detect } = await import('./detect');
      return { type: 'done', id: task.id, ok: true, result: await detect(bytes, limits) };
    }
    const result = task.op === 'inspect' ? await inspect(bytes, limits) : await fill({ ...task, bytes }, limits);
    return { type: 'done', id: task.id, ok: true, result };
  } catch (err) {
    if (err instanceof Refusal)
      return { type: 'done', id: task.id, ok: false, kind: err.kind, message: err.message, key: err.key };
    if (err instanceof NotPrepared) return { type: 'done', id: task.id, ok: false, kind: 'not-prepared', message: '' };
    const message = err instanceof Error ? err.message : String(err);
    return { type: 'done', id: task.id, ok: false, kind: 'failed', message };
  }
}

/** The child's peak resident memory so far, in bytes. */
const peakBytes = () => process.resourceUsage().maxRSS * 1024;

/**
 * Runs a task and says whether the child should then exit: after a task that took more than half of the memory
 * budget, a fresh process serves the next one (memory returned, and the peak below reflects one task only). A task
 * that failed while using that much ran out of memory (an array buffer refused by RLIMIT_DATA surfaces in pdf-lib
 * as an unreadable object): it is reported as too complex, not as damaged.
 */
async function run(task: ToChild, limits: PdfLimits): Promise<{ reply: TaskDone; heavy: boolean }> {
  const reply = await attempt(task, limits);
  const heavy = peakBytes() > (limits.retireMb ?? limits.memoryMb / 2) * 1024 * 1024;
  if (heavy && !reply.ok && (reply.kind === 'damaged' || reply.kind === 'failed'))
    return { reply: { ...reply, kind: 'too-complex' as const, message: `out of memory: ${reply.message}` }, heavy };
  return { reply, heavy };
}

export function start(limits: PdfLimits) {
  // the pool's end is ours: a parent that goes away leaves no PDF process behind
  process.on('disconnect', () => process.exit(0));
  process.on('message', (task: ToChild) => {
    if (task?.type !== 'task') return;
    void run(task, limits)
      .then(async ({ reply, heavy }) => {
        // said in the reply, so that the parent hands the next task to another child, not to one about to exit
        await send(heavy ? { ...reply, retiring: true } : reply);
        if (heavy) process.exit(0);
      })
      .catch(() => process.exit(1));
  });
  void send({ type: 'ready' });
}

const limits = JSON.parse(process.argv[2] ?? '') as PdfLimits;
start(limits);
