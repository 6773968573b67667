import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GenerationOverview, GenerationRun, StartGeneration } from '@contracts/admin-challenges';
import { api } from '@web/lib/api-client';
import { challengesKeys } from './challenges-query-keys';

/** Configured providers and recent runs. */
export const useGenerationOverview = () =>
  useQuery({
    queryKey: challengesKeys.generation(),
    queryFn: ({ signal }) => api<GenerationOverview>('/api/admin/challenges/generation', { signal }),
  });

/** Starts a run; the caller follows it live with useGenerationProgress. */
export function useStartGeneration({ onSuccess }: { onSuccess?: (run: GenerationRun) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartGeneration) => api<GenerationRun>('/api/admin/challenges/generation', { body: input }),
    onSuccess: (run) => {
      void queryClient.invalidateQueries({ queryKey: challengesKeys.generation() });
      onSuccess?.(run);
    },
  });
}
