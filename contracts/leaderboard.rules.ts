// The leaderboard's sizes, stream event names and fixed texts: plain values with no zod, so the web app can import
// them without shipping zod (SPEC 13: small first load). The zod schemas in leaderboard.ts build on these.

export const LEADERBOARD_TOP_SIZE = 50;
export const BOOTH_TOP_SIZE = 10;
/** Finishes the live board carries for the booth ticker, and sample images for its attract loop. */
export const BOARD_FINISHES_SIZE = 8;
export const BOARD_SAMPLE_IMAGES_SIZE = 6;
export const MAX_STRATEGY_LENGTH = 280;

/** Server-Sent Event names on GET /api/leaderboard/stream (both carry a LeaderboardBoard). */
export const LEADERBOARD_STREAM_EVENTS = { snapshot: 'snapshot', update: 'update' } as const;

export const leaderboardErrorCodes = {
  notChampion: 'NOT_CHAMPION',
  strategyRefused: 'STRATEGY_REFUSED',
  tooManyStreams: 'TOO_MANY_STREAMS',
} as const;
export const NOT_CHAMPION_MESSAGE = 'Only the player ranked #1 can share a winning strategy.';
