import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A minimal streaming ZIP writer (decision 043): entries are deflated as their chunks come, with a data descriptor
 * after each (general purpose flag bit 3), so nothing is held but the current chunk and the central directory.
 * No ZIP64: an export stays far below 4 GB (the caller bounds it).
 */
interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

const DOS_DATE = (1 << 5) | 1; // 1980-01-01: the file times say nothing
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;

export class ZipStream {
  private entries: Entry[] = [];
  private written = 0;

  /** Yields the bytes of one entry whose content comes from `chunks`. */
  async *entry(name: string, chunks: AsyncIterable<string> | Iterable<string>): AsyncGenerator<Buffer> {
    const entry: Entry = { name: Buffer.from(name, 'utf8'), offset: this.written, crc: 0, compressed: 0, size: 0 };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(FLAG_DESCRIPTOR | FLAG_UTF8, 6);
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt16LE(entry.name.length, 26);
    yield this.out(Buffer.concat([header, entry.name]));

    const deflate = createDeflateRaw({ level: 6 });
    const pending: Buffer[] = [];
    deflate.on('data', (b: Buffer) => pending.push(b));
    const drain = () => {
      const out = Buffer.concat(pending.splice(0));
      entry.compressed += out.length;
      return out;
    };
    for await (const text of chunks) {
      const bytes = Buffer.from(text, 'utf8');
      entry.crc = crc32(bytes, entry.crc);
      entry.size += bytes.length;
      deflate.write(bytes);
      await new Promise<void>((resolve) => deflate.flush(() => resolve()));
      const out = drain();
      if (out.length) yield this.out(out);
    }
    await new Promise<void>((resolve, reject) => {
      deflate.once('end', resolve);
      deflate.once('error', reject);
      deflate.end();
    });
    const last = drain();
    if (last.length) yield this.out(last);

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    yield this.out(descriptor);
    this.entries.push(entry);
  }

  /** The central directory and its end record. */
  finish(): Buffer {
    const start = this.written;
    const parts: Buffer[] = [];
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(FLAG_DESCRIPTOR | FLAG_UTF8, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(0, 12);
      h.writeUInt16LE(DOS_DATE, 14);
      h.writeUInt32LE(e.crc >>> 0, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      parts.push(h, e.name);
    }
    const directory = Buffer.concat(parts);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    return this.out(Buffer.concat([directory, end]));
  }

  private out(b: Buffer): Buffer {
    this.written += b.length;
    return b;
  }
}
