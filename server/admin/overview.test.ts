import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '@contracts/admin-overview';
import { allowBackToBackGames, createGamer, importDemoPack, playFullGame, startGame } from '../../tests/support/game';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { SseClient, type SseEvent } from '../../tests/support/sse-client';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';
import { announceLeaderboardChange } from '../db/channels';

let t: TestApp;
let organizer: TestPlayer;
let baseUrl: string;
const clients: SseClient[] = [];
beforeAll(async () => {
  // Only notifications refresh the stream here (the periodic re-read is pushed out of the test's way).
  t = await createTestApp({}, { overviewHub: { coalesceMs: 100, tickMs: 60_000 } });
  await importDemoPack(t);
  // A player here starts a second game right after the first (a script's pace, not a player's).
  await allowBackToBackGames(t);
  organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  clients.forEach((client) => client.close());
  await t.close();
});

const overview = async () => {
  const response = await request(t.app, { method: 'GET', url: '/api/admin/overview', cookie: organizer.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminOverview;
};
const codes = (o: AdminOverview) => o.warnings.map((w) => w.code);
const overviewsIn = (events: SseEvent[]) => events.filter((e) => e.event === 'overview').map((e) => JSON.parse(e.data) as AdminOverview);

describe('GET /api/admin/overview', () => {
  it('counts players, games, guesses and the pool; shows the top 3, the histogram and games per 10 minutes; warns', async () => {
    const empty = await overview();
    expect(empty).toMatchObject({ gamesStarted: 0, gamesCompleted: 0, guessesLast5Minutes: 0, top: [], gamesPer10Minutes: [] });
    expect(empty.challenges).toMatchObject({ total: 24, unused: 24, available: 24, disabled: 0 });
    expect(empty.scoreHistogram).toHaveLength(10);
    expect(empty.scoreHistogram.every((bucket) => bucket.count === 0)).toBe(true);
    expect(codes(empty)).toEqual(['PUBLIC_URL_LOCAL', 'GAME_URL_LOCAL']);

    const players = [
      await createGamer(t, 'OvOne'),
      await createGamer(t, 'OvTwo'),
      await createGamer(t, 'OvThree'),
      await createGamer(t, 'OvFour'),
    ];
    for (const player of players) await playFullGame(t.app, player);
    await startGame(t.app, players[0]);
    await t.database.db.execute(
      sql`update challenges set disabled = true where id in (select id from challenges where claimed_at is null limit 1)`,
    );

    const busy = await overview();
    expect(busy.playersSignedUp).toBe(empty.playersSignedUp + 4);
    expect(busy).toMatchObject({ gamesStarted: 5, gamesCompleted: 4, guessesLast5Minutes: 12 });
    expect(busy.challenges).toMatchObject({ total: 24, disabled: 1, unused: 18, available: 18, claimedLast10Minutes: 5 });
    expect(busy.top.map((row) => row.rank)).toEqual([1, 2, 3]);
    expect(busy.top[0].score).toBeGreaterThanOrEqual(busy.top[2].score);
    expect(busy.scoreHistogram.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(4);
    expect(busy.scoreHistogram[0]).toEqual({ from: 0, to: 10, count: busy.scoreHistogram[0].count });
    const games = busy.gamesPer10Minutes.at(-1)!;
    expect(games).toMatchObject({ started: 5, completed: 4 });
    expect(Date.parse(games.start) % 600_000).toBe(0);

    // Low and draining fast: 2 of 23 left, and 5 starts in 10 minutes would use them up within 30 minutes. The 16 are
    // claimed just now (a claim an hour old with no game on it went idle: START would hand it out again).
    await t.database.db.execute(
      sql`update challenges set claimed_at = now() where id in (select id from challenges where claimed_at is null and not disabled limit 16)`,
    );
    const low = await overview();
    expect(low.challenges).toMatchObject({ available: 2, claimable: 2, minutesUntilEmpty: 4 });
    expect(codes(low)).toEqual(expect.arrayContaining(['POOL_LOW', 'POOL_DRAINING']));
    await request(t.app, { method: 'PATCH', url: '/api/admin/event', cookie: organizer.cookie, payload: { isOpen: false } });
    expect(codes(await overview())).toContain('EVENT_CLOSED');
    await request(t.app, { method: 'PATCH', url: '/api/admin/event', cookie: organizer.cookie, payload: { isOpen: true } });
  });
});

describe('GET /api/admin/stream', () => {
  it('sends the overview at once, then once per burst of changes, from the same NOTIFY fan-out', async () => {
    const client = await SseClient.connect(`${baseUrl}/api/admin/stream`, { cookie: organizer.cookie });
    clients.push(client);
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
    const first = JSON.parse((await client.nextEvent('overview', { after: 0 })).data) as AdminOverview;
    expect(first.event.isOpen).toBe(true);

    let seen = client.events.length;
    await request(t.app, { method: 'PATCH', url: '/api/admin/event', cookie: organizer.cookie, payload: { isOpen: false } });
    const closed = JSON.parse((await client.nextEvent('overview', { after: seen, timeoutMs: 1000 })).data) as AdminOverview;
    expect(closed.event.isOpen).toBe(false);

    // A finished game plus a storm of notifications: one new overview, not twenty.
    await request(t.app, { method: 'PATCH', url: '/api/admin/event', cookie: organizer.cookie, payload: { isOpen: true } });
    await client.nextEvent('overview', { after: seen + 1, timeoutMs: 1000 });
    const player = await createGamer(t, 'StreamFinisher');
    // Saving the new player's name announces a change: its overview comes first, so the count below starts after it.
    const signedUp = (await overview()).playersSignedUp;
    await client.waitFor(() => overviewsIn(client.events).at(-1)?.playersSignedUp === signedUp, 2000, 'the overview with the new player');
    seen = client.events.length;
    // The start announces (the booth names who starts), the first two guesses nothing, the finish does.
    await playFullGame(t.app, player);
    await Promise.all(Array.from({ length: 20 }, () => announceLeaderboardChange(t.database.db)));
    await client.nextEvent('overview', { after: seen, timeoutMs: 2000 });
    // A change of our own, announced after the storm: its overview (event closed) comes after any the storm caused.
    await request(t.app, { method: 'PATCH', url: '/api/admin/event', cookie: organizer.cookie, payload: { isOpen: false } });
    await client.waitFor(
      () => overviewsIn(client.events.slice(seen)).some((o) => !o.event.isOpen),
      2000,
      'the overview of the closed event',
    );
    const after = overviewsIn(client.events.slice(seen));
    // At most one overview for the start and one for the finish and the storm together (not twenty), then the close.
    expect(after.at(-1)!.event.isOpen).toBe(false);
    expect(after.slice(0, -1).every((o) => o.event.isOpen)).toBe(true);
    expect(after.length).toBeLessThanOrEqual(3);
    // The finish is counted (in the storm's overview, or in the close's when the two reads were one).
    expect(after.at(-1)!.gamesCompleted).toBe(first.gamesCompleted + 1);
  });
});
