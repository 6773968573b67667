import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERVIEW_WARNING_CODES } from '@contracts/admin.rules';
import { POOL_EXHAUSTED_MESSAGE } from '@contracts/game.rules';
import { user } from '../db/tables/auth.tables';
import { attempts } from '../db/tables/game.tables';
import { eventSettings } from '../db/tables/event.tables';
import { ageGames, createGamer, importPack, startGame, submitGuess, writePack } from '../../tests/support/game';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { quickPasswordHasher } from '../../tests/support/quick-password-hasher';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';
import { IDLE_CLAIM_SECONDS, IDLE_GAME_SECONDS } from './game.claims';

// The drain of the report: 12 throwaway accounts behind the venue address start at full speed on the last 9 prompts,
// then a real player on the same address wants to play. Every request comes from one address (inject's 127.0.0.1).
const LEFT = 9;
const ABUSERS = 12;

async function drainApp(allowPromptReuse: boolean) {
  const t = await createTestApp({}, { passwordHasher: quickPasswordHasher });
  await importPack(t, (await writePack({ count: LEFT, label: allowPromptReuse ? 'drain-reuse' : 'drain' })).dir);
  await t.database.db
    .insert(eventSettings)
    .values({ id: 1, allowPromptReuse })
    .onConflictDoUpdate({ target: eventSettings.id, set: { allowPromptReuse } });
  const organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
  const abusers = await Promise.all(Array.from({ length: ABUSERS }, (_, i) => createGamer(t, `Throwaway${i}`)));
  return { t, organizer, abusers };
}

const warningCodes = async (t: TestApp, organizer: TestPlayer) => {
  const overview = await request(t.app, { method: 'GET', url: '/api/admin/overview', cookie: organizer.cookie });
  expect(overview.statusCode).toBe(200);
  return (overview.json().warnings as Array<{ code: string }>).map((warning) => warning.code);
};

describe('12 throwaway accounts drain the last 9 prompts (prompt reuse off, the default)', () => {
  let t: TestApp;
  let organizer: TestPlayer;
  let abusers: TestPlayer[];
  beforeAll(async () => {
    ({ t, organizer, abusers } = await drainApp(false));
  });
  afterAll(() => t?.close());

  it('the overview warns while the drain is on, and the player who comes next is told when to try again', async () => {
    const firstWave = await Promise.all(abusers.slice(0, 6).map((abuser) => startGame(t.app, abuser)));
    expect(firstWave.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    expect(await warningCodes(t, organizer)).toContain(OVERVIEW_WARNING_CODES.poolDraining);

    const secondWave = await Promise.all(abusers.slice(6).map((abuser) => startGame(t.app, abuser)));
    expect(secondWave.filter((response) => response.statusCode === 201)).toHaveLength(LEFT - 6);

    const player = await createGamer(t, 'RealPlayer');
    const refused = await startGame(t.app, player);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('POOL_EXHAUSTED');
    // Not "try again later": when, in words and in Retry-After.
    expect(refused.json().message).toBe('The game is full right now: every image is being played. Try again in 2 minutes.');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(IDLE_CLAIM_SECONDS - 30);
    expect(wait).toBeLessThanOrEqual(IDLE_CLAIM_SECONDS);
  });

  it('when that time comes, the prompts nobody guessed on go to the real player; the idle claims are gone', async () => {
    // One abuser made a guess: that game is not idle after 2 minutes, only after 10 without another guess.
    const [guesser] = abusers;
    const current = await request(t.app, { method: 'GET', url: '/api/game/current', cookie: guesser.cookie });
    await submitGuess(t.app, guesser, current.json().attempt.id, 'junk', 1);
    await ageGames(t, abusers, IDLE_CLAIM_SECONDS + 1);

    const players = await Promise.all(Array.from({ length: LEFT - 1 }, (_, i) => createGamer(t, `Walkup${i}`)));
    const started = await Promise.all(players.map((player) => startGame(t.app, player)));
    expect(started.map((response) => response.statusCode)).toEqual(Array(LEFT - 1).fill(201));
    // The abusers who never guessed lost their games (they may start again like anyone, and wait like anyone).
    const holding = await t.database.db
      .select({ userId: attempts.userId })
      .from(attempts)
      .where(
        inArray(
          attempts.userId,
          abusers.map((a) => a.id),
        ),
      );
    expect(holding.map((row) => row.userId)).toEqual([guesser.id]);

    // The game with a guess frees up once idle for 10 minutes; its player keeps it and may still finish.
    const last = await createGamer(t, 'LastWalkup');
    expect((await startGame(t.app, last)).statusCode).toBe(409);
    await ageGames(t, [guesser], IDLE_GAME_SECONDS);
    expect((await startGame(t.app, last)).statusCode).toBe(201);
    expect((await submitGuess(t.app, guesser, current.json().attempt.id, 'junk again', 2)).statusCode).toBe(200);
  });

  it('a pool played to the end still says it is used up', async () => {
    await t.database.db
      .update(attempts)
      .set({ guess1: 'x', guess2: 'y', guess3: 'z', score1: 1, score2: 1, score3: 1, finalScore: 1, completedAt: sql`now()` });
    const player = await createGamer(t, 'Latecomer');
    const refused = await startGame(t.app, player);
    expect(refused.json()).toEqual({ code: 'POOL_EXHAUSTED', message: POOL_EXHAUSTED_MESSAGE });
  });
});

describe('12 throwaway accounts drain the last 9 prompts (prompt reuse on)', () => {
  let t: TestApp;
  let organizer: TestPlayer;
  let abusers: TestPlayer[];
  beforeAll(async () => {
    ({ t, organizer, abusers } = await drainApp(true));
  });
  afterAll(() => t?.close());

  it('a real player still starts at once, and the overview warns that the pool is draining', async () => {
    const drained = await Promise.all(abusers.map((abuser) => startGame(t.app, abuser)));
    expect(drained.map((response) => response.statusCode)).toEqual(Array(ABUSERS).fill(201));
    const player = await createGamer(t, 'RealPlayer');
    expect((await startGame(t.app, player)).statusCode).toBe(201);
    expect(await warningCodes(t, organizer)).toContain(OVERVIEW_WARNING_CODES.poolDraining);
  });
});

describe('starts by young accounts behind one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { passwordHasher: quickPasswordHasher });
  });
  afterAll(() => t?.close());

  it('meet a ceiling sized for a venue (150 a minute); an older account on the same address is not counted', async () => {
    const veteran = await createGamer(t, 'Veteran');
    await t.database.db.update(user).set({ createdAt: sql`now() - interval '6 minutes'` }).where(eq(user.id, veteran.id));
    // 8 new accounts, 150 starts between them (each account stays under its own 20 an hour). The pool is empty: each
    // start is refused, but each counts.
    const young = await Promise.all(Array.from({ length: 8 }, () => createGamer(t)));
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) statuses.push((await startGame(t.app, young[i % young.length])).statusCode);
    expect(statuses.filter((status) => status !== 409)).toEqual([]);
    const refused = await startGame(t.app, young[0]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^So many new players are starting from this network right now\. Please try again in (\d+ seconds?|1 minute)\.$/,
    );
    // The veteran on the same address is past the ceiling's reach.
    expect((await startGame(t.app, veteran)).statusCode).toBe(409);
  }, 60_000);
});
