import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = {
  '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)),
  '@web': fileURLToPath(new URL('./web', import.meta.url)),
};

// Three kinds of test, named by suffix:
//   *.unit.test.ts     pure logic, no database: run once
//   *.test.ts          real app + real database: run on PGlite and again on PostgreSQL
//   *.browser.test.ts  playwright-core journeys in Debian Chromium against a running server
export default defineConfig({
  resolve: { alias },
  test: {
    // Projects inherit these through `extends: true` (inline projects don't inherit the root config otherwise).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        resolve: { alias },
        test: { name: 'unit', include: ['{server,contracts,scripts,tests,web}/**/*.unit.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        resolve: { alias },
        test: {
          name: 'pglite',
          include: ['{server,tests}/**/*.test.ts'],
          exclude: ['**/*.unit.test.ts', '**/*.browser.test.ts', '**/node_modules/**'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/support/server-bundle-global-setup.ts'],
          setupFiles: ['tests/support/setup-test-env.ts'],
        },
      },
      {
        extends: true,
        resolve: { alias },
        test: {
          name: 'postgres',
          include: ['{server,tests}/**/*.test.ts'],
          exclude: ['**/*.unit.test.ts', '**/*.browser.test.ts', '**/node_modules/**'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/support/server-bundle-global-setup.ts', 'tests/support/postgres-global-setup.ts'],
          setupFiles: ['tests/support/setup-test-env.ts'],
        },
      },
      {
        extends: true,
        resolve: { alias },
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.browser.test.ts'],
          globalSetup: ['tests/support/server-bundle-global-setup.ts', 'tests/browser/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
        },
      },
    ],
  },
});
