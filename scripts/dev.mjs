// `npm run dev`: the API with reload on change (tsx watch, port 3000) and the Vite dev server with hot
// reload (port 5173, proxying /api to the API). Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'packages/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '3000' },
  }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit', cwd: 'packages/web' }),
];
console.log('dev: API on http://localhost:3000, web with hot reload on http://localhost:5173');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
