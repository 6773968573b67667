import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Blocklist } from '@contracts/admin-moderation';
import { api } from '@web/lib/api-client';
import { moderationKeys } from './moderation-query-keys';
import { apiPaths } from '@contracts/api-paths';

export const saveBlocklist = (terms: string[]) => api<Blocklist>(apiPaths.adminBlocklist, { method: 'PUT', body: { terms } });

/** Replaces the whole list; the saved list (normalised by the server) and the matches refresh. */
export function useSaveBlocklist({ onSuccess }: { onSuccess?: (saved: Blocklist) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBlocklist,
    onSuccess: (saved) => {
      queryClient.setQueryData(moderationKeys.blocklist(), saved);
      void queryClient.invalidateQueries({ queryKey: moderationKeys.matches() });
      onSuccess?.(saved);
    },
  });
}
