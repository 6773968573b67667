/**
 * A guess at the attempt this instance handed out or showed goes straight to its conditional store, without reading the
 * attempt first (game.attempt-facts.ts); whatever changed behind the instance's back is still decided by the database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuessResponse } from '@contracts/game';
import { attempts } from '../db/tables/game.tables';
import { rateLimitCounters } from '../db/tables/limits.tables';
import { GUESS_RATE_LIMIT } from './game.guess';
import {
  allowBackToBackGames,
  attemptRow,
  createGamer,
  guessKey,
  importDemoPack,
  sendGuess,
  startedAttempt,
} from '../../tests/support/game';
import type { TestPlayer } from '../../tests/support/players';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';
import { createSecondInstance } from '../../tests/support/second-instance';
import { readsFrom, statementsDuring } from '../../tests/support/statements';

let t: TestApp;
let second: Awaited<ReturnType<typeof createSecondInstance>>;
beforeAll(async () => {
  t = await createTestApp();
  await importDemoPack(t);
  await allowBackToBackGames(t);
  second = await createSecondInstance(t);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const send = (player: TestPlayer, attemptId: string, body: Record<string, unknown>, app = t.app) => sendGuess(app, player, attemptId, body);

/**
 * How many statements read the attempts table while `fn` runs, as the first instance's database driver was handed them
 * (on PGlite the second instance shares that driver, on PostgreSQL it has a pool of its own).
 */
async function attemptReadsDuring<T>(fn: () => Promise<T>): Promise<{ result: T; reads: number }> {
  const { result, statements } = await statementsDuring(t.database.db, fn);
  return { result, reads: statements.filter((statement) => readsFrom(statement, 'attempts')).length };
}

const newAttempt = (player: TestPlayer, app = t.app) => startedAttempt(app, player);

describe('a guess at an attempt this instance knows', () => {
  it('after START and after the game screen loads: no read of the attempt, and the same answers as ever', async () => {
    const player = await createGamer(t);
    const attempt = await newAttempt(player);
    const answers: GuessResponse[] = [];
    for (const number of [1, 2, 3]) {
      // The game screen's load between guesses, as a phone that reloads does.
      if (number === 2) expect((await request(t.app, { url: '/api/game/current', cookie: player.cookie })).statusCode).toBe(200);
      const { result, reads } = await attemptReadsDuring(() =>
        send(player, attempt.id, { guess: `a cat number ${number}`, guessNumber: number }),
      );
      expect(result.statusCode, result.body).toBe(200);
      expect(reads, `guess ${number}`).toBe(0);
      answers.push(result.json());
    }
    const last = answers[2].attempt;
    expect(last.guesses.map((guess) => guess.text)).toEqual(['a cat number 1', 'a cat number 2', 'a cat number 3']);
    expect(last.finalScore).toBe(Math.max(...last.guesses.map((guess) => guess.score)));
    expect(last.prompt).not.toBeNull();
    const stored = await attemptRow(t, attempt.id);
    expect([stored.finalScore, stored.completedAt !== null]).toEqual([last.finalScore, true]);
    // Complete: a fourth guess reads it and is refused as before.
    const fourth = await attemptReadsDuring(() => send(player, attempt.id, { guess: 'one more', guessNumber: 3 }));
    expect(fourth.result.statusCode).toBe(409);
    expect(fourth.reads).toBe(1);
  });

  it('an instance that has not seen the attempt reads it, then knows it', async () => {
    const player = await createGamer(t);
    // Started on the other instance: this one has not seen the attempt.
    const attempt = await newAttempt(player, second.app);
    const first = await attemptReadsDuring(() => send(player, attempt.id, { guess: 'a dog in the snow', guessNumber: 1 }));
    expect(first.result.statusCode, first.result.body).toBe(200);
    expect(first.reads).toBe(1);
    const next = await attemptReadsDuring(() => send(player, attempt.id, { guess: 'a dog in the rain', guessNumber: 2 }));
    expect(next.result.statusCode, next.result.body).toBe(200);
    expect(next.reads).toBe(0);
  });

  it('a slot filled on another instance: the resend of that guess gets its stored result, another guess 409, the next slot scores', async () => {
    const player = await createGamer(t);
    const attempt = await newAttempt(player); // this instance knows slot 1 comes next
    const k = guessKey('elsewhere');
    const body = { guess: 'a red bicycle by a canal', guessNumber: 1, idempotencyKey: k };
    const onSecond = await send(player, attempt.id, body, second.app);
    expect(onSecond.statusCode, onSecond.body).toBe(200);

    const resent = await send(player, attempt.id, body);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual(onSecond.json());
    const other = await send(player, attempt.id, { guess: 'something else', guessNumber: 1, idempotencyKey: guessKey('other') });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('SLOT_TAKEN');
    const stored = await attemptRow(t, attempt.id);
    expect([stored.guess1, stored.guess2, stored.guess1Key]).toEqual(['a red bicycle by a canal', null, k]);

    const two = await send(player, attempt.id, { guess: 'a bicycle', guessNumber: 2 });
    expect(two.statusCode, two.body).toBe(200);
    expect((two.json() as GuessResponse).attempt.guesses.map((guess) => guess.text)).toEqual(['a red bicycle by a canal', 'a bicycle']);
  });

  it("is never another player's: their attempt looks missing and nothing is stored", async () => {
    const owner = await createGamer(t);
    const attempt = await newAttempt(owner);
    const intruder = await createGamer(t);
    const stolen = await send(intruder, attempt.id, { guess: 'anything', guessNumber: 1 });
    expect(stolen.statusCode).toBe(404);
    expect((await attemptRow(t, attempt.id)).guess1).toBeNull();
  });

  it('an attempt deleted behind its back (an account deleted, a claim taken back) is a missing one', async () => {
    const player = await createGamer(t);
    const attempt = await newAttempt(player);
    await t.database.db.delete(attempts).where(eq(attempts.id, attempt.id));
    const response = await send(player, attempt.id, { guess: 'a quiet harbour', guessNumber: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('ATTEMPT_NOT_FOUND');
  });
});

describe('the guess limit at an attempt this instance knows', () => {
  const counterKey = (player: TestPlayer) => `${GUESS_RATE_LIMIT.name}:${player.id}`;
  const counted = async (player: TestPlayer) =>
    (
      await t.database.db
        .select()
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.key, counterKey(player)))
    )[0]?.count ?? 0;
  const countingStatements = (statements: string[]) => statements.filter((statement) => statement.includes('"rate_limit_counters"'));

  it('is counted by the statement that stores the guess: one round trip, one hit', async () => {
    const player = await createGamer(t);
    const attempt = await newAttempt(player);
    const { result, statements } = await statementsDuring(t.database.db, () =>
      send(player, attempt.id, { guess: 'a lighthouse at dusk', guessNumber: 1 }),
    );
    expect(result.statusCode, result.body).toBe(200);
    const counting = countingStatements(statements);
    expect(counting).toHaveLength(1);
    expect(counting[0]).toMatch(/update "attempts"/);
    expect(await counted(player)).toBe(1);
    expect((await attemptRow(t, attempt.id)).guess1).toBe('a lighthouse at dusk');
  });

  it('over the limit: refused with Retry-After and nothing stored; the next guess is refused before the attempt is read', async () => {
    const player = await createGamer(t);
    const attempt = await newAttempt(player);
    await t.database.db
      .insert(rateLimitCounters)
      .values({ key: counterKey(player), subject: player.id, count: GUESS_RATE_LIMIT.max, windowEndsAt: Date.now() + 60_000 });

    const refused = await send(player, attempt.id, { guess: 'one too many', guessNumber: 1 });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attemptRow(t, attempt.id)).guess1).toBeNull();

    const { result: again, statements } = await statementsDuring(t.database.db, () =>
      send(player, attempt.id, { guess: 'one too many', guessNumber: 1 }),
    );
    expect(again.statusCode, again.body).toBe(429);
    expect(statements.filter((statement) => readsFrom(statement, 'attempts') || /update "attempts"/.test(statement))).toEqual([]);
    expect(countingStatements(statements)).toHaveLength(1);
    expect(await counted(player)).toBe(GUESS_RATE_LIMIT.max + 2);

    // The window over (here: moved into the past), the player guesses again; the guess is read, scored and stored.
    await t.database.db
      .update(rateLimitCounters)
      .set({ windowEndsAt: Date.now() - 1 })
      .where(eq(rateLimitCounters.key, counterKey(player)));
    const later = await send(player, attempt.id, { guess: 'a fair guess', guessNumber: 1 });
    expect(later.statusCode, later.body).toBe(200);
    expect((await attemptRow(t, attempt.id)).guess1).toBe('a fair guess');
  });

  it('a guess counted with a store that matched nothing is not counted again on the full path', async () => {
    const player = await createGamer(t);
    const attempt = await newAttempt(player); // this instance knows slot 1 comes next
    const body = { guess: 'a kite over a beach', guessNumber: 1, idempotencyKey: guessKey('kite') };
    expect((await send(player, attempt.id, body, second.app)).statusCode).toBe(200);
    const before = await counted(player);
    const resent = await send(player, attempt.id, body);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await counted(player)).toBe(before + 1);
  });
});
