import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { spoolToFile } from './spool';
import { assertKey, type Storage, type StoredObject } from './storage';

/**
 * Files under `root` (DATA_DIR/files), one per key, with a `.meta.json` beside it for the content type.
 * Uploads are spooled into `root/.tmp` and renamed into place, so a reader never sees half a file and a
 * refused upload leaves nothing.
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
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
      const result = await spoolToFile(body, tmp, options);
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(metaOf(file), JSON.stringify({ contentType: result.contentType }), { mode: 0o600 });
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        await rm(metaOf(file), { force: true });
        throw err;
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
