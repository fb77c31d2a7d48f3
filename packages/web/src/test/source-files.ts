import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The repository root, found from the working directory (the root or a package of it). */
export function repositoryRoot(): string {
  for (let dir = process.cwd(); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'packages/core/src/ui-text'))) return dir;
  }
  throw new Error(`no repository above ${process.cwd()}`);
}

/** The TypeScript sources under `dir` (node_modules and dist left out); test files only when `tests` is true. */
export function sourceFiles(dir: string, opts: { tests: boolean }, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') sourceFiles(full, opts, out);
    } else if (/\.tsx?$/.test(entry.name) && (opts.tests || !/\.test\.tsx?$/.test(entry.name))) out.push(full);
  }
  return out;
}
