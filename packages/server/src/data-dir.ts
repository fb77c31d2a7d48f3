import { chmodSync, type Dirent, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** DATA_DIR holds the database, uploaded files, mail with codes and the generated secrets: the owner's alone. */
const DATA_DIR_MODE = 0o700;
const DATA_FILE_MODE = 0o600;

/**
 * Makes every file and directory the process creates from now on owner-only (0600 files, 0700 directories),
 * whatever mode the code creating it asks for: PGlite's files, uploads, the outbox. Call it first thing at start.
 */
export function restrictUmask(): void {
  process.umask(0o077);
}

/**
 * Creates DATA_DIR if needed and takes group and other permissions off everything already in it (installs from
 * before this rule had 0644 files and 0755 directories). Symbolic links are not followed.
 */
export function secureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
  const fix = (target: string, isDir: boolean) => {
    const mode = lstatSync(target).mode & 0o777;
    const wanted = isDir ? DATA_DIR_MODE : DATA_FILE_MODE;
    if (mode !== wanted) chmodSync(target, wanted);
  };
  fix(dir, true);
  const walk = (parent: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(parent, { withFileTypes: true });
    } catch (err) {
      // removed meanwhile (a lock file released by its process)
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      const target = path.join(parent, entry.name);
      if (entry.isSymbolicLink()) continue;
      try {
        fix(target, entry.isDirectory());
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      if (entry.isDirectory()) walk(target);
    }
  };
  walk(dir);
}
