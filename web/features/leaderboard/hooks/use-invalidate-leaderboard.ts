import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { leaderboardKeys } from '../api/leaderboard-query-keys';

/** For a route to call when something that moves the board happened (e.g. the player finished a challenge). */
export function useInvalidateLeaderboard() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: leaderboardKeys.all }), [queryClient]);
}
