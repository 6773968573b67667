import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StrategyInput, StrategyResponse } from '@contracts/leaderboard';
import { api } from '@web/lib/api-client';
import { leaderboardKeys } from './leaderboard-query-keys';

export const updateStrategy = (input: StrategyInput) => api<StrategyResponse>('/api/leaderboard/strategy', { method: 'PUT', body: input });

export function useUpdateStrategy({ onSuccess }: { onSuccess?: (strategy: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStrategy,
    onSuccess: ({ strategy }) => {
      void queryClient.invalidateQueries({ queryKey: leaderboardKeys.champion() });
      onSuccess?.(strategy);
    },
  });
}
