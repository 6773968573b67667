import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_EXHAUSTED_MESSAGE } from '@contracts/game.rules';
import { attempts } from '../db/tables/game.tables';
import { eventSettings } from '../db/tables/event.tables';
import { allowBackToBackGames, createGamer, importPack, playFullGame, startGame, writePack } from '../../tests/support/game';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

const POOL = 4;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importPack(t, (await writePack({ count: POOL, label: 'reuse' })).dir);
  // One player plays the whole pool back to back.
  await allowBackToBackGames(t);
});
afterAll(() => t?.close());

const setReuse = (allowPromptReuse: boolean) =>
  t.database.db
    .insert(eventSettings)
    .values({ id: 1, allowPromptReuse })
    .onConflictDoUpdate({ target: eventSettings.id, set: { allowPromptReuse } });
const challengesOf = async (userId: string) =>
  (await t.database.db.select({ challengeId: attempts.challengeId }).from(attempts).where(eq(attempts.userId, userId))).map(
    (row) => row.challengeId,
  );

describe('prompt reuse across players (organizer switch)', () => {
  it('is off by default: each prompt goes to one attempt only', async () => {
    const first = await createGamer(t);
    for (let i = 0; i < POOL; i++) await playFullGame(t.app, first);
    const second = await createGamer(t);
    const refused = await startGame(t.app, second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(POOL_EXHAUSTED_MESSAGE);
  });

  it('when on, hands used prompts to other players but never the same player twice', async () => {
    await setReuse(true);
    const first = await createGamer(t);
    for (let i = 0; i < POOL; i++) await playFullGame(t.app, first);
    expect(new Set(await challengesOf(first.id)).size).toBe(POOL);
    const exhausted = await startGame(t.app, first);
    expect(exhausted.statusCode).toBe(409);
    expect(exhausted.json().code).toBe('POOL_EXHAUSTED');

    // Several players starting at once may share prompts with each other.
    const others = await Promise.all(Array.from({ length: 6 }, () => createGamer(t)));
    const started = await Promise.all(others.map((player) => startGame(t.app, player)));
    expect(started.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    await setReuse(false);
  });
});
