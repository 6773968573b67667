import { z } from 'zod';
import { BOARD_COUNTS, BOOTH_MODES, LEADERBOARD_TOP_SIZE, MAX_STRATEGY_LENGTH, PODIUM_SIZE } from './leaderboard.rules';

// ---- requests ----

export const leaderboardQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LEADERBOARD_TOP_SIZE).default(LEADERBOARD_TOP_SIZE),
});

export const strategyInputSchema = z.object({
  strategy: z
    .string({ error: 'A strategy must be text' })
    .trim()
    .min(1, 'Write a few words about your strategy')
    .max(MAX_STRATEGY_LENGTH, `Keep your strategy to ${MAX_STRATEGY_LENGTH} characters`),
});
export type StrategyInput = z.infer<typeof strategyInputSchema>;

// ---- responses ----

/** One public row. `key` is an opaque per-player pseudonym (stable, reveals nothing) used to follow a row as it moves. */
export const leaderboardEntrySchema = z.object({
  key: z.string(),
  rank: z.number().int().min(1),
  displayName: z.string(),
  /** Percent 0–100, already rounded to the one decimal that is shown and ranked on. */
  score: z.number(),
  /** What breaks a tie on score, in order: the guess (1–3) that reached the score, fewer first… */
  guessesUsed: z.number().int().min(1).max(3),
  /** …then thinking time: seconds from the start to that guess less typing (TYPING_SECONDS_PER_CHARACTER), one decimal (null for a game
   *  saved without its guess times)… */
  thinkingSeconds: z.number().min(0).nullable(),
  /** …then who completed first (ISO 8601). */
  completedAt: z.string(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardRowSchema = leaderboardEntrySchema.extend({ isYou: z.boolean() });
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

/** GET /api/leaderboard: the top entries, the signed-in player's own row (even outside the top) and the player count. */
export const leaderboardResponseSchema = z.object({
  entries: z.array(leaderboardRowSchema),
  me: leaderboardRowSchema.nullable(),
  total: z.number().int(),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;

/** GET /api/leaderboard/me: 'You are #rank of total' (rank and score null while the player has no entry). */
export const myRankSchema = z.object({
  rank: z.number().int().nullable(),
  total: z.number().int(),
  score: z.number().nullable(),
  /** The score of the player ranked just above (null for #1 or without an entry): "4.2 points to #6". */
  nextRankScore: z.number().nullable(),
  /** The player's own tie-break figures (null without an entry). */
  guessesUsed: z.number().int().nullable(),
  thinkingSeconds: z.number().nullable(),
  /** The tie-break figures of the player just above (null for #1 or without an entry): "same score, one guess more". */
  nextRankGuessesUsed: z.number().int().nullable(),
  nextRankThinkingSeconds: z.number().nullable(),
  /** Which of the player's games holds their entry: what their next game will do to it. */
  boardCounts: z.enum(BOARD_COUNTS),
});
export type MyRank = z.infer<typeof myRankSchema>;

export const championSchema = z.object({
  displayName: z.string(),
  score: z.number(),
  /** Only the current #1's strategy, and only one written since the last leaderboard reset. */
  strategy: z.string().nullable(),
});
export type Champion = z.infer<typeof championSchema>;
/** GET /api/leaderboard/champion (public). */
export const championResponseSchema = z.object({ champion: championSchema.nullable() });
export type ChampionResponse = z.infer<typeof championResponseSchema>;

/** PUT /api/leaderboard/strategy */
export const strategyResponseSchema = z.object({ strategy: z.string() });
export type StrategyResponse = z.infer<typeof strategyResponseSchema>;

/** GET /api/leaderboard/booth-info: what the booth screen's QR code opens. */
export const boothInfoSchema = z.object({ gameUrl: z.string() });
export type BoothInfo = z.infer<typeof boothInfoSchema>;

/**
 * GET /api/leaderboard/stream (Server-Sent Events). Events `snapshot` (on connect) and `update` (the board changed)
 * carry the same body: the whole public top, the player count and the #1's strategy. The event id is a digest of the entire ranking,
 * identical on every app instance, so a reconnect whose Last-Event-ID is still current gets no snapshot.
 * Event names: LEADERBOARD_STREAM_EVENTS (leaderboard.rules.ts).
 */
/** A finished challenge as the booth ticker shows it ("Mia scored 87.4 %"). `id` is opaque and stable. */
export const finishSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  score: z.number(),
  completedAt: z.string(),
});
export type Finish = z.infer<typeof finishSchema>;

/** A challenge just started, as the booth ticker shows it ("Mia just started"). `id` is opaque and stable. */
export const startSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  startedAt: z.string(),
});
export type Start = z.infer<typeof startSchema>;

/** What the booth screen shows (the organizer's choice; every open booth follows it through the live board). */
export const boothDisplaySchema = z.object({
  /**
   * The game takes no new players (the organizer closed the event): the booth says so where it says "Scan to play",
   * and shows no code to scan.
   */
  closed: z.boolean(),
  mode: z.enum(BOOTH_MODES),
  /** The countdown's end (ISO 8601), with mode 'countdown'. */
  countdownTo: z.string().nullable(),
  /** The one-line message, with mode 'message'. */
  message: z.string().nullable(),
  /** How many podium places are revealed, third first (0–3), with mode 'podium'. */
  podiumRevealed: z.number().int().min(0).max(PODIUM_SIZE),
  /**
   * The final whistle (ISO 8601): from then on the board, podium and exports are final (no new #1, no invitation to
   * beat it). A countdown sets it to its end, so it may lie ahead; null while results are open.
   */
  resultsLockAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type BoothDisplay = z.infer<typeof boothDisplaySchema>;

export const leaderboardBoardSchema = z.object({
  entries: z.array(leaderboardEntrySchema),
  total: z.number().int(),
  /** The #1's strategy (written since the last reset), so live screens never refetch the champion on a change. */
  championStrategy: z.string().nullable(),
  /** Which of a player's games holds their entry (the organizer's setting). */
  boardCounts: z.enum(BOARD_COUNTS),
  /**
   * The newest finishes since the last reset (newest first, public players with a score above 0): a burst of
   * completions reaches screens as one update carrying all of them, so the ticker can play each in turn.
   */
  finishes: z.array(finishSchema),
  /** Challenges completed since the last reset. */
  gamesPlayed: z.number().int(),
  /** Images of recently finished challenges (their prompts are revealed to their players; the images are public). */
  sampleImages: z.array(z.string()),
  /** The newest starts (public, confirmed players), newest first: the ticker names players when they begin. */
  starts: z.array(startSchema),
  /** Unfinished attempts started or guessed on in the last PLAYING_NOW_MINUTES. */
  playingNow: z.number().int(),
  /** What the booth screen shows. */
  booth: boothDisplaySchema,
});
export type LeaderboardBoard = z.infer<typeof leaderboardBoardSchema>;
