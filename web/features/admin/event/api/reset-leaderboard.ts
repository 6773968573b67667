import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeaderboardReset, LeaderboardResetResponse } from '@contracts/admin-leaderboard';
import { api } from '@web/lib/api-client';
import { eventKeys } from './event-query-keys';
import { apiPaths } from '@contracts/api-paths';

export const resetLeaderboard = (input: LeaderboardReset) =>
  api<LeaderboardResetResponse>(apiPaths.adminLeaderboardReset, { method: 'POST', body: input });

/** Archives the board as it stands and starts an empty one; the archive list and the settings refresh. */
export function useResetLeaderboard({ onSuccess }: { onSuccess?: (data: LeaderboardResetResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetLeaderboard,
    onSuccess: (data) => {
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
      onSuccess?.(data);
    },
  });
}
