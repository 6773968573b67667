import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attempt, GuessResponse } from '@contracts/game';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';
import { announceLeaderboardChange } from '../db/channels';
import { auditLog } from '../db/tables/audit.tables';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import { createGamer, startGame, submitGuess } from '../../tests/support/game';
import { seedCompletedAttempt, seedPlayer } from '../../tests/support/leaderboard-entries';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { request, type TestApp } from '../../tests/support/test-app';
import { boardOf, openLiveBoardApp, type LiveBoardApp } from '../../tests/support/live-board';

// The host decides the end: when the booth's countdown ends (with no console or booth open: the lock is stored), or on
// "Lock results now", every public and prize surface counts only games completed up to then. A late game is its
// player's alone, with its score and "finished after the final whistle". Unlocking is explicit and audited.
let live: LiveBoardApp;
let t: TestApp;
let organizer: TestPlayer;
beforeAll(async () => {
  live = await openLiveBoardApp({ SSE_HEARTBEAT_MS: '200' }, { organizer: true });
  ({ t, organizer } = live);
});
afterAll(() => live?.close());

const as = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  request(t.app, { method, url, payload, cookie });
const admin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  as(organizer.cookie, method, url, payload);
/** Everything the public and the prize see, as one comparable value. */
async function publicSurfaces() {
  const board = (await as(undefined, 'GET', '/api/leaderboard')).json();
  const client = await live.connect();
  const snapshot = boardOf(await client.nextEvent('snapshot', { after: 0 }));
  client.close();
  const csv = await admin('GET', '/api/admin/winners.csv?top=10');
  expect(csv.statusCode, csv.body).toBe(200);
  const champion = (await as(undefined, 'GET', '/api/leaderboard/champion')).json();
  return {
    board,
    stream: { entries: snapshot.entries, finishes: snapshot.finishes, gamesPlayed: snapshot.gamesPlayed, total: snapshot.total },
    csv: csv.body,
    champion,
  };
}
/** Plays one game through the real API with the exact prompt (100 %), as many guesses as the game asks for. */
async function playPerfectGame(player: TestPlayer): Promise<{ started: Attempt; finished: Attempt }> {
  const start = await startGame(t.app, player);
  expect(start.statusCode, start.body).toBe(201);
  const started: Attempt = start.json().attempt;
  const [{ prompt }] = await t.database.db
    .select({ prompt: challenges.prompt })
    .from(attempts)
    .innerJoin(challenges, eq(challenges.id, attempts.challengeId))
    .where(eq(attempts.id, started.id));
  let attempt = started;
  for (let number = 1; attempt.nextGuessNumber !== null; number++) {
    const answer = await submitGuess(t.app, player, started.id, prompt, number);
    expect(answer.statusCode, answer.body).toBe(200);
    attempt = (answer.json() as GuessResponse).attempt;
  }
  return { started, finished: attempt };
}
const waitUntil = async (moment: number) => {
  while (Date.now() <= moment) await new Promise((resolve) => setTimeout(resolve, 100));
};

describe('the final whistle', () => {
  it('falls when the countdown ends; a late perfect game changes no public or prize surface, and its player sees it', async () => {
    await seedCompletedAttempt(t.database.db, await seedPlayer(t.database.db, { displayName: 'EarlyBird' }), 71.5);
    await seedCompletedAttempt(t.database.db, await seedPlayer(t.database.db, { displayName: 'SecondPlace' }), 64.2);
    await announceLeaderboardChange(t.database.db);

    const end = Date.now() + 1500;
    const countdown = await admin('PUT', '/api/admin/booth', { mode: 'countdown', countdownTo: new Date(end).toISOString() });
    expect(countdown.statusCode, countdown.body).toBe(200);
    expect(countdown.json().booth.resultsLockAt).toBe(new Date(end).toISOString());
    expect((await admin('GET', '/api/admin/event')).json().resultsLockedAt).toBe(new Date(end).toISOString());
    // Every page's public configuration carries it, so /play says so before START.
    expect((await as(undefined, 'GET', '/api/config')).json().resultsLockedAt).toBe(new Date(end).toISOString());
    // Nobody keeps a console open: the stored end is the lock.
    await waitUntil(end + 50);
    const before = await publicSurfaces();
    expect(before.board.entries.map((e: { displayName: string }) => e.displayName).slice(0, 2)).toEqual(['EarlyBird', 'SecondPlace']);

    const late = await createGamer(t, 'LateRunner');
    const { started, finished } = await playPerfectGame(late);
    // Started after the lock: the play screen says at once that it cannot count.
    expect(started.afterFinalWhistle).toBe(true);
    expect(finished.finalScore).toBe(100);
    expect(finished.afterFinalWhistle).toBe(true);
    const history = (await as(late.cookie, 'GET', '/api/game/attempts')).json().attempts as Attempt[];
    expect(history[0]).toMatchObject({ id: started.id, finalScore: 100, afterFinalWhistle: true, practice: false });
    const me = (await as(late.cookie, 'GET', '/api/leaderboard/me')).json();
    expect(me.rank).toBeNull();
    const listed = (await admin('GET', '/api/admin/players?q=LateRunner')).json().players;
    expect(listed[0]).toMatchObject({ latestScore: 100, latestNotCounted: 'after-final-whistle', rank: null });

    const after = await publicSurfaces();
    expect(after).toEqual(before);
    expect(after.csv).not.toContain('LateRunner');
  });

  it('locks on "Lock results now"; unlocking is explicit, counts the late games again, and both are audited', async () => {
    const player = await createPlayer(t.app, t.database.db);
    for (const [cookie, status] of [
      [undefined, 401],
      [player.cookie, 403],
    ] as const) {
      expect((await as(cookie, 'POST', '/api/admin/event/results-lock')).statusCode).toBe(status);
      expect((await as(cookie, 'DELETE', '/api/admin/event/results-lock')).statusCode).toBe(status);
    }
    expect((await admin('DELETE', '/api/admin/event/results-lock')).statusCode).toBe(200);
    expect((await admin('DELETE', '/api/admin/event/results-lock')).statusCode).toBe(409);
    // Unlocked: the late perfect game of the test above counts again.
    expect((await as(undefined, 'GET', '/api/leaderboard')).json().entries[0].displayName).toBe('LateRunner');

    const locked = await admin('POST', '/api/admin/event/results-lock');
    expect(locked.statusCode, locked.body).toBe(200);
    const lockedAt = Date.parse(locked.json().resultsLockedAt);
    expect(lockedAt).toBeLessThanOrEqual(Date.now());
    // Locking again keeps the first whistle.
    expect(Date.parse((await admin('POST', '/api/admin/event/results-lock')).json().resultsLockedAt)).toBe(lockedAt);
    const before = await publicSurfaces();
    const late = await createGamer(t, 'AfterLock');
    expect((await playPerfectGame(late)).finished).toMatchObject({ finalScore: 100, afterFinalWhistle: true });
    expect(await publicSurfaces()).toEqual(before);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, organizer.id));
    const actions = audit.map((entry) => entry.action);
    expect(actions.filter((action) => action === AUDIT_ACTIONS.resultsUnlock)).toHaveLength(1);
    expect(actions.filter((action) => action === AUDIT_ACTIONS.resultsLock)).toHaveLength(2);
    expect(audit.find((entry) => entry.action === AUDIT_ACTIONS.resultsUnlock)?.details).toMatchObject({ wasLockedAt: expect.any(String) });
    const lockEntry = audit.find((entry) => entry.action === AUDIT_ACTIONS.resultsLock);
    expect(Date.parse((lockEntry?.details as { lockedAt?: string } | undefined)?.lockedAt ?? '')).toBe(lockedAt);
  });

  it('a countdown called off before its end leaves the results open; one started after a lock keeps the lock', async () => {
    await admin('DELETE', '/api/admin/event/results-lock');
    const end = new Date(Date.now() + 10 * 60_000).toISOString();
    await admin('PUT', '/api/admin/booth', { mode: 'countdown', countdownTo: end });
    expect((await admin('GET', '/api/admin/event')).json().resultsLockedAt).toBe(end);
    await admin('PUT', '/api/admin/booth', { mode: 'board' });
    expect((await admin('GET', '/api/admin/event')).json().resultsLockedAt).toBeNull();

    const lockedAt = (await admin('POST', '/api/admin/event/results-lock')).json().resultsLockedAt;
    await admin('PUT', '/api/admin/booth', { mode: 'countdown', countdownTo: end });
    expect((await admin('GET', '/api/admin/event')).json().resultsLockedAt).toBe(lockedAt);
    const booth = (await admin('GET', '/api/admin/booth')).json().booth;
    expect(booth.resultsLockAt).toBe(lockedAt);
  });
});
