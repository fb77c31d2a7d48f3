// The stream filters pdf-lib decodes (FlateDecode, LZWDecode, ASCIIHexDecode, ASCII85Decode, RunLengthDecode),
// decoded piece by piece so that a caller can count the output and stop at a ceiling: no layer is ever held whole.
// The JavaScript decoders follow pdf-lib's (pdf.js's) so that they yield at least what pdf-lib would.
import { constants as bufferConstants } from 'node:buffer';
import { constants, createInflate, inflateSync } from 'node:zlib';

/** The filters pdf-lib decodes, by their full names (pdf-lib knows no abbreviations). */
export const DECODED_FILTERS = [
  'FlateDecode',
  'LZWDecode',
  'ASCIIHexDecode',
  'ASCII85Decode',
  'RunLengthDecode',
] as const;
export type DecodedFilter = (typeof DECODED_FILTERS)[number];

/** The abbreviations of PDF 32000 §8.9.7, which viewers accept outside inline images too. */
export const FILTER_ABBREVIATIONS: Readonly<Record<string, DecodedFilter>> = {
  Fl: 'FlateDecode',
  LZW: 'LZWDecode',
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  RL: 'RunLengthDecode',
};

/** Image codecs: they end a chain, and nothing on the server decodes them (pdf-lib copies them as they are). */
export const IMAGE_FILTERS = new Set(['DCTDecode', 'DCT', 'JPXDecode', 'JBIG2Decode', 'CCITTFaxDecode', 'CCF']);

export interface Layer {
  filter: DecodedFilter;
  /** LZWDecode's /EarlyChange (1 unless the parameters say 0). */
  earlyChange?: number;
}

/** Decoded data was malformed: the stream cannot be decoded further. */
export class DecodeError extends Error {
  override name = 'DecodeError';
}

/** Input is fed to a layer in slices this small, so that one slice's output stays small (deflate: about 1 MB). */
const SLICE = 1024;
/** Output pieces are at most about this large. */
const OUT = 64 * 1024;

/** A synchronous decoder fed piece by piece. */
interface ChunkDecoder {
  write(input: Uint8Array, emit: (out: Uint8Array) => void): void;
  end(emit: (out: Uint8Array) => void): void;
}

/** Collects output bytes and hands them on in pieces of about OUT bytes. */
class Output {
  private buf = new Uint8Array(OUT);
  private len = 0;
  constructor(private readonly emit: (out: Uint8Array) => void) {}
  byte(b: number) {
    this.buf[this.len++] = b;
    if (this.len === OUT) this.flush();
  }
  flush() {
    if (!this.len) return;
    this.emit(this.buf.slice(0, this.len));
    this.len = 0;
  }
}

const isAscii85Space = (c: number) => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;

class Ascii85Decoder implements ChunkDecoder {
  private readonly group = new Uint8Array(5);
  private count = 0;
  private done = false;

  private flushGroup(out: Output, n: number) {
    // a group of n characters (2..5) gives n - 1 bytes; a short group is padded with 'u'
    for (let i = n; i < 5; i++) this.group[i] = 0x21 + 84;
    let t = 0;
    for (let i = 0; i < 5; i++) t = t * 85 + ((this.group[i] ?? 0) - 0x21);
    const bytes = [0, 0, 0, 0];
    for (let i = 3; i >= 0; i--) {
      bytes[i] = t & 0xff;
      t >>= 8;
    }
    for (let i = 0; i < n - 1; i++) out.byte(bytes[i] ?? 0);
  }

  write(input: Uint8Array, emit: (out: Uint8Array) => void) {
    const out = new Output(emit);
    for (const c of input) {
      if (this.done) break;
      if (isAscii85Space(c)) continue;
      if (this.count === 0) {
        if (c === 0x7e) this.done = true;
        else if (c === 0x7a) for (let i = 0; i < 4; i++) out.byte(0);
        else {
          this.group[0] = c;
          this.count = 1;
        }
        continue;
      }
      if (c === 0x7e) {
        this.flushGroup(out, this.count);
        this.count = 0;
        this.done = true;
        continue;
      }
      this.group[this.count++] = c;
      if (this.count === 5) {
        this.flushGroup(out, 5);
        this.count = 0;
      }
    }
    out.flush();
  }

  end(emit: (out: Uint8Array) => void) {
    if (this.done || this.count === 0) return;
    const out = new Output(emit);
    this.flushGroup(out, this.count);
    this.count = 0;
    out.flush();
  }
}

class AsciiHexDecoder implements ChunkDecoder {
  private first = -1;
  private done = false;

  write(input: Uint8Array, emit: (out: Uint8Array) => void) {
    const out = new Output(emit);
    for (const ch of input) {
      if (this.done) break;
      let digit: number;
      if (ch >= 0x30 && ch <= 0x39) digit = ch & 0x0f;
      else if ((ch >= 0x41 && ch <= 0x46) || (ch >= 0x61 && ch <= 0x66)) digit = (ch & 0x0f) + 9;
      else if (ch === 0x3e) {
        this.done = true;
        break;
      } else continue;
      if (this.first < 0) this.first = digit;
      else {
        out.byte((this.first << 4) | digit);
        this.first = -1;
      }
    }
    if (this.done && this.first >= 0) {
      out.byte(this.first << 4);
      this.first = -1;
    }
    out.flush();
  }

  end() {
    // as pdf.js: a last odd digit counts only before the '>' that ends the data
  }
}

class RunLengthDecoder implements ChunkDecoder {
  private header = -1;
  /** Literal bytes still to copy. */
  private literal = 0;
  private done = false;

  write(input: Uint8Array, emit: (out: Uint8Array) => void) {
    const out = new Output(emit);
    for (const b of input) {
      if (this.done) break;
      if (this.literal > 0) {
        out.byte(b);
        this.literal--;
      } else if (this.header < 0) {
        this.header = b;
      } else {
        const n = this.header;
        this.header = -1;
        if (n === 128) this.done = true;
        else if (n < 128) {
          out.byte(b);
          this.literal = n;
        } else for (let i = 0; i < 257 - n; i++) out.byte(b);
      }
    }
    out.flush();
  }

  end(emit: (out: Uint8Array) => void) {
    // pdf.js counts a literal run cut short at its full length
    if (this.literal > 0) emit(new Uint8Array(this.literal));
    this.literal = 0;
  }
}

/** LZWDecode as pdf.js does it, including what it does once the 4096-entry table is full. */
class LzwDecoder implements ChunkDecoder {
  private cached = 0;
  private bitsCached = 0;
  private codeLength = 9;
  private nextCode = 258;
  private prevCode = 0;
  private readonly values = new Uint8Array(4096);
  private readonly lengths = new Uint16Array(4096);
  private readonly prevCodes = new Uint16Array(4096);
  private readonly sequence = new Uint8Array(4096);
  private sequenceLength = 0;
  /** Codes read, clear codes included: pdf.js reads them in blocks of 512. */
  private codes = 0;
  private done = false;

  constructor(private readonly earlyChange: number) {
    for (let i = 0; i < 256; i++) {
      this.values[i] = i;
      this.lengths[i] = 1;
    }
  }

  write(input: Uint8Array, emit: (out: Uint8Array) => void) {
    const out = new Output(emit);
    for (const byte of input) {
      if (this.done) break;
      this.cached = (this.cached << 8) | byte;
      this.bitsCached += 8;
      while (!this.done && this.bitsCached >= this.codeLength) {
        this.bitsCached -= this.codeLength;
        this.codes++;
        this.code((this.cached >>> this.bitsCached) & ((1 << this.codeLength) - 1), out);
      }
    }
    out.flush();
  }

  private code(code: number, out: Output) {
    const hasPrev = this.sequenceLength > 0;
    if (code < 256) {
      this.sequence[0] = code;
      this.sequenceLength = 1;
    } else if (code >= 258) {
      if (code < this.nextCode) {
        this.sequenceLength = this.lengths[code] ?? 0;
        for (let j = this.sequenceLength - 1, q = code; j >= 0; j--) {
          this.sequence[j] = this.values[q] ?? 0;
          q = this.prevCodes[q] ?? 0;
        }
      } else {
        this.sequence[this.sequenceLength++] = this.sequence[0] ?? 0;
      }
    } else if (code === 256) {
      this.codeLength = 9;
      this.nextCode = 258;
      this.sequenceLength = 0;
      return;
    } else {
      this.done = true;
      return;
    }
    if (hasPrev) {
      // writes past the table's end are dropped, as in pdf.js's typed arrays
      this.prevCodes[this.nextCode] = this.prevCode;
      this.lengths[this.nextCode] = (this.lengths[this.prevCode] ?? 0) + 1;
      this.values[this.nextCode] = this.sequence[0] ?? 0;
      this.nextCode++;
      const next = this.nextCode + this.earlyChange;
      this.codeLength = next & (next - 1) ? this.codeLength : Math.min(Math.log2(next) + 1, 12) | 0;
    }
    this.prevCode = code;
    for (let j = 0; j < this.sequenceLength; j++) out.byte(this.sequence[j] ?? 0);
  }

  end(emit: (out: Uint8Array) => void) {
    // pdf.js reads on to the end of its block of 512 codes after the data ends, each missing code giving a zero byte
    if (!this.done) emit(new Uint8Array(512 - (this.codes % 512)));
    this.done = true;
  }
}

function chunkDecoder(layer: Layer): ChunkDecoder {
  switch (layer.filter) {
    case 'ASCII85Decode':
      return new Ascii85Decoder();
    case 'ASCIIHexDecode':
      return new AsciiHexDecoder();
    case 'RunLengthDecode':
      return new RunLengthDecoder();
    case 'LZWDecode':
      return new LzwDecoder(layer.earlyChange ?? 1);
    case 'FlateDecode':
      throw new TypeError('FlateDecode is decoded by zlib');
  }
}

const INFLATE_OPTIONS = { finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 };

/**
 * Decodes a whole input in one go, unless the output would pass `cap` bytes: then undefined (decode it piece by
 * piece instead). Malformed input throws DecodeError.
 */
export function decodeAtOnce(layer: Layer, input: Uint8Array, cap: number): Uint8Array | undefined {
  if (layer.filter === 'FlateDecode') {
    try {
      return inflateSync(input, {
        ...INFLATE_OPTIONS,
        maxOutputLength: Math.max(1, Math.min(cap, bufferConstants.MAX_LENGTH)),
      });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) return undefined;
      throw new DecodeError((err as Error).message);
    }
  }
  const pieces: Uint8Array[] = [];
  let size = 0;
  let over = false;
  const emit = (out: Uint8Array) => {
    size += out.length;
    if (size > cap) over = true;
    else pieces.push(out);
  };
  const decoder = chunkDecoder(layer);
  for (let i = 0; i < input.length && !over; i += SLICE) decoder.write(input.subarray(i, i + SLICE), emit);
  if (!over) decoder.end(emit);
  if (over) return undefined;
  return pieces.length === 1 ? (pieces[0] as Uint8Array) : Buffer.concat(pieces);
}

/** Splits pieces into slices of at most SLICE bytes. */
function* slices(piece: Uint8Array) {
  for (let i = 0; i < piece.length; i += SLICE) yield piece.subarray(i, i + SLICE);
}

async function* inflatePieces(input: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const z = createInflate(INFLATE_OPTIONS);
  const ready: Uint8Array[] = [];
  let failure: Error | undefined;
  z.on('data', (out: Buffer) => ready.push(out));
  z.on('error', (err) => {
    failure = err;
  });
  // resolves once zlib has taken `run`'s input (or failed)
  const settle = (run: (done: () => void) => void) =>
    new Promise<void>((resolve) => {
      const done = () => {
        z.off('error', done);
        resolve();
      };
      z.once('error', done);
      run(done);
    });
  try {
    outer: for await (const piece of input) {
      for (const slice of slices(piece)) {
        await settle((done) => z.write(slice, () => done()));
        while (ready.length) yield ready.shift() as Uint8Array;
        // an error, or the end of the zlib data with bytes after it (the readable side has ended: more input is
        // never read, and its 'end' will not come again)
        if (failure || z.readableEnded) break outer;
      }
    }
    if (!failure && !z.readableEnded)
      await settle((done) => {
        z.once('end', done);
        z.once('close', done);
        z.end();
      });
    while (ready.length) yield ready.shift() as Uint8Array;
    if (failure) throw new DecodeError(failure.message);
  } finally {
    z.destroy();
  }
}

async function* chunkPieces(layer: Layer, input: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const decoder = chunkDecoder(layer);
  const ready: Uint8Array[] = [];
  const emit = (out: Uint8Array) => ready.push(out);
  for await (const piece of input) {
    for (const slice of slices(piece)) {
      decoder.write(slice, emit);
      while (ready.length) yield ready.shift() as Uint8Array;
    }
  }
  decoder.end(emit);
  while (ready.length) yield ready.shift() as Uint8Array;
}

/**
 * One layer decoded piece by piece: the output is produced only as fast as the caller takes it, so a caller that
 * stops taking (a ceiling reached) stops the decoding, and memory holds a slice's output at most.
 */
export function decodePieces(layer: Layer, input: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  return layer.filter === 'FlateDecode' ? inflatePieces(input) : chunkPieces(layer, input);
}
