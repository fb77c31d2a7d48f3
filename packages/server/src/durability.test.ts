import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

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
    await waitHealthy(port, first.child);

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
      await waitHealthy(port, again.child);
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
