import { defineConfig } from 'vitest/config';

const serverTests = ['src/server/**/*.test.ts', 'test/**/*.test.ts', 'cli/**/*.test.ts'];
// Limits only: tests wait for events, not time (docs/testing.md). On a machine under load a fresh
// database and app (beforeAll) can take over a minute, and the restart test's two on-disk starts
// (db/persistence.test.ts) took 138 s at a load average of 35; these bound a hang, not a step.
const serverTimeouts = { testTimeout: 240_000, hookTimeout: 240_000 };
// Migrates the template the test databases are copied from, once per run (test/helpers/database.ts).
// Not isolated: a worker runs file after file in one process and imports the server once, not per
// file; each file still opens its own app and database and closes them (docs/testing.md, "Suite speed").
const serverProject = { globalSetup: ['test/global-setup.ts'], isolate: false, ...serverTimeouts };

/** API tests run once on PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL. */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on two cores, one file at a time.
    maxWorkers: 2,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'extension/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: serverTests,
          env: { FOLIO_TEST_DB: 'pglite' },
          ...serverProject,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: serverTests,
                env: { FOLIO_TEST_DB: 'postgres' },
                ...serverProject,
              },
            },
          ]
        : []),
    ],
  },
});
