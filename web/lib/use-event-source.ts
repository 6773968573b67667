import { useEffect, useRef, useState } from 'react';
import { openLiveStream, type StreamStatus } from './live-stream';

export type EventSourceStatus = StreamStatus;

/**
 * Follows a Server-Sent Events stream: `handlers` maps each event name to what to do with its data. Returns the
 * connection's status, truthfully: a stream silent for two heartbeats reports "reconnecting" and is reopened, and
 * every reconnect waits a jittered, capped backoff (web/lib/live-stream.ts, docs/decisions/038). A null `url` opens
 * nothing (and closes what was open).
 */
export function useEventSource(url: string | null, handlers: Record<string, (data: string) => void>): EventSourceStatus {
  const [status, setStatus] = useState<EventSourceStatus>('connecting');
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  // Re-subscribe only when the set of events changes, not when a caller passes new handler functions.
  const eventNames = Object.keys(handlers).join('\n');

  useEffect(() => {
    if (url === null) return;
    return openLiveStream(url, {
      events: Object.fromEntries(eventNames.split('\n').map((name) => [name, (data: string) => handlersRef.current[name]?.(data)])),
      onStatus: setStatus,
    });
  }, [url, eventNames]);

  return status;
}
