/** Leaderboard reads and the champion's strategy. Public views never carry user ids, e-mails or phone numbers. */
import { createHash, createHmac } from 'node:crypto';
import type { Champion, LeaderboardEntry, LeaderboardResponse, MyRank } from '@contracts/leaderboard';
import {
  BOARD_FINISHES_SIZE,
  BOARD_SAMPLE_IMAGES_SIZE,
  BOARD_STARTS_SIZE,
  leaderboardErrorCodes,
  NOT_CHAMPION_MESSAGE,
  PLAYING_NOW_MINUTES,
} from '@contracts/leaderboard.rules';
import { announceLeaderboardChange } from '../db/channels';
import type { Db } from '../db/client';
import { createModerationService } from '../players/moderation.service';
import { imageUrlFor } from '../storage/image-storage';
import { HttpError } from '../http/http-error';
import { readBoothDisplay } from './booth-display.service';
import type { BoardState } from './leaderboard.hub';
import {
  selectBoard,
  selectBoardActivity,
  selectBoardStarts,
  selectBoardWithViewer,
  selectChampion,
  selectPlayerRank,
  updateChampionStrategy,
  type RankedRow,
} from './leaderboard.queries';

export function createLeaderboardService({ db, keySecret }: { db: Db; keySecret: string }) {
  const moderation = createModerationService({ db });
  /** An opaque, stable pseudonym per player: lets the page follow (and highlight) a row without exposing the user id. */
  const entryKey = (userId: string) =>
    createHmac('sha256', keySecret).update(`leaderboard-entry:${userId}`).digest('base64url').slice(0, 16);
  const toEntry = (row: RankedRow): LeaderboardEntry => ({
    key: entryKey(row.userId),
    rank: row.rank,
    displayName: row.displayName,
    score: row.score,
    guessesUsed: row.guessesUsed,
    thinkingSeconds: row.thinkingSeconds,
    completedAt: row.completedAt.toISOString(),
  });
  /** Finishes are keyed the same opaque way (the attempt id is the share link's capability: never published). */
  const finishKey = (attemptId: string) =>
    createHmac('sha256', keySecret).update(`leaderboard-finish:${attemptId}`).digest('base64url').slice(0, 16);
  const startKey = (attemptId: string) =>
    createHmac('sha256', keySecret).update(`leaderboard-start:${attemptId}`).digest('base64url').slice(0, 16);

  return {
    /** The public board the live stream broadcasts; its id is a digest of the whole ranking. */
    async boardState(limit: number): Promise<BoardState> {
      const [board, activity, playing, booth] = await Promise.all([
        selectBoard(db, limit),
        selectBoardActivity(db, BOARD_FINISHES_SIZE, BOARD_SAMPLE_IMAGES_SIZE),
        selectBoardStarts(db, BOARD_STARTS_SIZE, PLAYING_NOW_MINUTES),
        readBoothDisplay(db),
      ]);
      const starts = playing.starts.map((start) => ({
        id: startKey(start.attemptId),
        displayName: start.displayName,
        startedAt: start.startedAt.toISOString(),
      }));
      const finishes = activity.finishes.map((finish) => ({
        id: finishKey(finish.attemptId),
        displayName: finish.displayName,
        score: finish.score,
        completedAt: finish.completedAt.toISOString(),
      }));
      // The ranking digest alone misses a replay that lands on the same score, a rename in the ticker, or a new image.
      // Still a pure function of the data, so every instance names the same board alike.
      const id = createHash('md5')
        .update(
          JSON.stringify([
            board.digest,
            activity.gamesPlayed,
            finishes.map((finish) => [finish.id, finish.displayName]),
            activity.imageKeys,
            starts.map((start) => [start.id, start.displayName]),
            playing.playingNow,
            booth,
          ]),
        )
        .digest('hex');
      return {
        id,
        board: {
          entries: board.entries.map(toEntry),
          total: board.total,
          championStrategy: board.championStrategy,
          boardCounts: board.boardCounts,
          finishes,
          gamesPlayed: activity.gamesPlayed,
          sampleImages: activity.imageKeys.map(imageUrlFor),
          starts,
          playingNow: playing.playingNow,
          booth,
        },
      };
    },

    async leaderboard(limit: number, viewerId: string | null): Promise<LeaderboardResponse> {
      const { rows, total } = await selectBoardWithViewer(db, limit, viewerId);
      const ranked = rows.map((row) => ({ ...toEntry(row), isYou: row.userId === viewerId }));
      // The viewer's row comes along even below the top `limit` (for "your rank"); it is not a board entry then.
      return { entries: ranked.filter((entry) => entry.rank <= limit), me: ranked.find((entry) => entry.isYou) ?? null, total };
    },

    async myRank(userId: string): Promise<MyRank> {
      const { row, total, above, boardCounts } = await selectPlayerRank(db, userId);
      return {
        rank: row?.rank ?? null,
        total,
        score: row?.score ?? null,
        nextRankScore: above?.score ?? null,
        guessesUsed: row?.guessesUsed ?? null,
        thinkingSeconds: row?.thinkingSeconds ?? null,
        nextRankGuessesUsed: above?.guessesUsed ?? null,
        nextRankThinkingSeconds: above?.thinkingSeconds ?? null,
        boardCounts,
      };
    },

    async champion(): Promise<Champion | null> {
      const champion = await selectChampion(db);
      return champion && { displayName: champion.displayName, score: champion.score, strategy: champion.strategy };
    },

    /** Only the current #1 may write it; moderated like display names (it appears on the public landing page). */
    async setStrategy(userId: string, rawStrategy: string): Promise<string> {
      // Plain text on one line: runs of spaces and tabs collapse to one space; a line break inside is refused (the web's
      // field never sends one), as the landing page and the booth show one line.
      const strategy = rawStrategy.replace(/[^\S\r\n\v\f\u0085\u2028\u2029]+/g, ' ').trim();
      if (await moderation.publicTextProblem(strategy)) {
        throw new HttpError(
          400,
          leaderboardErrorCodes.strategyRefused,
          'That strategy cannot be published: it will appear on the public landing page. Please rephrase it.',
        );
      }
      if (!(await updateChampionStrategy(db, userId, strategy))) {
        throw new HttpError(403, leaderboardErrorCodes.notChampion, NOT_CHAMPION_MESSAGE);
      }
      // The strategy rides on the live board (booth, /leaderboard): every instance re-reads it.
      await announceLeaderboardChange(db);
      return strategy;
    },
  };
}

export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
