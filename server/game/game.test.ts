import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attempt } from '@contracts/game';
import { formatScore, HISTORY_SIZE, POOL_EXHAUSTED_MESSAGE, POOL_NOT_READY_MESSAGE } from '@contracts/game.rules';
import { LEADERBOARD_CHANNEL } from '../db/channels';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import { profiles } from '../db/tables/players.tables';
import { eventSettings } from '../db/tables/event.tables';
import { GUESS_RATE_LIMIT } from './game.guess';
import { START_RATE_LIMIT } from './game.routes';
import {
  allowBackToBackGames,
  createGamer,
  generatedImage,
  importDemoPack,
  importPack,
  playFullGame,
  startGame,
  submitGuess,
  writePack,
} from '../../tests/support/game';
import { createPlayer } from '../../tests/support/players';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importDemoPack(t);
});
afterAll(() => t?.close());

const get = (url: string, cookie?: string) => request(t.app, { method: 'GET', url, cookie });
const attemptRow = async (id: string) => (await t.database.db.select().from(attempts).where(eq(attempts.id, id)))[0];
const promptOf = async (attemptId: string) =>
  (
    await t.database.db
      .select({ prompt: challenges.prompt })
      .from(attempts)
      .innerJoin(challenges, eq(attempts.challengeId, challenges.id))
      .where(eq(attempts.id, attemptId))
  )[0].prompt;
const attemptTotal = async () => (await t.database.db.select({ n: count() }).from(attempts))[0].n;

describe('sessions', () => {
  it.each([
    ['GET', '/api/game/current'],
    ['GET', '/api/game/next'],
    ['POST', '/api/game/start'],
    ['POST', '/api/game/attempts/00000000-0000-4000-8000-000000000000/guesses'],
    ['GET', '/api/game/attempts'],
    ['GET', '/api/game/stats'],
    ['GET', '/api/profile'],
    ['PUT', '/api/profile'],
    ['POST', '/api/profile/generate-name'],
  ])('%s %s without a session → 401 No active session found', async (method, url) => {
    const response = await request(t.app, {
      method: method as 'GET',
      url,
      payload: method === 'GET' ? undefined : { guess: 'x', guessNumber: 1, displayName: 'x' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'NO_SESSION', message: 'No active session found' });
  });
});

describe('starting a challenge', () => {
  it('refuses a player without a display name, and creates nothing', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const before = await attemptTotal();
    const response = await startGame(t.app, player);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('DISPLAY_NAME_REQUIRED');
    expect(await attemptTotal()).toBe(before);
  });

  it('hands out an image but never the prompt, and resumes the unfinished attempt', async () => {
    const player = await createGamer(t);
    expect((await get('/api/game/current', player.cookie)).json()).toEqual({ attempt: null });
    const started = await startGame(t.app, player);
    expect(started.statusCode).toBe(201);
    const attempt: Attempt = started.json().attempt;
    expect(attempt).toMatchObject({ nextGuessNumber: 1, guesses: [], finalScore: null, completedAt: null, prompt: null });
    expect(attempt.imageUrl).toMatch(/^\/api\/images\/[A-Za-z0-9_-]+\.webp$/);
    expect((await get('/api/game/current', player.cookie)).json()).toEqual({ attempt });

    const image = await get(attempt.imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('refuses a second start while an attempt is unfinished (Challenge in progress)', async () => {
    const player = await createGamer(t);
    await startGame(t.app, player);
    const again = await startGame(t.app, player);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'CHALLENGE_IN_PROGRESS',
      message: 'You must complete your current challenge before starting a new one.',
    });
  });

  it('rate-limits starts per player, so one account cannot drain the prompt pool', async () => {
    const player = await createGamer(t);
    // Refused starts (challenge in progress) count too: the limit is on requests, before any prompt is claimed.
    const statuses: number[] = [];
    for (let i = 0; i < START_RATE_LIMIT.max; i++) statuses.push((await startGame(t.app, player)).statusCode);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    const before = await attemptTotal();
    const limited = await startGame(t.app, player);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many new challenges in a short time. Finish the ones you have and try again later.',
    });
    expect(await attemptTotal()).toBe(before);
    // Someone else is not affected.
    expect((await startGame(t.app, await createGamer(t))).statusCode).toBe(201);
  });

  it('refuses to start while the event is closed', async () => {
    const player = await createGamer(t);
    await t.database.db
      .insert(eventSettings)
      .values({ id: 1, isOpen: false })
      .onConflictDoUpdate({ target: eventSettings.id, set: { isOpen: false } });
    try {
      const response = await startGame(t.app, player);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('EVENT_CLOSED');
    } finally {
      await t.database.db.update(eventSettings).set({ isOpen: true }).where(eq(eventSettings.id, 1));
    }
  });
});

describe('guessing', () => {
  it('scores three guesses in order, then completes with the best score and reveals the prompt', async () => {
    const player = await createGamer(t);
    const attempt: Attempt = (await startGame(t.app, player)).json().attempt;
    const prompt = await promptOf(attempt.id);
    const notifications: string[] = [];
    const unlisten = await t.database.listen(LEADERBOARD_CHANNEL, (payload) => notifications.push(payload));

    const first = await submitGuess(t.app, player, attempt.id, '  a cat sitting on a sofa  ', 1);
    expect(first.statusCode).toBe(200);
    const firstBody = first.json();
    expect(firstBody.guessNumber).toBe(1);
    expect(firstBody.attempt.nextGuessNumber).toBe(2);
    expect(firstBody.attempt.guesses).toEqual([{ number: 1, text: 'a cat sitting on a sofa', score: expect.any(Number) }]);
    expect(firstBody.message).toContain(formatScore(firstBody.attempt.guesses[0].score));
    expect(firstBody.attempt.prompt).toBeNull();

    const second = (await submitGuess(t.app, player, attempt.id, 'zebra stripes', 2)).json();
    expect(second.guessNumber).toBe(2);
    expect(second.attempt.nextGuessNumber).toBe(3);
    expect(second.attempt.prompt).toBeNull();

    const third = (await submitGuess(t.app, player, attempt.id, prompt, 3)).json();
    expect(third.guessNumber).toBe(3);
    expect(third.message).toContain('100.0%');
    expect(third.attempt).toMatchObject({ nextGuessNumber: null, finalScore: 100, prompt });
    expect(third.attempt.completedAt).toEqual(expect.any(String));
    expect(third.attempt.guesses.map((g: { number: number }) => g.number)).toEqual([1, 2, 3]);
    expect((await get('/api/game/current', player.cookie)).json()).toEqual({ attempt: null });

    const row = await attemptRow(attempt.id);
    expect(row.finalScore).toBeCloseTo(100);
    expect(row.score1).toBeCloseTo(firstBody.attempt.guesses[0].score, 1);

    const late = await submitGuess(t.app, player, attempt.id, 'one more', 3);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ATTEMPT_COMPLETE');

    await expect.poll(() => notifications, { timeout: 5000 }).toContain('');
    await unlisten();
  });

  it('scores with the real model: the exact prompt is 100 %, an unrelated guess near 0', async () => {
    const player = await createGamer(t);
    const attempt: Attempt = (await startGame(t.app, player)).json().attempt;
    const prompt = await promptOf(attempt.id);
    const unrelated = (await submitGuess(t.app, player, attempt.id, 'quarterly tax accounting spreadsheet', 1)).json();
    expect(unrelated.attempt.guesses[0].score).toBeLessThan(15);
    const exact = (await submitGuess(t.app, player, attempt.id, prompt.toUpperCase(), 2)).json();
    expect(exact.attempt.guesses[1].score).toBe(100);
  });

  it('ends the game at once on a 100 % guess: complete, the prompt revealed, on the board, and a new game may start', async () => {
    await allowBackToBackGames(t);
    const notifications: string[] = [];
    const unlisten = await t.database.listen(LEADERBOARD_CHANNEL, (payload) => notifications.push(payload));
    for (const perfectOn of [1, 2]) {
      const player = await createGamer(t, `Perfect${perfectOn}-${Date.now() % 100000}`);
      const attempt: Attempt = (await startGame(t.app, player)).json().attempt;
      const prompt = await promptOf(attempt.id);
      if (perfectOn === 2) expect((await submitGuess(t.app, player, attempt.id, 'a blurry photo', 1)).statusCode).toBe(200);
      const perfect = await submitGuess(t.app, player, attempt.id, prompt, perfectOn);
      expect(perfect.statusCode, perfect.body).toBe(200);
      const body = perfect.json();
      expect(body.guessNumber).toBe(perfectOn);
      expect(body.attempt).toMatchObject({ nextGuessNumber: null, finalScore: 100, prompt });
      expect(body.attempt.guesses).toHaveLength(perfectOn);
      expect(body.attempt.completedAt).toEqual(expect.any(String));
      // Nothing is left to guess: no current game, the next slot refused as complete.
      expect((await get('/api/game/current', player.cookie)).json()).toEqual({ attempt: null });
      const late = await submitGuess(t.app, player, attempt.id, 'one more', perfectOn + 1);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('ATTEMPT_COMPLETE');
      const row = await attemptRow(attempt.id);
      expect(row).toMatchObject({ finalScore: 100, guess3: null });
      expect(row.completedAt).not.toBeNull();
      // On the board with the guesses it took, and in the player's history.
      const me = (await get('/api/leaderboard/me', player.cookie)).json();
      expect(me).toMatchObject({ score: 100, guessesUsed: perfectOn });
      const history = (await get('/api/game/attempts', player.cookie)).json();
      expect(JSON.stringify(history)).toContain(attempt.id);
      // The finished game frees the player to start another.
      expect((await startGame(t.app, player)).statusCode).toBe(201);
    }
    await expect.poll(() => notifications.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await unlisten();
  });

  it('recomputes a prompt embedding made by another embedder, once, and scores with it', async () => {
    await importPack(t, (await writePack({ count: 2, label: 'stale' })).dir);
    await t.database.db
      .update(challenges)
      .set({ embedderId: 'stale:other-model', promptEmbedding: [1, 0, 0] })
      .where(isNull(challenges.claimedAt));
    const player = await createGamer(t);
    const attempt: Attempt = (await startGame(t.app, player)).json().attempt;
    const prompt = await promptOf(attempt.id);
    const response = await submitGuess(t.app, player, attempt.id, prompt, 1);
    expect(response.statusCode).toBe(200);
    expect(response.json().attempt.guesses[0].score).toBe(100);
    const [challenge] = await t.database.db.select().from(challenges).where(eq(challenges.prompt, prompt));
    expect(challenge.embedderId).toBe(t.scorer.embedderId);
    expect(challenge.promptEmbedding!.length).toBeGreaterThan(3);
    expect(t.scorer.hasAllViews(prompt, challenge.promptViews)).toBe(true);
  });

  it("stores a prompt's views on its first guess when the challenge was stored without them, and scores as with them", async () => {
    const prompt =
      'an oil painting of a lighthouse keeper carrying a lantern up a spiral staircase at night, rain lashing the windows, dramatic lighting';
    await importPack(t, (await writePack({ entries: [{ file: 'a.png', prompt }], files: { 'a.png': await generatedImage(4242) } })).dir);
    const [imported] = await t.database.db.select().from(challenges).where(eq(challenges.prompt, prompt));
    expect(Object.keys(imported.promptViews!)).toHaveLength(2);
    // As a row stored before views were (or under older view rules) looks.
    await t.database.db.update(challenges).set({ promptViews: null }).where(eq(challenges.id, imported.id));
    const player = await createGamer(t);
    // START hands out a player's suggested next challenge while it is claimable.
    await t.database.db.update(profiles).set({ nextChallengeId: imported.id }).where(eq(profiles.id, player.id));
    const attempt: Attempt = (await startGame(t.app, player)).json().attempt;
    expect(await promptOf(attempt.id)).toBe(prompt);
    const guess = 'a lighthouse keeper climbing stairs with a lamp';
    const response = await submitGuess(t.app, player, attempt.id, guess, 1);
    expect(response.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(challenges).where(eq(challenges.id, imported.id));
    expect(after.promptViews).toEqual(imported.promptViews);
    const expected = await t.scorer.score({
      prompt,
      promptEmbedding: imported.promptEmbedding!,
      promptViews: imported.promptViews!,
      guess,
    });
    expect(response.json().attempt.guesses[0].score).toBe(expected);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const player = await createGamer(t);
    const attempt: Attempt = (await startGame(t.app, player)).json().attempt;
    const before = await attemptRow(attempt.id);
    const cases: Array<[unknown, unknown, RegExp]> = [
      ['', 1, /empty/i],
      ['   \n\t ', 1, /empty/i],
      ['x'.repeat(301), 1, /300 characters/],
      [42, 1, /text/i],
      [null, 1, /text/i],
      ['a fine guess', 'one', /guessNumber/],
      ['a fine guess', 4, /guessNumber/],
      ['a fine guess', undefined, /guessNumber/],
    ];
    for (const [guess, guessNumber, message] of cases) {
      const response = await submitGuess(t.app, player, attempt.id, guess, guessNumber);
      expect(response.statusCode, `${JSON.stringify(guess)} / ${JSON.stringify(guessNumber)}`).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      expect(response.json().message).toMatch(message);
    }
    const wrongSlot = await submitGuess(t.app, player, attempt.id, 'a fine guess', 2);
    expect(wrongSlot.statusCode).toBe(409);
    expect(wrongSlot.json().code).toBe('SLOT_TAKEN');
    const badId = await submitGuess(t.app, player, 'not-a-uuid', 'a guess', 1);
    expect(badId.statusCode).toBe(400);
    const unknownId = await submitGuess(t.app, player, '00000000-0000-4000-8000-000000000000', 'a guess', 1);
    expect(unknownId.statusCode).toBe(404);
    expect(unknownId.json().code).toBe('ATTEMPT_NOT_FOUND');
    const notJson = await request(t.app, {
      method: 'POST',
      url: `/api/game/attempts/${attempt.id}/guesses`,
      cookie: player.cookie,
      payload: 'guess=hi',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(notJson.statusCode).toBeLessThan(500);
    expect(await attemptRow(attempt.id)).toEqual(before);

    const longest = await submitGuess(t.app, player, attempt.id, 'y'.repeat(300), 1);
    expect(longest.statusCode).toBe(200);
  });

  it("refuses another player's attempt exactly like a missing one", async () => {
    const owner = await createGamer(t);
    const other = await createGamer(t);
    const attempt: Attempt = (await startGame(t.app, owner)).json().attempt;
    await submitGuess(t.app, owner, attempt.id, 'a first guess', 1);
    const before = await attemptRow(attempt.id);

    const intrusion = await submitGuess(t.app, other, attempt.id, 'stealing a slot', 2);
    const missing = await submitGuess(t.app, other, '00000000-0000-4000-8000-000000000000', 'stealing a slot', 2);
    expect(intrusion.statusCode).toBe(404);
    expect(intrusion.json()).toEqual(missing.json());
    expect(await attemptRow(attempt.id)).toEqual(before);
    expect((await get('/api/game/current', other.cookie)).json()).toEqual({ attempt: null });
    expect((await get('/api/game/attempts', other.cookie)).json()).toEqual({ attempts: [] });
  });

  it('rate-limits scripted guessing per player', async () => {
    const player = await createGamer(t);
    const attempt: Attempt = (await startGame(t.app, player)).json().attempt;
    const statuses: number[] = [];
    for (let i = 0; i < GUESS_RATE_LIMIT.max; i++) statuses.push((await submitGuess(t.app, player, attempt.id, 'again', 1)).statusCode);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    const limited = await submitGuess(t.app, player, attempt.id, 'again', 2);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Someone else is not affected.
    const other = await createGamer(t);
    const theirs: Attempt = (await startGame(t.app, other)).json().attempt;
    expect((await submitGuess(t.app, other, theirs.id, 'my own guess', 1)).statusCode).toBe(200);
  });
});

describe('stats and history', () => {
  // These players finish several games in a row within a second.
  beforeAll(() => allowBackToBackGames(t));
  it('counts all attempts, averages and maxes only finished ones (0 when none)', async () => {
    await importPack(t, (await writePack({ count: 6, label: 'stats' })).dir);
    const player = await createGamer(t);
    expect((await get('/api/game/stats', player.cookie)).json()).toEqual({ gamesPlayed: 0, averageScore: 0, bestScore: 0 });

    const finals: number[] = [];
    for (const guesses of [
      ['a red square', 'a green square with a stripe', 'a coloured tile'],
      ['nothing like it', 'an astronaut', 'a stripe'],
    ]) {
      const { attempt } = await playFullGame(t.app, player, { guesses });
      finals.push(attempt.finalScore!);
    }
    await startGame(t.app, player); // unfinished: counted as played, not in the average
    const stats = (await get('/api/game/stats', player.cookie)).json();
    expect(stats.gamesPlayed).toBe(3);
    expect(stats.bestScore).toBeCloseTo(Math.max(...finals), 1);
    expect(stats.averageScore).toBeCloseTo((finals[0] + finals[1]) / 2, 1);
  });

  it('lists the 5 newest attempts, newest first, revealing prompts only of finished ones', async () => {
    await importPack(t, (await writePack({ count: 7, label: 'history' })).dir);
    const player = await createGamer(t);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await playFullGame(t.app, player)).attempt.id);
    const open: Attempt = (await startGame(t.app, player)).json().attempt;
    ids.push(open.id);

    const { attempts: listed } = (await get('/api/game/attempts', player.cookie)).json() as { attempts: Attempt[] };
    expect(listed).toHaveLength(HISTORY_SIZE);
    expect(listed.map((a) => a.id)).toEqual(ids.slice(-HISTORY_SIZE).reverse());
    expect(listed[0]).toMatchObject({ id: open.id, prompt: null, finalScore: null });
    for (const done of listed.slice(1)) expect(done.prompt).toEqual(await promptOf(done.id));
  });
});

describe('the pool', () => {
  it('says the game is not ready yet when no challenge was ever loaded (not "all prompts used")', async () => {
    const fresh = await createTestApp();
    try {
      const player = await createGamer(fresh);
      const refused = await startGame(fresh.app, player);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'POOL_NOT_READY', message: POOL_NOT_READY_MESSAGE });
      expect(POOL_NOT_READY_MESSAGE).not.toBe(POOL_EXHAUSTED_MESSAGE);
    } finally {
      await fresh.close();
    }
  });

  it("tells the player when every prompt has been used, with the spec's message", async () => {
    const fresh = await createTestApp();
    try {
      await importPack(fresh, (await writePack({ count: 1, label: 'tiny' })).dir);
      // The one prompt is played to the end (a prompt only claimed, not finished, returns to the pool:
      // docs/decisions/028-pool-drain.md), so every prompt has been used.
      await playFullGame(fresh.app, await createGamer(fresh));
      const second = await createGamer(fresh);
      const refused = await startGame(fresh.app, second);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'POOL_EXHAUSTED', message: POOL_EXHAUSTED_MESSAGE });
      expect(POOL_EXHAUSTED_MESSAGE).toBe('All prompts have been used. Please try again later.');
    } finally {
      await fresh.close();
    }
  });
});
