import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { signaturePng } from '../../../test/signing';
import { decodePngSize, SIGNATURE_MAX_HEIGHT } from './signature-png';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer, badCrc = false): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE((crc32(body) ^ (badCrc ? 1 : 0)) >>> 0);
  return Buffer.concat([len, body, sum]);
}

function ihdr(width: number, height: number, opts: { depth?: number; colour?: number; interlace?: number } = {}) {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = opts.depth ?? 8;
  data[9] = opts.colour ?? 0;
  data[12] = opts.interlace ?? 0;
  return chunk('IHDR', data);
}

/** A greyscale 8-bit PNG whose image data is `raw` (scanlines with their filter bytes), as given. */
function png(width: number, height: number, raw: Buffer, opts: Parameters<typeof ihdr>[2] = {}) {
  return Buffer.concat([
    SIGNATURE,
    ihdr(width, height, opts),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const rows = (width: number, height: number, filter = 0) =>
  Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([filter]), Buffer.alloc(width, 9)])));
const fromDataUrl = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

describe('decodePngSize', () => {
  it('gives the size of a whole, valid PNG', () => {
    expect(decodePngSize(fromDataUrl(signaturePng(600)))).toEqual({ width: 600, height: 150 });
    expect(decodePngSize(png(640, 20, rows(640, 20)))).toEqual({ width: 640, height: 20 });
    // interlaced (Adam7): seven passes of scanlines
    const w = 601;
    const h = 9;
    const passes = [
      [0, 8, 0, 8],
      [4, 8, 0, 8],
      [0, 4, 4, 8],
      [2, 4, 0, 4],
      [0, 2, 2, 4],
      [1, 2, 0, 2],
      [0, 1, 1, 2],
    ].map(([x0, dx, y0, dy]) => [
      Math.ceil((w - (x0 as number)) / (dx as number)),
      Math.ceil((h - (y0 as number)) / (dy as number)),
    ]);
    const raw = Buffer.concat(passes.map(([pw, ph]) => rows(pw as number, ph as number)));
    expect(decodePngSize(png(w, h, raw, { interlace: 1 }))).toEqual({ width: w, height: h });
  });

  it('refuses a header that claims 600 px over data that is not that image', () => {
    const header = Buffer.concat([SIGNATURE, ihdr(600, 150)]);
    const cases: Record<string, Buffer> = {
      'header only': header,
      'no image data': Buffer.concat([header, chunk('IEND', Buffer.alloc(0))]),
      'bogus image data': Buffer.concat([header, chunk('IDAT', Buffer.alloc(500, 7)), chunk('IEND', Buffer.alloc(0))]),
      'too few scanlines': png(600, 150, rows(600, 100)),
      'too many scanlines': png(600, 150, rows(600, 151)),
      'a bad filter type': png(600, 150, rows(600, 150, 5)),
      truncated: png(600, 150, rows(600, 150)).subarray(0, 200),
      'no IEND': png(600, 150, rows(600, 150)).subarray(0, -12),
      'a chunk after IEND': Buffer.concat([png(600, 150, rows(600, 150)), chunk('tEXt', Buffer.from('x'))]),
      'a bad CRC': Buffer.concat([
        SIGNATURE,
        ihdr(600, 150),
        chunk('IDAT', deflateSync(rows(600, 150)), true),
        chunk('IEND', Buffer.alloc(0)),
      ]),
      'an impossible bit depth': png(600, 150, rows(600, 150), { depth: 3 }),
      'a palette image without its palette': png(600, 150, rows(600, 150), { colour: 3 }),
      'not a PNG': Buffer.from('GIF89a'.padEnd(100, 'x')),
    };
    for (const [name, bytes] of Object.entries(cases)) expect(decodePngSize(bytes), name).toBeUndefined();
  });

  it('stops a decompression bomb at the size the header states, and refuses sizes past the bounds', () => {
    // 150 rows claimed; the data inflates to 60 MB of scanlines
    const bomb = png(600, 150, Buffer.alloc(60 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(300_000);
    const started = performance.now();
    expect(decodePngSize(bomb)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
    // a header claiming a huge image is refused before anything is inflated
    expect(decodePngSize(png(600, 1_000_000, rows(600, 2)))).toBeUndefined();
    expect(decodePngSize(png(600, SIGNATURE_MAX_HEIGHT + 1, rows(600, 2)))).toBeUndefined();
  });
});
