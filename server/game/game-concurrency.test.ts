import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attempt } from '@contracts/game';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import { createGamer, importDemoPack, importPack, startGame, submitGuess, writePack } from '../../tests/support/game';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importDemoPack(t);
  await importPack(t, (await writePack({ count: 30, label: 'race' })).dir);
});
afterAll(() => t?.close());

const claimedCount = async () => (await t.database.db.select({ n: count() }).from(challenges).where(isNotNull(challenges.claimedAt)))[0].n;
const attemptCount = async () => (await t.database.db.select({ n: count() }).from(attempts))[0].n;

describe('concurrent submissions', () => {
  it('records exactly one of 20 simultaneous guesses for one slot', async () => {
    const player = await createGamer(t);
    const attempt: Attempt = (await startGame(t.app, player)).json().attempt;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submitGuess(t.app, player, attempt.id, `parallel guess ${i}`, 1)),
    );
    const winners = responses.filter((response) => response.statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const loser of responses.filter((response) => response.statusCode !== 200)) {
      expect(loser.statusCode).toBe(409);
      expect(loser.json().code).toBe('SLOT_TAKEN');
    }
    const [row] = await t.database.db.select().from(attempts).where(eq(attempts.id, attempt.id));
    expect(row.guess1).toBe(winners[0].json().attempt.guesses[0].text);
    expect(row.guess2).toBeNull();
    expect(row.score2).toBeNull();

    // The next slots still work, exactly once each, and the last one completes the attempt.
    for (const slot of [2, 3]) {
      const batch = await Promise.all(
        Array.from({ length: 8 }, (_, i) => submitGuess(t.app, player, attempt.id, `slot ${slot} try ${i}`, slot)),
      );
      expect(batch.filter((r) => r.statusCode === 200)).toHaveLength(1);
    }
    const [done] = await t.database.db.select().from(attempts).where(eq(attempts.id, attempt.id));
    expect(done.finalScore).toBeCloseTo(Math.max(done.score1!, done.score2!, done.score3!));
    expect(done.completedAt).not.toBeNull();
  });
});

describe('concurrent starts', () => {
  it('gives one player only one attempt out of 10 simultaneous starts, and releases the other claims', async () => {
    const player = await createGamer(t);
    const claimedBefore = await claimedCount();
    const responses = await Promise.all(Array.from({ length: 10 }, () => startGame(t.app, player)));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const refused of responses.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('CHALLENGE_IN_PROGRESS');
    }
    expect(await claimedCount()).toBe(claimedBefore + 1);
    expect(await t.database.db.select().from(attempts).where(eq(attempts.userId, player.id))).toHaveLength(1);
  });

  // Fifty sign-ups come first: beside the whole suite on two cores, they alone have taken over a minute on PGlite.
  it('hands 50 players starting at once 50 distinct prompts', async () => {
    const players = [];
    for (let i = 0; i < 50; i++) players.push(await createGamer(t));
    const responses = await Promise.all(players.map((player) => startGame(t.app, player)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const ids = responses.map((r) => (r.json().attempt as Attempt).id);
    const rows = await t.database.db.select({ challengeId: attempts.challengeId }).from(attempts);
    const forThese = await t.database.db.select({ id: attempts.id, challengeId: attempts.challengeId }).from(attempts);
    const challengeIds = forThese.filter((row) => ids.includes(row.id)).map((row) => row.challengeId);
    expect(new Set(challengeIds).size).toBe(50);
    expect(new Set(rows.map((row) => row.challengeId)).size).toBe(rows.length);
    expect(new Set(responses.map((r) => r.json().attempt.imageUrl)).size).toBe(50);
  }, 240_000);

  it('when the pool runs out mid-rush, the extra players are told so and nothing is double-booked', async () => {
    const remaining = 54 - (await claimedCount());
    const players = [];
    for (let i = 0; i < remaining + 4; i++) players.push(await createGamer(t));
    const attemptsBefore = await attemptCount();
    const responses = await Promise.all(players.map((player) => startGame(t.app, player)));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(remaining);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(4);
    // Every prompt is held by a game nobody has guessed on yet: they are told when those go back to the pool.
    for (const response of refused) {
      expect(response.json()).toEqual({
        code: 'POOL_EXHAUSTED',
        message: expect.stringMatching(
          /^The game is full right now: every image is being played\. Try again in \d+ (seconds?|minutes?)\.$/,
        ),
      });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await attemptCount()).toBe(attemptsBefore + remaining);
    const rows = await t.database.db.select({ challengeId: attempts.challengeId }).from(attempts);
    expect(new Set(rows.map((row) => row.challengeId)).size).toBe(rows.length);
  });
});
