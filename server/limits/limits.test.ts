import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { rateLimitCounters } from '../db/tables/limits.tables';
import { createTestDatabase } from '../../tests/support/test-database';
import { createLimitStore } from './limits.store';

// The store against a real database. Two stores stand for two app instances; on PostgreSQL each has its own pool.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let other: Database;
let now = 1_000_000;
const clock = () => now;
beforeAll(async () => {
  database = await createTestDatabase();
  other = database.url ? await openDatabase({ databaseUrl: database.url, poolSize: 10 }) : database;
});
afterAll(async () => {
  if (other !== database) await other?.close();
  await database?.close();
});

const rule = (name: string, max: number, windowMs = 60_000) => ({ name, max, windowMs });

describe('window rules', () => {
  it('admit exactly max of many concurrent hits spread over two instances, then refuse until the window ends', async () => {
    const a = createLimitStore(database.db, clock);
    const b = createLimitStore(other.db, clock);
    const r = rule('race', 10);
    const verdicts = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit([{ rule: r, on: 'x' }])));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
    const refused = verdicts.find((v) => !v.allowed)!;
    expect(refused.refusedBy).toBe('race');
    expect(refused.retryAfterSeconds).toBe(60);
    now += 60_000;
    expect((await b.hit([{ rule: r, on: 'x' }])).allowed).toBe(true);
  });

  it('refuse when any of several rules is over, naming the longest wait', async () => {
    const store = createLimitStore(database.db, clock);
    const short = rule('short', 1, 10_000);
    const long = rule('long', 1, 100_000);
    expect(
      (
        await store.hit([
          { rule: short, on: 'k' },
          { rule: long, on: 'k' },
        ])
      ).allowed,
    ).toBe(true);
    const verdict = await store.hit([
      { rule: short, on: 'k' },
      { rule: long, on: 'k' },
    ]);
    expect(verdict).toEqual({ allowed: false, retryAfterSeconds: 100, refusedBy: 'long' });
  });

  it('start a new window for each rule of a hit when its own window has ended, keeping the others counting', async () => {
    const store = createLimitStore(database.db, clock);
    const short = rule('short-window', 1, 10_000);
    const long = rule('long-window', 1, 100_000);
    const both = [
      { rule: short, on: 'w' },
      { rule: long, on: 'w' },
    ];
    expect((await store.hit(both)).allowed).toBe(true);
    now += 10_000;
    // The short rule's window has ended (a new one of 10 s starts: count 1); the long rule's has 90 s to run (count 2).
    expect(await store.hit(both)).toEqual({ allowed: false, retryAfterSeconds: 90, refusedBy: 'long-window' });
    expect(await store.hit([{ rule: short, on: 'w' }])).toEqual({ allowed: false, retryAfterSeconds: 10, refusedBy: 'short-window' });
  });
});

describe('backoff', () => {
  it('blocks after the free failures, doubling up to the cap; clear() lifts it', async () => {
    const store = createLimitStore(database.db, clock);
    const backoff = { name: 'bo', windowMs: 3_600_000, free: 2, baseBlockMs: 10_000, maxBlockMs: 30_000 };
    const keys = [{ rule: backoff, on: 'acct' }];
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      await store.recordFailure(backoff, 'acct', 'someone@example.test');
      waits.push((await store.checkBackoff(keys)).retryAfterSeconds);
    }
    expect(waits).toEqual([0, 0, 10, 20, 30]);
    now += 30_001;
    expect((await store.checkBackoff(keys)).allowed).toBe(true);
    await store.recordFailure(backoff, 'acct');
    expect((await store.checkBackoff(keys)).retryAfterSeconds).toBe(30);
    await store.clear(keys);
    expect((await store.checkBackoff(keys)).allowed).toBe(true);
  });
});

describe('several failures in one statement', () => {
  it('counts each key by its own rule: its free failures, its doubling block and its cap; a rule with no free ones blocks at once', async () => {
    const store = createLimitStore(database.db, clock);
    const lenient = { name: 'bo-lenient', windowMs: 3_600_000, free: 3, baseBlockMs: 5_000, maxBlockMs: 60_000 };
    const strict = { name: 'bo-strict', windowMs: 3_600_000, free: 1, baseBlockMs: 20_000, maxBlockMs: 40_000 };
    const none = { name: 'bo-none', windowMs: 3_600_000, free: 0, baseBlockMs: 7_000, maxBlockMs: 7_000 };
    const failures = [
      { rule: lenient, on: 'x', subject: 'someone@example.test' },
      { rule: strict, on: 'x' },
      { rule: none, on: 'x' },
    ];
    const waits: number[][] = [];
    for (let i = 0; i < 5; i++) {
      await store.recordFailures(failures);
      waits.push(await Promise.all(failures.map(async ({ rule, on }) => (await store.checkBackoff([{ rule, on }])).retryAfterSeconds)));
    }
    expect(waits).toEqual([
      [0, 0, 7],
      [0, 20, 7],
      [0, 40, 7],
      [5, 40, 7],
      [10, 40, 7],
    ]);
    // The same as one statement per key (the single-key form) gives.
    const single = { ...lenient, name: 'bo-single' };
    for (let i = 0; i < 5; i++) await store.recordFailure(single, 'x');
    expect((await store.checkBackoff([{ rule: single, on: 'x' }])).retryAfterSeconds).toBe(10);
  });
});

describe('sweep', () => {
  it('deletes rows whose window ended and that block nobody, and keeps the rest', async () => {
    const store = createLimitStore(database.db, clock);
    await store.hit([{ rule: rule('old', 5, 1_000), on: 'a' }]);
    await store.hit([{ rule: rule('fresh', 5, 10_000_000), on: 'a' }]);
    now += 2_000;
    expect(await store.sweep()).toBeGreaterThanOrEqual(1);
    const keys = (await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key);
    expect(keys).toContain('fresh:a');
    expect(keys).not.toContain('old:a');
  });
});
