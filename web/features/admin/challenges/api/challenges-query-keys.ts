import type { AdminChallengesQuery } from '@contracts/admin-challenges';

/** Query keys of the Challenges section: every mutation invalidates `all`. */
export const challengesKeys = {
  all: ['admin', 'challenges'] as const,
  list: (query: AdminChallengesQuery) => ['admin', 'challenges', 'list', query] as const,
  health: () => ['admin', 'challenges', 'health'] as const,
  generation: () => ['admin', 'challenges', 'generation'] as const,
  check: () => ['admin', 'challenges', 'check'] as const,
};
