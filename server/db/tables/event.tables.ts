import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row (id = 1): the organizer's switches for the running event. */
export const eventSettings = pgTable('event_settings', {
  id: integer('id').primaryKey().default(1),
  isOpen: boolean('is_open').notNull().default(true),
  allowPromptReuse: boolean('allow_prompt_reuse').notNull().default(false),
  /** New challenges one player may start during the event (null = no cap). Bounds how fast accounts drain the pool. */
  maxChallengesPerPlayer: integer('max_challenges_per_player'),
  /** Seconds a player must wait between starting two challenges (0 = no wait; default 10, unnoticeable in real play). */
  minSecondsBetweenChallenges: integer('min_seconds_between_challenges').notNull().default(10),
  /** Which of a player's games holds their board entry: 'latest' (the default: a new game replaces it) or 'best'. */
  boardCounts: text('board_counts').notNull().default('latest'),
  /** IANA time zone of the event (exports write times in it); null: the server's. */
  timeZone: text('time_zone'),
  /** Players may start before confirming their e-mail; their scores join the public board once they confirm. */
  playBeforeConfirming: boolean('play_before_confirming').notNull().default(false),
  /** Only challenges completed after this count on the leaderboard (set by a reset). */
  leaderboardSince: timestamp('leaderboard_since', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The final whistle: only games completed at or before this moment count on every public and prize surface. Set by
   * "Lock results now" (now) or by starting a booth countdown (its end, so the lock falls even with no console open);
   * null: not locked. A future value is a lock still to come.
   */
  resultsLockedAt: timestamp('results_locked_at', { withTimezone: true }),
  /** Practice challenges (the starter pack) count for the board and prizes; off by default. */
  practiceCounts: boolean('practice_counts').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
