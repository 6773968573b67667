import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@contracts/config';
import { api } from '@web/lib/api-client';

/** Whether the event is open, from the public configuration (GET /api/config, no session needed). */
export const getEventOpen = () => api<PublicConfig>('/api/config').then((config) => config.eventOpen);

// An organizer may close or reopen the event at any time: re-read when the player comes back to the tab.
export const eventStatusQueryOptions = () => queryOptions({ queryKey: ['event-status'], queryFn: getEventOpen, staleTime: 30_000, refetchOnWindowFocus: true });

export const useEventOpen = () => useQuery(eventStatusQueryOptions());
