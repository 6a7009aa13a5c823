import { defineConfig } from 'vitest/config';

const postgresRequested = Boolean(process.env.TEST_DATABASE_URL);
const scaleOutRequested = postgresRequested && Boolean(process.env.TEST_REDIS_URL);

/**
 * Projects:
 * - unit: pure code beside the sources, and the lint probes (tests/lint).
 * - db-pglite: HTTP integration tests on embedded PGlite (a migrated template cloned per file).
 * - db-postgres: the same files on PostgreSQL, only when TEST_DATABASE_URL is set.
 * - e2e: Playwright in Chromium against a really started server (needs `npm run build` first).
 * - scale-out: two real server processes on one PostgreSQL and one Redis behind a load balancer, only when
 *   both TEST_DATABASE_URL and TEST_REDIS_URL are set (CI sets both).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          exclude: ['src/**/*.db.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'db-pglite',
          include: ['src/**/*.db.test.ts', 'tests/integration/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          env: { TEST_DB_KIND: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresRequested
        ? [
            {
              test: {
                name: 'db-postgres',
                include: ['src/**/*.db.test.ts', 'tests/integration/**/*.test.ts'],
                globalSetup: ['tests/helpers/global-setup.ts'],
                env: { TEST_DB_KIND: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      ...(scaleOutRequested
        ? [
            {
              test: {
                name: 'scale-out',
                include: ['tests/scale-out/**/*.test.ts'],
                testTimeout: 60_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
    ],
  },
});
