import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminEvent, AdminEventUpdate } from '@contracts/admin-event';
import { api } from '@web/lib/api-client';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { eventKeys } from './event-query-keys';
import { apiPaths } from '@contracts/api-paths';

export const updateEvent = (update: AdminEventUpdate) => api<AdminEvent>(apiPaths.adminEvent, { method: 'PATCH', body: update });

/** Changes any subset of the event's switches; the settings are replaced with the server's answer. */
export function useUpdateEvent({ onSuccess }: { onSuccess?: (event: AdminEvent) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: (event) => {
      queryClient.setQueryData(eventKeys.settings(), event);
      void queryClient.invalidateQueries({ queryKey: eventKeys.settings() });
      onSuccess?.(event);
    },
  });
}

/**
 * A switch on the Event page: `change(patch, done)` saves and toasts `done`, or why it could not be saved; `pending`
 * while a change is on its way (the switches wait for it).
 */
export function useEventChange() {
  const update = useUpdateEvent();
  const change = (patch: AdminEventUpdate, done: string) =>
    update.mutate(patch, {
      onSuccess: () => notifySuccess('Event updated', done),
      onError: (error) => notifyError('Could not update the event', error.message),
    });
  return { change, pending: update.isPending };
}
