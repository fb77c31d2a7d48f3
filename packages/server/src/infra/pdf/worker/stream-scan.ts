// Finds every stream object of a raw PDF with its dictionary and data, the way pdf-lib's parser would see it,
// without decoding anything. Each rule below mirrors pdf-lib 1.17 (PDFObjectParser, BaseParser, PDFParser), so that
// every stream pdf-lib would decode is among the ones found here. To be a superset whatever the file's layout, an
// object is tried after EVERY `obj` keyword of the file (not by following offsets, which a hostile file can make
// disagree with what a parser reads), and after every `trailer` keyword for the trailer's /Encrypt.
import type { PdfLimits } from '../pdf-limits';
import { Refusal } from './refusal';

type PdfValue =
  | { t: 'name'; v: string }
  | { t: 'num'; v: number }
  | { t: 'ref' }
  | { t: 'array'; v: PdfValue[] }
  | { t: 'dict'; v: Map<string, PdfValue> }
  | { t: 'other' };

export interface RawStream {
  /** Offset of the dictionary's `<<`. */
  at: number;
  dict: Map<string, PdfValue>;
  data: Uint8Array;
}

interface ScanResult {
  streams: RawStream[];
  /** A trailer or cross-reference stream names an /Encrypt dictionary. */
  encrypted: boolean;
}

const CR = 0x0d;
const LF = 0x0a;
const WHITESPACE = new Uint8Array(256);
for (const c of [0x00, 0x09, LF, 0x0c, CR, 0x20]) WHITESPACE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIMITER[c.charCodeAt(0)] = 1;
const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;
const isNumeric = (c: number | undefined) => isDigit(c) || c === 0x2e || c === 0x2b || c === 0x2d;

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const KW = {
  obj: ascii('obj'),
  trailer: ascii('trailer'),
  stream: ascii('stream'),
  endstream: ascii('endstream'),
  true: ascii('true'),
  false: ascii('false'),
  null: ascii('null'),
  R: 0x52,
};
// pdf-lib tries these after a dictionary, in this order; the data starts after the one that matched
const STREAM_STARTS = [ascii('stream \r\n'), ascii('stream\r\n'), ascii('stream\r'), ascii('stream\n'), KW.stream];

/** Deeper nesting than this is refused: pdf-lib would recurse on, and we must not lose sight of a stream. */
const MAX_DEPTH = 256;

class ParseFailure extends Error {}

/** A cursor over the raw bytes with pdf-lib's lexical rules; counts the bytes it reads against a budget. */
class Cursor {
  pos = 0;
  constructor(
    readonly bytes: Uint8Array,
    private readonly work: { left: number },
  ) {}

  done() {
    return this.pos >= this.bytes.length;
  }
  peek(ahead = 0) {
    return this.bytes[this.pos + ahead];
  }
  next() {
    const b = this.bytes[this.pos];
    this.advance(1);
    return b;
  }
  advance(n: number) {
    this.pos += n;
    this.work.left -= n;
    if (this.work.left < 0) throw new Refusal('too-complex', 'the file is too intricate to scan');
  }
  expect(c: number) {
    if (this.done() || this.next() !== c) throw new ParseFailure();
  }
  match(keyword: Uint8Array) {
    const { bytes, pos } = this;
    if (pos + keyword.length > bytes.length) return false;
    for (let i = 0; i < keyword.length; i++) if (bytes[pos + i] !== keyword[i]) return false;
    this.advance(keyword.length);
    return true;
  }
  skipSpaceAndComments() {
    for (;;) {
      while (!this.done() && WHITESPACE[this.peek() as number]) this.advance(1);
      if (this.peek() !== 0x25) return;
      while (!this.done() && this.peek() !== LF && this.peek() !== CR) this.advance(1);
    }
  }

  // BaseParser.parseRawNumber: sign, digits up to one period, then digits
  number(): number {
    let text = '';
    while (!this.done()) {
      const b = this.peek() as number;
      if (!isNumeric(b)) break;
      text += String.fromCharCode(this.next() as number);
      if (b === 0x2e) break;
    }
    while (!this.done() && isDigit(this.peek())) text += String.fromCharCode(this.next() as number);
    const value = Number(text);
    if (!text || !Number.isFinite(value)) throw new ParseFailure();
    return value;
  }

  // PDFObjectParser.parseObject and its helpers
  object(depth: number): PdfValue {
    if (depth > MAX_DEPTH) throw new Refusal('too-complex', 'objects nested too deep');
    this.skipSpaceAndComments();
    if (this.match(KW.true) || this.match(KW.false) || this.match(KW.null)) return { t: 'other' };
    const b = this.peek();
    if (b === 0x3c && this.peek(1) === 0x3c) return this.dictOrStream(depth).dict;
    if (b === 0x3c) {
      this.advance(1);
      while (!this.done() && this.peek() !== 0x3e) this.advance(1);
      this.expect(0x3e);
      return { t: 'other' };
    }
    if (b === 0x28) {
      this.string();
      return { t: 'other' };
    }
    if (b === 0x2f) return this.name();
    if (b === 0x5b) return this.array(depth);
    if (isNumeric(b)) return this.numberOrRef();
    throw new ParseFailure();
  }

  private numberOrRef(): PdfValue {
    const first = this.number();
    this.skipSpaceAndComments();
    const back = this.pos;
    if (isDigit(this.peek())) {
      this.number();
      this.skipSpaceAndComments();
      if (this.peek() === KW.R) {
        this.advance(1);
        return { t: 'ref' };
      }
    }
    this.work.left += this.pos - back;
    this.pos = back;
    return { t: 'num', v: first };
  }

  private string() {
    let nesting = 0;
    let escaped = false;
    while (!this.done()) {
      const b = this.next();
      if (!escaped) {
        if (b === 0x28) nesting++;
        if (b === 0x29) nesting--;
      }
      if (b === 0x5c) escaped = !escaped;
      else if (escaped) escaped = false;
      if (nesting === 0) return;
    }
    throw new ParseFailure();
  }

  name(): PdfValue {
    this.expect(0x2f);
    const start = this.pos;
    while (!this.done()) {
      const b = this.peek() as number;
      if (WHITESPACE[b] || DELIMITER[b]) break;
      this.advance(1);
    }
    // PDFName.of: #xx escapes with upper-case hex digits only
    const raw = Buffer.from(this.bytes.buffer, this.bytes.byteOffset + start, this.pos - start).toString('latin1');
    if (!raw.includes('#')) return { t: 'name', v: raw };
    return {
      t: 'name',
      v: raw.replace(/#([\dABCDEF]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    };
  }

  private array(depth: number): PdfValue {
    this.expect(0x5b);
    this.skipSpaceAndComments();
    const items: PdfValue[] = [];
    while (this.peek() !== 0x5d) {
      if (this.done()) throw new ParseFailure();
      items.push(this.object(depth + 1));
      this.skipSpaceAndComments();
    }
    this.expect(0x5d);
    return { t: 'array', v: items };
  }

  dict(depth: number): { t: 'dict'; v: Map<string, PdfValue> } {
    this.expect(0x3c);
    this.expect(0x3c);
    this.skipSpaceAndComments();
    const entries = new Map<string, PdfValue>();
    // as pdf-lib: the loop also ends when the byte after the current one is '>'
    while (!this.done() && this.peek() !== 0x3e && this.peek(1) !== 0x3e) {
      const key = this.name() as { v: string };
      entries.set(key.v, this.object(depth + 1));
      this.skipSpaceAndComments();
    }
    this.skipSpaceAndComments();
    this.expect(0x3e);
    this.expect(0x3e);
    return { t: 'dict', v: entries };
  }

  /** PDFObjectParser.parseDictOrStream: a dictionary, and the stream data if `stream` follows it. */
  dictOrStream(depth: number): { dict: { t: 'dict'; v: Map<string, PdfValue> }; data?: Uint8Array } {
    const dict = this.dict(depth);
    this.skipSpaceAndComments();
    if (!STREAM_STARTS.some((k) => this.match(k))) return { dict };
    const start = this.pos;
    const length = dict.v.get('Length');
    if (length?.t === 'num' && Number.isInteger(length.v) && length.v >= 0 && start + length.v <= this.bytes.length) {
      this.advance(length.v);
      this.skipSpaceAndComments();
      if (this.match(KW.endstream)) return { dict, data: this.bytes.subarray(start, start + length.v) };
      this.work.left += this.pos - start;
      this.pos = start;
    }
    const end = this.endOfStream(start);
    return { dict, data: this.bytes.subarray(start, end) };
  }

  /**
   * PDFObjectParser.findEndOfStreamFallback: the first `endstream` (preceded by CRLF, CR or LF, which are not data)
   * that closes every `stream` keyword met on the way.
   */
  private endOfStream(start: number): number {
    const { bytes } = this;
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let nesting = 1;
    let pos = start;
    for (;;) {
      const at = buf.indexOf(KW.stream, pos);
      if (at < 0) throw new ParseFailure();
      this.advance(at + 6 - pos);
      const isEnd = at - 3 >= pos && buf[at - 3] === 0x65 && buf[at - 2] === 0x6e && buf[at - 1] === 0x64;
      if (!isEnd) {
        nesting++;
        pos = at + 6;
        continue;
      }
      let end = at - 3;
      if (end - 2 >= pos && buf[end - 2] === CR && buf[end - 1] === LF) end -= 2;
      else if (end - 1 >= pos && (buf[end - 1] === CR || buf[end - 1] === LF)) end -= 1;
      nesting--;
      pos = at + 6;
      if (nesting === 0) {
        this.pos = pos;
        return end;
      }
    }
  }
}

function findAll(bytes: Uint8Array, keyword: Uint8Array): number[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: number[] = [];
  for (let at = buf.indexOf(keyword); at >= 0; at = buf.indexOf(keyword, at + 1)) found.push(at);
  return found;
}

/**
 * Every stream object of the file (dictionary and raw data) and whether it is encrypted. Refuses as too complex a
 * file whose scan would read more than `scanWorkFactor` times its size, or that holds more than `maxStreams`
 * streams.
 */
export function scanStreams(bytes: Uint8Array, limits: PdfLimits): ScanResult {
  const work = { left: limits.scanWorkFactor * bytes.length + 1024 * 1024 };
  const streams: RawStream[] = [];
  let encrypted = false;
  for (const at of findAll(bytes, KW.obj)) {
    const cursor = new Cursor(bytes, work);
    cursor.pos = at + KW.obj.length;
    cursor.skipSpaceAndComments();
    if (cursor.peek() !== 0x3c || cursor.peek(1) !== 0x3c) continue;
    const dictAt = cursor.pos;
    try {
      const { dict, data } = cursor.dictOrStream(0);
      if (!data) continue;
      streams.push({ at: dictAt, dict: dict.v, data });
      if (streams.length > limits.maxStreams) throw new Refusal('too-complex', 'too many streams');
      const type = dict.v.get('Type');
      if (type?.t === 'name' && type.v === 'XRef' && dict.v.has('Encrypt')) encrypted = true;
    } catch (err) {
      if (!(err instanceof ParseFailure)) throw err;
    }
  }
  for (const at of findAll(bytes, KW.trailer)) {
    const cursor = new Cursor(bytes, work);
    cursor.pos = at + KW.trailer.length;
    cursor.skipSpaceAndComments();
    try {
      if (cursor.dict(0).v.has('Encrypt')) encrypted = true;
    } catch (err) {
      if (!(err instanceof ParseFailure)) throw err;
    }
  }
  return { streams, encrypted };
}
