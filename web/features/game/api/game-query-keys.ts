/** Every query key the game feature uses, so mutations can invalidate exactly what they change. */
export const gameKeys = {
  all: ['game'] as const,
  currentAttempt: () => [...gameKeys.all, 'current-attempt'] as const,
  attempts: () => [...gameKeys.all, 'attempts'] as const,
  stats: () => [...gameKeys.all, 'stats'] as const,
  profile: () => [...gameKeys.all, 'profile'] as const,
  nextChallenge: () => [...gameKeys.all, 'next-challenge'] as const,
};
