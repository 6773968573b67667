import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const alias = {
  '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)),
  '@web': fileURLToPath(new URL('./web', import.meta.url)),
};

// Four kinds of test, named by suffix:
//   *.unit.test.ts     pure logic, no database: run once
//   *.test.ts          real app + real database: run on PGlite and again on PostgreSQL
//   *.app.test.ts      real app whose behaviour no database changes (HTTP plumbing, headers, SPA hosting, image storage,
//                      start-up checks): run once, on PGlite
//   *.browser.test.ts  playwright-core journeys in Debian Chromium against a running server
//
// The database projects run without per-file isolation: a worker keeps its modules from one test file to the next, so
// the real scorer (tests/support/test-app.ts) loads once per worker, not once per file. Each file still gets its own
// app and its own database (a copy of the migrated template: PGlite's is dumped once per run by
// tests/support/pglite-global-setup.ts, PostgreSQL's is migrated once by tests/support/postgres-global-setup.ts).
// So a test file keeps no state in shared modules, and restores what it changes (fake timers, spies, process.env).
// (docs/decisions/035-test-loop.md)
//
// `npm test` (scripts/test.sh) runs its files in three vitest processes side by side (lanes), split by measured
// duration (scripts/test-lanes.mjs writes the plan, TEST_LANE_PLAN; TEST_LANE names this process's lane). Every file the
// plan gives to another lane is left out of every project here, so each file runs in one lane, in the same projects as
// without a plan. Without TEST_LANE_PLAN nothing is left out.
function filesOfOtherLanes(): string[] {
  const planFile = process.env.TEST_LANE_PLAN;
  if (!planFile) return [];
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as { lanes: Record<string, string[]> };
  const lane = process.env.TEST_LANE ?? '';
  if (!(lane in plan.lanes)) throw new Error(`TEST_LANE "${lane}" is not a lane of ${planFile}`);
  return Object.entries(plan.lanes).flatMap(([name, files]) => (name === lane ? [] : files));
}
const inOtherLane = filesOfOtherLanes();

export default defineConfig({
  resolve: { alias },
  test: {
    // Projects inherit these through `extends: true` (inline projects don't inherit the root config otherwise).
    // Transformed modules are kept on disk (node_modules/.experimental-vitest-cache, keyed by content): the three vitest
    // processes of `npm test` share them within a run, and the next run starts warm.
    experimental: { fsModuleCache: true },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a state, it measures no speed: vitest's default gives up after 1 s, which a loaded 2-core
    // machine outlasts now and then (a generated name that arrived 1.2 s after the dialog failed a journey). A poll
    // that never succeeds still fails, after 15 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    projects: [
      {
        extends: true,
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['{server,contracts,scripts,tests,web}/**/*.unit.test.ts'],
          exclude: [...configDefaults.exclude, ...inOtherLane],
          environment: 'node',
          // The embedded database's own tests (server/db) open copies of the migrated template instead of paying initdb.
          globalSetup: ['tests/support/pglite-global-setup.ts'],
        },
      },
      {
        extends: true,
        resolve: { alias },
        test: {
          name: 'pglite',
          include: ['{server,tests}/**/*.test.ts'],
          // The cluster test runs instances behind haproxy on PostgreSQL only (several processes cannot share PGlite).
          exclude: ['**/*.unit.test.ts', '**/*.browser.test.ts', '**/node_modules/**', 'tests/deploy/cluster.test.ts', ...inOtherLane],
          env: { TEST_DB: 'pglite' },
          // One worker runs many files (see the note on isolation above): the scorer loads once per worker.
          isolate: false,
          globalSetup: ['tests/support/server-bundle-global-setup.ts', 'tests/support/pglite-global-setup.ts'],
          setupFiles: ['tests/support/setup-test-env.ts', 'tests/support/cpu-per-file.ts'],
        },
      },
      {
        extends: true,
        resolve: { alias },
        test: {
          name: 'postgres',
          include: ['{server,tests}/**/*.test.ts'],
          exclude: ['**/*.unit.test.ts', '**/*.app.test.ts', '**/*.browser.test.ts', '**/node_modules/**', ...inOtherLane],
          env: { TEST_DB: 'postgres' },
          // Like pglite: one worker runs many files, so the scorer loads once per worker (docs/decisions/035-test-loop.md).
          isolate: false,
          globalSetup: ['tests/support/server-bundle-global-setup.ts', 'tests/support/postgres-global-setup.ts'],
          setupFiles: ['tests/support/setup-test-env.ts', 'tests/support/cpu-per-file.ts'],
        },
      },
      {
        extends: true,
        resolve: { alias },
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.browser.test.ts'],
          exclude: [...configDefaults.exclude, ...inOtherLane],
          globalSetup: [
            'tests/support/server-bundle-global-setup.ts',
            'tests/support/pglite-global-setup.ts',
            'tests/browser/global-setup.ts',
          ],
          setupFiles: ['tests/support/cpu-per-file.ts'],
          fileParallelism: false,
          // A hang guard, not a speed claim: a journey on a slow machine beside the API lane takes minutes.
          testTimeout: 300_000,
        },
      },
    ],
  },
});
