import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, spawnServer, waitUntilServing } from './test/server-process';

function startServer(dataDir: string, port: number) {
  return spawnServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '127.0.0.1',
  });
}

const waitHealthy = (port: number, server: ServerProcess) =>
  waitUntilServing(`http://127.0.0.1:${port}/api/health`, server, 60_000);

let clients = 0;
// Each sign-up comes from its own client behind the (trusted, local) proxy: sign-ups are throttled per address.
const signUp = (port: number, email: string) => {
  clients += 1;
  return fetch(`http://127.0.0.1:${port}/api/auth/client/sign-up`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`,
    },
    body: JSON.stringify({ email, password: 'Secret123' }),
  });
};

describe('durability on the embedded database', () => {
  it('loses no acknowledged sign-up when killed with SIGKILL mid-burst, and keeps data across restarts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'under-kill-'));
    const port = await freePort();
    const first = startServer(dataDir, port);
    await waitHealthy(port, first);

    // a second process on the same data directory must refuse to start
    const second = startServer(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another Under process');

    const acknowledged: string[] = [];
    let n = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const email = `burst.${n++}@example.com`;
        try {
          const res = await signUp(port, email);
          if (res.status === 201) acknowledged.push(email);
        } catch {
          // the connection died with the server: not acknowledged
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    killed = true;
    await first.exited;
    await Promise.all(workers);

    const again = startServer(dataDir, port);
    try {
      await waitHealthy(port, again);
      const missing: string[] = [];
      for (const email of acknowledged) {
        const res = await signUp(port, email);
        if (res.status !== 409) missing.push(email);
      }
      expect(missing, `lost ${missing.length} of ${acknowledged.length} acknowledged accounts`).toEqual([]);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 120_000);
});
