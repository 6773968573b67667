import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import { eventSettings } from '../db/tables/event.tables';
import { createGamer, importPack, playFullGame, startGame, writePack } from '../../tests/support/game';
import { createSecondInstance } from '../../tests/support/second-instance';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

// Starts are bounded per player (a minimum interval and an optional cap), from the database.
let t: TestApp;
let second: Awaited<ReturnType<typeof createSecondInstance>>;
beforeAll(async () => {
  t = await createTestApp();
  await importPack(t, (await writePack({ count: 20, label: 'budget' })).dir);
  second = await createSecondInstance(t);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const setLimits = (values: { maxChallengesPerPlayer?: number | null; minSecondsBetweenChallenges?: number }) =>
  t.database.db
    .insert(eventSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: eventSettings.id, set: values });
const claimedPrompts = async () =>
  Number((await t.database.db.select({ n: count() }).from(challenges).where(isNotNull(challenges.claimedAt)))[0].n);
/** Moves a player's attempts into the past, as if they had played that long ago (the database's clock decides). */
const ageAttempts = (userId: string, seconds: number) =>
  t.database.db
    .update(attempts)
    .set({ createdAt: sql`${attempts.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(attempts.userId, userId));

describe("minimum interval between one player's starts", () => {
  it('is on by default: a scripted second start right after finishing gets 429 with Retry-After, and claims nothing', async () => {
    await t.database.db.delete(eventSettings);
    const player = await createGamer(t);
    await playFullGame(t.app, player);
    const claimed = await claimedPrompts();

    const refused = await startGame(t.app, player);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'CHALLENGE_TOO_SOON',
      message: expect.stringMatching(/^You can start your next challenge in \d+ seconds?\.$/),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(10);
    expect(await claimedPrompts()).toBe(claimed);

    // Once the interval has passed (a real player's pace), the start goes through.
    await ageAttempts(player.id, 11);
    expect((await startGame(t.app, player)).statusCode).toBe(201);
  });

  it('is shared by every instance: finishing on A, then starting on B, is still too soon', async () => {
    await setLimits({ minSecondsBetweenChallenges: 60 });
    const player = await createGamer(t);
    await playFullGame(t.app, player);
    const onB = await startGame(second.app, player);
    expect(onB.statusCode).toBe(429);
    expect(onB.json().code).toBe('CHALLENGE_TOO_SOON');
    await ageAttempts(player.id, 61);
    expect((await startGame(second.app, player)).statusCode).toBe(201);
  });

  it('does not touch other players', async () => {
    await setLimits({ minSecondsBetweenChallenges: 60 });
    const first = await createGamer(t);
    await playFullGame(t.app, first);
    expect((await startGame(t.app, await createGamer(t))).statusCode).toBe(201);
  });
});

describe("the organizer's cap on challenges per player", () => {
  it('refuses the start beyond the cap with 403 and a clear message, on every instance, and claims nothing', async () => {
    await setLimits({ maxChallengesPerPlayer: 2, minSecondsBetweenChallenges: 0 });
    const player = await createGamer(t);
    await playFullGame(t.app, player);
    await playFullGame(second.app, player);
    const claimed = await claimedPrompts();
    for (const app of [t.app, second.app]) {
      const refused = await startGame(app, player);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'CHALLENGE_CAP_REACHED',
        message: 'You have played all 2 challenges allowed per player at this event. Thanks for playing!',
      });
    }
    expect(await claimedPrompts()).toBe(claimed);
    expect((await startGame(t.app, await createGamer(t))).statusCode).toBe(201);
  });

  it('null means no cap', async () => {
    await setLimits({ maxChallengesPerPlayer: null, minSecondsBetweenChallenges: 0 });
    const player = await createGamer(t);
    for (let i = 0; i < 3; i++) await playFullGame(t.app, player);
    expect((await startGame(t.app, player)).statusCode).toBe(201);
  });
});
