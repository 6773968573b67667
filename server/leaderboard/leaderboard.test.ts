import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_STRATEGY_LENGTH } from '@contracts/leaderboard.rules';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import { profiles } from '../db/tables/players.tables';
import { eventSettings } from '../db/tables/event.tables';
import { seedCompletedAttempt, seedPlayer, setHidden } from '../../tests/support/leaderboard-entries';
import { createPlayer } from '../../tests/support/players';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const db = () => t.database.db;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const board = async (cookie?: string) => (await request(t.app, { method: 'GET', url: '/api/leaderboard', cookie })).json();
const names = async () => (await board()).entries.map((entry: { displayName: string }) => entry.displayName);

// Each test starts from an empty board.
beforeEach(async () => {
  await db().delete(attempts);
  await db().delete(eventSettings);
});

describe('ranking rules', () => {
  it('ranks by score, one entry per player: the latest completed challenge, even when lower', async () => {
    const ada = await seedPlayer(db(), { displayName: 'Ada' });
    const bo = await seedPlayer(db(), { displayName: 'Bo' });
    await seedCompletedAttempt(db(), ada, 91.2, minutesAgo(30));
    await seedCompletedAttempt(db(), bo, 70, minutesAgo(20));
    expect(await names()).toEqual(['Ada', 'Bo']);

    // Ada plays again and does worse: her new 40 % replaces her 91.2 %.
    await seedCompletedAttempt(db(), ada, 40, minutesAgo(10));
    const after = await board();
    expect(after.entries.map((e: { displayName: string; score: number; rank: number }) => [e.rank, e.displayName, e.score])).toEqual([
      [1, 'Bo', 70],
      [2, 'Ada', 40],
    ]);
    expect(after.total).toBe(2);
  });

  it('ignores unfinished attempts', async () => {
    const cy = await seedPlayer(db(), { displayName: 'Cy' });
    await seedCompletedAttempt(db(), cy, 55, minutesAgo(10));
    // A newer attempt without a final score does not replace the entry.
    await db()
      .insert(attempts)
      .values({ userId: cy, challengeId: await newChallengeId(), guess1: 'x', score1: 99 });
    expect((await board()).entries.map((e: { score: number }) => e.score)).toEqual([55]);
  });

  it('breaks ties by who reached the score first, on the score as shown (one decimal)', async () => {
    const late = await seedPlayer(db(), { displayName: 'Late' });
    const early = await seedPlayer(db(), { displayName: 'Early' });
    const earlierStill = await seedPlayer(db(), { displayName: 'Rounder' });
    await seedCompletedAttempt(db(), late, 80.0, minutesAgo(5));
    await seedCompletedAttempt(db(), early, 80.0, minutesAgo(15));
    // 79.96 is shown as 80.0 %: it ties with the others and was reached earliest.
    await seedCompletedAttempt(db(), earlierStill, 79.96, minutesAgo(25));
    const result = await board();
    expect(result.entries.map((e: { displayName: string; score: number }) => [e.displayName, e.score])).toEqual([
      ['Rounder', 80],
      ['Early', 80],
      ['Late', 80],
    ]);
  });

  it('leaves out hidden players and players without a display name', async () => {
    const shown = await seedPlayer(db(), { displayName: 'Shown' });
    const hidden = await seedPlayer(db(), { displayName: 'Offensive' });
    const nameless = await seedPlayer(db(), { displayName: null });
    const blank = await seedPlayer(db(), { displayName: '   ' });
    for (const id of [shown, hidden, nameless, blank]) await seedCompletedAttempt(db(), id, 50, minutesAgo(1));
    await seedCompletedAttempt(db(), hidden, 99, minutesAgo(0.5));
    await setHidden(db(), hidden, true);
    const result = await board();
    expect(result.entries.map((e: { displayName: string }) => e.displayName)).toEqual(['Shown']);
    expect(result.total).toBe(1);
    // Un-hiding brings the entry back.
    await setHidden(db(), hidden, false);
    expect(await names()).toEqual(['Offensive', 'Shown']);
  });

  it('counts only challenges completed after the last reset (leaderboard_since)', async () => {
    const old = await seedPlayer(db(), { displayName: 'BeforeReset' });
    const fresh = await seedPlayer(db(), { displayName: 'AfterReset' });
    await seedCompletedAttempt(db(), old, 95, minutesAgo(60));
    await seedCompletedAttempt(db(), fresh, 10, minutesAgo(60));
    await db()
      .insert(eventSettings)
      .values({ id: 1, leaderboardSince: minutesAgo(30) });
    expect(await names()).toEqual([]);
    await seedCompletedAttempt(db(), fresh, 12, minutesAgo(1));
    expect(await names()).toEqual(['AfterReset']);
  });

  it('never exposes e-mails, user ids or phone numbers', async () => {
    const player = await createPlayer(t.app, db());
    await db().insert(profiles).values({ id: player.id, displayName: 'Private', phoneNumber: '+44 7700 900123' });
    await seedCompletedAttempt(db(), player.id, 64.4, minutesAgo(1));
    const responses = await Promise.all(
      ['/api/leaderboard', '/api/leaderboard/champion', '/api/leaderboard/me'].map((url) =>
        request(t.app, { method: 'GET', url, cookie: player.cookie }),
      ),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(player.id);
      expect(response.body).not.toContain(player.email);
      expect(response.body).not.toContain('7700');
    }
  });
});

describe('GET /api/leaderboard and /me', () => {
  it("returns the top entries, the viewer flagged, and the viewer's own row even outside the top", async () => {
    const viewer = await createPlayer(t.app, db());
    await seedPlayer(db(), { userId: viewer.id, displayName: 'Viewer' });
    for (let i = 0; i < 5; i++) await seedCompletedAttempt(db(), await seedPlayer(db()), 90 - i, minutesAgo(10));
    await seedCompletedAttempt(db(), viewer.id, 12.34, minutesAgo(5));

    const top3 = (await request(t.app, { method: 'GET', url: '/api/leaderboard?limit=3', cookie: viewer.cookie })).json();
    expect(top3.entries).toHaveLength(3);
    expect(top3.entries.every((e: { isYou: boolean }) => !e.isYou)).toBe(true);
    expect(top3.me).toMatchObject({ rank: 6, displayName: 'Viewer', score: 12.3, isYou: true });
    expect(top3.total).toBe(6);

    const all = (await request(t.app, { method: 'GET', url: '/api/leaderboard', cookie: viewer.cookie })).json();
    expect(all.entries[5]).toMatchObject({ rank: 6, isYou: true, key: top3.me.key });

    const me = await request(t.app, { method: 'GET', url: '/api/leaderboard/me', cookie: viewer.cookie });
    // nextRankScore: the #5 just above (90 - 4) is what the viewer has to beat.
    expect(me.json()).toMatchObject({ rank: 6, total: 6, score: 12.3, nextRankScore: 86, boardCounts: 'latest' });

    // Signed out: no `me`; /me needs a session.
    expect((await board()).me).toBeNull();
    expect((await request(t.app, { method: 'GET', url: '/api/leaderboard/me' })).statusCode).toBe(401);
  });

  it('gives nulls to a player without an entry, and refuses a bad limit', async () => {
    const newcomer = await createPlayer(t.app, db());
    const me = await request(t.app, { method: 'GET', url: '/api/leaderboard/me', cookie: newcomer.cookie });
    expect(me.json()).toEqual({
      rank: null,
      total: 0,
      score: null,
      nextRankScore: null,
      guessesUsed: null,
      thinkingSeconds: null,
      nextRankGuessesUsed: null,
      nextRankThinkingSeconds: null,
      boardCounts: 'latest',
    });
    const bad = await request(t.app, { method: 'GET', url: '/api/leaderboard?limit=500' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
  });
});

describe('the champion and the winning strategy', () => {
  const putStrategy = (cookie: string, strategy: unknown) =>
    request(t.app, { method: 'PUT', url: '/api/leaderboard/strategy', cookie, payload: { strategy } });
  const champion = async () => (await request(t.app, { method: 'GET', url: '/api/leaderboard/champion' })).json().champion;

  it('has no champion on an empty board', async () => {
    expect(await champion()).toBeNull();
  });

  it('lets only the current #1 write it; after being overtaken they cannot, and the landing data follows #1', async () => {
    const first = await createPlayer(t.app, db());
    const second = await createPlayer(t.app, db());
    await seedPlayer(db(), { userId: first.id, displayName: 'First' });
    await seedPlayer(db(), { userId: second.id, displayName: 'Second' });
    await seedCompletedAttempt(db(), first.id, 88.8, minutesAgo(10));
    await seedCompletedAttempt(db(), second.id, 70, minutesAgo(9));

    expect(await champion()).toEqual({ displayName: 'First', score: 88.8, strategy: null });

    const refused = await putStrategy(second.cookie, 'Describe the subject first');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'NOT_CHAMPION', message: 'Only the player ranked #1 can share a winning strategy.' });

    const saved = await putStrategy(first.cookie, '  Name the main subject,\t  then the style.  ');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ strategy: 'Name the main subject, then the style.' });
    expect(await champion()).toEqual({ displayName: 'First', score: 88.8, strategy: 'Name the main subject, then the style.' });

    // Second overtakes: the landing now shows Second (no strategy yet), and First can no longer write.
    await seedCompletedAttempt(db(), second.id, 95, minutesAgo(1));
    expect(await champion()).toEqual({ displayName: 'Second', score: 95, strategy: null });
    expect((await putStrategy(first.cookie, 'Still me')).statusCode).toBe(403);
    const [row] = await db().select().from(profiles).where(eq(profiles.id, first.id));
    expect(row.strategy).toBe('Name the main subject, then the style.');
    expect((await putStrategy(second.cookie, 'Lighting words matter')).statusCode).toBe(200);
    expect((await champion()).strategy).toBe('Lighting words matter');
  });

  it('validates and moderates the strategy, and needs a session', async () => {
    const top = await createPlayer(t.app, db());
    await seedPlayer(db(), { userId: top.id, displayName: 'Top' });
    await seedCompletedAttempt(db(), top.id, 99, minutesAgo(1));

    for (const bad of ['   ', 'x'.repeat(MAX_STRATEGY_LENGTH + 1), 42]) {
      const response = await putStrategy(top.cookie, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
    const offensive = await putStrategy(top.cookie, 'just guess some shit');
    expect(offensive.statusCode).toBe(400);
    expect(offensive.json().code).toBe('STRATEGY_REFUSED');
    expect((await putStrategy(top.cookie, 'spell it f.u.c.k')).json().code).toBe('STRATEGY_REFUSED');
    // What got through before: spaced domains, handles, phone numbers, line breaks, 2-mark Zalgo, leetspeak.
    for (const dodge of [
      'tips at evil . com',
      'follow @handle',
      'call +1 415 555 0134',
      'first line\nsecond line',
      'Z\u0351\u0352algo wins',
      'phuck the rules',
      'k.k.k',
    ]) {
      const response = await putStrategy(top.cookie, dodge);
      expect(response.statusCode, dodge).toBe(400);
      expect(response.json().code, dodge).toBe('STRATEGY_REFUSED');
    }
    // No links in any form on the landing page: addresses, any top-level domain, e-mail addresses, data: links.
    for (const link of [
      'go to 192.168.1.50:3000',
      'evil.pw',
      'write to winner@evil.pw',
      'data:text/html,<b>win</b>',
      'prizes at evil[.]pw',
    ]) {
      const response = await putStrategy(top.cookie, link);
      expect(response.statusCode, link).toBe(400);
      expect(response.json().code, link).toBe('STRATEGY_REFUSED');
    }
    expect((await champion()).strategy).toBeNull();

    // An ordinary sentence is not glued into false hits ('the analysis').
    expect((await putStrategy(top.cookie, 'Use the text, then the analysis')).statusCode).toBe(200);
    expect((await putStrategy(top.cookie, 'x'.repeat(MAX_STRATEGY_LENGTH))).statusCode).toBe(200);
    expect((await request(t.app, { method: 'PUT', url: '/api/leaderboard/strategy', payload: { strategy: 'hi' } })).statusCode).toBe(401);
  });

  it('hides a strategy written before the last leaderboard reset', async () => {
    const top = await createPlayer(t.app, db());
    await seedPlayer(db(), { userId: top.id, displayName: 'Veteran' });
    await seedCompletedAttempt(db(), top.id, 90, minutesAgo(10));
    expect((await putStrategy(top.cookie, 'Old event advice')).statusCode).toBe(200);
    await db().insert(eventSettings).values({ id: 1, leaderboardSince: new Date() });
    await seedCompletedAttempt(db(), top.id, 60, new Date(Date.now() + 1000));
    expect(await champion()).toEqual({ displayName: 'Veteran', score: 60, strategy: null });
  });
});

async function newChallengeId(): Promise<string> {
  const [row] = await db()
    .insert(challenges)
    .values({ imageKey: `k-${randomUUID()}.webp`, prompt: 'p', contentHash: `h-${randomUUID()}` })
    .returning({ id: challenges.id });
  return row.id;
}
