import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock';

describe('lockDataDir', () => {
  it('refuses a second owner while the first one lives, and frees the directory on release', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'under-lock-'));
    // a live process that is not us holds the lock
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    writeFileSync(path.join(dir, 'under.lock'), String(other.pid));
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/Another Under process/);
    } finally {
      other.kill('SIGKILL');
    }
    await new Promise((r) => other.once('exit', r));
    // the owner died (kill -9): the stale lock is taken over
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'under.lock'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'under.lock'))).toBe(false);
  });
});
