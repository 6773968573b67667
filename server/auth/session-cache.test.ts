import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGamer, importDemoPack, startGame, submitGuess } from '../../tests/support/game';
import { createSecondInstance } from '../../tests/support/second-instance';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

// Both instances keep sessions far longer than any test runs: a refusal below can only come from the revocation
// reaching the other instance (NOTIFY session_changed), not from an entry running out of time.
const longCache = { sessionCache: { ttlMs: 60 * 60 * 1000 } };

let t: TestApp;
let second: Awaited<ReturnType<typeof createSecondInstance>>;
beforeAll(async () => {
  t = await createTestApp({}, longCache);
  second = await createSecondInstance(t, longCache);
  await importDemoPack(t);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

/**
 * A guess as the phone sends it: a 503 (refused unstored while the test process's event loop was starved, see
 * @fastify/under-pressure; the phone sends it again) is sent again.
 */
async function guess(app: typeof t.app, player: Parameters<typeof submitGuess>[1], attemptId: string, text: string, slot: number) {
  for (;;) {
    const response = await submitGuess(app, player, attemptId, text, slot);
    if (response.statusCode !== 503) return response;
    // Let the event loop turn (under-pressure measures its delay on a timer) before sending again.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Asks `check` again (each time after the event loop has turned) until it is true. */
async function until(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((resolve) => setImmediate(resolve));
}

/** A player with one guess stored through the second instance, then a second guess answered from its cache. */
async function playerCachedOnSecond() {
  const player = await createGamer(t);
  const attemptId = (await startGame(t.app, player)).json().attempt.id as string;
  expect((await guess(second.app, player, attemptId, 'a cat on a sofa', 1)).statusCode).toBe(200);
  const hits = second.app.guards.sessionCacheStats()!.hits;
  expect((await guess(second.app, player, attemptId, 'a dog in a park', 2)).statusCode).toBe(200);
  expect(second.app.guards.sessionCacheStats()!.hits).toBeGreaterThan(hits);
  // Slot 1 again: a signed-in player gets 409 SLOT_TAKEN (nothing is stored or scored), a revoked one 401.
  const probe = () => guess(second.app, player, attemptId, 'a bird', 1);
  expect((await probe()).statusCode).toBe(409);
  return { player, probe };
}

describe("the guess route's session cache", () => {
  it("is filled by the page load before a player's first guess, so that guess reads no session from the database", async () => {
    const player = await createGamer(t);
    const attemptId = (await startGame(t.app, player)).json().attempt.id as string;
    const stats = second.app.guards.sessionCacheStats()!;
    const loaded = await request(second.app, { method: 'GET', url: '/api/game/current', cookie: player.cookie });
    expect(loaded.json().attempt.id).toBe(attemptId);
    const before = { ...stats };
    expect((await guess(second.app, player, attemptId, 'a cat on a sofa', 1)).statusCode).toBe(200);
    expect(stats.hits).toBeGreaterThan(before.hits);
    expect(stats.misses).toBe(before.misses);
  });

  it('a player who signs out on one instance can no longer guess on another that had their session cached', async () => {
    const { player, probe } = await playerCachedOnSecond();
    const signOut = await request(t.app, { method: 'POST', url: '/api/auth/sign-out', cookie: player.cookie, payload: {} });
    expect(signOut.statusCode).toBe(200);
    await until(async () => (await probe()).statusCode === 401);
    expect((await probe()).json()).toEqual({ code: 'NO_SESSION', message: 'No active session found' });
  });

  it('a session ended by any other path (a row deleted in the database) stops guessing on both instances', async () => {
    const { player, probe } = await playerCachedOnSecond();
    await t.database.db.execute(sql`delete from session where user_id = ${player.id}`);
    await until(async () => (await probe()).statusCode === 401);
    const onFirst = await request(t.app, { method: 'GET', url: '/api/game/current', cookie: player.cookie });
    expect(onFirst.statusCode).toBe(401);
  });

  it('a deleted account stops guessing on the instance that had its session cached', async () => {
    const { player, probe } = await playerCachedOnSecond();
    await t.database.db.execute(sql`delete from "user" where id = ${player.id}`);
    await until(async () => (await probe()).statusCode === 401);
  });
});
