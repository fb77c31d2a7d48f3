import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { secureDataDir } from './data-dir';
import { freePort, spawnServer, waitForOutput } from './test/server-process';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Every entry under `dir` (itself included) whose mode is not owner-only, as "path mode". */
function notOwnerOnly(dir: string): string[] {
  const wrong: string[] = [];
  const check = (target: string) => {
    const st = lstatSync(target);
    if (st.isSymbolicLink()) return;
    const mode = st.mode & 0o777;
    const wanted = st.isDirectory() ? 0o700 : 0o600;
    if (mode !== wanted) wrong.push(`${path.relative(dir, target) || '.'} ${mode.toString(8)}`);
    if (st.isDirectory()) for (const name of readdirSync(target)) check(path.join(target, name));
  };
  check(dir);
  return wrong;
}

/** An install from before the rule: world-readable directories and files. */
function olderInstall(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'under-perm-'));
  mkdirSync(path.join(dir, 'files', 'companies', 'c1', 'logo'), { recursive: true });
  writeFileSync(path.join(dir, 'files', 'companies', 'c1', 'logo', 'old'), 'x');
  writeFileSync(path.join(dir, 'notes.txt'), 'kept by an operator');
  for (const d of [dir, path.join(dir, 'files'), path.join(dir, 'files', 'companies')]) chmodSync(d, 0o755);
  chmodSync(path.join(dir, 'files', 'companies', 'c1', 'logo', 'old'), 0o666);
  chmodSync(path.join(dir, 'notes.txt'), 0o644);
  return dir;
}

describe('DATA_DIR permissions', () => {
  it('secureDataDir takes group and other permissions off an existing tree', () => {
    const dir = olderInstall();
    expect(notOwnerOnly(dir).length).toBeGreaterThan(0);
    secureDataDir(dir);
    expect(notOwnerOnly(dir)).toEqual([]);
  });

  it('the real server, started under umask 000, leaves everything in DATA_DIR owner-only', async () => {
    const dir = olderInstall();
    const port = await freePort();
    // umask 000: without the server's own umask, PGlite's files would be 0666 and its directories 0777
    const server = spawnServer(
      {
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        SMTP_URL: '',
        STORAGE_DRIVER: 'local',
      },
      { umask: '000', cwd: ROOT },
    );
    const { child, exited } = server;
    // printed once the credentials file is written, after the server listens
    const started = waitForOutput(server, 'Under is running.');
    try {
      await started;
      // a sign-up writes its mail to DATA_DIR/outbox, a directory created now, by code that asks for no mode
      const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/client/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'perm@example.com', password: 'Perm12345x' }),
      });
      expect(signUp.status).toBe(201);
      const deadline = Date.now() + 20_000;
      while (!readdirSync(dir).includes('outbox') || readdirSync(path.join(dir, 'outbox')).length === 0) {
        if (Date.now() > deadline) throw new Error('no mail in the outbox');
        await new Promise((r) => setTimeout(r, 100));
      }
      // the database, the secrets, the lock and the generated credentials exist now
      expect(readdirSync(dir)).toEqual(
        expect.arrayContaining(['pglite', 'secrets.json', 'under.lock', 'initial-credentials.txt', 'outbox']),
      );
      expect(notOwnerOnly(dir)).toEqual([]);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    // and after a clean stop (PGlite writes its last files then)
    expect(notOwnerOnly(dir)).toEqual([]);
  }, 120_000);
});
