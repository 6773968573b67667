import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminOverview } from '@contracts/admin-overview';
import { ADMIN_STREAM_EVENTS } from '@contracts/admin.rules';
import { overviewKeys } from '../api/get-overview';

export type OverviewStreamStatus = 'connecting' | 'live' | 'reconnecting';

const MAX_BACKOFF_MS = 30_000;

/**
 * The live overview over the organizer stream (GET /api/admin/stream, Server-Sent Events): each `overview` event
 * carries the whole AdminOverview and replaces the cached one. EventSource reconnects by itself; when the browser
 * gives up (an HTTP error, e.g. a deploy or a signed-out session) we reopen with jittered exponential backoff.
 */
export function useOverviewStream() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<OverviewStreamStatus>('connecting');

  useEffect(() => {
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;

    const open = () => {
      source = new EventSource('/api/admin/stream');
      source.addEventListener(ADMIN_STREAM_EVENTS.overview, (event: MessageEvent<string>) => {
        // The server builds every frame from the AdminOverview contract: trust its type (no zod in the browser).
        queryClient.setQueryData(overviewKeys.overview(), JSON.parse(event.data) as AdminOverview);
        failures = 0;
        setStatus('live');
      });
      source.onopen = () => setStatus('live');
      source.onerror = () => {
        setStatus('reconnecting');
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures++) * (0.5 + Math.random());
        retryTimer = setTimeout(open, delay);
      };
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [queryClient]);

  return status;
}
