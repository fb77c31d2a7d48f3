import { crc32, deflateSync, inflateSync } from 'node:zlib';
import type { PdfLimits } from '../pdf-limits';
import { Refusal } from './refusal';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export const isPng = (b: Uint8Array) => PNG_SIGNATURE.every((v, i) => b[i] === v);
export const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8;

/** Samples per pixel of each PNG colour type. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * A PNG's pixels are decoded to be embedded (a JPEG's are copied as they are): refuses, before pdf-lib decodes
 * anything, one larger than `maxImagePixels` or whose compressed data inflates past what its size needs, so that a
 * small data URL cannot expand into gigabytes. `key` names the value's field.
 */
export function checkPng(bytes: Uint8Array, limits: PdfLimits, key: string) {
  const refuse = (why: string) => new Refusal('bad-image', why, key);
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length < 33 || view.toString('latin1', 12, 16) !== 'IHDR') throw refuse('not a PNG');
  const width = view.readUInt32BE(16);
  const height = view.readUInt32BE(20);
  const depth = view[24] ?? 0;
  const channels = CHANNELS[view[25] ?? -1];
  // PNG bit depths are 1, 2, 4, 8 or 16: any other makes the size arithmetic below meaningless
  if (![1, 2, 4, 8, 16].includes(depth)) throw refuse('not a PNG bit depth');
  if (!channels || !width || !height || width * height > limits.maxImagePixels) throw refuse('image too large');
  const rowBytes = Math.ceil((width * channels * depth) / 8) + 1;
  // interlaced images carry a filter byte per row of each of their 7 passes
  const needed = rowBytes * height + 8 * height + 64;
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= view.length; ) {
    const length = view.readUInt32BE(at);
    const type = view.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') idat.push(view.subarray(at + 8, Math.min(view.length, at + 8 + length)));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  try {
    inflateSync(Buffer.concat(idat), { maxOutputLength: needed });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw refuse('image data larger than its size');
    throw refuse('damaged image data');
  }
}

/** A small PNG (RGBA) drawn by `pixel(x, y)`, for sample images and signatures. */
function makePng(width: number, height: number, pixel: (x: number, y: number) => readonly number[]) {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * (width * 4 + 1) + 1 + x * 4);
  }
  return pngFile(width, height, deflateSync(raw));
}

/** A PNG file (RGBA, 8 bits) around already compressed image data: signature, IHDR, one IDAT, IEND. */
export function pngFile(width: number, height: number, idat: Buffer): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc32(typed));
    return Buffer.concat([len, typed, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from(PNG_SIGNATURE),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let samplePngs: { signature: Buffer; image: Buffer } | undefined;

/** The sample signature (a blue wave) and image (a checkerboard) a review prints for keys without a value. */
export function samplePng(kind: 'signature' | 'image'): Buffer {
  samplePngs ??= {
    signature: makePng(160, 48, (x, y) => {
      const wave = 24 + Math.round(14 * Math.sin(x / 9));
      return Math.abs(y - wave) <= 1 ? [20, 40, 140, 255] : [0, 0, 0, 0];
    }),
    image: makePng(64, 64, (x, y) => (((x >> 3) + (y >> 3)) % 2 ? [69, 130, 236, 255] : [230, 236, 250, 255])),
  };
  return samplePngs[kind];
}
