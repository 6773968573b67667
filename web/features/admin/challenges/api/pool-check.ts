import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComposePrompts, ComposeResult, PoolCheck, PromptFlag } from '@contracts/admin-challenges';
import { api } from '@web/lib/api-client';
import { challengesKeys } from './challenges-query-keys';
import { apiPaths } from '@contracts/api-paths';

/** The prompt check over the enabled pool; run when the organizer asks (it embeds what has no stored vector). */
export const usePoolCheck = (enabled: boolean) =>
  useQuery({
    queryKey: challengesKeys.check(),
    queryFn: ({ signal }) => api<PoolCheck>(apiPaths.adminChallengesCheck, { signal }),
    enabled,
  });

/** Composes prompts offline on the server (curated vocabularies, no near-duplicates by the scoring model). */
export const useComposePrompts = () =>
  useMutation({ mutationFn: (input: ComposePrompts) => api<ComposeResult>(apiPaths.adminChallengesCompose, { body: input }) });

/** Checks a draft's prompts against each other and the pool, before images are generated. */
export const useCheckPrompts = () =>
  useMutation({
    mutationFn: (prompts: string[]) => api<{ flags: PromptFlag[] }>(apiPaths.adminChallengesCheck, { body: { prompts } }),
  });

/** Disables (or enables) many challenges at once. */
export function useBulkSetDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, disabled }: { ids: string[]; disabled: boolean }) =>
      api<{ updated: number }>(apiPaths.adminChallenges, { method: 'PATCH', body: { ids, disabled } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengesKeys.all }),
  });
}
