import type { PublicConfig } from '@contracts/config';
import { api } from '@web/lib/api-client';
import { useFetched } from '@web/lib/use-fetched';

/** Whether the event is open, from the public configuration (GET /api/config, no session needed). */
export const getEventOpen = () => api<PublicConfig>('/api/config').then((config) => config.eventOpen);

/** Whether the event is open and whether any challenge was loaded yet (the same one read). */
export const getEventStatus = () =>
  api<PublicConfig>('/api/config').then((config) => ({ eventOpen: config.eventOpen, poolReady: config.poolReady }));
export const useEventStatus = () => useFetched(getEventStatus);

// An organizer may close or reopen the event at any time: re-read when the player comes back to the tab.
// A plain read, not a TanStack query: the landing page shows it and ships without TanStack Query (020).
export const useEventOpen = () => useFetched(getEventOpen);
