import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { type DecodedFilter, decodeAtOnce, decodePieces, type Layer } from './filters';

const context = (await PDFDocument.create()).context;

/** What pdf-lib itself decodes the bytes to. */
function pdfLib(filter: DecodedFilter, bytes: Uint8Array, earlyChange?: number) {
  const dict = context.obj({
    Filter: filter,
    ...(earlyChange === undefined ? {} : { DecodeParms: { EarlyChange: earlyChange } }),
  });
  return decodePDFRawStream(PDFRawStream.of(dict, bytes)).decode();
}

async function* one(bytes: Uint8Array) {
  yield bytes;
}

async function piecewise(layer: Layer, bytes: Uint8Array) {
  const parts: Uint8Array[] = [];
  for await (const piece of decodePieces(layer, one(bytes))) parts.push(piece);
  return Buffer.concat(parts);
}

/** Input for each filter: arbitrary bytes, and bytes drawn from the filter's own alphabet. */
const inputs: Record<DecodedFilter, fc.Arbitrary<Uint8Array>> = {
  FlateDecode: fc.uint8Array({ maxLength: 3000 }).map((b) => new Uint8Array(deflateSync(b))),
  LZWDecode: fc.uint8Array({ maxLength: 3000 }),
  RunLengthDecode: fc.uint8Array({ maxLength: 3000 }),
  ASCIIHexDecode: fc
    .array(fc.constantFrom(...'0123456789abcdefABCDEF \n>xZ'), { maxLength: 3000 })
    .map((chars) => Uint8Array.from(chars.join(''), (c) => c.charCodeAt(0))),
  ASCII85Decode: fc
    .array(
      fc.constantFrom(...'!"#$%&()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstu z~\n'),
      {
        maxLength: 3000,
      },
    )
    .map((chars) => Uint8Array.from(chars.join(''), (c) => c.charCodeAt(0))),
};

describe('stream filters, decoded piece by piece', () => {
  it.each(Object.keys(inputs) as DecodedFilter[])(
    '%s: the same bytes as pdf-lib, at once and piece by piece',
    async (filter) => {
      await fc.assert(
        fc.asyncProperty(inputs[filter], fc.constantFrom(0, 1), async (bytes, earlyChange) => {
          const layer: Layer = { filter, earlyChange: filter === 'LZWDecode' ? earlyChange : undefined };
          const expected = Buffer.from(pdfLib(filter, bytes, filter === 'LZWDecode' ? earlyChange : undefined));
          expect(Buffer.from(decodeAtOnce(layer, bytes, Number.MAX_SAFE_INTEGER) ?? [])).toEqual(expected);
          expect(Buffer.from(await piecewise(layer, bytes))).toEqual(expected);
        }),
        { numRuns: 100 },
      );
    },
  );

  it('stops decoding at once past the cap, leaving the rest to the piecewise decoder', () => {
    const zeros = deflateSync(Buffer.alloc(4 * 1024 * 1024));
    expect(decodeAtOnce({ filter: 'FlateDecode' }, zeros, 1024 * 1024)).toBeUndefined();
    const runs = Uint8Array.from({ length: 2000 }, (_, i) => (i % 2 ? 0 : 129)); // 1000 runs of 128 zeros
    expect(decodeAtOnce({ filter: 'RunLengthDecode' }, runs, 1000)).toBeUndefined();
    expect(decodeAtOnce({ filter: 'RunLengthDecode' }, runs, 128_000)?.length).toBe(128_000);
  });

  it('hands output on only as it is taken, so a consumer that stops stops the work', async () => {
    const bomb = deflateSync(Buffer.alloc(64 * 1024 * 1024));
    let taken = 0;
    for await (const piece of decodePieces({ filter: 'FlateDecode' }, one(bomb))) {
      taken += piece.length;
      if (taken > 1024 * 1024) break;
    }
    // a slice of input (1 KB) inflates to about 1 MB at most: the decoder was about 1 MB ahead, not 64
    expect(taken).toBeLessThan(2 * 1024 * 1024);
  });
});

describe('zlib data followed by other bytes', () => {
  // a real file (pdf.js issue9940.pdf) has a content stream whose zlib data ends before the stream does: the
  // piecewise inflate waited forever for an end zlib had already signalled, so the task ran into the timeout
  it('ends the piecewise inflate at the end of the zlib data', async () => {
    const bytes = Buffer.concat([deflateSync(Buffer.from('q 1 0 0 1 0 0 cm Q')), Buffer.from('\r\n garbage')]);
    const out = await piecewise({ filter: 'FlateDecode' }, bytes);
    expect(out.toString('latin1')).toBe('q 1 0 0 1 0 0 cm Q');
  }, 5000);
});
