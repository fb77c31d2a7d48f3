import { crc32, inflateSync } from 'node:zlib';

/** The largest signature pad we take (a 4K screen's pad at twice its CSS size fits). */
const SIGNATURE_MAX_WIDTH = 4000;
export const SIGNATURE_MAX_HEIGHT = 2000;
/**
 * The most the image data may inflate to: what the header's size implies, never more than this. A 300 KB upload
 * (SIGNATURE_MAX_BYTES) could otherwise inflate a thousandfold on the main thread.
 */
const SIGNATURE_MAX_RAW_BYTES = 24 * 1024 * 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Channels per colour type, and the bit depths each allows (PNG spec, table 11.1). */
const COLOUR_TYPES: Record<number, { channels: number; depths: readonly number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};
/** Adam7: each pass's start and step, in x and y. */
const ADAM7 = [
  [0, 8, 0, 8],
  [4, 8, 0, 8],
  [0, 4, 4, 8],
  [2, 4, 0, 4],
  [0, 2, 2, 4],
  [1, 2, 0, 2],
  [0, 1, 1, 2],
] as const;

/**
 * Decodes a PNG far enough to know it is one and how large it really is (decision 056): every chunk's length and
 * CRC, IHDR's fields, PLTE where the colour type needs it, IEND last; the image data inflated (bounded by
 * maxOutputLength at exactly the size the header implies, so a decompression bomb stops there) to exactly that
 * size, and every scanline's filter type valid. Pixels are not unfiltered: that step cannot fail. Answers the size,
 * or undefined for anything that is not a whole, valid PNG within the bounds.
 */
export function decodePngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 8 + 25 + 12 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  let offset = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | undefined;
  let palette = false;
  let ended = false;
  const idat: Buffer[] = [];
  while (offset < bytes.length) {
    if (ended || offset + 12 > bytes.length) return undefined;
    const length = bytes.readUInt32BE(offset);
    if (length > bytes.length - offset - 12) return undefined;
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return undefined;
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length)) {
      return undefined;
    }
    offset += 12 + length;
    if (!header) {
      if (type !== 'IHDR' || length !== 13) return undefined;
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        depth: data[8] as number,
        colour: data[9] as number,
        interlace: data[12] as number,
      };
      if (data[10] !== 0 || data[11] !== 0 || header.interlace > 1) return undefined;
      continue;
    }
    if (type === 'IHDR') return undefined;
    if (type === 'PLTE') palette = true;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') ended = true;
  }
  if (!header || !ended || idat.length === 0) return undefined;
  const { width, height, depth, colour, interlace } = header;
  const kind = COLOUR_TYPES[colour];
  if (!kind?.depths.includes(depth) || (colour === 3 && !palette)) return undefined;
  if (width === 0 || height === 0 || width > SIGNATURE_MAX_WIDTH || height > SIGNATURE_MAX_HEIGHT) return undefined;
  const bitsPerPixel = kind.channels * depth;
  const rowBytes = (w: number) => 1 + Math.ceil((w * bitsPerPixel) / 8);
  // the scanlines of each pass (one pass unless interlaced), as [rows, bytes per row]
  const passes =
    interlace === 0
      ? [[height, rowBytes(width)] as const]
      : ADAM7.map(([x0, dx, y0, dy]) => {
          const w = Math.max(0, Math.ceil((width - x0) / dx));
          const h = Math.max(0, Math.ceil((height - y0) / dy));
          return [w === 0 ? 0 : h, rowBytes(w)] as const;
        });
  const expected = passes.reduce((sum, [rows, size]) => sum + rows * size, 0);
  if (expected > SIGNATURE_MAX_RAW_BYTES) return undefined;
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected });
  } catch {
    return undefined; // not zlib data, truncated, or more than the header says (a bomb)
  }
  if (raw.length !== expected) return undefined;
  let at = 0;
  for (const [rows, size] of passes) {
    for (let r = 0; r < rows; r += 1, at += size) if ((raw[at] as number) > 4) return undefined;
  }
  return { width, height };
}
