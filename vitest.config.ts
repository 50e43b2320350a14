import { defineConfig } from 'vitest/config';

const serverTests = ['src/server/**/*.test.ts', 'test/**/*.test.ts'];

/** API tests run once on PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL. */
export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: serverTests,
          env: { FOLIO_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: serverTests,
                env: { FOLIO_TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
