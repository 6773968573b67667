// The game's rules and fixed texts: plain values with no zod, so the web app can import them without shipping
// zod (SPEC 13: small first load). The zod schemas in game.ts build on these.

export const GUESSES_PER_CHALLENGE = 3;
export const MAX_GUESS_LENGTH = 300;
export const MAX_DISPLAY_NAME_LENGTH = 20;
export const HISTORY_SIZE = 5;

/** Error codes the game routes send (with the one apiErrorSchema body). */
export const gameErrorCodes = {
  challengeInProgress: 'CHALLENGE_IN_PROGRESS',
  poolExhausted: 'POOL_EXHAUSTED',
  poolNotReady: 'POOL_NOT_READY',
  eventClosed: 'EVENT_CLOSED',
  displayNameRequired: 'DISPLAY_NAME_REQUIRED',
  attemptNotFound: 'ATTEMPT_NOT_FOUND',
  attemptComplete: 'ATTEMPT_COMPLETE',
  slotTaken: 'SLOT_TAKEN',
  nameRefused: 'NAME_REFUSED',
  challengeTooSoon: 'CHALLENGE_TOO_SOON',
  challengeCapReached: 'CHALLENGE_CAP_REACHED',
  scorerBusy: 'SCORER_BUSY',
} as const;

export const POOL_EXHAUSTED_MESSAGE = 'All prompts have been used. Please try again later.';
/** The pool has never held a challenge (a fresh install): the game is not set up yet, nothing was used up. */
export const POOL_NOT_READY_MESSAGE = 'The game is not ready yet: no challenges have been loaded. Please check back soon.';

/** Scores are shown with one decimal and '%' everywhere (SPEC 8). */
export const formatScore = (score: number) => `${score.toFixed(1)}%`;
