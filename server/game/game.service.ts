/** The game rules, server-side and authoritative: one file per operation, composed here into the one service. */
import { createGameReads } from './game.reads';
import { createNextChallenge } from './game.next';
import { createStartAttempt } from './game.start';
import { createSubmitGuess } from './game.guess';
import type { GameServiceDeps } from './game.shared';

export function createGameService(deps: GameServiceDeps) {
  const { currentAttempt, recentAttempts, stats, sharedAttempt } = createGameReads(deps);
  return {
    currentAttempt,
    recentAttempts,
    stats,
    startAttempt: createStartAttempt(deps),
    nextChallenge: createNextChallenge(deps),
    submitGuess: createSubmitGuess(deps),
    sharedAttempt,
  };
}

export type GameService = ReturnType<typeof createGameService>;
