import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { layeredZeros, makeAcroFormPdf, makePdf, rawPdf, rawStream, zeroZlib } from '../../../test/pdf-fixtures';
import { resolvePdfLimits } from '../pdf-limits';
import { checkStreams } from './bomb-check';
import { Refusal } from './refusal';

const MIB = 1024 * 1024;
const limits = resolvePdfLimits();

/** The refusal kind, or 'ok'; and how long the check took. */
async function outcome(bytes: Uint8Array) {
  const started = Date.now();
  const kind = await checkStreams(bytes, limits).then(
    () => 'ok',
    (err: unknown) => {
      if (err instanceof Refusal) return err.kind;
      throw err;
    },
  );
  return { kind, ms: Date.now() - started };
}

const CATALOG = { 1: '<< /Type /Catalog /Pages 2 0 R >>', 2: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' };
const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>';

/** A one-page PDF whose object 4 (its content) and further objects are the given stream bodies. */
const withStreams = (...bodies: (string | Uint8Array)[]) =>
  rawPdf(
    Object.fromEntries([...Object.entries(CATALOG), [3, PAGE], ...bodies.map((b, i) => [4 + i, b])]),
    '/Root 1 0 R',
  );

/**
 * LZW codes for zeros as pdf-lib reads them (EarlyChange 1): 0, then 258, 259, ... (each one zero longer), up to
 * 4095 (3839 zeros), then 4095 again `repeats` times: about 3.8 KB out for every 12 bits in.
 */
function lzwZeros(repeats: number) {
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  let codeLength = 9;
  let nextCode = 258;
  let first = true;
  const put = (code: number) => {
    acc = (acc << codeLength) | code;
    bits += codeLength;
    while (bits >= 8) {
      bits -= 8;
      bytes.push((acc >>> bits) & 0xff);
    }
    acc &= (1 << bits) - 1;
    if (!first) {
      nextCode++;
      const n = nextCode + 1;
      if (!(n & (n - 1))) codeLength = Math.min(Math.log2(n) + 1, 12);
    }
    first = false;
  };
  put(0);
  for (let code = 258; code <= 4095; code++) put(code);
  for (let i = 0; i < repeats; i++) put(4095);
  put(257);
  if (bits) bytes.push((acc << (8 - bits)) & 0xff);
  return Uint8Array.from(bytes);
}

const hex = (bytes: Uint8Array) => Buffer.from(`${Buffer.from(bytes).toString('hex')}>`, 'latin1');

describe('decompression bomb check', () => {
  it('passes ordinary files', async () => {
    expect((await outcome(await makePdf({ pages: 5 }))).kind).toBe('ok');
    expect((await outcome(await makeAcroFormPdf())).kind).toBe('ok');
    // a chain ending in an image codec: the layers before it are decoded, the image is not
    const jpegish = deflateSync(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    expect((await outcome(withStreams(rawStream('/Filter [/FlateDecode /DCTDecode]', jpegish)))).kind).toBe('ok');
    expect((await outcome(withStreams(rawStream('/Filter /DCTDecode', jpegish)))).kind).toBe('ok');
  });

  it.each([
    ['two FlateDecode layers (256 MiB)', '/Filter [/FlateDecode /FlateDecode]', layeredZeros(256, 2)],
    ['three FlateDecode layers (1 GiB)', '/Filter [/FlateDecode /FlateDecode /FlateDecode]', layeredZeros(1024, 3)],
    [
      'an object stream under two layers',
      '/Type /ObjStm /N 1 /First 4 /Filter [/FlateDecode /FlateDecode]',
      layeredZeros(256, 2),
    ],
    ['a cross-reference stream', '/Type /XRef /Size 9 /W [1 2 1] /Filter /FlateDecode', zeroZlib(128)],
    ['LZW (about 270 MiB from 100 KB)', '/Filter /LZWDecode', lzwZeros(70_000)],
    ['LZW in an object stream', '/Type /ObjStm /N 1 /First 4 /Filter /LZWDecode', lzwZeros(70_000)],
    [
      'ASCIIHex over two Flate layers',
      '/Filter [/ASCIIHexDecode /FlateDecode /FlateDecode]',
      hex(layeredZeros(256, 2)),
    ],
    [
      'run-length under Flate',
      '/Filter [/FlateDecode /RunLengthDecode]',
      deflateSync(Buffer.from(Uint8Array.from({ length: 2 * 700_000 }, (_, i) => (i % 2 ? 0 : 129)))),
    ],
    ['a name written with #-escapes', '/Filter [/Flate#44ecode /FlateDecode] /Type /Obj#53tm', layeredZeros(256, 2)],
  ])('refuses %s as too complex, quickly', async (_name, dict, data) => {
    const { kind, ms } = await outcome(withStreams(rawStream(dict, data)));
    expect(kind).toBe('too-complex');
    expect(ms).toBeLessThan(10_000);
  });

  it('counts all streams of the file together', async () => {
    // five streams of 60 MiB each: each within the 64 MiB a stream may decode to, 300 MiB together
    const streams = Array.from({ length: 5 }, () => rawStream('/Filter /FlateDecode', zeroZlib(60)));
    expect((await outcome(withStreams(...streams.slice(0, 4)))).kind).toBe('ok');
    expect((await outcome(withStreams(...streams))).kind).toBe('too-complex');
  });

  it('finds streams whatever their /Length says', async () => {
    const bomb = layeredZeros(256, 2);
    const body = (length: string) =>
      Buffer.concat([
        Buffer.from(`<< /Filter [/FlateDecode /FlateDecode] /Length ${length} >>\nstream\r\n`, 'latin1'),
        bomb,
        Buffer.from('\r\nendstream', 'latin1'),
      ]);
    // an indirect length (pdf-lib then looks for endstream), a length that lies short, one past the end of the file
    for (const length of ['9 0 R', '10', '99999999']) {
      expect((await outcome(withStreams(body(length)))).kind, length).toBe('too-complex');
    }
    // a comment between the object's header and its dictionary
    const commented = rawPdf(
      { ...CATALOG, 3: PAGE, 4: Buffer.concat([Buffer.from('% note\n'), body('9 0 R')]) },
      '/Root 1 0 R',
    );
    expect((await outcome(commented)).kind).toBe('too-complex');
  });

  it.each([
    ['an unknown filter', '/Filter /NoSuchDecode'],
    ['a filter by reference', '/Filter 9 0 R'],
    ['an image codec before another filter', '/Filter [/DCTDecode /FlateDecode]'],
    ['an image codec on an object stream', '/Type /ObjStm /N 1 /First 4 /Filter /DCTDecode'],
    ['an abbreviation on an object stream (pdf-lib knows none)', '/Type /ObjStm /N 1 /First 4 /Filter /Fl'],
  ])('refuses %s as damaged', async (_name, dict) => {
    expect((await outcome(withStreams(rawStream(dict, deflateSync(Buffer.from('1 0 42')))))).kind).toBe('damaged');
  });

  it('refuses more filters on one stream than the limit', async () => {
    const dict = `/Filter [${Array.from({ length: limits.maxFilterLayers + 1 }, () => '/FlateDecode').join(' ')}]`;
    expect((await outcome(withStreams(rawStream(dict, layeredZeros(1, 5))))).kind).toBe('too-complex');
  });

  it('an object stream must decode cleanly; page content that does not is left to the viewer', async () => {
    const broken = Buffer.from([0x78, 0x9c, 0xff, 0xff, 0xff, 0xff, 0x00]);
    expect(
      (await outcome(withStreams(rawStream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', broken)))).kind,
    ).toBe('damaged');
    expect((await outcome(withStreams(rawStream('/Filter /FlateDecode', broken)))).kind).toBe('ok');
  });

  it('refuses an encrypted file as encrypted before decoding its cipher text', async () => {
    const cipher = Buffer.from('not zlib at all, encrypted bytes');
    const objects = { ...CATALOG, 3: PAGE, 4: rawStream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', cipher) };
    expect((await outcome(rawPdf(objects, '/Root 1 0 R /Encrypt 9 0 R'))).kind).toBe('encrypted');
  });

  it('refuses a file built to make the scan quadratic, quickly', async () => {
    // every object header opens a string that never closes: each would be scanned to the end of the file
    const header = Buffer.from('%PDF-1.7\n', 'latin1');
    const trap = Buffer.from('1 0 obj << /A ('.repeat(200_000), 'latin1');
    const { kind, ms } = await outcome(Buffer.concat([header, trap, Buffer.from('\n%%EOF\n')]));
    expect(kind).toBe('too-complex');
    expect(ms).toBeLessThan(5_000);
  });

  it('keeps nothing it decodes: memory stays flat while half a gigabyte goes through', async () => {
    const before = process.memoryUsage();
    const roomy = resolvePdfLimits({ maxStreamDecodedBytes: 1024 * MIB, maxTotalDecodedBytes: 1024 * MIB });
    await checkStreams(withStreams(rawStream('/Filter [/FlateDecode /FlateDecode]', layeredZeros(512, 2))), roomy);
    const after = process.memoryUsage();
    expect(after.rss - before.rss).toBeLessThan(64 * MIB);
    // process-wide figures: other test files of the same worker allocate meanwhile (CI saw 24 MB once); far under the
    // 512 MB decoded, which is what "flat" means here
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(48 * MIB);
  });
});
