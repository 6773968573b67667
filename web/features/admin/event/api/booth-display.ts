import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoothDisplayResponse, BoothDisplayUpdate } from '@contracts/admin-leaderboard';
import { api } from '@web/lib/api-client';
import { eventKeys } from './event-query-keys';
import { apiPaths } from '@contracts/api-paths';

export const getBoothDisplay = () => api<BoothDisplayResponse>(apiPaths.adminBooth);
export const updateBoothDisplay = (update: BoothDisplayUpdate) =>
  api<BoothDisplayResponse>(apiPaths.adminBooth, { method: 'PUT', body: update });

/** What every booth screen shows now. */
export const useBoothDisplay = () => useQuery(queryOptions({ queryKey: eventKeys.booth(), queryFn: getBoothDisplay }));

/** Switches every booth screen; the card shows the server's answer. */
export function useUpdateBoothDisplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBoothDisplay,
    onSuccess: (response) => {
      queryClient.setQueryData(eventKeys.booth(), response);
      // A countdown schedules the final whistle (or calls it off): the settings carry it.
      void queryClient.invalidateQueries({ queryKey: eventKeys.settings() });
    },
  });
}
