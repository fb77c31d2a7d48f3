/**
 * Finds our seal's entries in a PDF's bytes (issue 21; decisions 047, 055) in time linear in the file's size,
 * whatever the bytes: the verify API reads files anyone sends. No regular expression runs over the file: the ones
 * this replaces retried a `[^)]*` from every `/M(D:` to the end of the file, so 100 KB of them took seconds and
 * 400 KB a minute. Each scanner below reads a byte a bounded number of times:
 * - the last `/ByteRange` is found from the end; the array after a key is read over white space, digits and
 *   brackets only, so it stops before the next key's `/`;
 * - the other entries are read in the signature dictionary (from its `<<` to its object's `endobj`), the first
 *   key followed by `(`; the string ends at the first `)`, and when there is none no later key can have one either.
 */

/** The entries of a signature dictionary the check needs, as written in the file. */
interface SealFields {
  /** The last `/ByteRange [a b c d]` of the file: the seal an incremental update would add comes last. */
  byteRange: [number, number, number, number] | null;
  /** The signature dictionary's `/Contents <hex>` is at byteRange[1]..byteRange[2]: its bytes, decoded. */
  contents: Buffer | null;
  applicationId: string | null;
  documentId: string | null;
  /** The signature's time as written (`/M (D:…)`). */
  signedAt: string | null;
}

/** A string entry longer than this is not one we wrote (our ids are UUIDs, our date 17 characters). */
export const MAX_ENTRY_CHARS = 1024;
/** Where readers look for the end-of-file marker (Acrobat's tolerance, PDF 32000 implementation note). */
const END_MARKER_WINDOW = 1024;

const KEY_BYTE_RANGE = Buffer.from('/ByteRange', 'latin1');
const KEY_M = Buffer.from('/M', 'latin1');
const KEY_APPLICATION = Buffer.from('/Under_ApplicationId', 'latin1');
const KEY_DOCUMENT = Buffer.from('/Under_DocumentId', 'latin1');
const DATE_PREFIX = Buffer.from('D:', 'latin1');
const DICT_OPEN = Buffer.from('<<', 'latin1');
const END_OBJ = Buffer.from('endobj', 'latin1');
const EOF_MARKER = Buffer.from('%%EOF', 'latin1');

const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const LESS = 0x3c;
const GREATER = 0x3e;

/** PDF white space (PDF 32000 §7.2.2): NUL, tab, line feed, form feed, carriage return, space. */
const isSpace = (c: number | undefined) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0;
const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;
const isHex = (c: number | undefined) =>
  c !== undefined && ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));

function skipSpace(buf: Uint8Array, at: number, end = buf.length): number {
  let i = at;
  while (i < end && isSpace(buf[i])) i++;
  return i;
}

/**
 * `[ a b c d ]` at `at` (after optional white space): four unsigned integers, white space between them. A run of
 * digits too long for a number gives Infinity (a damaged seal), still read in one pass.
 */
function byteRangeAt(buf: Uint8Array, at: number): [number, number, number, number] | null {
  let i = skipSpace(buf, at);
  if (buf[i] !== OPEN_BRACKET) return null;
  i = skipSpace(buf, i + 1);
  const values: number[] = [];
  for (let k = 0; k < 4; k++) {
    if (k > 0) {
      if (!isSpace(buf[i])) return null;
      i = skipSpace(buf, i);
    }
    if (!isDigit(buf[i])) return null;
    let value = 0;
    while (isDigit(buf[i])) value = value * 10 + ((buf[i++] as number) - 0x30);
    values.push(value);
  }
  i = skipSpace(buf, i);
  return buf[i] === CLOSE_BRACKET ? (values as [number, number, number, number]) : null;
}

/** The last `/ByteRange` followed by a well-formed array, and where its key starts. */
function lastByteRange(buf: Buffer): { at: number; range: [number, number, number, number] } | null {
  for (let at = buf.lastIndexOf(KEY_BYTE_RANGE); at >= 0; at = at > 0 ? buf.lastIndexOf(KEY_BYTE_RANGE, at - 1) : -1) {
    const range = byteRangeAt(buf, at + KEY_BYTE_RANGE.length);
    if (range) return { at, range };
  }
  return null;
}

const startsWith = (buf: Buffer, at: number, prefix: Buffer) =>
  at + prefix.length <= buf.length && buf.compare(prefix, 0, prefix.length, at, at + prefix.length) === 0;

/**
 * The literal string of the first `key` in [start, end) that is followed (after white space) by `(` and `prefix`:
 * its text up to the first `)`. Null when no key qualifies, the string does not close inside the range, or it is
 * longer than MAX_ENTRY_CHARS.
 */
export function stringEntry(buf: Buffer, key: Buffer, start: number, end: number, prefix?: Buffer): string | null {
  for (let at = buf.indexOf(key, start); at >= 0 && at + key.length <= end; at = buf.indexOf(key, at + 1)) {
    const open = skipSpace(buf, at + key.length, end);
    if (buf[open] !== OPEN_PAREN || open >= end) continue;
    if (prefix && !startsWith(buf, open + 1, prefix)) continue;
    const close = buf.indexOf(CLOSE_PAREN, open + 1);
    // no `)` after this one: no later key can have its string closed either
    if (close < 0 || close >= end) return null;
    if (close - open - 1 > MAX_ENTRY_CHARS) return null;
    return buf.toString('latin1', open + 1, close);
  }
  return null;
}

/** `<hex>` exactly, decoded (the signature's CMS with its zero padding), or null. */
function hexString(buf: Buffer, start: number, end: number): Buffer | null {
  if (start < 0 || end > buf.length || end - start < 3) return null;
  if (buf[start] !== LESS || buf[end - 1] !== GREATER) return null;
  for (let i = start + 1; i < end - 1; i++) if (!isHex(buf[i])) return null;
  return Buffer.from(buf.toString('latin1', start + 1, end - 1), 'hex');
}

/** The seal's entries: the last byte range, and the signature dictionary it belongs to. */
export function scanSeal(pdf: Uint8Array): SealFields {
  const buf = Buffer.isBuffer(pdf) ? pdf : Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const found = lastByteRange(buf);
  if (!found) return { byteRange: null, contents: null, applicationId: null, documentId: null, signedAt: null };
  const [, b, c] = found.range;
  // the dictionary holding this /ByteRange: from the `<<` before it to the end of its object
  const start = Math.max(0, buf.lastIndexOf(DICT_OPEN, found.at));
  const endObj = buf.indexOf(END_OBJ, found.at);
  const end = endObj < 0 ? buf.length : endObj;
  return {
    byteRange: found.range,
    contents: Number.isSafeInteger(b) && Number.isSafeInteger(c) ? hexString(buf, b, c) : null,
    applicationId: stringEntry(buf, KEY_APPLICATION, start, end),
    documentId: stringEntry(buf, KEY_DOCUMENT, start, end),
    signedAt: stringEntry(buf, KEY_M, start, end, DATE_PREFIX),
  };
}

/** A PDF date `D:YYYYMMDDHHmmSS…` as UTC (how we write it), or null when it is not a real time. */
export function parsePdfDate(text: string | null): Date | null {
  if (!text || text.length < 16 || !text.startsWith('D:')) return null;
  for (let i = 2; i < 16; i++) if (!isDigit(text.charCodeAt(i))) return null;
  const n = (from: number, to: number) => Number(text.slice(from, to));
  const [y, mo, d, h, mi, s] = [n(2, 6), n(6, 8), n(8, 10), n(10, 12), n(12, 14), n(14, 16)];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls 13/32/25:61 over into the next unit: such a date is not one a sealer wrote
  const same =
    at.getUTCFullYear() === y &&
    at.getUTCMonth() === mo - 1 &&
    at.getUTCDate() === d &&
    at.getUTCHours() === h &&
    at.getUTCMinutes() === mi &&
    at.getUTCSeconds() === s;
  return same ? at : null;
}

/**
 * Whether the file ends as a PDF does: `%%EOF` in its last 1024 bytes. A file cut short, or bytes that only start
 * like a PDF, do not; neither is a document anyone issued.
 */
export function hasEndMarker(pdf: Uint8Array): boolean {
  const buf = Buffer.isBuffer(pdf) ? pdf : Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  return buf.indexOf(EOF_MARKER, Math.max(0, buf.length - END_MARKER_WINDOW)) >= 0;
}
