import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { challengesKeys } from './challenges-query-keys';
import { apiPaths, withParams } from '@contracts/api-paths';

/** Disable or enable one challenge. */
export function useSetChallengeDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      api<void>(withParams(apiPaths.adminChallenge, { id }), { method: 'PATCH', body: { disabled } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengesKeys.all }),
  });
}

/** Delete a challenge nobody ever got. */
export function useDeleteChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(withParams(apiPaths.adminChallenge, { id }), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengesKeys.all }),
  });
}
