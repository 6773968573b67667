import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceLeaderboardChange } from '../db/channels';
import { user } from '../db/tables/auth.tables';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import { createGamer, startGame } from '../../tests/support/game';
import { seedPlayer } from '../../tests/support/leaderboard-entries';
import type { TestPlayer } from '../../tests/support/players';
import { request, type TestApp } from '../../tests/support/test-app';
import { boardOf, latestBoard, openLiveBoardApp, type LiveBoardApp } from '../../tests/support/live-board';

// The organizer switches every open booth screen from the console; the booth names players as they start and counts
// who is playing now. All of it rides on the live board.
let live: LiveBoardApp;
let t: TestApp;
let organizer: TestPlayer;
beforeAll(async () => {
  live = await openLiveBoardApp({ SSE_HEARTBEAT_MS: '200' }, { organizer: true });
  ({ t, organizer } = live);
});
afterAll(() => live?.close());

const connect = () => live.connect();
const putBooth = (payload: unknown, cookie = organizer.cookie) =>
  request(t.app, { method: 'PUT', url: '/api/admin/booth', payload: payload as object, cookie });
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('PUT /api/admin/booth: the organizer switches every open booth', () => {
  it('reaches an open stream in each mode, and GET gives it back', async () => {
    const client = await connect();
    expect(boardOf(await client.nextEvent('snapshot', { after: 0 })).booth.mode).toBe('board');

    const end = inMinutes(15);
    const countdown = await putBooth({ mode: 'countdown', countdownTo: end });
    expect(countdown.statusCode, countdown.body).toBe(200);
    expect(countdown.json().booth).toMatchObject({ mode: 'countdown', countdownTo: new Date(end).toISOString(), message: null });
    await client.waitFor(() => latestBoard(client).booth.mode === 'countdown', 5000, 'the countdown');
    expect(latestBoard(client).booth.countdownTo).toBe(new Date(end).toISOString());

    expect((await putBooth({ mode: 'message', message: '  Prize draw   at 17:00 ' })).statusCode).toBe(200);
    await client.waitFor(() => latestBoard(client).booth.mode === 'message', 5000, 'the message');
    expect(latestBoard(client).booth).toMatchObject({ message: 'Prize draw at 17:00', countdownTo: null });

    for (const revealed of [0, 1, 2, 3]) {
      expect((await putBooth({ mode: 'podium', podiumRevealed: revealed })).statusCode).toBe(200);
      await client.waitFor(
        () => latestBoard(client).booth.mode === 'podium' && latestBoard(client).booth.podiumRevealed === revealed,
        5000,
        `podium step ${revealed}`,
      );
    }
    expect(latestBoard(client).booth.message).toBeNull();

    expect((await putBooth({ mode: 'board' })).statusCode).toBe(200);
    await client.waitFor(() => latestBoard(client).booth.mode === 'board', 5000, 'back to the board');
    const read = await request(t.app, { method: 'GET', url: '/api/admin/booth', cookie: organizer.cookie });
    expect(read.json().booth).toMatchObject({ mode: 'board', countdownTo: null, message: null, podiumRevealed: 0 });

    // Every switch is in the audit log, with what was shown.
    const audit = await request(t.app, { method: 'GET', url: '/api/admin/audit', cookie: organizer.cookie });
    const booth = (audit.json().entries as { action: string; details: Record<string, unknown> }[]).filter(
      (entry) => entry.action === 'booth.update',
    );
    expect(booth.map((entry) => entry.details.mode)).toEqual(['board', 'podium', 'podium', 'podium', 'podium', 'message', 'countdown']);
    expect(booth.find((entry) => entry.details.mode === 'message')?.details.message).toBe('Prize draw at 17:00');
    client.close();
  });

  it('refuses anonymous visitors and players, and changes nothing', async () => {
    const player = await createGamer(t, 'NotTheHost');
    expect((await putBooth({ mode: 'message', message: 'Hi' }, '')).statusCode).toBe(401);
    expect((await putBooth({ mode: 'message', message: 'Hi' }, player.cookie)).statusCode).toBe(403);
    expect((await request(t.app, { method: 'GET', url: '/api/admin/booth', cookie: player.cookie })).statusCode).toBe(403);
    expect((await request(t.app, { method: 'GET', url: '/api/admin/booth' })).statusCode).toBe(401);
    const read = await request(t.app, { method: 'GET', url: '/api/admin/booth', cookie: organizer.cookie });
    expect(read.json().booth.mode).toBe('board');
  });

  it('answers bad input with a 400 that says what is wrong, and changes nothing', async () => {
    const bad: unknown[] = [
      {},
      { mode: 'disco' },
      { mode: 'countdown' },
      { mode: 'countdown', countdownTo: 'tomorrow at five' },
      { mode: 'countdown', countdownTo: inMinutes(-5) },
      { mode: 'countdown', countdownTo: inMinutes(60 * 25) },
      { mode: 'message' },
      { mode: 'message', message: '   ' },
      { mode: 'message', message: 'x'.repeat(81) },
      { mode: 'message', message: 42 },
      { mode: 'podium', podiumRevealed: 4 },
      { mode: 'podium', podiumRevealed: -1 },
      { mode: 'podium', podiumRevealed: 1.5 },
      ['board'],
    ];
    for (const payload of bad) {
      const response = await putBooth(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toBeTruthy();
    }
    expect((await putBooth({ mode: 'countdown', countdownTo: inMinutes(-5) })).json().message).toMatch(/future/);
    expect((await putBooth({ mode: 'message', message: 'x'.repeat(81) })).json().message).toMatch(/80 characters/);
    const read = await request(t.app, { method: 'GET', url: '/api/admin/booth', cookie: organizer.cookie });
    expect(read.json().booth.mode).toBe('board');
  });
});

describe('a closed event on the booth', () => {
  it('reaches open booths at once when the organizer closes the event, and again when it reopens', async () => {
    const client = await connect();
    expect(boardOf(await client.nextEvent('snapshot', { after: 0 })).booth.closed).toBe(false);
    const patch = (isOpen: boolean) =>
      request(t.app, { method: 'PATCH', url: '/api/admin/event', payload: { isOpen }, cookie: organizer.cookie });
    expect((await patch(false)).statusCode).toBe(200);
    await client.waitFor(() => latestBoard(client).booth.closed, 5000, 'the closed booth');
    // The organizer's booth mode is kept: closing says so on the booth, whatever it shows.
    expect(latestBoard(client).booth.mode).toBe('board');
    expect((await request(t.app, { method: 'GET', url: '/api/admin/booth', cookie: organizer.cookie })).json().booth.closed).toBe(true);
    expect((await patch(true)).statusCode).toBe(200);
    await client.waitFor(() => !latestBoard(client).booth.closed, 5000, 'the reopened booth');
    client.close();
  });
});

describe('who is playing now, on the live board', () => {
  it('a start names the player on open streams and counts them as playing; hidden and unconfirmed players are never named', async () => {
    const client = await connect();
    const before = boardOf(await client.nextEvent('snapshot', { after: 0 }));
    const player = await createGamer(t, 'StarterSam');
    const started = (await startGame(t.app, player)).json().attempt;
    await client.waitFor(() => latestBoard(client).starts[0]?.displayName === 'StarterSam', 5000, 'the start');
    const board = latestBoard(client);
    expect(board.playingNow).toBe(before.playingNow + 1);
    expect(board.starts[0].id).not.toBe(started.id);
    expect(JSON.stringify(board)).not.toContain(started.id);

    // Written straight to the tables: a hidden player, an unconfirmed one, a start 3 minutes ago with no guess since,
    // a game started 5 minutes ago whose last guess was 3 minutes ago (both walked away), and one started 5 minutes
    // ago still being guessed on (a guess 1 minute ago).
    const db = t.database.db;
    const hidden = await seedPlayer(db, { displayName: 'HiddenStarter', hidden: true });
    const unconfirmed = randomUUID();
    await db.insert(user).values({ id: unconfirmed, name: '', email: `unconfirmed-${unconfirmed}@example.test`, emailVerified: false });
    await seedPlayer(db, { displayName: 'UnconfirmedStarter', userId: unconfirmed });
    const stale = await seedPlayer(db, { displayName: 'StaleStarter' });
    const walkedAway = await seedPlayer(db, { displayName: 'WalkedAway' });
    const stillGuessing = await seedPlayer(db, { displayName: 'StillGuessing' });
    const fresh = await db
      .insert(challenges)
      .values(
        [0, 1, 2, 3, 4].map((i) => ({ imageKey: `start-${i}-${randomUUID()}.webp`, prompt: `start ${i}`, contentHash: randomUUID() })),
      )
      .returning({ id: challenges.id });
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await db.insert(attempts).values([
      { userId: hidden, challengeId: fresh[0].id },
      { userId: unconfirmed, challengeId: fresh[1].id },
      { userId: stale, challengeId: fresh[2].id, createdAt: minutesAgo(3) },
      { userId: walkedAway, challengeId: fresh[3].id, createdAt: minutesAgo(5), guess1: 'a', score1: 10, guess1At: minutesAgo(3) },
      { userId: stillGuessing, challengeId: fresh[4].id, createdAt: minutesAgo(5), guess1: 'a', score1: 10, guess1At: minutesAgo(1) },
    ]);
    const received = client.events.length;
    await announceLeaderboardChange(db);
    await client.waitFor(() => client.events.length > received, 5000, 'the next board');
    const after = latestBoard(client);
    const names = after.starts.map((start) => start.displayName);
    expect(names).not.toContain('HiddenStarter');
    expect(names).not.toContain('UnconfirmedStarter');
    // Three more are playing: hidden and unconfirmed players play too, and a guess a minute ago keeps a game counted.
    // Nothing for 2 minutes (no start, no guess) is not playing: the idle start and the abandoned game are not counted.
    expect(after.playingNow).toBe(board.playingNow + 3);
    expect(names).toContain('StaleStarter');
    client.close();
  });
});
