// The leaderboard's sizes, stream event names and fixed texts: plain values with no zod, so the web app can import
// them without shipping zod (a small first load: docs/decisions/020-landing-without-the-app-libraries.md). The zod schemas in leaderboard.ts build on these.
import type { ErrorCode } from './errors.rules';

export const LEADERBOARD_TOP_SIZE = 50;
export const BOOTH_TOP_SIZE = 10;
/** Finishes the live board carries for the booth ticker, and sample images for its attract loop. */
export const BOARD_FINISHES_SIZE = 8;
export const BOARD_SAMPLE_IMAGES_SIZE = 6;
export const MAX_STRATEGY_LENGTH = 280;

/**
 * Every live stream (the board, the organizer's overview) sends a `heartbeat` event this often, with no data: a
 * screen that hears nothing for STREAM_SILENCE_MS knows the stream went silent (a dropped Wi-Fi keeps a TCP
 * connection "open" for minutes) and shows that it is reconnecting (docs/decisions/032).
 */
export const STREAM_HEARTBEAT_MS = 1_000;
export const STREAM_SILENCE_MS = 2_000;
export const STREAM_HEARTBEAT_EVENT = 'heartbeat';

/** Which of a player's games holds their board entry: the latest (a new game replaces it, even if lower) or the best. */
export const BOARD_COUNTS = ['latest', 'best'] as const;
export type BoardCounts = (typeof BOARD_COUNTS)[number];

/**
 * Thinking time's allowance for typing, per character of every guess up to the best one: about 40 words a minute on
 * a phone. Time spent typing is taken out so that a tie is not won by drawing a shorter prompt.
 */
export const TYPING_SECONDS_PER_CHARACTER = 0.3;

/** How the board breaks a tie, in one line (the ranking in server/db/ranking.ts). */
export const TIE_BREAK_LINE =
  'Ties go to fewer guesses, then less thinking time (time to the best guess, less typing), then who finished first.';

/** Server-Sent Event names on GET /api/leaderboard/stream (both carry a LeaderboardBoard). */
export const LEADERBOARD_STREAM_EVENTS = { snapshot: 'snapshot', update: 'update' } as const;

export const leaderboardErrorCodes = {
  notChampion: 'NOT_CHAMPION',
  strategyRefused: 'STRATEGY_REFUSED',
  tooManyStreams: 'TOO_MANY_STREAMS',
} as const satisfies Record<string, ErrorCode>;
export const NOT_CHAMPION_MESSAGE = 'Only the player ranked #1 can share a winning strategy.';

/**
 * What the booth screen shows, chosen by the organizer on the console's Event page: the live board, a final
 * countdown to a set time (the board keeps updating under it), the podium (top 3 revealed one by one) or a one-line
 * message ("Prize draw at 17:00").
 */
export const BOOTH_MODES = ['board', 'countdown', 'podium', 'message'] as const;
export type BoothMode = (typeof BOOTH_MODES)[number];
export const BOOTH_MESSAGE_MAX_LENGTH = 80;
/** A countdown ends at most this far ahead. */
export const BOOTH_COUNTDOWN_MAX_HOURS = 24;
/** Places the podium reveals, third first. */
export const PODIUM_SIZE = 3;
/**
 * "N playing now": unfinished attempts with a start or a guess this recently. A game left on guess 2 stops counting
 * after this long, so the figure is who is really at it, not who walked away.
 */
export const PLAYING_NOW_MINUTES = 2;
/** Starts the live board carries for the booth ticker ("Mia just started"). */
export const BOARD_STARTS_SIZE = 8;
