import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Champion, StrategyInput, StrategyResponse } from '@contracts/leaderboard';
import { api } from '@web/lib/api-client';
import { leaderboardKeys } from './leaderboard-query-keys';
import { apiPaths } from '@contracts/api-paths';

export const updateStrategy = (input: StrategyInput) => api<StrategyResponse>(apiPaths.leaderboardStrategy, { method: 'PUT', body: input });

export function useUpdateStrategy({ onSuccess }: { onSuccess?: (strategy: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStrategy,
    onSuccess: ({ strategy }) => {
      // Show the saved text at once (the editor derives from it), then check with the server.
      queryClient.setQueryData<Champion | null>(leaderboardKeys.champion(), (old) => (old ? { ...old, strategy } : old));
      void queryClient.invalidateQueries({ queryKey: leaderboardKeys.champion() });
      onSuccess?.(strategy);
    },
  });
}
