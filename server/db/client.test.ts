import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/test-database';
import { notify, rowsOf } from './client';

const onPostgres = process.env.TEST_DB === 'postgres';

// PGlite runs in-process: its LISTEN has no connection that could drop.
describe.skipIf(!onPostgres)('LISTEN on PostgreSQL (skipped on PGlite: no connection to lose)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('reconnects after the listening connection is killed, re-listens and signals a resync', async () => {
    const received: string[] = [];
    await database.listen('client_test_channel', (payload) => received.push(payload));
    await notify(database.db, 'client_test_channel', 'before');
    await expect.poll(() => received).toContain('before');

    const killed = await database.db.execute(
      sql`select pg_terminate_backend(pid) as killed from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
    );
    expect(rowsOf(killed)).toHaveLength(1);

    // The new connection tells every handler to reload (NOTIFYs sent while it was down are lost)…
    await expect.poll(() => received, { timeout: 5000 }).toContain('');
    // …and hears later NOTIFYs again.
    await notify(database.db, 'client_test_channel', 'after');
    await expect.poll(() => received, { timeout: 5000 }).toContain('after');
  });
});
