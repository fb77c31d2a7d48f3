import { defineConfig } from 'vitest/config';

// One runner for the whole repo; each package is a project with its own environment.
export default defineConfig({
  test: {
    // PGlite instances are heavy; two workers match the 2-core machines we run on.
    maxWorkers: 2,
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // one migrated PGlite image for the run; each test database starts from a copy (decision 082)
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'packages/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // rendering whole pages in jsdom is slow on a busy 2-core machine; a timeout there is not a failure
          testTimeout: 30_000,
        },
      },
    ],
  },
});
