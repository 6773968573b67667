import type { AdminOverview } from '@contracts/admin-overview';
import { ADMIN_STREAM_EVENTS } from '@contracts/admin.rules';
import { SseHub } from '../http/sse-hub';
import { STREAM_HEARTBEAT_MS } from '@contracts/leaderboard.rules';

/** A burst of notifications (many finishes at once) becomes one recompute after this long. */
export const OVERVIEW_COALESCE_MS = 500;
/**
 * Starts and guesses send no notification (they would wake every leaderboard screen): while anyone watches, the
 * overview is also re-read this often. One query per instance per tick, however many organizers watch.
 */
export const OVERVIEW_TICK_MS = 5_000;
export const OVERVIEW_HEARTBEAT_MS = STREAM_HEARTBEAT_MS;
/** Organizer streams per instance: a handful of laptops, not a crowd. */
export const MAX_OVERVIEW_STREAMS = 50;

export interface OverviewHubOptions {
  coalesceMs?: number;
  tickMs?: number;
  heartbeatMs?: number;
}

/**
 * Every open organizer overview stream of this instance (an SseHub): read fresh for each newcomer, then once per
 * change or tick, and only sent when something other than its timestamp changed.
 */
export class OverviewHub extends SseHub<AdminOverview> {
  constructor(load: () => Promise<AdminOverview>, onError: (error: unknown) => void, options: OverviewHubOptions = {}) {
    super({
      load,
      frames: (overview) => {
        const frame = `event: ${ADMIN_STREAM_EVENTS.overview}\ndata: ${JSON.stringify(overview)}\n\n`;
        return { key: JSON.stringify({ ...overview, generatedAt: undefined }), snapshot: frame, update: frame };
      },
      onError,
      coalesceMs: options.coalesceMs ?? OVERVIEW_COALESCE_MS,
      heartbeatMs: options.heartbeatMs ?? OVERVIEW_HEARTBEAT_MS,
      refreshEveryMs: options.tickMs ?? OVERVIEW_TICK_MS,
      reloadOnJoin: true,
      maxClients: MAX_OVERVIEW_STREAMS,
    });
  }
}
