import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPlayerDeleted } from '@contracts/admin-players';
import { api } from '@web/lib/api-client';
import { playersKeys } from './players-query-keys';
import { apiPaths, withParams } from '@contracts/api-paths';

export const deletePlayer = (id: string) => api<AdminPlayerDeleted>(withParams(apiPaths.adminPlayer, { id }), { method: 'DELETE' });

/** Deletes a player and all their data (the privacy promise); the table refetches its page. */
export function useDeletePlayer({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlayer,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: playersKeys.all });
      onSuccess?.();
    },
  });
}
