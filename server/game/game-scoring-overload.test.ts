/**
 * Past saturation a guess is refused at once with 503 + Retry-After (nothing stored, the same guess can be
 * sent again) instead of waiting seconds in an unbounded queue. Real model, real queue: a bulk job fills it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attempt } from '@contracts/game';
import { attempts } from '../db/tables/game.tables';
import { createScorer, type Scorer } from '../scoring/scorer';
import { createGamer, importDemoPack, startGame, submitGuess } from '../../tests/support/game';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
let scorer: Scorer;
beforeAll(async () => {
  // Its own small scorer: one worker and room for a single waiting guess.
  scorer = await createScorer({ provider: 'minilm', workers: 1, queueLimit: 1 });
  t = await createTestApp({}, { scorer });
  await importDemoPack(t);
});
afterAll(async () => {
  await t?.close();
  await scorer?.close();
});

describe('scoring under overload', () => {
  it('answers 503 with Retry-After while the scorer is saturated, stores nothing, and scores the same guess afterwards', async () => {
    const player = await createGamer(t);
    const attempt: Attempt = (await startGame(t.app, player)).json().attempt;
    const long = 'a crowded night market with food stalls lanterns and steam rising from street food after the rain';
    // A bulk job (like an import) occupies the worker and the queue.
    const bulk = scorer.scoreMany(Array.from({ length: 40 }, (_, i) => ({ prompt: long, guess: `${long} ${i}` })));

    const refused = await submitGuess(t.app, player, attempt.id, 'a cat on a sofa', 1);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ code: 'SCORER_BUSY' });
    const [row] = await t.database.db.select().from(attempts).where(eq(attempts.id, attempt.id));
    expect(row.guess1).toBeNull();

    await bulk;
    const accepted = await submitGuess(t.app, player, attempt.id, 'a cat on a sofa', 1);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().attempt.guesses[0].text).toBe('a cat on a sofa');
  });
});
