import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { type PutOptions, UploadRejected } from './storage';

/** Bytes `inspect` sees: a PDF's header may follow up to 1 KB of other data (as readers allow). */
const HEAD_BYTES = 1024;

/**
 * Streams `body` into `file` while counting: past `maxBytes` it stops reading and throws; the first bytes go
 * through `inspect` before any are written. On any failure the partial file is removed. Returns the size,
 * SHA-256 and content type.
 */
export async function spoolToFile(
  body: Readable,
  file: string,
  options: PutOptions,
): Promise<{ size: number; sha256: string; contentType: string }> {
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  // opened before anything can fail, so the clean-up below never races a late open
  await once(out, 'open');
  const hash = createHash('sha256');
  let size = 0;
  let head: Buffer | undefined = Buffer.alloc(0);
  let contentType = options.contentType ?? 'application/octet-stream';
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => out.write(chunk, (err) => (err ? reject(err) : resolve())));
  const flushHead = async () => {
    if (head === undefined) return;
    const h = head;
    head = undefined;
    if (options.inspect) contentType = options.inspect(h);
    if (h.length) await write(h);
  };
  try {
    // leaving the loop early must not destroy the body (an HTTP request still needs its answer)
    for await (const raw of body.iterator({ destroyOnReturn: false })) {
      const chunk = typeof raw === 'string' ? Buffer.from(raw) : (raw as Buffer);
      size += chunk.length;
      if (size > options.maxBytes) throw new UploadRejected('too-large');
      hash.update(chunk);
      if (head !== undefined) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= HEAD_BYTES) await flushHead();
      } else {
        await write(chunk);
      }
    }
    if (size === 0 && options.refuseEmpty !== false) throw new UploadRejected('empty');
    await flushHead();
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    return { size, sha256: hash.digest('hex'), contentType };
  } catch (err) {
    out.destroy();
    // the rest of the body is left to the caller (an HTTP route answers and closes the connection)
    await rm(file, { force: true });
    throw err;
  }
}
