// kill -9 under load (docs/decisions/005 and 010; the short version for CI, `npm run bench:kill9` is the long one): the real server on
// PGlite (a data directory) or PostgreSQL, players playing, SIGKILL mid-load, restart: every acknowledged guess is there.
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, missingAcks, playThenKill, startGameServer } from '../support/kill9-load';
import { testServerBundle } from '../support/server-process';
import { migratedDataDir } from '../support/data-dir';
import { createTestDatabase } from '../support/test-database';

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe('kill -9 under load', () => {
  it('keeps every acknowledged guess across a SIGKILL and restart', async () => {
    const dataDir = migratedDataDir('gg-kill9-');
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (process.env.TEST_DB === 'postgres') {
      const database = await createTestDatabase();
      databaseUrl = database.url;
      // The server opens its own pool; ours only keeps the throw-away database alive until the end.
      cleanups.push(() => database.close());
    }
    const port = await freePort();
    const first = await startGameServer({ port, dataDir, databaseUrl, bundle: testServerBundle });
    cleanups.push(async () => first.child.exitCode === null && first.child.kill('SIGKILL'));
    const acks = await playThenKill(first.baseUrl, first.child, { players: 6, gamesPerPlayer: 4, loadMs: 1000, killAfterAcks: 12 });
    expect(acks.length, `${acks.refusals.slice(0, 5).join('\n')}\n${first.output()}`).toBeGreaterThanOrEqual(12);

    const second = await startGameServer({ port, dataDir, databaseUrl, bundle: testServerBundle });
    cleanups.push(async () => {
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
    });
    expect(await missingAcks(second.baseUrl, acks)).toEqual([]);
    // Two server boots (each loads the scorer) on a shared CI machine: minutes, not seconds, in the worst case.
  }, 240_000);
});
