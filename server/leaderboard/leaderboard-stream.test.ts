import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceLeaderboardChange } from '../db/channels';
import { createGamer, playFullGame } from '../../tests/support/game';
import { seedCompletedAttempt, seedPlayer } from '../../tests/support/leaderboard-entries';
import { SseClient } from '../../tests/support/sse-client';
import { createPlayer } from '../../tests/support/players';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';
import { boardOf, latestBoard, openLiveBoardApp, type LiveBoardApp } from '../../tests/support/live-board';

// A real listening server and a real SSE client; heartbeats sped up so the test sees them.
let live: LiveBoardApp;
let t: TestApp;
beforeAll(async () => {
  live = await openLiveBoardApp({ SSE_HEARTBEAT_MS: '200' });
  ({ t } = live);
});
afterAll(() => live?.close());

const connect = (headers: Record<string, string> = {}) => live.connect(headers);

describe('GET /api/leaderboard/stream', () => {
  it('opens an event stream with a retry hint and sends a snapshot with an id', async () => {
    const seeded = await seedPlayer(t.database.db, { displayName: 'Seeded' });
    await seedCompletedAttempt(t.database.db, seeded, 42.5);
    await announceLeaderboardChange(t.database.db);

    const client = await connect();
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(client.headers['cache-control']).toContain('no-cache');
    const snapshot = await client.nextEvent('snapshot', { after: 0 });
    expect(client.retry).toBeGreaterThan(0);
    expect(snapshot.id).toMatch(/^[0-9a-f]{32}$/);
    const board = boardOf(snapshot);
    expect(board.entries.find((entry) => entry.displayName === 'Seeded')).toMatchObject({ score: 42.5 });
    expect(board.total).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(board)).not.toContain(seeded);
  });

  it('pushes an update when a player finishes a challenge through the game API', async () => {
    const client = await connect();
    await client.nextEvent('snapshot', { after: 0 });
    const player = await createGamer(t, 'LiveFinisher');
    const received = client.events.length;
    const { attempt } = await playFullGame(t.app, player);
    // The start is an update of its own (the booth names who starts): wait for the one with the finish.
    const finished = (e: { event: string; data: string }) =>
      e.event === 'update' && boardOf(e).entries.some((entry) => entry.displayName === 'LiveFinisher');
    await client.waitFor(() => client.events.slice(received).some(finished), 5000, 'the finish');
    const entry = boardOf(client.events.slice(received).find(finished)!).entries.find((e) => e.displayName === 'LiveFinisher');
    expect(entry?.score).toBe(attempt.finalScore);
  });

  it('sends heartbeat comments while nothing changes', async () => {
    const client = await connect();
    await client.waitFor(() => client.comments.filter((c) => c === 'heartbeat').length >= 2, 5000, 'two heartbeats');
  });

  it('resumes without a snapshot when Last-Event-ID is current, and sends a fresh one when it is stale', async () => {
    const first = await connect();
    const snapshot = await first.nextEvent('snapshot', { after: 0 });

    const resumed = await connect({ 'last-event-id': snapshot.id! });
    await resumed.waitFor(() => resumed.comments.includes('heartbeat'), 5000, 'a heartbeat');
    expect(resumed.events).toEqual([]);

    const stale = await connect({ 'last-event-id': 'an-old-board' });
    const fresh = await stale.nextEvent('snapshot', { after: 0 });
    expect(fresh.id).toBe(snapshot.id);

    // The resumed client still gets later updates.
    await seedCompletedAttempt(t.database.db, await seedPlayer(t.database.db, { displayName: 'AfterResume' }), 33);
    await announceLeaderboardChange(t.database.db);
    const update = await resumed.nextEvent('update', { after: 0 });
    expect(update.id).not.toBe(snapshot.id);
    expect(boardOf(update).entries.some((e) => e.displayName === 'AfterResume')).toBe(true);
  });

  it('coalesces a burst of completions into one recompute and one update', async () => {
    const client = await connect();
    await client.nextEvent('snapshot', { after: 0 });
    const before = client.events.length;
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => seedPlayer(t.database.db, { displayName: `Burst${i}` })));
    for (const id of burst) await seedCompletedAttempt(t.database.db, id, 20);
    await Promise.all(burst.map(() => announceLeaderboardChange(t.database.db)));
    const update = await client.nextEvent('update', { after: before });
    expect(boardOf(update).entries.filter((e) => e.displayName.startsWith('Burst'))).toHaveLength(10);
    // Give any stragglers a chance to arrive: the whole burst produced a single update.
    await client.waitFor(() => client.comments.length >= 3, 5000, 'a few heartbeats');
    expect(client.events.slice(before).filter((e) => e.event === 'update')).toHaveLength(1);
  });

  it("pushes the #1's new strategy to open streams, so live screens never refetch the champion", async () => {
    const champion = await createPlayer(t.app, t.database.db);
    await seedPlayer(t.database.db, { userId: champion.id, displayName: 'StreamChamp' });
    await seedCompletedAttempt(t.database.db, champion.id, 100);
    await announceLeaderboardChange(t.database.db);
    const client = await connect();
    await client.nextEvent('snapshot', { after: 0 });
    // The announcement is handled after a NOTIFY round trip and the hub's coalescing window: a stream opened before
    // that gets the board as it was, then an update. Wait for the board with the champion on top, however it came.
    await client.waitFor(() => latestBoard(client).entries[0]?.displayName === 'StreamChamp', 15_000, 'the champion on top');
    expect(latestBoard(client).championStrategy).toBeNull();

    const received = client.events.length;
    const saved = await request(t.app, {
      method: 'PUT',
      url: '/api/leaderboard/strategy',
      cookie: champion.cookie,
      payload: { strategy: 'Name the subject first.' },
    });
    expect(saved.statusCode).toBe(200);
    const update = await client.nextEvent('update', { after: received });
    expect(boardOf(update).championStrategy).toBe('Name the subject first.');
    expect(update.id).not.toBe(client.events[received - 1]?.id);
    // This file's streams share one client address, capped at 8 open at once: give the slot back.
    client.close();
  });

  it('sends no update when a notification changes nothing on the board', async () => {
    const client = await connect();
    await client.nextEvent('snapshot', { after: 0 });
    await announceLeaderboardChange(t.database.db);
    const heartbeats = client.comments.length;
    await client.waitFor(() => client.comments.length >= heartbeats + 3, 5000, 'heartbeats');
    expect(client.events.filter((e) => e.event === 'update')).toEqual([]);
  });
});

describe('closing the app', () => {
  it('ends open streams so the server can shut down', async () => {
    const other = await createTestApp();
    const address = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await SseClient.connect(`${address}/api/leaderboard/stream`);
    await client.nextEvent('snapshot', { after: 0 });
    await other.close();
    await client.waitFor(() => client.isClosed, 2000, 'the stream to end');
  });
});
