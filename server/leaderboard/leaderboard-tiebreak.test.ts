import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPING_SECONDS_PER_CHARACTER } from '@contracts/leaderboard.rules';
import { seedPlayer, seedTimedGame } from '../../tests/support/leaderboard-entries';
import { createTestDatabase } from '../../tests/support/test-database';
import { COMMAND_LINE_ACTOR } from '../audit/audit.service';
import { createEventAdminService } from '../event/event.admin.service';
import { createLeaderboardAdminService } from './leaderboard.admin.service';
import { createLeaderboardService } from './leaderboard.service';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('ties on the board (docs/decisions/033)', () => {
  it('go to fewer guesses used, then less thinking time, then who completed first', async () => {
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
    // What broke each tie rides on every row: the guess that reached the score and the thinking time (the guesses
    // here are one character: 0.3 s of typing off the time to the best guess).
    expect(board.entries.map((entry) => [entry.guessesUsed, entry.thinkingSeconds])).toEqual([
      [1, 9.7],
      [1, 9.7],
      [1, 49.7],
      [2, 3.4],
      [3, 14.1],
    ]);
    expect(await leaderboard.myRank(fastLater)).toMatchObject({
      rank: 2,
      score: 100,
      guessesUsed: 1,
      thinkingSeconds: 9.7,
      nextRankScore: 100,
      nextRankGuessesUsed: 1,
      nextRankThinkingSeconds: 9.7,
    });
  });

  it('are not won by drawing a shorter prompt: a 2-word and a 7-word prompt typed at the same speed tie on time', async () => {
    const { db } = database;
    const leaderboard = createLeaderboardService({ db, keySecret: 'test-key' });
    const short = 'mountain man';
    const long = 'A little girl lost in a dark forest';
    // Both look at their image for 20 s, then type the exact prompt at the allowance's speed (0.3 s a character):
    // the short prompt is typed 6.9 s sooner. The long prompt's game completed first.
    const typed = (text: string, thinkSeconds: number) => thinkSeconds + text.length * TYPING_SECONDS_PER_CHARACTER;
    const longPlayer = await seedPlayer(db, { displayName: 'SevenWords' });
    await seedTimedGame(db, longPlayer, {
      prompt: long,
      guesses: [long, 'x', 'y'],
      scores: [100, 5, 5],
      guessSeconds: [typed(long, 20), typed(long, 20) + 5, typed(long, 20) + 10],
      startedAt: new Date(Date.now() - 120_000),
    });
    const shortPlayer = await seedPlayer(db, { displayName: 'TwoWords' });
    await seedTimedGame(db, shortPlayer, {
      prompt: short,
      guesses: [short, 'x', 'y'],
      scores: [100, 5, 5],
      guessSeconds: [typed(short, 20), typed(short, 20) + 5, typed(short, 20) + 10],
      startedAt: new Date(Date.now() - 60_000),
    });
    // The time from the start alone would hand the tie to the short prompt (23.6 s against 30.5 s).
    expect(typed(short, 20)).toBeLessThan(typed(long, 20) - 6);

    // (Other tests' players share this board: only this test's rows are compared, in board order.)
    const names = ['SevenWords', 'TwoWords', 'TwoWordsSlower'];
    const mine = async () => (await leaderboard.leaderboard(50, null)).entries.filter((entry) => names.includes(entry.displayName));
    const board = await mine();
    expect(board.map((entry) => [entry.displayName, entry.guessesUsed, entry.thinkingSeconds])).toEqual([
      ['SevenWords', 1, 20],
      ['TwoWords', 1, 20],
    ]);
    expect(board[1].rank).toBe(board[0].rank + 1);
    // Equal on guesses and thinking: earlier completion decides, and it is visible.
    expect(Date.parse(board[0].completedAt)).toBeLessThan(Date.parse(board[1].completedAt));

    // Thinking longer still loses, whatever the prompt's length: 2 s more on the 2-word prompt.
    const slowThinker = await seedPlayer(db, { displayName: 'TwoWordsSlower' });
    await seedTimedGame(db, slowThinker, {
      prompt: short,
      guesses: [short, 'x', 'y'],
      scores: [100, 5, 5],
      guessSeconds: [typed(short, 22), typed(short, 22) + 5, typed(short, 22) + 10],
      startedAt: new Date(Date.now() - 180_000),
    });
    const after = await mine();
    expect(after.map((entry) => [entry.displayName, entry.thinkingSeconds])).toEqual([
      ['SevenWords', 20],
      ['TwoWords', 20],
      ['TwoWordsSlower', 22],
    ]);
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

    // Before it applies, the console learns what the switch would do: the same ranking, the setting unchanged. Max
    // (one game, 50) sits between Mia's latest game (35) and her best (91): both change rank.
    const max = await seedPlayer(db, { displayName: 'ModeMax' });
    await seedTimedGame(db, max, { scores: [50, 20, 20], guessSeconds: [5, 10, 15], startedAt: minutesAgo(2) });
    const ranksNow = new Map((await leaderboard.leaderboard(50, null)).entries.map((entry) => [entry.key, entry.rank]));
    const preview = await createLeaderboardAdminService({ db }).previewBoardCounts('best');
    expect(preview).toMatchObject({ boardCounts: 'best', current: 'latest', players: ranksNow.size, scoresChanged: 1 });
    expect((await events.get()).boardCounts).toBe('latest');
    expect(await entryOf()).toMatchObject({ score: 35 });

    expect((await events.update(COMMAND_LINE_ACTOR, { boardCounts: 'best' })).boardCounts).toBe('best');
    const ranksThen = (await leaderboard.leaderboard(50, null)).entries;
    expect(preview.ranksChanged).toBe(ranksThen.filter((entry) => ranksNow.get(entry.key) !== entry.rank).length);
    expect(preview.ranksChanged).toBe(2);
    expect(preview.leader).toBe(ranksThen[0].displayName);
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
