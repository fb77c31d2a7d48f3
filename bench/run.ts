// `npm run bench -- NAME`: runs bench/NAME.ts, which prints its figures beside a baseline of the same run.
import { readdirSync } from 'node:fs';

const name = process.argv[2];
const available = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''));
if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <${available.join('|')}>`);
  process.exit(2);
}
await import(`./${name}.ts`);
