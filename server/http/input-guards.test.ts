// docs/decisions/010 (input guards): malformed input got a 500 (deep JSON on auth POSTs, NUL bytes in a guess, a phone number, a name).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts } from '../db/tables/game.tables';
import { profiles } from '../db/tables/players.tables';
import { user } from '../db/tables/auth.tables';
import type { Scorer } from '../scoring/scorer';
import { createGamer, importPack, startGame, submitGuess, writePack } from '../../tests/support/game';
import { createTestApp, request, sharedScorer, uniqueEmail, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
let scored = 0;
beforeAll(async () => {
  const real = await sharedScorer();
  // Counts scoring calls (the real scorer does the work): a refused guess must never reach it.
  const counting: Scorer = {
    embedderId: real.embedderId,
    embed: (texts, options) => real.embed(texts, options),
    embedPrompts: (prompts) => real.embedPrompts(prompts),
    hasAllViews: (prompt, views) => real.hasAllViews(prompt, views),
    score: (input) => (scored++, real.score(input)),
    scoreMany: (inputs) => ((scored += inputs.length), real.scoreMany(inputs)),
    // The shared scorer belongs to the test worker; closing this test's app must not close it.
    close: async () => undefined,
  };
  t = await createTestApp({}, { scorer: counting });
  const pack = await writePack({ count: 3 });
  await importPack(t, pack.dir);
});
afterAll(() => t?.close());

const json = (payload: string) => ({ payload, headers: { 'content-type': 'application/json' } });

describe('malformed input gets a 4xx, never a 500', () => {
  const deepArray = '['.repeat(4500) + ']'.repeat(4500);
  const deepObject = '{"email":'.repeat(4500) + '"x"' + '}'.repeat(4500);
  for (const url of [
    '/api/auth/sign-in/email',
    '/api/auth/sign-up/email',
    '/api/auth/request-password-reset',
    '/api/auth/reset-password',
  ]) {
    it(`refuses ~4,500-deep JSON on ${url} with 400`, async () => {
      for (const payload of [deepArray, deepObject]) {
        const response = await request(t.app, { method: 'POST', url, ...json(payload) });
        expect(response.statusCode, response.body).toBe(400);
      }
    });
  }

  it('refuses a guess with a NUL byte before scoring it, and records nothing', async () => {
    const player = await createGamer(t);
    const attempt = (await startGame(t.app, player)).json().attempt;
    const before = scored;
    const response = await submitGuess(t.app, player, attempt.id, 'a red\u0000 square', 1);
    expect(response.statusCode, response.body).toBe(400);
    expect(scored).toBe(before);
    const [row] = await t.database.db.select().from(attempts).where(eq(attempts.id, attempt.id));
    expect(row.guess1).toBeNull();
    // The same slot still takes a clean guess.
    expect((await submitGuess(t.app, player, attempt.id, 'a red square', 1)).statusCode).toBe(200);
  });

  it('refuses a NUL byte in a phone number or display name and keeps the saved profile', async () => {
    const player = await createGamer(t, 'NulTester');
    for (const payload of [{ displayName: 'NulTester', phoneNumber: '+49\u0000123' }, { displayName: 'Nul\u0000Tester' }]) {
      const response = await request(t.app, { method: 'PUT', url: '/api/profile', cookie: player.cookie, payload });
      expect(response.statusCode, response.body).toBe(400);
    }
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, player.id));
    expect(row).toMatchObject({ displayName: 'NulTester', phoneNumber: null });
  });

  it('refuses a NUL byte in an account name or e-mail at sign-up and creates no account', async () => {
    const email = uniqueEmail();
    for (const payload of [
      { email, password: 'secret12', name: 'a\u0000b' },
      { email: `${email}\u0000`, password: 'secret12', name: '' },
    ]) {
      const response = await request(t.app, { method: 'POST', url: '/api/auth/sign-up/email', payload });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(await t.database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  it('refuses ill-formed Unicode (a lone surrogate) in any text, e.g. a strategy or a guess, and records nothing', async () => {
    const player = await createGamer(t);
    const attempt = (await startGame(t.app, player)).json().attempt;
    const before = scored;
    // JSON's \\u escape can carry half of a surrogate pair; PostgreSQL text cannot store it (found by the fuzz test).
    const lone = 'a red square \udfe9';
    const guess = await submitGuess(t.app, player, attempt.id, lone, 1);
    expect(guess.statusCode, guess.body).toBe(400);
    expect(scored).toBe(before);
    const strategy = await request(t.app, {
      method: 'PUT',
      url: '/api/leaderboard/strategy',
      cookie: player.cookie,
      payload: { strategy: lone },
    });
    expect(strategy.statusCode, strategy.body).toBe(400);
    const [row] = await t.database.db.select().from(attempts).where(eq(attempts.id, attempt.id));
    expect(row.guess1).toBeNull();
  });

  it('refuses a NUL in the address or query string with 400', async () => {
    for (const url of ['/api/images/abc%00.png', '/api/leaderboard?limit=%00', '/api/auth/verify-email?token=%00']) {
      const response = await request(t.app, { method: 'GET', url });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
    }
  });

  it('still accepts ordinary JSON, escaped backslashes and brackets inside strings', async () => {
    const player = await createGamer(t, 'Brackets');
    const response = await request(t.app, {
      method: 'PUT',
      url: '/api/profile',
      cookie: player.cookie,
      ...json('{"displayName":"[[[{{{\\\\u0000"}'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().displayName).toBe('[[[{{{\\u0000');
  });
});
