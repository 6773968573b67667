// The game's rules and fixed texts: plain values with no zod, so the web app can import them without shipping
// zod (a small first load: docs/decisions/020-landing-without-the-app-libraries.md). The zod schemas in game.ts build on these.
import type { ErrorCode } from './errors.rules';

export const GUESSES_PER_CHALLENGE = 3;
/** Only the exact prompt scores this (any other guess stays below it); such a guess ends the game at once. */
export const PERFECT_SCORE = 100;
export const MAX_GUESS_LENGTH = 300;
export const MAX_DISPLAY_NAME_LENGTH = 20;
export const HISTORY_SIZE = 5;
export const MAX_PHONE_LENGTH = 40;

/**
 * A phone number as players type one: digits, spaces and + - ( ), with at least 3 digits. Nothing else, so the
 * winners' CSV can show it as typed (a spreadsheet cannot read it as a formula that does anything).
 */
export const PHONE_NUMBER_PATTERN = /^(?=(?:[^0-9]*[0-9]){3})[0-9 +()-]+$/;
export const PHONE_NUMBER_MESSAGE = 'Use digits, spaces and + - ( ) only, e.g. +1 555 123 4567';

/** Any kind of space (a no-break space pasted from a contact card) becomes one plain space; ends trimmed. */
export const normalizePhoneNumber = (phone: string) => phone.replace(/\s+/g, ' ').trim();

/** Why a phone number cannot be saved, or null when it is fine or empty. */
export function phoneNumberProblem(phone: string): string | null {
  const value = normalizePhoneNumber(phone);
  if (value === '') return null;
  if (value.length > MAX_PHONE_LENGTH) return 'That phone number is too long';
  return PHONE_NUMBER_PATTERN.test(value) ? null : PHONE_NUMBER_MESSAGE;
}

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
} as const satisfies Record<string, ErrorCode>;

export const POOL_EXHAUSTED_MESSAGE = 'All prompts have been used. Please try again later.';
/** The pool has never held a challenge (a fresh install): the game is not set up yet, nothing was used up. */
export const POOL_NOT_READY_MESSAGE = 'The game is not ready yet: no challenges have been loaded. Please check back soon.';

/** Scores are shown with one decimal and '%' everywhere. */
export const formatScore = (score: number) => `${score.toFixed(1)}%`;

/** Why a game does not count for the board or prizes, as its player is told (docs/decisions/050). */
export const AFTER_FINAL_WHISTLE_NOTE =
  'This game finished after the final whistle: the score is yours, but the board and the prizes are final.';
export const LOCKED_PLAY_NOTE = 'Results are final: this game is practice and will not count on the board.';
export const PRACTICE_NOTE = 'Practice: this challenge is from the public starter pack, so it never counts on the board or for prizes.';
