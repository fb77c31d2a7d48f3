import { afterAll, describe, expect, it } from 'vitest';
import {
  makeAcroFormPdf,
  makeBombPdf,
  makeEncryptedPdf,
  makePdf,
  makeTruncatedPdf,
  PNG_BYTES,
} from '../../test/pdf-fixtures';
import { createPdfPool, PdfWorkError } from './pdf-pool';

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
    const tiny = createPdfPool({ size: 1, maxOldGenerationSizeMb: 2 });
    try {
      const err = await tiny.inspect(await makePdf({ pages: 50 })).catch((e: unknown) => e);
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
});
