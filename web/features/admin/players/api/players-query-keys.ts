import type { AdminPlayersQuery } from '@contracts/admin-players';

/** Every query key the players section uses, so its mutations invalidate exactly what they change. */
export const playersKeys = {
  all: ['admin', 'players'] as const,
  list: (query: AdminPlayersQuery) => [...playersKeys.all, 'list', query] as const,
};
