import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Web test files that mock modules, globals, the environment or timers run each in a fresh module graph (project
 * `web-isolated`); the others share one per worker (decision 082). Found by reading the files, so a new test that
 * mocks is isolated without anyone listing it.
 */
const WEB_MOCKING = /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|resetModules)\b/;
const WEB_SRC = fileURLToPath(new URL('./packages/web/src/', import.meta.url));
const WEB_ISOLATED = readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && WEB_MOCKING.test(readFileSync(`${WEB_SRC}${file}`, 'utf8')))
  .map((file) => `src/${file}`);

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
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // one migrated PGlite image and PostgreSQL template for the run; each test database is a copy
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
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
