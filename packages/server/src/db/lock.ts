import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own, and two processes writing one data directory silently lose
 * data. The lock file holds the owner's pid; a file left by a dead process (kill -9) is taken over.
 * Returns a release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'under.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Another Under process (pid ${owner}) is using the data directory ${dir}. ` +
            'Stop it first, or start this one with another DATA_DIR or a DATABASE_URL.',
        );
      }
      unlinkSync(file);
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}
