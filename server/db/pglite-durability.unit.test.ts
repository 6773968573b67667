// docs/decisions/010: PGlite never fsynced (strace showed no fsync on any data file). The embedded default is durable now.
// (PGlite as shipped starts PostgreSQL with -F: `show fsync` says off, and its NODEFS has no fsync at all.)
import { sql } from 'drizzle-orm';
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createLimitStore } from '../limits/limits.store';
import { openConfiguredDatabase, rowsOf } from './client';
import { migratedDataDir } from '../../tests/support/data-dir';

// Each test's DATA_DIR holds a copy of the run's migrated template (tests/support/pglite-global-setup.ts), opened the
// way the server opens it after its first start. An empty folder would add initdb (seconds of CPU) and every migration to
// each test; the first start itself is the clone test's and admin:create's subject.
const dataDirs: string[] = [];
function migratedCopy(prefix: string) {
  const dataDir = migratedDataDir(prefix);
  dataDirs.push(dataDir);
  return dataDir;
}
afterAll(async () => {
  for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
});

describe('the embedded database on a directory (what the server opens by default)', () => {
  it('runs with fsync on, fsyncs the WAL at every commit, and keeps committed rows across a reopen', async () => {
    const dataDir = migratedCopy('gg-durable-');
    const first = await openConfiguredDatabase({ dataDir });
    expect(rowsOf<{ fsync: string }>(await first.db.execute(sql`show fsync`))[0].fsync).toBe('on');
    expect(rowsOf<{ wal_sync_method: string }>(await first.db.execute(sql`show wal_sync_method`))[0].wal_sync_method).toBe('fsync');
    // A 32 MB buffer cache, not PostgreSQL's 128 MB: ~100 MB less memory for the whole event (docs/benchmarks-history.md).
    expect(rowsOf<{ shared_buffers: string }>(await first.db.execute(sql`show shared_buffers`))[0].shared_buffers).toBe('32MB');
    await first.db.execute(sql`create table kept (x int)`);
    // The database runs in its own thread (pglite-thread.ts): its fsyncs are counted there.
    const before = await first.pgliteFsyncStats!();
    for (let i = 0; i < 5; i++) await first.db.execute(sql`insert into kept values (${i})`);
    const after = await first.pgliteFsyncStats!();
    expect(after.calls - before.calls).toBeGreaterThanOrEqual(5);
    expect(after.paths.some((file) => file.includes('/pg_wal/'))).toBe(true);
    await first.close();

    const second = await openConfiguredDatabase({ dataDir });
    expect(rowsOf<{ n: number }>(await second.db.execute(sql`select count(*)::int as n from kept`))[0].n).toBe(5);
    await second.close();
  });
});

describe('what is flushed to disk on the embedded database', () => {
  it('a rate-limit hit commits without waiting for a flush; a durable write still flushes', async () => {
    const database = await openConfiguredDatabase({ dataDir: migratedCopy('gg-durable-limits-') });
    try {
      const limits = createLimitStore(database.db);
      const rule = { name: 'guess', max: 2, windowMs: 60_000 };
      const fsyncs = async () => (await database.pgliteFsyncStats!()).calls;
      const before = await fsyncs();
      const verdicts = [];
      for (let i = 0; i < 5; i++) verdicts.push(await limits.hit([{ rule, on: 'player-1' }]));
      expect((await fsyncs()) - before).toBe(0);
      // The counting itself is unchanged.
      expect(verdicts.map((v) => v.allowed)).toEqual([true, true, false, false, false]);
      await database.db.execute(sql`create table durable (x int)`);
      const beforeDurable = await fsyncs();
      await database.db.execute(sql`insert into durable values (1)`);
      expect((await fsyncs()) - beforeDurable).toBeGreaterThanOrEqual(1);
    } finally {
      await database.close();
    }
  });
});
