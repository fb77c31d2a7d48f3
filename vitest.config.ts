import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Web and server test files that mock modules, globals, the environment or timers run each in a fresh module graph
 * (projects `web-isolated`, `server-isolated`); the others share one per worker (decision 082). Found by reading the
 * files, so a new test that mocks is isolated without anyone listing it.
 */
const MOCKING = /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|resetModules)\b/;
/** The test files under `src` of a package that mock (see above), as `src/...` paths for `include`/`exclude`. */
function mocking(pkg: string): string[] {
  const src = fileURLToPath(new URL(`./packages/${pkg}/src/`, import.meta.url));
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && MOCKING.test(readFileSync(`${src}${file}`, 'utf8')))
    .map((file) => `src/${file}`);
}
const WEB_ISOLATED = mocking('web');
// The same for server files (decision 082, amended): the others share one module graph per worker (Fastify, Drizzle,
// every module, PGlite's WebAssembly and the migrated image imported once per worker instead of once per file).
const SERVER_ISOLATED = mocking('server');

const server = {
  root: 'packages/server',
  environment: 'node',
  // one migrated PGlite image and PostgreSQL template for the run; each test database is a copy
  globalSetup: ['src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

const web = {
  root: 'packages/web',
  environment: 'jsdom',
  setupFiles: ['src/test/setup.ts'],
  // rendering whole pages in jsdom is slow on a busy 2-core machine; a timeout there is not a failure
  testTimeout: 30_000,
} as const;

// One runner for the whole repo; each package is a project with its own environment.
export default defineConfig({
  test: {
    // PGlite instances are heavy; two workers match the 2-core machines we run on.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'core',
          root: 'packages/core',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // pure functions: the files share one module graph per worker instead of importing it again each
          isolate: false,
        },
      },
      {
        test: {
          ...server,
          name: 'server',
          include: ['src/**/*.test.ts'],
          exclude: SERVER_ISOLATED,
          // each test builds its own app and database; the files share the imported modules (see SERVER_ISOLATED)
          isolate: false,
        },
      },
      { test: { ...server, name: 'server-isolated', include: SERVER_ISOLATED } },
      {
        test: {
          ...web,
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: WEB_ISOLATED,
          // jsdom, React and Mantine loaded once per worker, not once per file; setup.ts cleans up after each test
          isolate: false,
        },
      },
      { test: { ...web, name: 'web-isolated', include: WEB_ISOLATED } },
    ],
  },
});
