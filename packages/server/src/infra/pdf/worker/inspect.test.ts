import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { makePdf, makeTruncatedPdf } from '../../../test/pdf-fixtures';
import { resolvePdfLimits } from '../pdf-limits';
import { fill } from './fill';
import { inspect } from './inspect';
import { Refusal } from './refusal';

const limits = resolvePdfLimits();

describe('the end of the file', () => {
  it('accepts data after %%EOF, more than 2 KB of it (it was refused though every reader opens such files)', async () => {
    const footer = Buffer.from(`\n${'This message was scanned by the mail gateway. '.repeat(120)}\n`, 'latin1');
    const bytes = new Uint8Array(Buffer.concat([await makePdf({ pages: 2 }), footer, Buffer.alloc(3000)]));
    expect(footer.length + 3000).toBeGreaterThan(2048);
    const inspected = await inspect(bytes, limits);
    expect(inspected.pages).toHaveLength(2);
    const out = await fill({ op: 'fill', bytes, fields: [], values: {}, useSamples: true, settings: {} }, limits);
    expect((await PDFDocument.load(out)).getPageCount()).toBe(2);
  });

  it('still refuses a file cut short (no end-of-file marker) as damaged', async () => {
    const err = await inspect(new Uint8Array(await makeTruncatedPdf()), limits).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Refusal);
    expect((err as Refusal).kind).toBe('damaged');
  });
});
