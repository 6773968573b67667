import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RemoveStarterPackResult } from '@contracts/admin-challenges';
import { api } from '@web/lib/api-client';
import { challengesKeys } from './challenges-query-keys';
import { apiPaths } from '@contracts/api-paths';

/** Retire the starter pack: its unplayed challenges go, played ones are disabled and stay for history. */
export function useRemoveStarterPack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<RemoveStarterPackResult>(apiPaths.adminStarterPack, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengesKeys.all }),
  });
}
