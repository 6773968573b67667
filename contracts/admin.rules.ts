// The organizer console's sizes, sort keys, stream event names and error codes: plain values with no zod, so the
// web app can import them without shipping zod. The zod schemas in admin-*.ts build on these.
import type { ErrorCode } from './errors.rules';

export const ADMIN_PLAYERS_PAGE_SIZE = 50;
export const ADMIN_PLAYERS_MAX_PAGE_SIZE = 200;
export const ADMIN_AUDIT_PAGE_SIZE = 50;
export const WINNERS_DEFAULT_TOP = 10;
export const WINNERS_MAX_TOP = 1000;
export const OVERVIEW_TOP_SIZE = 3;
/** Score histogram: 10 buckets of 10 percentage points (the last one includes 100). */
export const SCORE_HISTOGRAM_BUCKETS = 10;
/** Width of one bar of the "games per 10 minutes" chart. */
export const GAMES_BUCKET_MINUTES = 10;

/** Columns the players table sorts by (GET /api/admin/players?sort=…). */
export const ADMIN_PLAYER_SORT_KEYS = [
  'displayName',
  'email',
  'phone',
  'score',
  'rank',
  'gamesPlayed',
  'signedUpAt',
  'lastSeenAt',
] as const;
export type AdminPlayerSortKey = (typeof ADMIN_PLAYER_SORT_KEYS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Server-Sent Event name on GET /api/admin/stream (carries an AdminOverview). */
export const ADMIN_STREAM_EVENTS = { overview: 'overview' } as const;

/** What the audit log records (`action` of an audit entry). */
export const AUDIT_ACTIONS = {
  playerRename: 'player.rename',
  playerHide: 'player.hide',
  playerUnhide: 'player.unhide',
  playerDelete: 'player.delete',
  eventUpdate: 'event.update',
  boothUpdate: 'booth.update',
  leaderboardReset: 'leaderboard.reset',
  winnersExport: 'winners.export',
  organizerCreate: 'organizer.create',
  challengesImport: 'challenges.import',
  challengeDisable: 'challenge.disable',
  challengeEnable: 'challenge.enable',
  challengeDelete: 'challenge.delete',
  generationStart: 'generation.start',
  generationReview: 'generation.review',
  blocklistUpdate: 'moderation.blocklist',
  starterPackImport: 'challenges.starter_import',
  /** "Retire starter pack" (the action's name predates retiring played challenges too). */
  starterPackRemove: 'challenges.starter_remove',
  resultsLock: 'results.lock',
  resultsUnlock: 'results.unlock',
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

/** Overview warnings an organizer must see (`code` of a warning). */
export const OVERVIEW_WARNING_CODES = {
  poolEmpty: 'POOL_EMPTY',
  poolLow: 'POOL_LOW',
  poolDraining: 'POOL_DRAINING',
  eventClosed: 'EVENT_CLOSED',
  publicUrlLocal: 'PUBLIC_URL_LOCAL',
  gameUrlLocal: 'GAME_URL_LOCAL',
  mailCaptureInProduction: 'MAIL_CAPTURE_IN_PRODUCTION',
} as const;

export const adminErrorCodes = {
  playerNotFound: 'PLAYER_NOT_FOUND',
  archiveNotFound: 'ARCHIVE_NOT_FOUND',
  cannotDeleteYourself: 'CANNOT_DELETE_YOURSELF',
  nothingToChange: 'NOTHING_TO_CHANGE',
  boardEmpty: 'BOARD_EMPTY',
} as const satisfies Record<string, ErrorCode>;

/** The message a closed event gives a player who tries to start (also shown on the landing and /play pages). */
export const EVENT_CLOSED_MESSAGE = 'The game is closed right now. Please check back later.';
