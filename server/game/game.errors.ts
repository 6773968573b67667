import { gameErrorCodes, POOL_EXHAUSTED_MESSAGE, POOL_NOT_READY_MESSAGE } from '@contracts/game.rules';
import { HttpError } from '../http-error';

export const gameErrors = {
  challengeInProgress: () =>
    new HttpError(409, gameErrorCodes.challengeInProgress, 'You must complete your current challenge before starting a new one.'),
  poolExhausted: () => new HttpError(409, gameErrorCodes.poolExhausted, POOL_EXHAUSTED_MESSAGE),
  poolNotReady: () => new HttpError(409, gameErrorCodes.poolNotReady, POOL_NOT_READY_MESSAGE),
  eventClosed: () => new HttpError(403, gameErrorCodes.eventClosed, 'The game is closed right now. Please check back later.'),
  displayNameRequired: () => new HttpError(400, gameErrorCodes.displayNameRequired, 'Choose a display name before starting a challenge.'),
  attemptNotFound: () => new HttpError(404, gameErrorCodes.attemptNotFound, 'That challenge was not found.'),
  attemptComplete: () => new HttpError(409, gameErrorCodes.attemptComplete, 'This challenge is already complete. Start a new one!'),
  slotTaken: () => new HttpError(409, gameErrorCodes.slotTaken, 'That guess is no longer open: it was already made. Refresh to see your latest attempt.'),
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
  /** The scoring queue is full or a scoring worker failed: nothing was stored, the same guess can be sent again. */
  scorerBusy: () => new HttpError(503, gameErrorCodes.scorerBusy, 'So many guesses right now! Please send yours again in a moment.'),
};

/** True when `error` (or a cause drizzle wrapped it in) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505' && (current.constraint === constraint || current.message?.includes(constraint))) return true;
  }
  return false;
}
