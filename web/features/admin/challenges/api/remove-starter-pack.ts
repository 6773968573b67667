import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RemoveStarterPackResult } from '@contracts/admin-challenges';
import { api } from '@web/lib/api-client';
import { challengesKeys } from './challenges-query-keys';

/** Remove the starter pack: its unplayed challenges go, played ones stay for history. */
export function useRemoveStarterPack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<RemoveStarterPackResult>('/api/admin/challenges/starter-pack', { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengesKeys.all }),
  });
}
