import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGamer, importDemoPack, playFullGame, startGame, submitGuess } from '../../tests/support/game';
import { seedCompletedAttempt, seedPlayer } from '../../tests/support/leaderboard-entries';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';
import { DEFAULT_MIN_SECONDS_BETWEEN_CHALLENGES } from '../event/event-settings';
import { profiles } from '../db/tables/players.tables';
import { eq } from 'drizzle-orm';

let t: TestApp;
let organizer: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  await importDemoPack(t);
  organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  request(t.app, { method, url, payload, cookie: organizer.cookie });
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

describe('leaderboard reset, archives and the winners export', () => {
  it('exports the current top N as CSV (BOM, escaping, contact data), archives the board on reset, and exports the archive', async () => {
    const db = t.database.db;
    const first = await seedPlayer(db, { displayName: '=Zoë' });
    const second = await seedPlayer(db, { displayName: 'Second' });
    const third = await seedPlayer(db, { displayName: 'Third' });
    await db.update(profiles).set({ phoneNumber: '+49 170 1234567' }).where(eq(profiles.id, first));
    await seedCompletedAttempt(db, first, 99.9);
    await seedCompletedAttempt(db, second, 98.5);
    await seedCompletedAttempt(db, third, 97.25);

    const csv = await admin('GET', '/api/admin/winners.csv?top=2');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="winners-top2.csv"');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csvLines(csv.body);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('rank,display name,score,guesses used,thinking seconds,e-mail,phone,completed at');
    // (These games were written without guess times: thinking time unknown, the cell left empty.)
    expect(lines[1]).toMatch(/^1,'=Zoë,99\.9,1,,seed-[0-9a-f]+@example\.test,\+49 170 1234567,\d{4}-\d\d-\d\dT/);
    expect(lines[2]).toMatch(/^2,Second,98\.5,1,,seed-/);
    expect((await admin('GET', '/api/admin/winners.csv')).body.split('\r\n').length).toBeGreaterThanOrEqual(4); // default top 10
    expect((await admin('GET', '/api/admin/winners.csv?top=0')).statusCode).toBe(400);
    expect((await admin('GET', '/api/admin/winners.csv?top=abc')).statusCode).toBe(400);

    const reset = await admin('POST', '/api/admin/leaderboard/reset', { label: 'Morning session' });
    expect(reset.statusCode, reset.body).toBe(200);
    const archive = reset.json().archive;
    expect(archive).toMatchObject({ label: 'Morning session', entryCount: 3 });

    // The public board is empty now; the next finish starts it again.
    expect((await request(t.app, { method: 'GET', url: '/api/leaderboard' })).json().entries).toEqual([]);
    const late = await createGamer(t, 'AfterReset');
    await playFullGame(t.app, late);
    expect(
      (await request(t.app, { method: 'GET', url: '/api/leaderboard' })).json().entries.map((e: { displayName: string }) => e.displayName),
    ).toEqual(['AfterReset']);

    const archives = (await admin('GET', '/api/admin/leaderboard/archives')).json().archives;
    expect(archives[0]).toEqual(archive);
    const viewed = (await admin('GET', `/api/admin/leaderboard/archives/${archive.id}`)).json().archive;
    expect(viewed.entries.map((e: { rank: number; displayName: string; score: number }) => [e.rank, e.displayName, e.score])).toEqual([
      [1, '=Zoë', 99.9],
      [2, 'Second', 98.5],
      [3, 'Third', 97.3],
    ]);
    expect(JSON.stringify(viewed)).not.toContain('@example.test');

    const archived = csvLines((await admin('GET', `/api/admin/winners.csv?top=2&archive=${archive.id}`)).body);
    expect(archived.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual(["1,'=Zoë,99.9", '2,Second,98.5']);
    expect((await admin('GET', '/api/admin/winners.csv?archive=99999')).statusCode).toBe(404);
    expect((await admin('GET', '/api/admin/leaderboard/archives/99999')).statusCode).toBe(404);

    const actions = (await admin('GET', '/api/admin/audit')).json().entries.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 4)).toEqual(['winners.export', 'leaderboard.reset', 'winners.export', 'winners.export']);
  });

  it('a second reset right away archives an empty board', async () => {
    await admin('POST', '/api/admin/leaderboard/reset', {});
    const again = await admin('POST', '/api/admin/leaderboard/reset', {});
    expect(again.json().archive).toMatchObject({ entryCount: 0, label: null });
  });
});

describe('event settings', () => {
  it('reads and changes the switches, audits what changed, and refuses bad values', async () => {
    const initial = (await admin('GET', '/api/admin/event')).json();
    // A fresh event waits the default interval between one player's starts (server/game: the pool-drain bound).
    expect(initial).toMatchObject({
      isOpen: true,
      allowPromptReuse: false,
      maxChallengesPerPlayer: null,
      minSecondsBetweenChallenges: DEFAULT_MIN_SECONDS_BETWEEN_CHALLENGES,
    });

    const changed = await admin('PATCH', '/api/admin/event', {
      allowPromptReuse: true,
      maxChallengesPerPlayer: 5,
      minSecondsBetweenChallenges: 30,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      isOpen: true,
      allowPromptReuse: true,
      maxChallengesPerPlayer: 5,
      minSecondsBetweenChallenges: 30,
    });
    const [entry] = (await admin('GET', '/api/admin/audit')).json().entries;
    expect(entry).toMatchObject({
      action: 'event.update',
      actor: organizer.email,
      details: { allowPromptReuse: { from: false, to: true }, maxChallengesPerPlayer: { from: null, to: 5 } },
    });

    for (const payload of [{}, { isOpen: 'no' }, { maxChallengesPerPlayer: 0 }, { minSecondsBetweenChallenges: -1 }]) {
      expect((await admin('PATCH', '/api/admin/event', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    await admin('PATCH', '/api/admin/event', { allowPromptReuse: false, maxChallengesPerPlayer: null, minSecondsBetweenChallenges: 0 });
  });

  it('previews a switch of which game counts (organizers only, a valid setting), changing nothing', async () => {
    const preview = await admin('GET', '/api/admin/leaderboard/board-counts-preview?boardCounts=best');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ boardCounts: 'best', current: 'latest' });
    expect(preview.json().players).toBe((await request(t.app, { method: 'GET', url: '/api/leaderboard' })).json().total);
    expect((await admin('GET', '/api/admin/event')).json().boardCounts).toBe('latest');
    for (const query of ['', '?boardCounts=worst']) {
      expect((await admin('GET', `/api/admin/leaderboard/board-counts-preview${query}`)).statusCode, query).toBe(400);
    }
    const player = await createGamer(t, 'NotOrganizer');
    const refused = await request(t.app, {
      method: 'GET',
      url: '/api/admin/leaderboard/board-counts-preview?boardCounts=best',
      cookie: player.cookie,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('a closed event refuses new starts with a clear message, says so in /api/config, and lets unfinished attempts finish', async () => {
    const player = await createGamer(t, 'Unfinished');
    const started = (await startGame(t.app, player)).json().attempt;
    expect((await request(t.app, { method: 'GET', url: '/api/config' })).json().eventOpen).toBe(true);

    expect((await admin('PATCH', '/api/admin/event', { isOpen: false })).json().isOpen).toBe(false);
    const config = await request(t.app, { method: 'GET', url: '/api/config' });
    expect(config.json().eventOpen).toBe(false);
    expect(config.headers['cache-control']).toBe('no-store');

    const other = await createGamer(t, 'TooLate');
    const refused = await startGame(t.app, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'EVENT_CLOSED', message: 'The game is closed right now. Please check back later.' });

    for (const n of [1, 2, 3]) expect((await submitGuess(t.app, player, started.id, `guess ${n}`, n)).statusCode).toBe(200);

    await admin('PATCH', '/api/admin/event', { isOpen: true });
    expect((await startGame(t.app, other)).statusCode).toBe(201);
  });
});
