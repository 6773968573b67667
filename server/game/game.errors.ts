import { gameErrorCodes, POOL_EXHAUSTED_MESSAGE, POOL_NOT_READY_MESSAGE } from '@contracts/game.rules';
import { HttpError } from '../http/http-error';
import { rateLimitedError } from '../limits/limit-hooks';
import { waitPhrase } from '../limits/limits.rules';
import { ScoringBusyError, ScoringUnavailableError } from '../scoring/embedding-pool';

export const gameErrors = {
  challengeInProgress: () =>
    new HttpError(409, gameErrorCodes.challengeInProgress, 'You must complete your current challenge before starting a new one.'),
  poolExhausted: () => new HttpError(409, gameErrorCodes.poolExhausted, POOL_EXHAUSTED_MESSAGE),
  /** Every prompt is held by a player who has not guessed yet; the first of them comes back in `waitSeconds`. */
  poolBusy: (waitSeconds: number) =>
    new HttpError(
      409,
      gameErrorCodes.poolExhausted,
      `The game is full right now: every image is being played. Try again in ${waitPhrase(waitSeconds)}.`,
      { 'retry-after': String(waitSeconds) },
    ),
  poolNotReady: () => new HttpError(409, gameErrorCodes.poolNotReady, POOL_NOT_READY_MESSAGE),
  eventClosed: () => new HttpError(403, gameErrorCodes.eventClosed, 'The game is closed right now. Please check back later.'),
  displayNameRequired: () => new HttpError(400, gameErrorCodes.displayNameRequired, 'Choose a display name before starting a challenge.'),
  attemptNotFound: () => new HttpError(404, gameErrorCodes.attemptNotFound, 'That challenge was not found.'),
  attemptComplete: () => new HttpError(409, gameErrorCodes.attemptComplete, 'This challenge is already complete. Start a new one!'),
  slotTaken: () =>
    new HttpError(409, gameErrorCodes.slotTaken, 'That guess is no longer open: it was already made. Refresh to see your latest attempt.'),
  nameRefused: (message: string) => new HttpError(400, gameErrorCodes.nameRefused, message),
  challengeTooSoon: (waitSeconds: number) =>
    new HttpError(
      429,
      gameErrorCodes.challengeTooSoon,
      `You can start your next challenge in ${waitSeconds} second${waitSeconds === 1 ? '' : 's'}.`,
      { 'retry-after': String(waitSeconds) },
    ),
  challengeCapReached: (cap: number) =>
    new HttpError(
      403,
      gameErrorCodes.challengeCapReached,
      `You have played all ${cap} challenge${cap === 1 ? '' : 's'} allowed per player at this event. Thanks for playing!`,
    ),
  /** A player's guesses refused by their limit: nothing was done; it may be sent again after the wait. */
  rateLimited: rateLimitedError,
  /** The scoring queue is full or a scoring worker failed: nothing was stored, the same guess can be sent again then. */
  scorerBusy: (retryAfterSeconds: number) =>
    new HttpError(503, gameErrorCodes.scorerBusy, 'So many guesses right now! Please send yours again in a moment.', {
      'retry-after': String(retryAfterSeconds),
    }),
};

/** A scorer that refuses (saturated, or a worker failed) as the 503 SCORER_BUSY a phone resends; any other error as is. */
export function scoringRefusal(error: unknown): unknown {
  if (error instanceof ScoringBusyError) return gameErrors.scorerBusy(error.retryAfterSeconds);
  if (error instanceof ScoringUnavailableError) return gameErrors.scorerBusy(2);
  return error;
}
