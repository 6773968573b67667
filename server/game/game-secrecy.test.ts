import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attempt } from '@contracts/game';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import { createGamer, importDemoPack, startGame, submitGuess } from '../../tests/support/game';
import { request, createTestApp, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importDemoPack(t);
});
afterAll(() => t?.close());

/** Everything a response carries to the device: status, every header, the raw body. */
const wire = (response: LightMyRequestResponse) =>
  [String(response.statusCode), JSON.stringify(response.headers), response.rawPayload.toString('latin1')].join('\n').toLowerCase();

/** The prompt, and every run of 3 of its words, must appear nowhere (case-insensitive). */
function expectNoLeak(label: string, text: string, prompt: string) {
  const words = prompt.toLowerCase().split(/\s+/);
  expect(text.includes(prompt.toLowerCase()), `${label} contains the prompt`).toBe(false);
  for (let i = 0; i + 3 <= words.length; i++) {
    const run = words.slice(i, i + 3).join(' ');
    expect(text.includes(run), `${label} contains "${run}"`).toBe(false);
  }
}

describe('the secret prompt', () => {
  it('never reaches the player before the attempt is complete, then is revealed', { repeats: 2 }, async () => {
    const player = await createGamer(t);
    const other = await createGamer(t);
    const seen: Array<[string, LightMyRequestResponse]> = [];
    const call = async (label: string, response: Promise<LightMyRequestResponse> | LightMyRequestResponse) => {
      const result = await response;
      seen.push([label, result]);
      return result;
    };
    const get = (url: string, cookie = player.cookie) => request(t.app, { method: 'GET', url, cookie });

    await call('profile', get('/api/profile'));
    await call('generate-name', request(t.app, { method: 'POST', url: '/api/profile/generate-name', cookie: player.cookie }));
    // The image the next START will show is known ahead (docs/decisions/023), and START hands out exactly that one.
    const nextBefore = await call('next', get('/api/game/next'));
    await call('next again', get('/api/game/next'));
    const started = await call('start', startGame(t.app, player));
    const attempt: Attempt = started.json().attempt;
    expect(attempt.imageUrl).toBe(nextBefore.json().next.imageUrl);
    const [{ prompt }] = await t.database.db
      .select({ prompt: challenges.prompt })
      .from(attempts)
      .innerJoin(challenges, eq(attempts.challengeId, challenges.id))
      .where(eq(attempts.id, attempt.id));
    // The one after: its own prompt must not reach the player either (checked below with the others).
    const following = await call('next after start', get('/api/game/next'));
    const [{ prompt: followingPrompt }] = await t.database.db
      .select({ prompt: challenges.prompt })
      .from(challenges)
      .where(eq(challenges.imageKey, following.json().next.imageUrl.replace('/api/images/', '')));

    await call('start again', startGame(t.app, player));
    await call('current', get('/api/game/current'));
    await call('image', get(attempt.imageUrl));
    await call('image without session', request(t.app, { method: 'GET', url: attempt.imageUrl }));
    await call('empty guess', submitGuess(t.app, player, attempt.id, '  ', 1));
    await call('long guess', submitGuess(t.app, player, attempt.id, 'z'.repeat(301), 1));
    await call('wrong slot', submitGuess(t.app, player, attempt.id, 'zebra', 3));
    await call('unknown attempt', submitGuess(t.app, player, '00000000-0000-4000-8000-000000000000', 'zebra', 1));
    await call('intruder guess', submitGuess(t.app, other, attempt.id, 'zebra', 1));
    await call('intruder current', get('/api/game/current', other.cookie));
    await call('intruder history', get('/api/game/attempts', other.cookie));
    await call('guess 1', submitGuess(t.app, player, attempt.id, 'zebra crossing', 1));
    await call('current after 1', get('/api/game/current'));
    await call('guess 2', submitGuess(t.app, player, attempt.id, 'an empty parking lot', 2));
    await call('current after 2', get('/api/game/current'));
    await call('next during the game', get('/api/game/next'));
    await call('intruder next', get('/api/game/next', other.cookie));
    await call('history', get('/api/game/attempts'));
    await call('stats', get('/api/game/stats'));
    await call('profile again', get('/api/profile'));
    await call('page', request(t.app, { method: 'GET', url: '/play', cookie: player.cookie, navigation: true }));
    const sharePage = await call('share page', get(`/s/${attempt.id}`));
    const shareCard = await call('share card', request(t.app, { method: 'GET', url: `/api/share/${attempt.id}/card.png` }));
    // An unfinished game is not shared at all: the same 404 as a game that does not exist.
    expect([sharePage.statusCode, shareCard.statusCode]).toEqual([404, 404]);

    for (const [label, response] of seen) expectNoLeak(label, wire(response), prompt);
    for (const [label, response] of seen) expectNoLeak(label, wire(response), followingPrompt);
    expect(seen.find(([label]) => label === 'image')![1].statusCode).toBe(200);

    const third = await submitGuess(t.app, player, attempt.id, 'a bowl of soup', 3);
    expect(third.json().attempt.prompt).toBe(prompt);
    expect(() => expectNoLeak('guess 3', wire(third), prompt), 'the scan must see a revealed prompt').toThrow();
    expectNoLeak('next after the game', wire(await get('/api/game/next')), followingPrompt);
    const history: Attempt[] = (await get('/api/game/attempts')).json().attempts;
    expect(history.find((a) => a.id === attempt.id)!.prompt).toBe(prompt);
    // Still not to anyone else, nor on the shared page or card.
    expectNoLeak('intruder history after', wire(await get('/api/game/attempts', other.cookie)), prompt);
    const sharedPage = await request(t.app, { method: 'GET', url: `/s/${attempt.id}` });
    expect(sharedPage.statusCode).toBe(200);
    expectNoLeak('share page after', wire(sharedPage), prompt);
    const sharedCard = await request(t.app, { method: 'GET', url: `/api/share/${attempt.id}/card.png` });
    expect(sharedCard.statusCode).toBe(200);
    expectNoLeak('share card after', wire(sharedCard), prompt);
  });

  it('is not in any served image, and image keys are unrelated to prompts', async () => {
    const rows = await t.database.db.select({ prompt: challenges.prompt, imageKey: challenges.imageKey }).from(challenges);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    for (const row of rows) {
      const image = await request(t.app, { method: 'GET', url: `/api/images/${row.imageKey}` });
      expect(image.statusCode).toBe(200);
      expectNoLeak(`image ${row.imageKey}`, wire(image), row.prompt);
      for (const word of row.prompt
        .toLowerCase()
        .split(/\W+/)
        .filter((w) => w.length >= 5)) {
        expect(row.imageKey.toLowerCase()).not.toContain(word);
      }
    }
  });
});
