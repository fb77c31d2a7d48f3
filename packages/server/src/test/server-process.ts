import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The server's entry point, as `npm start` runs it. */
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/** A TCP port free on 127.0.0.1 now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
}

/**
 * The real server in a child process (`node --import tsx main.ts`) with `env` over this process's environment.
 * `umask` starts it under that umask (through sh), as an operator's shell might.
 */
export function spawnServer(
  env: Record<string, string>,
  options: { umask?: string; cwd?: string } = {},
): ServerProcess {
  const child = options.umask
    ? spawn('sh', ['-c', `umask ${options.umask} && exec "${process.execPath}" --import tsx "${MAIN}"`], {
        cwd: options.cwd,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, ['--import', 'tsx', MAIN], {
        cwd: options.cwd,
        env: { ...process.env, ...env },
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

/** Waits until `url` answers 2xx; fails at once if the server exits, or after `ms`. */
export async function waitUntilServing(url: string, server: ServerProcess, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer:\n${server.output()}`);
}

/** Waits until the server has printed `text` (e.g. 'Under is running.', printed once everything is written). */
export async function waitForOutput(server: ServerProcess, text: string, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!server.output().includes(text)) {
    if (server.child.exitCode !== null) throw new Error(`server exited before printing "${text}":\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`server did not print "${text}":\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
