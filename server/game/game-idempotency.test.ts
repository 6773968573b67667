/**
 * A guess carries an idempotency key from the client: a resend of a stored guess (its answer lost with a connection
 * or an instance) gets the stored result, never 409 SLOT_TAKEN and never a second stored guess.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuessResponse } from '@contracts/game';
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
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { createSecondInstance } from '../../tests/support/second-instance';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importDemoPack(t);
  await allowBackToBackGames(t);
});
afterAll(() => t?.close());

const send = (player: TestPlayer, attemptId: string, body: Record<string, unknown>, app = t.app) => sendGuess(app, player, attemptId, body);

const newAttempt = (player: TestPlayer, app = t.app) => startedAttempt(app, player);

describe('a guess resent with its idempotency key', () => {
  it('gets the stored result (same score, same slot) and stores nothing twice', async () => {
    const player = await createGamer(t);
    const attempt = await newAttempt(player);
    const k1 = guessKey('one');
    const first = await send(player, attempt.id, { guess: 'a cat on a sofa', guessNumber: 1, idempotencyKey: k1 });
    expect(first.statusCode, first.body).toBe(200);
    const stored: GuessResponse = first.json();

    const again = await send(player, attempt.id, { guess: 'a cat on a sofa', guessNumber: 1, idempotencyKey: k1 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(stored);
    const after = await attemptRow(t, attempt.id);
    expect([after.guess1, after.guess2, after.guess1Key]).toEqual(['a cat on a sofa', null, k1]);

    // Without the key, the same resend is what it always was: the slot is taken.
    const keyless = await send(player, attempt.id, { guess: 'a cat on a sofa', guessNumber: 1 });
    expect(keyless.statusCode).toBe(409);
    expect(keyless.json().code).toBe('SLOT_TAKEN');
  });

  it('is answered as stored even after later guesses, and after the attempt is complete (prompt included then)', async () => {
    const player = await createGamer(t);
    const attempt = await newAttempt(player);
    const keys = [guessKey('a'), guessKey('b'), guessKey('c')];
    const answers: GuessResponse[] = [];
    for (const [index, k] of keys.entries()) {
      const response = await send(player, attempt.id, { guess: `guess number ${index + 1}`, guessNumber: index + 1, idempotencyKey: k });
      expect(response.statusCode, response.body).toBe(200);
      answers.push(response.json());
    }
    const replay = await send(player, attempt.id, { guess: 'guess number 1', guessNumber: 1, idempotencyKey: keys[0] });
    expect(replay.statusCode, replay.body).toBe(200);
    const body: GuessResponse = replay.json();
    expect(body.guessNumber).toBe(1);
    expect(body.message).toBe(answers[0].message);
    expect(body.attempt.guesses).toEqual(answers[2].attempt.guesses);
    expect(body.attempt.prompt).toBe(answers[2].attempt.prompt);
    expect(body.attempt.prompt).not.toBeNull();
  });

  it('a new key for a filled slot is a new guess: 409 SLOT_TAKEN, nothing changes', async () => {
    const player = await createGamer(t);
    const attempt = await newAttempt(player);
    expect((await send(player, attempt.id, { guess: 'first words', guessNumber: 1, idempotencyKey: guessKey('x') })).statusCode).toBe(200);
    const other = await send(player, attempt.id, { guess: 'other words', guessNumber: 1, idempotencyKey: guessKey('y') });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('SLOT_TAKEN');
    expect((await attemptRow(t, attempt.id)).guess1).toBe('first words');
  });

  it("another player's key in another attempt replays nothing of theirs", async () => {
    const owner = await createGamer(t);
    const ownAttempt = await newAttempt(owner);
    const k = guessKey('shared');
    expect((await send(owner, ownAttempt.id, { guess: 'owner guess', guessNumber: 1, idempotencyKey: k })).statusCode).toBe(200);
    // The same key sent by someone else to the owner's attempt: it looks like a missing attempt.
    const intruder = await createGamer(t);
    const stolen = await send(intruder, ownAttempt.id, { guess: 'anything', guessNumber: 1, idempotencyKey: k });
    expect(stolen.statusCode).toBe(404);
    // And in the intruder's own attempt the key is just a new guess.
    const theirs = await newAttempt(intruder);
    const own = await send(intruder, theirs.id, { guess: 'intruder guess', guessNumber: 1, idempotencyKey: k });
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as GuessResponse).attempt.guesses.map((g) => g.text)).toEqual(['intruder guess']);
  });

  it('concurrent sends of one keyed guess, on two instances: one guess stored, every answer is that guess', async () => {
    const second = await createSecondInstance(t);
    try {
      const player = await createGamer(t);
      const attempt = await newAttempt(player);
      const k = guessKey('race');
      const body = { guess: 'a lighthouse in a storm', guessNumber: 1, idempotencyKey: k };
      const responses = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => send(player, attempt.id, body, n % 2 === 0 ? t.app : second.app)));
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const scores = new Set(responses.map((r) => JSON.stringify((r.json() as GuessResponse).attempt.guesses)));
      expect(scores.size).toBe(1);
      const stored = await attemptRow(t, attempt.id);
      expect([stored.guess1, stored.guess2, stored.guess1Key]).toEqual(['a lighthouse in a storm', null, k]);
    } finally {
      await second.close();
    }
  });

  it('refuses a malformed key with 400 and stores nothing', async () => {
    const player = await createGamer(t);
    const attempt = await newAttempt(player);
    for (const bad of ['short', 'has spaces in it here!', 'x'.repeat(65), 42]) {
      const response = await send(player, attempt.id, { guess: 'words', guessNumber: 1, idempotencyKey: bad });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
    expect((await attemptRow(t, attempt.id)).guess1).toBeNull();
  });
});
