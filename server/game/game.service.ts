/** The game rules, server-side and authoritative: one file per operation, composed here into the one service. */
import { createAttemptFacts } from './game.attempt-facts';
import { createGameReads } from './game.reads';
import { createNextChallenge } from './game.next';
import { createStartAttempt } from './game.start';
import { createSubmitGuess } from './game.guess';
import type { GameServiceDeps } from './game.shared';

export function createGameService(deps: GameServiceDeps) {
  // What the game screen and START saw of an open attempt, so that its guesses need not read it again.
  const attemptFacts = createAttemptFacts();
  const { currentAttempt, recentAttempts, stats, sharedAttempt } = createGameReads(deps, attemptFacts);
  return {
    currentAttempt,
    recentAttempts,
    stats,
    startAttempt: createStartAttempt(deps, attemptFacts),
    nextChallenge: createNextChallenge(deps),
    submitGuess: createSubmitGuess(deps, attemptFacts),
    sharedAttempt,
  };
}

export type GameService = ReturnType<typeof createGameService>;
