// Runs the browser journeys in the system Chromium. Without one: a one-line skip, except under
// CI=true, where a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const line = `e2e: no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (process.env.CI === 'true') {
    console.error(`${line}: failing because CI=true`);
    process.exit(1);
  }
  console.log(`${line}: browser tests skipped`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
