// Decompression bombs are refused before pdf-lib sees the file: every stream's filter chain is decoded layer by
// layer, piece by piece, counting every layer's output, and the check stops at the first byte past a ceiling.
// Nothing decoded is kept; memory holds a slice's output per layer.
import type { PdfLimits } from '../pdf-limits';
import {
  DECODED_FILTERS,
  type DecodedFilter,
  DecodeError,
  decodeAtOnce,
  decodePieces,
  FILTER_ABBREVIATIONS,
  IMAGE_FILTERS,
  type Layer,
} from './filters';
import { Refusal } from './refusal';
import { type RawStream, scanStreams } from './stream-scan';

/** Layers whose output stays under this are decoded in one call (fast for the many small streams of a file). */
const AT_ONCE = 1024 * 1024;

/** Counts decoded bytes: of the stream in hand (all its layers) and of the whole file. */
class Meter {
  total = 0;
  stream = 0;
  constructor(private readonly limits: PdfLimits) {}
  add(n: number) {
    this.stream += n;
    this.total += n;
    if (this.stream > this.limits.maxStreamDecodedBytes)
      throw new Refusal('too-complex', 'a stream decodes to more than the limit');
    if (this.total > this.limits.maxTotalDecodedBytes)
      throw new Refusal('too-complex', 'the streams decode to more than the limit');
  }
}

/**
 * Whether pdf-lib decodes this stream while parsing: an object stream or a cross-reference stream, or a stream
 * whose /Type is a reference (pdf-lib resolves it, so it may be either).
 */
function decodedByParser(stream: RawStream) {
  const type = stream.dict.get('Type');
  return type?.t === 'ref' || (type?.t === 'name' && (type.v === 'ObjStm' || type.v === 'XRef'));
}

/**
 * The layers to decode, from /Filter and /DecodeParms. A chain the check cannot follow is refused as damaged: a
 * filter given by reference, an unknown filter, an image codec that is not last, and for the streams pdf-lib
 * decodes anything pdf-lib itself does not decode.
 */
function chainOf(stream: RawStream, limits: PdfLimits, strict: boolean): Layer[] {
  const filter = stream.dict.get('Filter');
  const params = stream.dict.get('DecodeParms');
  let names: string[];
  if (filter === undefined) return [];
  if (filter.t === 'name') names = [filter.v];
  else if (filter.t === 'array' && filter.v.every((f) => f.t === 'name'))
    names = filter.v.map((f) => (f as { v: string }).v);
  else throw new Refusal('damaged', 'a stream filter that is not a name');
  if (names.length > limits.maxFilterLayers) throw new Refusal('too-complex', 'too many filters on one stream');
  const layers: Layer[] = [];
  for (const [i, name] of names.entries()) {
    const full: DecodedFilter | undefined = (DECODED_FILTERS as readonly string[]).includes(name)
      ? (name as DecodedFilter)
      : strict
        ? undefined
        : FILTER_ABBREVIATIONS[name];
    if (!full) {
      if (!strict && IMAGE_FILTERS.has(name) && i === names.length - 1) break;
      throw new Refusal('damaged', `unsupported filter ${name.slice(0, 40)}`);
    }
    const layer: Layer = { filter: full };
    if (full === 'LZWDecode') {
      // as pdf-lib: the parameters of the i-th filter of an array, or the dictionary of a single filter
      const p = filter.t === 'array' ? (params?.t === 'array' ? params.v[i] : undefined) : params;
      const early = p?.t === 'dict' ? p.v.get('EarlyChange') : undefined;
      if (strict && (p?.t === 'ref' || early?.t === 'ref')) throw new Refusal('damaged', 'LZW parameters by reference');
      layer.earlyChange = early?.t === 'num' ? early.v : 1;
    }
    layers.push(layer);
  }
  return layers;
}

async function* one(data: Uint8Array) {
  yield data;
}

async function* metered(pieces: AsyncIterable<Uint8Array>, meter: Meter) {
  for await (const piece of pieces) {
    meter.add(piece.length);
    yield piece;
  }
}

/** Decodes every layer of one stream within the meter's limits. */
async function checkStream(stream: RawStream, layers: Layer[], meter: Meter) {
  meter.stream = 0;
  let data = stream.data;
  const sizes: number[] = [];
  try {
    for (const layer of layers) {
      const out = decodeAtOnce(layer, data, AT_ONCE);
      if (!out) break;
      sizes.push(out.length);
      data = out;
    }
  } catch (err) {
    if (!(err instanceof DecodeError)) throw err;
  }
  if (sizes.length === layers.length) {
    for (const n of sizes) meter.add(n);
    return;
  }
  // a layer too large to decode at once, or malformed: again, piece by piece, counting as it goes
  let pieces: AsyncIterable<Uint8Array> = one(stream.data);
  for (const layer of layers) pieces = metered(decodePieces(layer, pieces), meter);
  for await (const _ of pieces) {
    // counted by `metered`
  }
}

/**
 * Refuses a file whose streams decode to more than the limits allow, counting every filter layer of every stream,
 * or whose filter chains cannot be followed. An encrypted file is refused as such first: its streams are cipher
 * text. Streams pdf-lib decodes while parsing must decode cleanly; others (page content, images) that are
 * malformed are counted as far as they decode, since nothing on the server decodes them.
 */
export async function checkStreams(bytes: Uint8Array, limits: PdfLimits): Promise<void> {
  const { streams, encrypted } = scanStreams(bytes, limits);
  if (encrypted) throw new Refusal('encrypted');
  const meter = new Meter(limits);
  for (const stream of streams) {
    const strict = decodedByParser(stream);
    const layers = chainOf(stream, limits, strict);
    if (!layers.length) continue;
    try {
      await checkStream(stream, layers, meter);
    } catch (err) {
      if (!(err instanceof DecodeError)) throw err;
      if (strict) throw new Refusal('damaged', 'an object stream does not decode');
    }
  }
}
