import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyRank } from '@contracts/leaderboard';
import { announceLeaderboardChange } from '../db/channels';
import { eq } from 'drizzle-orm';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import { createGamer, importDemoPack, playFullGame, startGame, submitGuess } from '../../tests/support/game';
import { seedCompletedAttempt, seedPlayer } from '../../tests/support/leaderboard-entries';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';
import { boardOf, latestBoard, openLiveBoardApp, type LiveBoardApp } from '../../tests/support/live-board';

// The booth's signs of life ride on the live board: the newest finishes (ticker), games played and sample images.
let live: LiveBoardApp;
let t: TestApp;
beforeAll(async () => {
  live = await openLiveBoardApp({ SSE_HEARTBEAT_MS: '200' });
  ({ t } = live);
});
afterAll(() => live?.close());

const connect = () => live.connect();
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('finish events on the leaderboard stream', () => {
  it('a finish through the game API reaches open streams with the name, the score, a game more and its image', async () => {
    const client = await connect();
    const before = boardOf(await client.nextEvent('snapshot', { after: 0 }));
    const player = await createGamer(t, 'TickerMia');
    const received = client.events.length;
    // The exact prompt as the last guess: a score above 0 for sure (0 is left out of the ticker).
    const started = (await startGame(t.app, player)).json().attempt;
    const [{ prompt }] = await t.database.db
      .select({ prompt: challenges.prompt })
      .from(attempts)
      .innerJoin(challenges, eq(attempts.challengeId, challenges.id))
      .where(eq(attempts.id, started.id));
    await submitGuess(t.app, player, started.id, 'a first try', 1);
    await submitGuess(t.app, player, started.id, 'a second try', 2);
    const attempt = (await submitGuess(t.app, player, started.id, prompt, 3)).json().attempt;
    await client.waitFor(
      () => client.events.slice(received).some((e) => boardOf(e).finishes[0]?.displayName === 'TickerMia'),
      5000,
      'the finish',
    );
    const update = boardOf(client.events.slice(received).find((e) => boardOf(e).finishes[0]?.displayName === 'TickerMia')!);
    expect(update.finishes[0]).toMatchObject({ displayName: 'TickerMia', score: attempt.finalScore });
    expect(update.gamesPlayed).toBe(before.gamesPlayed + 1);
    expect(update.sampleImages).toContain(attempt.imageUrl);
    // Opaque: the attempt id is the share link's capability and never goes public.
    expect(JSON.stringify(update)).not.toContain(attempt.id);
    expect(JSON.stringify(update)).not.toContain(attempt.prompt!);
    client.close();
  });

  it('leaves out hidden players and scores of 0, newest first', async () => {
    const hidden = await seedPlayer(t.database.db, { displayName: 'HiddenFinisher', hidden: true });
    const zero = await seedPlayer(t.database.db, { displayName: 'ZeroFinisher' });
    const shown = await seedPlayer(t.database.db, { displayName: 'ShownFinisher' });
    // Explicit times (after anything the game API completed): the order does not hang on two clocks agreeing.
    await seedCompletedAttempt(t.database.db, hidden, 77, minutesFromNow(1));
    await seedCompletedAttempt(t.database.db, zero, 0, minutesFromNow(2));
    await seedCompletedAttempt(t.database.db, shown, 55.5, minutesFromNow(3));
    await announceLeaderboardChange(t.database.db);
    const client = await connect();
    // On PostgreSQL the NOTIFY may arrive after this client's snapshot: the update then follows.
    const isNewest = (e: { data: string }) => boardOf(e).finishes[0]?.displayName === 'ShownFinisher';
    await client.waitFor(() => client.events.some(isNewest), 5000, 'the newest finish');
    const board = boardOf(client.events.find(isNewest)!);
    const names = board.finishes.map((finish) => finish.displayName);
    expect(names).not.toContain('HiddenFinisher');
    expect(names).not.toContain('ZeroFinisher');
    const times = board.finishes.map((finish) => Date.parse(finish.completedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    client.close();
  });

  it('a burst of finishes reaches screens as one update that carries all of them', async () => {
    const client = await connect();
    await client.nextEvent('snapshot', { after: 0 });
    const before = client.events.length;
    const burst = await Promise.all(Array.from({ length: 4 }, (_, i) => seedPlayer(t.database.db, { displayName: `Flash${i}` })));
    for (const [i, id] of burst.entries()) await seedCompletedAttempt(t.database.db, id, 30 + i, minutesFromNow(10 + i));
    await Promise.all(burst.map(() => announceLeaderboardChange(t.database.db)));
    // (A safety re-read may land mid-seeding on a slow machine: wait for the update that has the last one.)
    const hasLast = (e: { data: string }) => boardOf(e).finishes.some((finish) => finish.displayName === 'Flash3');
    await client.waitFor(() => client.events.slice(before).some(hasLast), 5000, 'the burst');
    const update = boardOf(client.events.slice(before).find(hasLast)!);
    expect(update.finishes.slice(0, 4).map((finish) => finish.displayName)).toEqual(['Flash3', 'Flash2', 'Flash1', 'Flash0']);
    await client.waitFor(() => client.comments.length >= 3, 5000, 'a few heartbeats');
    // The four announcements were coalesced: at most one update per recompute window, not one per finish.
    expect(client.events.slice(before).filter((e) => e.event === 'update').length).toBeLessThan(4);
    client.close();
  });

  it('a replay on the same score still reaches the ticker', async () => {
    const id = await seedPlayer(t.database.db, { displayName: 'SameAgain' });
    await seedCompletedAttempt(t.database.db, id, 44.4, minutesFromNow(20));
    await announceLeaderboardChange(t.database.db);
    const client = await connect();
    await client.nextEvent('snapshot', { after: 0 });
    // A stream opened before the first announcement was handled gets the board before it, then an update: wait for
    // the first finish to be on the ticker, so the update below can only be the replay's.
    await client.waitFor(() => latestBoard(client).finishes[0]?.displayName === 'SameAgain', 15_000, 'the first finish');
    const first = latestBoard(client);
    const received = client.events.length;
    await seedCompletedAttempt(t.database.db, id, 44.4, minutesFromNow(21));
    await announceLeaderboardChange(t.database.db);
    const update = boardOf(await client.nextEvent('update', { after: received }));
    expect(update.finishes[0].displayName).toBe('SameAgain');
    expect(update.finishes[0].id).not.toBe(first.finishes[0].id);
    client.close();
  });
});

describe('GET /api/leaderboard/me: the points to the next rank', () => {
  it('gives the score of the player just above, and null for #1', async () => {
    const other = await createTestApp();
    try {
      const top = await seedPlayer(other.database.db, { displayName: 'Above' });
      await seedCompletedAttempt(other.database.db, top, 99.9);
      await importDemoPack(other);
      const player = await createGamer(other, 'Climber');
      await playFullGame(other.app, player);
      const me = (await request(other.app, { method: 'GET', url: '/api/leaderboard/me', cookie: player.cookie })).json() as MyRank;
      if (me.rank === 2) expect(me.nextRankScore).toBe(99.9);
      else expect(me).toMatchObject({ rank: 1, nextRankScore: null });
    } finally {
      await other.close();
    }
  });
});
