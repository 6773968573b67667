import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoothDisplayResponse, BoothDisplayUpdate } from '@contracts/admin-leaderboard';
import { api } from '@web/lib/api-client';
import { eventKeys } from './event-query-keys';

export const getBoothDisplay = () => api<BoothDisplayResponse>('/api/admin/booth');
export const updateBoothDisplay = (update: BoothDisplayUpdate) =>
  api<BoothDisplayResponse>('/api/admin/booth', { method: 'PUT', body: update });

/** What every booth screen shows now. */
export const useBoothDisplay = () => useQuery(queryOptions({ queryKey: eventKeys.booth(), queryFn: getBoothDisplay }));

/** Switches every booth screen; the card shows the server's answer. */
export function useUpdateBoothDisplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBoothDisplay,
    onSuccess: (response) => queryClient.setQueryData(eventKeys.booth(), response),
  });
}
