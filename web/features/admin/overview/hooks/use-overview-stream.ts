import { useQueryClient } from '@tanstack/react-query';
import type { AdminOverview } from '@contracts/admin-overview';
import { ADMIN_STREAM_EVENTS } from '@contracts/admin.rules';
import { useEventSource, type EventSourceStatus } from '@web/lib/use-event-source';
import { overviewKeys } from '../api/get-overview';
import { apiPaths } from '@contracts/api-paths';

export type OverviewStreamStatus = EventSourceStatus;

/**
 * The live overview over the organizer stream (GET /api/admin/stream, Server-Sent Events): each `overview` event
 * carries the whole AdminOverview and replaces the cached one.
 */
export function useOverviewStream(): OverviewStreamStatus {
  const queryClient = useQueryClient();
  return useEventSource(apiPaths.adminStream, {
    // The server builds every frame from the AdminOverview contract: trust its type (no zod in the browser).
    [ADMIN_STREAM_EVENTS.overview]: (data) => queryClient.setQueryData(overviewKeys.overview(), JSON.parse(data) as AdminOverview),
  });
}
