import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GenerationOverview, GenerationRun, ReviewGeneration, StartGeneration } from '@contracts/admin-challenges';
import { api } from '@web/lib/api-client';
import { challengesKeys } from './challenges-query-keys';
import { apiPaths, withParams } from '@contracts/api-paths';

/** Configured providers and recent runs. */
export const useGenerationOverview = () =>
  useQuery({
    queryKey: challengesKeys.generation(),
    queryFn: ({ signal }) => api<GenerationOverview>(apiPaths.adminGeneration, { signal }),
  });

/** Starts a run; the caller follows it live with useGenerationProgress. */
export function useStartGeneration({ onSuccess }: { onSuccess?: (run: GenerationRun) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartGeneration) => api<GenerationRun>(apiPaths.adminGeneration, { body: input }),
    onSuccess: (run) => {
      void queryClient.invalidateQueries({ queryKey: challengesKeys.generation() });
      onSuccess?.(run);
    },
  });
}

/** The review grid's decision on some of a run's images (approve, reject or regenerate). */
export function useReviewGeneration(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewGeneration) =>
      api<{ updated: number }>(withParams(apiPaths.adminGenerationReview, { runId }), { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengesKeys.all }),
  });
}
