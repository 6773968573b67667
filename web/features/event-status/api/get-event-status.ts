import type { PublicConfig } from '@contracts/config';
import { api } from '@web/lib/api-client';
import { useFetched } from '@web/lib/use-fetched';
import { apiPaths } from '@contracts/api-paths';

export interface EventStatus {
  eventOpen: boolean;
  poolReady: boolean;
  /** The final whistle (may lie ahead), null while results are open. */
  resultsLockedAt: string | null;
}

/**
 * Whether the event is open and whether any challenge was loaded yet, from the public configuration (GET /api/config, no
 * session needed).
 */
export const getEventStatus = (): Promise<EventStatus> =>
  api<PublicConfig>(apiPaths.config).then((config) => ({
    eventOpen: config.eventOpen,
    poolReady: config.poolReady,
    resultsLockedAt: config.resultsLockedAt,
  }));

// An organizer may close or reopen the event at any time: re-read when the player comes back to the tab.
// A plain read, not a TanStack query: the landing page shows it and ships without TanStack Query (020).
// One reader per page: /play had two (the notice and the START guard), and the second copy, with the image prefetch
// and the home's reads, filled a phone's six connections, so START's request waited a round trip on Slow 3G.
export const useEventStatus = () => useFetched(getEventStatus);
