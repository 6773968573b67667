// Every error code the API sends, as plain values with no zod, so the web app can import and narrow on them.
// The per-area lists (gameErrorCodes, authErrorCodes, …) name codes from this one list; the server's HttpError takes
// only an ErrorCode, so tsc refuses a code that is not declared here.

export const ERROR_CODES = [
  // Any route
  'VALIDATION',
  'BAD_REQUEST',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
  'CSRF',
  'NO_SESSION',
  'FORBIDDEN',
  'RATE_LIMITED',
  'TOO_MANY_STREAMS',
  // Sign-in and sign-up (our limits in front of better-auth)
  'PROOF_OF_WORK_REQUIRED',
  'AUTH_BUSY',
  // The game
  'CHALLENGE_IN_PROGRESS',
  'POOL_EXHAUSTED',
  'POOL_NOT_READY',
  'EVENT_CLOSED',
  'DISPLAY_NAME_REQUIRED',
  'ATTEMPT_NOT_FOUND',
  'ATTEMPT_COMPLETE',
  'SLOT_TAKEN',
  'NAME_REFUSED',
  'CHALLENGE_TOO_SOON',
  'CHALLENGE_CAP_REACHED',
  'SCORER_BUSY',
  'IMAGE_NOT_FOUND',
  // Leaderboard and sharing
  'NOT_CHAMPION',
  'STRATEGY_REFUSED',
  'SHARE_NOT_FOUND',
  // The organizer console and the command line
  'PLAYER_NOT_FOUND',
  'ARCHIVE_NOT_FOUND',
  'CANNOT_DELETE_YOURSELF',
  'NOTHING_TO_CHANGE',
  'BOARD_EMPTY',
  'CHALLENGE_NOT_FOUND',
  'CHALLENGE_USED',
  'PACK_INVALID',
  'PACK_TOO_LARGE',
  'UPLOAD_INTERRUPTED',
  'BAD_PACK',
  'PROVIDER_NOT_CONFIGURED',
  'RUN_NOT_FOUND',
] as const;

/** A code the API sends in its `{ code, message }` error body (contracts/errors.ts). */
export type ErrorCode = (typeof ERROR_CODES)[number];

const declared: ReadonlySet<string> = new Set(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && declared.has(value);
