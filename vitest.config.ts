import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests, and server integration tests on a real database
// (fresh in-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        // The web app's '@/' (apps/web/tsconfig.json), for its modules under test.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // The files share their worker's loaded modules (most of the stage was spent importing them once per file);
          // globals and environment variables a test stubs are put back after it, so no file leaves them to the next.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/**/*.int.test.ts'],
          // One migrated template per run; each test's database is a copy of it (apps/server/test/global-setup.ts).
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Removes the temporary folders a file made, after it.
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite is single-threaded WASM and the machine has 2 cores.
          maxWorkers: 2,
          // The files of a worker share its loaded modules: the server is imported once per worker, not once per file
          // (CONTRIBUTING has the stage times). Nothing here keeps module-level state a file could leave behind: each
          // test file opens its own database, and every cache is keyed by its database.
          isolate: false,
        },
      },
    ],
  },
});
