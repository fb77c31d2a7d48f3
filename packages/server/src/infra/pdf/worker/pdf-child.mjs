// Entry of a PDF child process: registers tsx, so that the TypeScript worker runs the same way under `npm start`,
// `npm run dev`, vitest and the benchmarks, whatever flags the parent runs with (the pool passes none on).
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
