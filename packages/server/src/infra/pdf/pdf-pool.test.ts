import { readFileSync } from 'node:fs';
import type { PdfField } from '@under/core/templates/pdf-field.schema';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFlatApplicationPdf } from '../../test/flat-application-pdf';
import {
  MALFORMED_PDFS,
  makeAcroFormPdf,
  makeBombPdf,
  makeEncryptedPdf,
  makeManyObjectsPdf,
  makePdf,
  makeTruncatedPdf,
  makeZeroPng,
  PNG_BYTES,
  wellFormedRawPdf,
} from '../../test/pdf-fixtures';
import { createPdfPool, PdfWorkError } from './pdf-pool';

const MIB = 1024 * 1024;

/** A process's peak resident memory (VmHWM), from /proc. */
const peakOf = (pid: number | undefined) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1] ?? Number.NaN) * 1024;

/** This process's peak resident memory so far, in bytes. */
const ownPeak = () => process.resourceUsage().maxRSS * 1024;

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const failure = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (e: unknown) => e as PdfWorkError,
  );

describe('PDF worker pool', () => {
  const pool = createPdfPool({ size: 2, timeoutMs: 10_000 });
  afterAll(() => pool.close());

  const refusal = async (bytes: Uint8Array) => {
    const started = Date.now();
    const err = await pool.inspect(bytes).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(err).toBeInstanceOf(PdfWorkError);
    return (err as PdfWorkError).kind;
  };

  it('warm() starts every child before the first task, ready to work', async () => {
    const warm = createPdfPool({ size: 2 });
    try {
      expect(warm.stats().workers).toEqual([]);
      warm.warm();
      expect(warm.stats().workers).toHaveLength(2);
      await expect
        .poll(() => warm.stats().workers.every((w) => w.ready), { timeout: 60_000, interval: 100 })
        .toBe(true);
      warm.warm();
      expect(warm.stats().workers).toHaveLength(2);
    } finally {
      await warm.close();
    }
  });

  it('reads pages, sizes and rotations', async () => {
    const result = await pool.inspect(await makePdf({ pages: 3, rotate: { 2: 90 }, landscape: [3] }));
    expect(result.pages).toEqual([
      { page: 1, width: 612, height: 792, rotation: 0 },
      { page: 2, width: 792, height: 612, rotation: 90 },
      { page: 3, width: 792, height: 612, rotation: 0 },
    ]);
    expect(result.acroFields).toEqual([]);
  });

  it('offers AcroForm fields in top-left page coordinates', async () => {
    const { acroFields } = await pool.inspect(await makeAcroFormPdf());
    expect(acroFields.map((f) => [f.key, f.type, f.page])).toEqual([
      ['Business_Name', 'text', 1],
      ['agree', 'checkbox', 1],
      ['entity_type', 'radio', 1],
      ['entity_type', 'radio', 1],
      ['owner_name', 'text', 2],
    ]);
    // pdf-lib widens the widget by its 1-point border: the rectangle is the widget's, half a point out
    const first = acroFields[0];
    for (const [k, v] of [
      ['x', 100],
      ['y', 792 - 720],
      ['width', 200],
      ['height', 20],
    ] as const) {
      expect(Math.abs((first?.[k] ?? 0) - v), k).toBeLessThanOrEqual(1);
    }
    expect(acroFields[2]?.optionValue).toBe('llc');
    expect(acroFields[3]?.optionValue).toBe('corp');
  });

  it('refuses bad files with a reason, quickly', async () => {
    expect(await refusal(PNG_BYTES)).toBe('not-pdf');
    expect(await refusal(await makeTruncatedPdf())).toBe('damaged');
    expect(await refusal(await makeEncryptedPdf())).toBe('encrypted');
    expect(await refusal(await makePdf({ pages: 51 }))).toBe('too-many-pages');
    expect(await refusal(await makeBombPdf())).toBe('too-complex');
    expect(await refusal(await makeBombPdf({ inObjectStream: true }))).toBe('too-complex');
  });

  it('a worker past its heap limit fails its task, not the process', async () => {
    // the child process starts within 32 MB of heap; 150,000 objects do not fit in it
    const tiny = createPdfPool({ size: 1, maxOldGenerationSizeMb: 32, timeoutMs: 30_000 });
    try {
      const err = await tiny.inspect(makeManyObjectsPdf(150_000)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PdfWorkError);
      expect((err as PdfWorkError).kind).toBe('too-complex');
    } finally {
      await tiny.close();
    }
  });

  it('ends a task past its time limit and keeps working', async () => {
    const slow = createPdfPool({ size: 1, timeoutMs: 1 });
    try {
      const err = await slow.inspect(await makePdf({ pages: 50 })).catch((e: unknown) => e);
      expect((err as PdfWorkError).kind).toBe('timeout');
    } finally {
      await slow.close();
    }
    expect((await pool.inspect(await makePdf({ pages: 1 }))).pages).toHaveLength(1);
  });

  it('refuses decompression bombs through filter chains in under 10 s, its memory bounded', async () => {
    pool.warm();
    await expect.poll(() => pool.stats().workers.every((w) => w.ready), { timeout: 60_000 }).toBe(true);
    const pidsBefore = pool.stats().workers.map((w) => w.pid);
    const peakBefore = ownPeak();
    const bombs = [
      await makeBombPdf({ layers: 2, mib: 256 }), // /Filter [/FlateDecode /FlateDecode]: 1.6 KB to 256 MiB
      await makeBombPdf({ layers: 3, mib: 1024 }), // three layers to 1 GiB
      await makeBombPdf({ layers: 2, mib: 256, inObjectStream: true }), // an object stream, which a parser inflates
    ];
    expect(bombs[0]?.length).toBeLessThan(2048);
    for (const bomb of bombs) expect(await refusal(bomb)).toBe('too-complex');
    // the decoding happened in the children, counted piece by piece, nothing of it kept: this process's peak did
    // not move, and the children's peaks stayed small
    expect(ownPeak() - peakBefore).toBeLessThan(64 * MIB);
    // the same children: one that grows past half its memory exits after its task, and a fresh replacement's peak
    // would say nothing
    const pids = pool.stats().workers.map((w) => w.pid);
    expect(pids).toEqual(pidsBefore);
    for (const pid of pids) expect(peakOf(pid)).toBeLessThan(320 * MIB);
  });

  it('refuses a broken catalog or page tree as damaged, never as a failure', async () => {
    expect((await pool.inspect(wellFormedRawPdf())).pages).toHaveLength(1);
    const kinds: Record<string, string | undefined> = {};
    for (const [name, make] of Object.entries(MALFORMED_PDFS))
      kinds[name] = (await failure(pool.inspect(make())))?.kind;
    expect(kinds).toEqual(Object.fromEntries(Object.keys(MALFORMED_PDFS).map((name) => [name, 'damaged'])));
  });

  it('takes its limits from one place: the pool', async () => {
    const strict = createPdfPool({ size: 1, limits: { maxPages: 2 } });
    try {
      expect(strict.limits.maxPages).toBe(2);
      expect((await failure(strict.inspect(await makePdf({ pages: 3 }))))?.kind).toBe('too-many-pages');
      expect((await strict.inspect(await makePdf({ pages: 2 }))).pages).toHaveLength(2);
    } finally {
      await strict.close();
    }
    expect(pool.limits.maxPages).toBe(50);
  });

  it("bounds all of a child's memory, array buffers included: past it the child dies, the server does not grow", async () => {
    // decode limits relaxed so that pdf-lib itself inflates a 1 GiB object stream into typed arrays, which a
    // worker thread's heap limit does not count; the child's memory limit does
    const loose = createPdfPool({
      size: 1,
      timeoutMs: 60_000,
      limits: { maxStreamDecodedBytes: 2 ** 40, maxTotalDecodedBytes: 2 ** 40, memoryMb: 384, heapMb: 256 },
    });
    try {
      const bomb = await makeBombPdf({ layers: 2, mib: 1024, inObjectStream: true });
      const peakBefore = ownPeak();
      const err = await failure(loose.inspect(bomb));
      expect(ownPeak() - peakBefore).toBeLessThan(64 * MIB);
      expect(err?.kind).toBe('too-complex');
    } finally {
      await loose.close();
    }
  });

  it('a child that retires after a heavy task is given no task in between: the next waiting task is not lost', async () => {
    // every task is "heavy" here (a child's peak passes 1 MB at once), so each child exits after its task;
    // with a second task already waiting, the parent once handed it to the exiting child, which failed it as
    // too complex (a flaky refusal of an ordinary upload under load)
    const retiring = createPdfPool({ size: 1, timeoutMs: 60_000, limits: { retireMb: 1 } });
    try {
      const pdf = await makePdf({ pages: 1 });
      const results = await Promise.allSettled([1, 2, 3, 4].map(() => retiring.inspect(pdf)));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    } finally {
      await retiring.close();
    }
  }, 120_000);

  it("a detection has 30 s of its own even where the pool's other tasks have less", async () => {
    const hurried = createPdfPool({ size: 1, timeoutMs: 1 });
    try {
      const flat = await makeFlatApplicationPdf();
      expect((await failure(hurried.inspect(flat)))?.kind).toBe('timeout');
      const found = await hurried.detect(flat);
      expect(found.fields.length).toBeGreaterThan(10);
    } finally {
      await hurried.close();
    }
  }, 120_000);

  it('a timeout kills the child process for real', async () => {
    const slow = createPdfPool({ size: 1, timeoutMs: 300 });
    try {
      const work = failure(slow.inspect(makeManyObjectsPdf(150_000)));
      let pid: number | undefined;
      while (pid === undefined) {
        await new Promise((resolve) => setImmediate(resolve));
        pid = slow.stats().workers.find((w) => w.busy)?.pid;
      }
      expect(isAlive(pid)).toBe(true);
      expect((await work)?.kind).toBe('timeout');
      // the rejection comes once the process has exited
      expect(isAlive(pid)).toBe(false);
      expect(slow.stats().workers).toEqual([]);
    } finally {
      await slow.close();
    }
  });

  it('refuses a PNG value that would decode to more than the pixel limit, naming its field', async () => {
    const template = await makePdf({ pages: 1 });
    const fields: PdfField[] = [
      { id: 'f1', key: 'logo', type: 'image', page: 1, x: 72, y: 72, width: 200, height: 60 } as PdfField,
    ];
    const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
    // bit depth 255: a byte no PNG has, which made the decode budget ~2 GB
    const oddDepth = Buffer.from(makeZeroPng(64, 64));
    oddDepth[24] = 255;
    for (const png of [makeZeroPng(9000, 9000), makeZeroPng(100, 100, 64 * MIB), oddDepth]) {
      const err = await failure(pool.fill({ bytes: template, fields, values: { logo: dataUrl(png) } }));
      expect(err).toBeInstanceOf(PdfWorkError);
      expect([err?.kind, err?.key]).toEqual(['bad-image', 'logo']);
    }
    const ok = await pool.fill({ bytes: template, fields, values: { logo: dataUrl(makeZeroPng(64, 64)) } });
    expect(Buffer.from(ok.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('does not send a template a child holds prepared again, and sends it when the child no longer holds it', async () => {
    const one = createPdfPool({ size: 1, limits: { preparedTemplates: 1 } });
    try {
      const a = await makePdf({ pages: 1 });
      const b = await makePdf({ pages: 2 });
      const fields = [
        { id: 'f1', key: 'name', type: 'text', page: 1, x: 72, y: 72, width: 200, height: 20 } as PdfField,
      ];
      const filled = (bytes: Uint8Array, cacheKey: string, values: Record<string, string> = {}) =>
        one.fill({ bytes, fields, cacheKey, values, useSamples: false });
      await filled(a, 'a');
      // the child fills from what it prepared: the bytes given are not even read
      expect((await filled(new Uint8Array(0), 'a', { name: 'again' })).length).toBeGreaterThan(0);
      // b is prepared (and a dropped from the child's cache of one) but its fill fails: the pool still believes the
      // child holds a, the child says it does not, and the pool sends a's bytes again
      const badImage = [{ ...fields[0], key: 'logo', type: 'image' } as PdfField];
      const logo = `data:image/png;base64,${makeZeroPng(9000, 9000).toString('base64')}`;
      expect((await failure(one.fill({ bytes: b, fields: badImage, cacheKey: 'b', values: { logo } })))?.kind).toBe(
        'bad-image',
      );
      expect((await filled(a, 'a', { name: 'third' })).length).toBeGreaterThan(0);
    } finally {
      await one.close();
    }
  });
});
