import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPlayerResponse, AdminPlayerUpdate } from '@contracts/admin-players';
import { api } from '@web/lib/api-client';
import { playersKeys } from './players-query-keys';
import { apiPaths, withParams } from '@contracts/api-paths';

export const updatePlayer = ({ id, patch }: { id: string; patch: AdminPlayerUpdate }) =>
  api<AdminPlayerResponse>(withParams(apiPaths.adminPlayer, { id }), { method: 'PATCH', body: patch });

/** Rename or hide/unhide one player; the table refetches its page. */
export function useUpdatePlayer({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlayer,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: playersKeys.all });
      onSuccess?.();
    },
  });
}
