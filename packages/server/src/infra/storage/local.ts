import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { spoolToFile } from './spool';
import { assertKey, type Storage, type StoredObject } from './storage';

/**
 * Files under `root` (DATA_DIR/files), one per key, with a `.meta.json` beside it for the content type.
 * Uploads are spooled into `root/.tmp` and renamed into place, so a reader never sees half a file and a
 * refused upload leaves nothing. A key is written once: a put to an existing key fails rather than replace its
 * bytes. Everything is owner-only (0700 directories, 0600 files).
 */
export function createLocalStorage(root: string): Storage {
  const tmpDir = path.join(root, '.tmp');
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  const metaOf = (file: string) => `${file}.meta.json`;

  async function readMeta(file: string): Promise<StoredObject | undefined> {
    try {
      const [meta, info] = await Promise.all([readFile(metaOf(file), 'utf8'), stat(file)]);
      return { size: info.size, contentType: (JSON.parse(meta) as { contentType: string }).contentType };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  return {
    driver: 'local',
    async put(key, body, options) {
      const file = fileOf(key);
      await mkdir(tmpDir, { recursive: true, mode: 0o700 });
      const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
      const result = await spoolToFile(body, tmp, options);
      let metaWritten = false;
      try {
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        // the meta file is created exclusively ('wx'): it fails when the key exists, so the bytes behind a key
        // never change, and two puts of one key cannot both get past it
        await writeFile(metaOf(file), JSON.stringify({ contentType: result.contentType }), { mode: 0o600, flag: 'wx' });
        metaWritten = true;
        await rename(tmp, file);
      } catch (err) {
        if (metaWritten) await rm(metaOf(file), { force: true });
        throw err;
      } finally {
        await rm(tmp, { force: true });
      }
      return { size: result.size, contentType: result.contentType };
    },
    async get(key) {
      const file = fileOf(key);
      const meta = await readMeta(file);
      if (!meta) return undefined;
      return { ...meta, body: createReadStream(file) };
    },
    stat: (key) => readMeta(fileOf(key)),
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(metaOf(file), { force: true });
    },
  };
}
