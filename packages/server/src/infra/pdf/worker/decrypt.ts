// Opens PDFs encrypted by the standard security handler with an empty user (open) password: what Acrobat writes
// for "restrict editing" (an owner password and permissions, none to open). Such a file opens in every reader
// without a question, so it is a normal upload. The file is decrypted with the empty password (PDF 32000-2 §7.6:
// RC4 and AES-128 of revisions 2-4, AES-256 of revisions 5-6) into a plain PDF that the rest of the worker reads
// as any other: bomb check, pdf-lib, structure. A file that needs a password to open is refused as encrypted.
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import type { PdfLimits } from '../pdf-limits';
import { Refusal } from './refusal';

type Value =
  | number
  | boolean
  | null
  | { ref: [number, number] }
  | { name: string }
  | { kw: string }
  | Uint8Array
  | Value[]
  | Map<string, Value>;

const WHITESPACE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITESPACE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIMITER[c.charCodeAt(0)] = 1;
const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;
const isRegular = (c: number | undefined) => c !== undefined && !WHITESPACE[c] && !DELIMITER[c];

/** Nesting deeper than this is not a real file: refused as damaged. */
const MAX_DEPTH = 256;

class BadSyntax extends Error {}

/** A string of the file: where it is and its bytes (escapes resolved). */
interface StringToken {
  start: number;
  end: number;
  bytes: Uint8Array;
}

/** A small PDF object parser over the raw bytes; reports each string it reads (to decrypt it in place). */
class Parser {
  constructor(
    readonly b: Buffer,
    public pos: number,
    readonly onString?: (s: StringToken) => void,
  ) {}

  skip() {
    const { b } = this;
    for (;;) {
      while (this.pos < b.length && WHITESPACE[b[this.pos] as number]) this.pos++;
      if (b[this.pos] !== 0x25) return;
      while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++;
    }
  }

  /** The next keyword (a run of regular characters), without consuming it. */
  peekKeyword(): string {
    this.skip();
    let end = this.pos;
    while (end < this.b.length && isRegular(this.b[end])) end++;
    return this.b.toString('latin1', this.pos, end);
  }

  value(depth = 0): Value {
    if (depth > MAX_DEPTH) throw new BadSyntax();
    this.skip();
    const { b } = this;
    const c = b[this.pos];
    if (c === undefined) throw new BadSyntax();
    if (c === 0x3c && b[this.pos + 1] === 0x3c) return this.dict(depth);
    if (c === 0x3c) return this.hex();
    if (c === 0x28) return this.literal();
    if (c === 0x5b) {
      this.pos++;
      const items: Value[] = [];
      for (;;) {
        this.skip();
        if (b[this.pos] === 0x5d) {
          this.pos++;
          return items;
        }
        if (this.pos >= b.length) throw new BadSyntax();
        items.push(this.value(depth + 1));
      }
    }
    if (c === 0x2f) return { name: this.name() };
    if (isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e) return this.numberOrRef();
    const kw = this.peekKeyword();
    if (!kw) throw new BadSyntax();
    this.pos += kw.length;
    if (kw === 'true' || kw === 'false') return kw === 'true';
    if (kw === 'null') return null;
    return { kw };
  }

  private dict(depth: number): Map<string, Value> {
    const { b } = this;
    this.pos += 2;
    const entries = new Map<string, Value>();
    for (;;) {
      this.skip();
      if (b[this.pos] === 0x3e && b[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return entries;
      }
      if (b[this.pos] !== 0x2f) throw new BadSyntax();
      const key = this.name();
      entries.set(key, this.value(depth + 1));
    }
  }

  name(): string {
    const { b } = this;
    const start = ++this.pos;
    while (this.pos < b.length && isRegular(b[this.pos])) this.pos++;
    return b
      .toString('latin1', start, this.pos)
      .replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }

  private number(): number {
    const { b } = this;
    const start = this.pos;
    while (this.pos < b.length && (isDigit(b[this.pos]) || '+-.'.includes(String.fromCharCode(b[this.pos] ?? 0))))
      this.pos++;
    const n = Number(b.toString('latin1', start, this.pos));
    if (!Number.isFinite(n)) throw new BadSyntax();
    return n;
  }

  private numberOrRef(): Value {
    const first = this.number();
    const back = this.pos;
    this.skip();
    if (Number.isInteger(first) && isDigit(this.b[this.pos])) {
      const second = this.number();
      this.skip();
      if (Number.isInteger(second) && this.b[this.pos] === 0x52 && !isRegular(this.b[this.pos + 1])) {
        this.pos++;
        return { ref: [first, second] };
      }
    }
    this.pos = back;
    return first;
  }

  private hex(): Uint8Array {
    const { b } = this;
    const start = this.pos++;
    let digits = '';
    while (this.pos < b.length && b[this.pos] !== 0x3e) {
      const ch = String.fromCharCode(b[this.pos++] as number);
      if (/[0-9A-Fa-f]/.test(ch)) digits += ch;
    }
    if (this.pos >= b.length) throw new BadSyntax();
    this.pos++;
    if (digits.length % 2) digits += '0';
    const bytes = Buffer.from(digits, 'hex');
    this.onString?.({ start, end: this.pos, bytes });
    return bytes;
  }

  private literal(): Uint8Array {
    const { b } = this;
    const start = this.pos++;
    const out: number[] = [];
    let nesting = 1;
    while (this.pos < b.length) {
      const c = b[this.pos++] as number;
      if (c === 0x5c) {
        const e = b[this.pos++];
        if (e === undefined) break;
        const simple: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };
        if (simple[e] !== undefined) out.push(simple[e]);
        else if (e >= 0x30 && e <= 0x37) {
          let octal = e - 0x30;
          for (let k = 0; k < 2 && (b[this.pos] ?? 0) >= 0x30 && (b[this.pos] ?? 0) <= 0x37; k++)
            octal = octal * 8 + ((b[this.pos++] as number) - 0x30);
          out.push(octal & 0xff);
        } else if (e === 0x0d) {
          if (b[this.pos] === 0x0a) this.pos++;
        } else if (e !== 0x0a) out.push(e);
        continue;
      }
      if (c === 0x28) nesting++;
      if (c === 0x29 && --nesting === 0) {
        const bytes = Uint8Array.from(out);
        this.onString?.({ start, end: this.pos, bytes });
        return bytes;
      }
      out.push(c);
    }
    throw new BadSyntax();
  }
}

const PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');
const md5 = (...parts: Uint8Array[]) => {
  const h = createHash('md5');
  for (const p of parts) h.update(p);
  return h.digest();
};

function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + (s[i] as number) + (key[i % key.length] as number)) & 0xff;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
  }
  const out = Buffer.alloc(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 0xff;
    j = (j + (s[i] as number)) & 0xff;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
    out[k] = (data[k] as number) ^ (s[((s[i] as number) + (s[j] as number)) & 0xff] as number);
  }
  return out;
}

/** AES-CBC with the IV in the first 16 bytes and PKCS#5 padding; a malformed end is read as far as it decrypts. */
function aesDecrypt(key: Uint8Array, data: Uint8Array): Buffer {
  if (data.length < 32) return Buffer.alloc(0);
  const algorithm = key.length === 32 ? 'aes-256-cbc' : 'aes-128-cbc';
  const iv = data.subarray(0, 16);
  const body = data.subarray(16, 16 + Math.floor((data.length - 16) / 16) * 16);
  try {
    const d = createDecipheriv(algorithm, key, iv);
    return Buffer.concat([d.update(body), d.final()]);
  } catch {
    const d = createDecipheriv(algorithm, key, iv).setAutoPadding(false);
    return Buffer.concat([d.update(body), d.final()]);
  }
}

/** Algorithm 2.B of ISO 32000-2 (revision 6): the hash of a password with a salt. */
function hash2B(password: Uint8Array, salt: Uint8Array, userKey: Uint8Array): Buffer {
  let k = createHash('sha256').update(password).update(salt).update(userKey).digest();
  let e = Buffer.alloc(0);
  for (let round = 0; round < 64 || (e.at(-1) ?? 0) > round - 32; round++) {
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => Buffer.concat([password, k, userKey])));
    const c = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    e = Buffer.concat([c.update(k1), c.final()]);
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i] as number;
    k = createHash(['sha256', 'sha384', 'sha512'][sum % 3] as string)
      .update(e)
      .digest();
  }
  return k.subarray(0, 32);
}

type Method = 'none' | 'rc4' | 'aes';

interface Security {
  /** The file key; per-object keys derive from it for revisions 2-4. */
  key: Buffer;
  revision: number;
  streams: Method;
  strings: Method;
  encryptMetadata: boolean;
}

const bytesOf = (v: Value | undefined): Uint8Array =>
  v instanceof Uint8Array ? v : v instanceof Map || Array.isArray(v) ? new Uint8Array() : new Uint8Array();
const numberOf = (v: Value | undefined, fallback: number) => (typeof v === 'number' ? v : fallback);
const nameOf = (v: Value | undefined) => (v && typeof v === 'object' && 'name' in v ? v.name : undefined);

/**
 * The file key for the empty user password, from the /Encrypt dictionary and the first /ID string; undefined when
 * the empty password does not open the file (it needs a password) or the handler is not the standard one.
 */
function securityOf(
  dict: Map<string, Value>,
  id0: Uint8Array,
  resolve: (v: Value | undefined) => Value | undefined,
): Security | undefined {
  // any entry may be given by reference (pdf.js issue7665), the crypt filters too
  const resolved = (m: Map<string, Value>) => new Map([...m].map(([k, v]) => [k, resolve(v) ?? null] as const));
  const encrypt = resolved(dict);
  const cfs = encrypt.get('CF');
  if (cfs instanceof Map) encrypt.set('CF', resolved(cfs));
  if (nameOf(encrypt.get('Filter')) !== 'Standard') return undefined;
  const v = numberOf(encrypt.get('V'), 0);
  const r = numberOf(encrypt.get('R'), 0);
  const o = bytesOf(encrypt.get('O'));
  const u = bytesOf(encrypt.get('U'));
  const encryptMetadata = encrypt.get('EncryptMetadata') !== false;
  let streams: Method = 'rc4';
  let strings: Method = 'rc4';
  if (v >= 4) {
    const cf = encrypt.get('CF');
    const methodOf = (filterName: string | undefined): Method => {
      if (filterName === undefined || filterName === 'Identity') return 'none';
      const f = cf instanceof Map ? cf.get(filterName) : undefined;
      const cfm = f instanceof Map ? nameOf(f.get('CFM')) : undefined;
      return cfm === 'AESV2' || cfm === 'AESV3' ? 'aes' : cfm === 'V2' ? 'rc4' : 'none';
    };
    streams = methodOf(nameOf(encrypt.get('StmF')));
    strings = methodOf(nameOf(encrypt.get('StrF')));
  }
  // only embedded files are encrypted (/AuthEvent /EFOpen): the document itself opens and reads as it is
  if (streams === 'none' && strings === 'none')
    return { key: Buffer.alloc(0), revision: r, streams, strings, encryptMetadata };
  const found = (key: Buffer | undefined) => {
    if (!key) return undefined;
    // Acrobat pads a revision 4 key shorter than 16 bytes with zeros (undocumented; pdf.js issue 19484 does the same)
    const padded = v === 4 && key.length < 16 ? Buffer.concat([key, Buffer.alloc(16 - key.length)]) : key;
    return { key: padded, revision: r, streams, strings, encryptMetadata };
  };
  if (r === 5 || r === 6) return found(aes256Key(r, u, bytesOf(encrypt.get('UE'))));
  if (r < 2 || r > 4 || o.length < 32 || u.length < 16) return undefined;
  const length =
    r === 2 ? 5 : Math.min(16, Math.max(5, Math.floor(numberOf(encrypt.get('Length'), v >= 4 ? 128 : 40) / 8)));
  const p = Buffer.alloc(4);
  p.writeInt32LE(numberOf(encrypt.get('P'), 0) | 0);
  const noMetadata = r >= 4 && !encryptMetadata ? Buffer.from([0xff, 0xff, 0xff, 0xff]) : new Uint8Array();
  /** Algorithm 2: the file key from a padded user password; Algorithms 4 and 5: whether /U confirms it. */
  const keyFor = (padded: Uint8Array) => {
    let digest = md5(padded, o.subarray(0, 32), p, id0, noMetadata);
    if (r >= 3) for (let i = 0; i < 50; i++) digest = md5(digest.subarray(0, length));
    const key = digest.subarray(0, length);
    if (r === 2) return rc4(key, PAD).equals(Buffer.from(u.subarray(0, 32))) ? key : undefined;
    let x = rc4(key, md5(PAD, id0));
    for (let i = 1; i <= 19; i++)
      x = rc4(
        key.map((k) => k ^ i),
        x,
      );
    return x.subarray(0, 16).equals(Buffer.from(u.subarray(0, 16))) ? key : undefined;
  };
  // the empty user password only: an owner password, even an empty one, is not tried (Acrobat and pdf.js, the
  // mapper's viewer, ask for a password then)
  return found(keyFor(PAD));
}

/** Revisions 5 and 6 (AES-256): the file key for the empty user password. */
function aes256Key(r: number, u: Uint8Array, ue: Uint8Array): Buffer | undefined {
  if (u.length < 48 || ue.length < 32) return undefined;
  const none = new Uint8Array();
  const hash = (salt: Uint8Array) => (r === 6 ? hash2B(none, salt, none) : createHash('sha256').update(salt).digest());
  if (!hash(u.subarray(32, 40)).equals(u.subarray(0, 32))) return undefined;
  const d = createDecipheriv('aes-256-cbc', hash(u.subarray(40, 48)), Buffer.alloc(16)).setAutoPadding(false);
  return Buffer.concat([d.update(ue.subarray(0, 32)), d.final()]);
}

function decryptWith(security: Security, method: Method, num: number, gen: number, data: Uint8Array): Uint8Array {
  if (method === 'none') return data;
  if (security.revision >= 5) return aesDecrypt(security.key, data);
  const salt = method === 'aes' ? Buffer.from('sAlT', 'latin1') : new Uint8Array();
  const objectKey = md5(
    security.key,
    Buffer.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, gen & 0xff, (gen >> 8) & 0xff]),
    salt,
  ).subarray(0, Math.min(security.key.length + 5, 16));
  return method === 'aes' ? aesDecrypt(objectKey, data) : rc4(objectKey, data);
}

interface Header {
  num: number;
  gen: number;
  /** Offset of the object number. */
  at: number;
  /** Offset after `obj`. */
  body: number;
}

/** Every `N G obj` of the file (`text`: its bytes as latin1), in order. */
function headersOf(b: Buffer, text: string): Header[] {
  const headers: Header[] = [];
  const re = /(\d{1,10})[\0\t\n\f\r ]+(\d{1,5})[\0\t\n\f\r ]+obj(?![^\0\t\n\f\r ()<>[\]{}/%])/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const before = m.index > 0 ? b[m.index - 1] : 0x0a;
    if (before !== undefined && isRegular(before)) continue;
    headers.push({ num: Number(m[1]), gen: Number(m[2]), at: m.index, body: m.index + m[0].length });
  }
  return headers;
}

const ENDSTREAM = Buffer.from('endstream', 'latin1');

/**
 * The file decrypted with the empty user password, as a plain PDF; the file itself when it is not encrypted.
 * Refused as encrypted when a password is needed to open it, or when the encryption is not the standard handler's.
 */
export function decryptIfEncrypted(bytes: Uint8Array, limits: PdfLimits): Uint8Array {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.indexOf('/Encrypt') < 0) return bytes;
  // one latin1 copy of the file for both searches (it is as large as the file)
  const text = b.toString('latin1');
  const headers = headersOf(b, text);
  if (headers.length > limits.maxStreams * 4) throw new Refusal('too-complex', 'too many objects');
  // every parse below counts what it reads: a file built to be read over and over (objects inside objects) stops here
  let work = limits.scanWorkFactor * b.length + 1024 * 1024;
  /** Counts `bytes` read outside a parse (a look past an object, a search for its stream's end). */
  const charge = (bytes: number) => {
    work -= bytes;
    if (work < 0) throw new Refusal('too-complex', 'the file is too intricate to decrypt');
  };
  const parse = (at: number, onString?: (s: StringToken) => void) => {
    const parser = new Parser(b, at, onString);
    const counted = () => charge(parser.pos - at);
    let value: Value;
    try {
      value = parser.value();
    } catch (err) {
      counted();
      throw err;
    }
    counted();
    return { parser, value };
  };

  // the trailer's entries: classic trailers, then cross-reference stream dictionaries, the last one first
  const trailers: Map<string, Value>[] = [];
  for (let at = text.indexOf('trailer'); at >= 0; at = text.indexOf('trailer', at + 1)) {
    try {
      const v = parse(at + 7).value;
      if (v instanceof Map) trailers.push(v);
    } catch (err) {
      if (err instanceof Refusal) throw err; // not a trailer
    }
  }
  const objectAt = new Map<string, Header>();
  for (const h of headers) {
    objectAt.set(`${h.num} ${h.gen}`, h);
    try {
      const v = parse(h.body).value;
      if (v instanceof Map && nameOf(v.get('Type')) === 'XRef') trailers.push(v);
    } catch (err) {
      if (err instanceof Refusal) throw err; // read below
    }
  }
  const entry = (key: string) => trailers.findLast((t) => t.has(key))?.get(key);
  const resolve = (v: Value | undefined): Value | undefined => {
    if (!(v && typeof v === 'object' && 'ref' in v)) return v;
    const h = objectAt.get(`${v.ref[0]} ${v.ref[1]}`);
    if (!h) return undefined;
    try {
      return parse(h.body).value;
    } catch (err) {
      if (err instanceof Refusal) throw err;
      return undefined;
    }
  };
  const encryptRef = entry('Encrypt');
  if (encryptRef === undefined) return bytes;
  const encrypt = resolve(encryptRef);
  if (!(encrypt instanceof Map)) throw new Refusal('damaged', 'an /Encrypt dictionary that cannot be read');
  const id = entry('ID');
  const security = securityOf(encrypt, bytesOf(Array.isArray(id) ? id[0] : undefined), resolve);
  if (!security) throw new Refusal('encrypted', 'a password is needed to open it');
  const encryptHeader =
    encryptRef && typeof encryptRef === 'object' && 'ref' in encryptRef
      ? objectAt.get(`${encryptRef.ref[0]} ${encryptRef.ref[1]}`)
      : undefined;

  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]?.length ?? 0;
  const offsets = new Map<number, { offset: number; gen: number }>();
  let consumed = 0;
  let maxNum = 0;
  // a stream with no `endstream` after it is left out without searching the rest of the file for one, each time
  const lastEndstream = b.lastIndexOf(ENDSTREAM);
  for (const h of headers) {
    if (h.at < consumed || h === encryptHeader) continue;
    const replaced: StringToken[] = [];
    let parsed: ReturnType<typeof parse>;
    try {
      parsed = parse(h.body, (s) => replaced.push(s));
    } catch (err) {
      if (err instanceof Refusal) throw err;
      continue; // an object that cannot be read is left out, as a damaged part
    }
    const { parser, value } = parsed;
    const dict = value instanceof Map ? value : undefined;
    const headEnd = parser.pos;
    const next = parser.peekKeyword();
    charge(parser.pos - headEnd + next.length);
    let data: Uint8Array | undefined;
    let crypt = false;
    let end = parser.pos;
    if (next.startsWith('stream') && dict) {
      let start = parser.pos + 6;
      if (b[start] === 0x0d) start++;
      if (b[start] === 0x0a) start++;
      const length = resolve(dict.get('Length'));
      let dataEnd = -1;
      if (typeof length === 'number' && Number.isInteger(length) && length >= 0 && start + length <= b.length) {
        const after = new Parser(b, start + length);
        after.skip();
        charge(after.pos - start - length);
        if (b.subarray(after.pos, after.pos + ENDSTREAM.length).equals(ENDSTREAM)) dataEnd = start + length;
      }
      if (dataEnd < 0) {
        if (start > lastEndstream) continue;
        const at = b.indexOf(ENDSTREAM, start);
        charge(at - start);
        dataEnd = at;
        if (b[dataEnd - 1] === 0x0a) dataEnd--;
        if (b[dataEnd - 1] === 0x0d) dataEnd--;
      }
      const type = nameOf(dict.get('Type'));
      if (type === 'XRef') {
        consumed = b.indexOf(ENDSTREAM, dataEnd) + ENDSTREAM.length;
        continue; // rewritten below as a table
      }
      const filters = dict.get('Filter');
      crypt = nameOf(filters) === 'Crypt' || (Array.isArray(filters) && filters.some((f) => nameOf(f) === 'Crypt'));
      const raw = b.subarray(start, dataEnd);
      // a stream under its own crypt filter (an attachment with its own password): its data cannot be read here and
      // nothing on the server needs it, so it is written empty
      if (crypt) replaced.splice(0, replaced.length);
      data = crypt
        ? new Uint8Array()
        : type === 'Metadata' && !security.encryptMetadata
          ? raw
          : decryptWith(security, security.streams, h.num, h.gen, raw);
      end = b.indexOf(ENDSTREAM, dataEnd) + ENDSTREAM.length;
    }
    consumed = end;
    // the head with its strings decrypted (written as hex strings); a stream gets its new /Length last, which wins
    const head: Buffer[] = [];
    let from = h.body;
    for (const s of replaced) {
      head.push(b.subarray(from, s.start));
      const plain = decryptWith(security, security.strings, h.num, h.gen, s.bytes);
      head.push(Buffer.from(`<${Buffer.from(plain).toString('hex')}>`, 'latin1'));
      from = s.end;
    }
    head.push(b.subarray(from, headEnd));
    let headBytes = data?.length === 0 && crypt ? Buffer.from('<< >>', 'latin1') : Buffer.concat(head);
    if (data) {
      const close = headBytes.lastIndexOf('>>');
      headBytes = Buffer.concat([
        headBytes.subarray(0, close),
        Buffer.from(` /Length ${data.length} `, 'latin1'),
        headBytes.subarray(close),
      ]);
    }
    const chunk = Buffer.concat([
      Buffer.from(`${h.num} ${h.gen} obj\n`, 'latin1'),
      headBytes,
      ...(data ? [Buffer.from('\nstream\n', 'latin1'), Buffer.from(data), Buffer.from('\nendstream', 'latin1')] : []),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.set(h.num, { offset, gen: h.gen });
    maxNum = Math.max(maxNum, h.num);
    parts.push(chunk);
    offset += chunk.length;
  }

  const size = maxNum + 1;
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let n = 1; n < size; n++) {
    const o = offsets.get(n);
    xref += o
      ? `${String(o.offset).padStart(10, '0')} ${String(o.gen).padStart(5, '0')} n \n`
      : '0000000000 65535 f \n';
  }
  const refText = (v: Value | undefined) =>
    v && typeof v === 'object' && 'ref' in v ? `${v.ref[0]} ${v.ref[1]} R` : undefined;
  const root = refText(entry('Root'));
  const info = refText(entry('Info'));
  const ids = Array.isArray(id) ? id.filter((x): x is Uint8Array => x instanceof Uint8Array) : [];
  const trailer = [
    `/Size ${size}`,
    root ? `/Root ${root}` : '',
    info ? `/Info ${info}` : '',
    ids.length ? `/ID [${ids.map((x) => `<${Buffer.from(x).toString('hex')}>`).join(' ')}]` : '',
  ].join(' ');
  parts.push(Buffer.from(`${xref}trailer\n<< ${trailer} >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}
