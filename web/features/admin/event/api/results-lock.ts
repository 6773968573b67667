import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminEvent } from '@contracts/admin-event';
import { api } from '@web/lib/api-client';
import { eventKeys } from './event-query-keys';
import { apiPaths } from '@contracts/api-paths';

/** "Lock results now" (POST) or "Unlock results" (DELETE); the settings are replaced with the server's answer. */
export function useResultsLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lock: boolean) => api<AdminEvent>(apiPaths.adminResultsLock, { method: lock ? 'POST' : 'DELETE' }),
    onSuccess: (event) => {
      queryClient.setQueryData(eventKeys.settings(), event);
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
