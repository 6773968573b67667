import type { PublicConfig } from '@contracts/config';
import { api } from '@web/lib/api-client';
import { useFetched } from '@web/lib/use-fetched';

let reading: Promise<PublicConfig> | undefined;
/**
 * GET /api/config, one at a time: readers that ask while a read is on its way share it. /play has two (the closed
 * notice and the START guard), and on a phone's 6 connections per host the second copy, with the image prefetch and
 * the home's reads, held START's own request back by a round trip on Slow 3G (bench:slow-3g, 2.3 → 4.0 s).
 */
function readConfig(): Promise<PublicConfig> {
  reading ??= api<PublicConfig>('/api/config').finally(() => {
    reading = undefined;
  });
  return reading;
}

/** Whether the event is open, from the public configuration (GET /api/config, no session needed). */
export const getEventOpen = () => readConfig().then((config) => config.eventOpen);

/** Whether the event is open and whether any challenge was loaded yet (the same one read). */
export const getEventStatus = () => readConfig().then((config) => ({ eventOpen: config.eventOpen, poolReady: config.poolReady }));
export const useEventStatus = () => useFetched(getEventStatus);

// An organizer may close or reopen the event at any time: re-read when the player comes back to the tab.
// A plain read, not a TanStack query: the landing page shows it and ships without TanStack Query (020).
export const useEventOpen = () => useFetched(getEventOpen);
