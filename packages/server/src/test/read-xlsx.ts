import { crc32, inflateRawSync } from 'node:zlib';

/**
 * Test support, out of the production code since decision 063: a small reader of what the export writes,
 * independent of the writer: the zip's central directory, each entry inflated and checked against its CRC, and a
 * sheet's cells by reference (inline strings).
 */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip');
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < entries; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    if (data.length !== size) throw new Error(`size of ${name}`);
    if (crc32(data) >>> 0 !== crc) throw new Error(`crc of ${name}`);
    files.set(name, data);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The sheet's rows as arrays of cell texts (by column letter, gaps as ''). */
export function sheetRows(xml: string): string[][] {
  const rows: string[][] = [];
  for (const row of xml.matchAll(/<row r="(\d+)"[^>]*>(.*?)<\/row>/gs)) {
    const cells: string[] = [];
    for (const c of (row[2] ?? '').matchAll(/<c r="([A-Z]+)(\d+)"[^>]*>(.*?)<\/c>/gs)) {
      if (c[2] !== row[1]) throw new Error(`cell ${c[1]}${c[2]} in row ${row[1]}`);
      const col = [...(c[1] ?? '')].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
      const text = /<t[^>]*>(.*?)<\/t>/s.exec(c[3] ?? '')?.[1] ?? /<v>(.*?)<\/v>/s.exec(c[3] ?? '')?.[1] ?? '';
      while (cells.length < col) cells.push('');
      cells[col] = unescapeXml(text);
    }
    rows[Number(row[1]) - 1] = cells;
  }
  return rows;
}

/** A CSV (RFC 4180) as rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/**
 * Each cell's kind, by reference (`B2`): `text` (an inline string), `number`, or a date with its style's format
 * code (`mmm/dd/yyyy`), read from styles.xml as a spreadsheet would.
 */
export function cellKinds(sheet: string, styles: string): Map<string, string> {
  const formats = new Map<string, string>();
  for (const f of styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"\/>/g)) {
    formats.set(f[1] ?? '', unescapeXml(f[2] ?? ''));
  }
  const xfs = [...(/<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(styles)?.[1] ?? '').matchAll(/<xf numFmtId="(\d+)"/g)].map(
    (x) => x[1] ?? '0',
  );
  const kinds = new Map<string, string>();
  for (const c of sheet.matchAll(/<c r="([A-Z]+\d+)"([^>]*)>/g)) {
    const attrs = c[2] ?? '';
    if (/t="inlineStr"/.test(attrs)) kinds.set(c[1] ?? '', 'text');
    else {
      const style = /s="(\d+)"/.exec(attrs)?.[1];
      const format = style ? formats.get(xfs[Number(style)] ?? '') : undefined;
      kinds.set(c[1] ?? '', format ? `date ${format}` : 'number');
    }
  }
  return kinds;
}
