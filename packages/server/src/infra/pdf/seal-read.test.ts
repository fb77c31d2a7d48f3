import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPadesSealer } from '../pdf-seal/pades';
import { readSeal } from '../pdf-seal/seal-reader';
import { createPdfPool, PdfWorkError } from './pdf-pool';

const failure = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (e: unknown) => e as PdfWorkError,
  );

describe('seal reads in the PDF workers (decision 055)', () => {
  const pool = createPdfPool({ size: 1 });
  // the child started and ready first (tsx and pdf-lib take seconds to load on a busy machine): the times below
  // are of the reads
  beforeAll(async () => {
    expect(await pool.readSeal(Buffer.from('%PDF-1.7\n%%EOF\n'))).toMatchObject({
      problem: 'The PDF carries no seal.',
    });
  }, 90_000);
  afterAll(() => pool.close());
  const sealer = createPadesSealer({ dataDir: mkdtempSync(path.join(tmpdir(), 'under-seal-read-')) });

  it('a child reads a sealed PDF as this process would', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const info = { reason: 'Issued by Under', applicationId: 'app-1', documentId: 'doc-1', at: new Date(0) };
    const sealed = await sealer.seal(await doc.save(), info);
    const reading = await pool.readSeal(sealed);
    expect(reading).toEqual(readSeal(sealed));
    expect(reading).toMatchObject({ problem: null, documentId: 'doc-1', sealedAt: '1970-01-01T00:00:00.000Z' });
  });

  it('refuses bytes that start like a PDF but do not end as one (damaged), at once', async () => {
    const started = performance.now();
    const err = await failure(pool.readSeal(Buffer.from(`%PDF-1.7\n${'/M(D:'.repeat(80_000)}`, 'latin1')));
    expect(err).toBeInstanceOf(PdfWorkError);
    expect(err?.kind).toBe('damaged');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  // the next read waits for a new child to start: seconds, more on a busy machine
  it('ends a read past its time limit (the child killed), and the next read works', { timeout: 120_000 }, async () => {
    // 25 MB take tens of milliseconds to send, scan and hash: past a limit of 5
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(25_000_000, 0x20), Buffer.from('%%EOF\n')]);
    const err = await failure(pool.readSeal(big, { timeoutMs: 5 }));
    expect(err?.kind).toBe('timeout');
    expect(await pool.readSeal(big)).toMatchObject({ problem: 'The PDF carries no seal.' });
  });
});
