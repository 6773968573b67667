import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { seedCompletedAttempt, seedPlayer } from '../../tests/support/leaderboard-entries';
import { createTestDatabase } from '../../tests/support/test-database';
import { createLeaderboardService } from './leaderboard.service';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** The real database, with every statement the service sends written down. */
function recordingDb(db: Db) {
  const statements: string[] = [];
  const dialect = new PgDialect();
  const recording = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return (query: SQL) => {
        statements.push(dialect.sqlToQuery(query).sql);
        return target.execute(query);
      };
    },
  });
  return { db: recording, statements };
}

describe('GET /api/leaderboard reads', () => {
  it('ranks once, in one statement without the stream digest, even for a viewer below the top', async () => {
    const top = await seedPlayer(database.db, { displayName: 'QueryTop' });
    await seedCompletedAttempt(database.db, top, 90);
    const low = await seedPlayer(database.db, { displayName: 'QueryLow' });
    await seedCompletedAttempt(database.db, low, 10);
    const { db, statements } = recordingDb(database.db);
    const leaderboard = createLeaderboardService({ db, keySecret: 'test-key' });

    const board = await leaderboard.leaderboard(1, low);
    expect(board.entries.map((entry) => [entry.displayName, entry.rank, entry.isYou])).toEqual([['QueryTop', 1, false]]);
    expect(board.me).toMatchObject({ displayName: 'QueryLow', rank: 2, isYou: true });
    expect(board.total).toBe(2);
    expect(statements).toHaveLength(1);
    expect(statements[0]).not.toContain('md5');
  });
});
