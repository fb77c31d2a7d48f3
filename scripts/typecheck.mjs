// `npm run typecheck`: the four TypeScript projects, two at a time (tsc uses one core each; CI has two), each
// project's time printed; fails when any project fails, after all have run (decision 067).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

// the largest first, so the two slots finish close together
const projects = ['packages/web', 'packages/server', 'e2e', 'packages/core'];
const slots = Math.max(1, Math.min(2, availableParallelism()));

function check(project) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      // one project's errors together, not interleaved with another's
      process.stdout.write(`${out}tsc -p ${project}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s\n`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const results = [];
await Promise.all(
  Array.from({ length: slots }, async () => {
    while (queue.length > 0) results.push(await check(queue.shift()));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
