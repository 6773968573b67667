import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { moderationKeys } from './moderation-query-keys';
import { apiPaths, withParams } from '@contracts/api-paths';

/** Hides a flagged player from every public board (the players API of the console). */
export const hidePlayer = (playerId: string) =>
  api<unknown>(withParams(apiPaths.adminPlayer, { id: playerId }), { method: 'PATCH', body: { hidden: true } });

export function useHidePlayer({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hidePlayer,
    onSuccess: () => {
      // The Players table keeps its own keys; a prefix refresh of the console's admin queries reaches it too.
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.matches() });
      onSuccess?.();
    },
  });
}
