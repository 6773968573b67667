import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPlayer, seedTimedGame } from '../../tests/support/leaderboard-entries';
import { createTestDatabase } from '../../tests/support/test-database';
import { COMMAND_LINE_ACTOR } from '../audit/audit.service';
import { createEventAdminService } from '../event/event.admin.service';
import { createLeaderboardService } from './leaderboard.service';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('ties on the board (docs/decisions/033)', () => {
  it('go to fewer guesses used, then less time from start to the best guess, then who completed first', async () => {
    const { db } = database;
    const leaderboard = createLeaderboardService({ db, keySecret: 'test-key' });
    // All four reach 100.0 %. The first to complete needed all three guesses; the others hit it on guess 1.
    const threeGuesses = await seedPlayer(db, { displayName: 'TieThree' });
    await seedTimedGame(db, threeGuesses, { scores: [40, 60, 100], guessSeconds: [5, 10, 15], startedAt: minutesAgo(50) });
    const slow = await seedPlayer(db, { displayName: 'TieSlow' });
    await seedTimedGame(db, slow, { scores: [100, 20, 20], guessSeconds: [50, 55, 60], startedAt: minutesAgo(40) });
    const fastLater = await seedPlayer(db, { displayName: 'TieFastLater' });
    await seedTimedGame(db, fastLater, { scores: [100, 20, 20], guessSeconds: [10, 20, 30], startedAt: minutesAgo(20) });
    const fastFirst = await seedPlayer(db, { displayName: 'TieFastFirst' });
    await seedTimedGame(db, fastFirst, { scores: [100, 20, 20], guessSeconds: [10, 20, 30], startedAt: minutesAgo(30) });
    // Shown as 100.0 % too (one decimal is what ranks), reached on guess 2 quickly.
    const rounded = await seedPlayer(db, { displayName: 'TieRounded' });
    await seedTimedGame(db, rounded, { scores: [10, 99.96, 20], guessSeconds: [2, 4, 6], startedAt: minutesAgo(10) });

    const board = await leaderboard.leaderboard(10, null);
    expect(board.entries.map((entry) => [entry.displayName, entry.score, entry.rank])).toEqual([
      ['TieFastFirst', 100, 1],
      ['TieFastLater', 100, 2],
      ['TieSlow', 100, 3],
      ['TieRounded', 100, 4],
      ['TieThree', 100, 5],
    ]);
    // The live stream's board ranks the same way.
    expect((await leaderboard.boardState(10)).board.entries.map((entry) => entry.displayName)).toEqual(
      board.entries.map((entry) => entry.displayName),
    );
    expect((await leaderboard.myRank(slow)).rank).toBe(3);
  });

  it("counts each player's latest game by default, their best game when the organizer says so", async () => {
    const { db } = database;
    const leaderboard = createLeaderboardService({ db, keySecret: 'test-key' });
    const events = createEventAdminService({ db });
    const player = await seedPlayer(db, { displayName: 'ModeMia' });
    await seedTimedGame(db, player, { scores: [91, 20, 20], guessSeconds: [5, 10, 15], startedAt: minutesAgo(9) });
    await seedTimedGame(db, player, { scores: [30, 35, 25], guessSeconds: [5, 10, 15], startedAt: minutesAgo(5) });
    // A better game whose best came later still loses to the same score reached faster, in 'best' mode too.
    await seedTimedGame(db, player, { scores: [20, 20, 91], guessSeconds: [5, 10, 15], startedAt: minutesAgo(3) });
    const entryOf = async () => (await leaderboard.leaderboard(50, player)).me;

    expect((await events.get()).boardCounts).toBe('latest');
    expect(await entryOf()).toMatchObject({ score: 91 });
    expect((await leaderboard.myRank(player)).boardCounts).toBe('latest');
    const latestState = await leaderboard.boardState(50);
    expect(latestState.board.boardCounts).toBe('latest');

    await seedTimedGame(db, player, { scores: [30, 35, 25], guessSeconds: [5, 10, 15], startedAt: minutesAgo(1) });
    expect(await entryOf()).toMatchObject({ score: 35 });

    expect((await events.update(COMMAND_LINE_ACTOR, { boardCounts: 'best' })).boardCounts).toBe('best');
    expect(await entryOf()).toMatchObject({ score: 91 });
    expect((await leaderboard.myRank(player)).boardCounts).toBe('best');
    const bestState = await leaderboard.boardState(50);
    expect(bestState.board.boardCounts).toBe('best');
    // Screens get a new board: its id changes with the setting.
    expect(bestState.id).not.toBe(latestState.id);

    await events.update(COMMAND_LINE_ACTOR, { boardCounts: 'latest' });
    expect(await entryOf()).toMatchObject({ score: 35 });
  });
});
