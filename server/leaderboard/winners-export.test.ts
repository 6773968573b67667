import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompletedAttempt, seedPlayer, seedTimedGame } from '../../tests/support/leaderboard-entries';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

// The winners' export writes times in the event's time zone (the organizer's setting, else the server's), and an
// empty board after a reset says so and points to the archive instead of handing over an empty file.
let t: TestApp;
let organizer: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, cookie = organizer.cookie) =>
  request(t.app, { method, url, payload, cookie });
const completedAtOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')[1]
    .split(',')
    .at(-1);

describe('the event time zone', () => {
  it("defaults to the server's, is set and cleared by the organizer, and refuses a name that is not a zone", async () => {
    const event = (await admin('GET', '/api/admin/event')).json();
    expect(event.timeZone).toBeNull();
    expect(event.serverTimeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    const set = await admin('PATCH', '/api/admin/event', { timeZone: 'Asia/Kolkata' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().timeZone).toBe('Asia/Kolkata');
    for (const timeZone of ['Mars/Olympus', 'not a zone', '', 'x'.repeat(65), 42]) {
      const refused = await admin('PATCH', '/api/admin/event', { timeZone });
      expect(refused.statusCode, String(timeZone)).toBe(400);
    }
    const player = await createPlayer(t.app, t.database.db);
    expect((await admin('PATCH', '/api/admin/event', { timeZone: 'UTC' }, player.cookie)).statusCode).toBe(403);
    expect((await admin('GET', '/api/admin/event')).json().timeZone).toBe('Asia/Kolkata');
  });

  it('writes the completion time in the event time zone, with its offset', async () => {
    const id = await seedPlayer(t.database.db, { displayName: 'Zoned' });
    // 2026-03-01 12:00 UTC: 17:30 in Kolkata (+05:30), 13:00 in Berlin (+01:00, winter).
    await seedCompletedAttempt(t.database.db, id, 88.8, new Date('2026-03-01T12:00:00.000Z'));
    await admin('PATCH', '/api/admin/event', { timeZone: 'Asia/Kolkata' });
    expect(completedAtOf((await admin('GET', '/api/admin/winners.csv?top=1')).body)).toBe('2026-03-01T17:30:00+05:30');
    await admin('PATCH', '/api/admin/event', { timeZone: 'Europe/Berlin' });
    expect(completedAtOf((await admin('GET', '/api/admin/winners.csv?top=1')).body)).toBe('2026-03-01T13:00:00+01:00');
    await admin('PATCH', '/api/admin/event', { timeZone: 'UTC' });
    expect(completedAtOf((await admin('GET', '/api/admin/winners.csv?top=1')).body)).toBe('2026-03-01T12:00:00+00:00');
  });
});

describe('ties in the winners export', () => {
  it('carries what broke each tie: guesses used, thinking seconds and completion time', async () => {
    const db = t.database.db;
    const start = new Date(Date.now() - 10 * 60_000);
    // Both reach 100 % with the same prompt typed; one on guess 1, one on guess 2; then the same guess, 4 s apart.
    const prompt = 'a red fox in the snow';
    const second = await seedPlayer(db, { displayName: 'TieOnGuessTwo' });
    await seedTimedGame(db, second, {
      prompt,
      guesses: ['fox', prompt, 'x'],
      scores: [50, 100, 5],
      guessSeconds: [8, 30, 40],
      startedAt: start,
    });
    const slower = await seedPlayer(db, { displayName: 'TieSlower' });
    await seedTimedGame(db, slower, {
      prompt,
      guesses: [prompt, 'x', 'y'],
      scores: [100, 5, 5],
      guessSeconds: [16.3, 30, 40],
      startedAt: start,
    });
    const faster = await seedPlayer(db, { displayName: 'TieFaster' });
    await seedTimedGame(db, faster, {
      prompt,
      guesses: [prompt, 'x', 'y'],
      scores: [100, 5, 5],
      guessSeconds: [12.3, 30, 40],
      startedAt: start,
    });

    const csv = (await admin('GET', '/api/admin/winners.csv?top=3')).body.replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('rank,display name,score,guesses used,thinking seconds,e-mail,phone,completed at');
    const rows = csv.slice(1, 4).map((line) => line.split(','));
    // 21 characters typed: 6.3 s of typing off the time to the best guess; guess 2 also types "fox" first.
    expect(rows.map((cells) => cells.slice(0, 5))).toEqual([
      ['1', 'TieFaster', '100.0', '1', '6.0'],
      ['2', 'TieSlower', '100.0', '1', '10.0'],
      ['3', 'TieOnGuessTwo', '100.0', '2', '22.8'],
    ]);
  });
});

describe('the winners export after a reset', () => {
  it('says the board is empty and points to the archive, which still exports its winners', async () => {
    const reset = await admin('POST', '/api/admin/leaderboard/reset', { label: 'Morning' });
    expect(reset.statusCode).toBe(200);
    const empty = await admin('GET', '/api/admin/winners.csv?top=3');
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('BOARD_EMPTY');
    expect(empty.json().message).toMatch(/^The board is empty: it was reset at \d{4}-\d\d-\d\d \d\d:\d\d .*archive \("Morning"\)/);
    const archived = await admin('GET', `/api/admin/winners.csv?top=4&archive=${reset.json().archive.id}`);
    expect(archived.statusCode).toBe(200);
    expect(archived.body).toContain('Zoned');
    // The archive kept what broke the ties.
    expect(archived.body).toContain(',TieFaster,100.0,1,6.0,');
    // Nothing left the system: no export was recorded for the refusal.
    const exports = (await admin('GET', '/api/admin/audit'))
      .json()
      .entries.filter((e: { action: string }) => e.action === 'winners.export');
    expect(exports.map((e: { details: { archiveId: number | null } }) => e.details.archiveId)).toEqual([
      reset.json().archive.id,
      null,
      null,
      null,
      null,
    ]);
  });
});
