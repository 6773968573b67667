import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * A fresh DATA_DIR for a server a test starts, whose embedded database is already initialised and migrated: a copy of
 * the run's PGlite template (tests/support/pglite-global-setup.ts). A first start on an empty folder pays initdb and
 * every migration (seconds of CPU); a test whose subject is not that first start should not.
 * Tests of the first start itself (tests/clone, `npm run admin:create` on a new folder) use an empty folder. In the
 * postgres project the database is DATABASE_URL's, so the folder stays empty (it holds only the secret and images).
 */
export function migratedDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  if (process.env.TEST_DB !== 'postgres') fillFromTemplate(dir, inject('pgliteTemplate'));
  return dir;
}

/** Puts the migrated PGlite of `template` (the dump's path) under `dataDir`, where the server looks for it. */
export function fillFromTemplate(dataDir: string, template: string) {
  const pglite = path.join(dataDir, 'pglite');
  mkdirSync(pglite, { recursive: true });
  // The dump is a tar of the data directory (absolute member names, which tar makes relative).
  execFileSync('tar', ['xf', template, '-C', pglite], { stdio: ['ignore', 'ignore', 'pipe'] });
}
