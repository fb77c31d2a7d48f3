/**
 * A small DER writer and reader: what X.509 certificates and CMS signatures are made of (issue 13; decision 047).
 * Only the types we write and read: SEQUENCE, SET, INTEGER, OID, NULL, OCTET STRING, BIT STRING, UTF8String,
 * GeneralizedTime and context tags.
 */

function lengthBytes(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export const tlv = (tag: number, content: Buffer): Buffer =>
  Buffer.concat([Buffer.from([tag]), lengthBytes(content.length), content]);

export const seq = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
/** A SET OF: DER sorts the encodings. */
export const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat([...items].sort(Buffer.compare)));
export const nul = () => Buffer.from([0x05, 0x00]);
export const octets = (b: Buffer) => tlv(0x04, b);
export const bits = (b: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), b]));
export const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
/** [n] EXPLICIT (constructed). */
export const explicit = (n: number, content: Buffer) => tlv(0xa0 | n, content);
/** [n] IMPLICIT of a constructed type: the content of `der` under the context tag. */
export const implicit = (n: number, der: Buffer) => tlv(0xa0 | n, read(der).content);

export function int(value: Buffer | number): Buffer {
  const hex = typeof value === 'number' ? value.toString(16) : '';
  let b = typeof value === 'number' ? Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex') : value;
  while (b.length > 1 && b[0] === 0 && ((b[1] as number) & 0x80) === 0) b = b.subarray(1);
  if (((b[0] as number) & 0x80) !== 0) b = Buffer.concat([Buffer.from([0]), b]);
  return tlv(0x02, b);
}

export function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const out: number[] = [40 * (parts[0] as number) + (parts[1] as number)];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

/** GeneralizedTime YYYYMMDDHHMMSSZ. */
export function time(d: Date): Buffer {
  const s = d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return tlv(0x18, Buffer.from(`${s}Z`, 'latin1'));
}

export interface Node {
  tag: number;
  /** The whole encoding (tag, length, content). */
  der: Buffer;
  content: Buffer;
}

/** Reads one element at the start of `buf` (anything after it is ignored: a signature's zero padding). */
export function read(buf: Buffer, at = 0): Node {
  const tag = buf[at];
  let len = buf[at + 1];
  if (tag === undefined || len === undefined) throw new Error('DER: truncated');
  let head = 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4) throw new Error('DER: bad length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + (buf[at + 2 + i] as number);
    head += n;
  }
  const end = at + head + len;
  if (end > buf.length) throw new Error('DER: truncated');
  return { tag, der: buf.subarray(at, end), content: buf.subarray(at + head, end) };
}

/** The elements inside a constructed element. */
export function children(node: Node): Node[] {
  const out: Node[] = [];
  for (let at = 0; at < node.content.length; ) {
    const child = read(node.content, at);
    out.push(child);
    at += child.der.length;
  }
  return out;
}

/** An OID's dotted text. */
export function oidText(node: Node): string {
  const b = node.content;
  const first = b[0] as number;
  const parts = [Math.floor(first / 40), first % 40];
  let v = 0;
  for (const byte of b.subarray(1)) {
    v = v * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}
