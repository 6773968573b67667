import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompletedAttempt, seedPlayer } from '../../tests/support/leaderboard-entries';
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

describe('the winners export after a reset', () => {
  it('says the board is empty and points to the archive, which still exports its winners', async () => {
    const reset = await admin('POST', '/api/admin/leaderboard/reset', { label: 'Morning' });
    expect(reset.statusCode).toBe(200);
    const empty = await admin('GET', '/api/admin/winners.csv?top=3');
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('BOARD_EMPTY');
    expect(empty.json().message).toMatch(/^The board is empty: it was reset at \d{4}-\d\d-\d\d \d\d:\d\d .*archive \("Morning"\)/);
    const archived = await admin('GET', `/api/admin/winners.csv?top=3&archive=${reset.json().archive.id}`);
    expect(archived.statusCode).toBe(200);
    expect(archived.body).toContain('Zoned');
    // Nothing left the system: no export was recorded for the refusal.
    const exports = (await admin('GET', '/api/admin/audit'))
      .json()
      .entries.filter((e: { action: string }) => e.action === 'winners.export');
    expect(exports.map((e: { details: { archiveId: number | null } }) => e.details.archiveId)).toEqual([
      reset.json().archive.id,
      null,
      null,
      null,
    ]);
  });
});
