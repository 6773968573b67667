// The embedded database in its own thread (pglite-thread.ts, decision 041): what the app relies on from PGlite must
// hold across the thread boundary — transactions isolated from other requests' statements, rollbacks, PostgreSQL's
// error fields, NOTIFY, and the event loop free while the database works.
import { sql } from 'drizzle-orm';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openConfiguredDatabase, rowsOf } from './client';
import { isUniqueViolation, sqlStateOf } from './races';
import { migratedDataDir } from '../../tests/support/data-dir';

let dir: string;
let database: Database;
beforeAll(async () => {
  // A copy of the run's migrated template, opened as the server opens it; an empty folder's initdb alone costs seconds of CPU.
  dir = migratedDataDir('gg-pglite-thread-');
  database = await openConfiguredDatabase({ dataDir: dir });
  await database.db.execute(sql`create table items (id int primary key, name text not null constraint items_name_key unique)`);
}, 60_000);
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

const count = async () => rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from items`))[0].n;

describe('PGlite in a worker thread', () => {
  it('keeps a transaction whole: statements from outside wait for it and never see its rows half done', async () => {
    await database.db.execute(sql`delete from items`);
    let outsideSaw: number | undefined;
    let outside: Promise<void> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into items values (1, 'one')`);
      // Another request's statement, sent while the transaction is open: it must wait for the commit.
      outside = count().then((n) => {
        outsideSaw = n;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideSaw).toBeUndefined();
      await tx.execute(sql`insert into items values (2, 'two')`);
    });
    await outside;
    expect(outsideSaw).toBe(2);
  });

  it('rolls back what a failed transaction did, nested savepoints included', async () => {
    await database.db.execute(sql`delete from items`);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into items values (1, 'one')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into items values (2, 'two')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into items values (3, 'three')`);
          throw new Error('inner only');
        })
        .catch(() => undefined);
    });
    expect(rowsOf<{ id: number }>(await database.db.execute(sql`select id from items order by id`)).map((row) => row.id)).toEqual([2]);
  });

  it("brings PostgreSQL's error fields across (SQLSTATE, constraint), and the database stays usable", async () => {
    await database.db.execute(sql`delete from items`);
    await database.db.execute(sql`insert into items values (1, 'same')`);
    const error = await database.db.execute(sql`insert into items values (2, 'same')`).catch((caught: unknown) => caught);
    expect(sqlStateOf(error)).toBe('23505');
    expect(isUniqueViolation(error, 'items_name_key')).toBe(true);
    // Inside a transaction too, and the transaction is rolled back.
    const inTransaction = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into items values (3, 'three')`);
        await tx.execute(sql`insert into items values (4, 'same')`);
      })
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(inTransaction, 'items_name_key')).toBe(true);
    expect(await count()).toBe(1);
  });

  it('fails a statement whose parameters cannot cross the thread, and goes on', async () => {
    await expect(database.db.execute(sql`select ${(() => 1) as unknown as number}::int`)).rejects.toThrow();
    expect(rowsOf<{ n: number }>(await database.db.execute(sql`select 1::int as n`))[0].n).toBe(1);
  });

  it('delivers NOTIFY to the listeners on the main thread', async () => {
    const payloads: string[] = [];
    const unlisten = await database.listen('thread_test', (payload) => payloads.push(payload));
    await database.db.execute(sql`select pg_notify('thread_test', 'hello')`);
    await expect.poll(() => payloads).toEqual(['hello']);
    await unlisten();
    await database.db.execute(sql`select pg_notify('thread_test', 'after')`);
    await database.db.execute(sql`select 1`);
    expect(payloads).toEqual(['hello']);
  });

  it('leaves the event loop free while the database works', async () => {
    // A statement that keeps PostgreSQL busy for ~300 ms: with PGlite in this thread no timer could fire meanwhile.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await database.db.execute(sql`select pg_sleep(0.3)`);
    clearInterval(timer);
    expect(ticks).toBeGreaterThanOrEqual(5);
  });
});
