import { STREAM_HEARTBEAT_EVENT, STREAM_SILENCE_MS } from '@contracts/leaderboard.rules';
import { reconnectDelay } from './reconnect-delay';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

export interface LiveStreamOptions {
  /** Named events to listen to; each handler gets the event's data. */
  events: Record<string, (data: string) => void>;
  onStatus: (status: StreamStatus) => void;
}

/** How often a stream checks that it still hears from the server. */
const WATCH_MS = 250;

/**
 * A Server-Sent Events stream that says truthfully whether it is live and comes back by itself (docs/decisions/038):
 * - the server sends a heartbeat event every second, so a stream that hears nothing for STREAM_SILENCE_MS (a dropped
 *   Wi-Fi keeps a TCP connection "open" for minutes) is reported as reconnecting and opened anew;
 * - a failed connection is reopened after reconnectDelay (jittered backoff, a few seconds at most), and at once when
 *   the browser comes back online: not EventSource's own fixed, jitter-free retry.
 * Returns a function that closes it for good.
 */
export function openLiveStream(url: string, { events, onStatus }: LiveStreamOptions): () => void {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let lastHeard = Date.now();
  let status: StreamStatus = 'connecting';
  let stopped = false;

  const report = (next: StreamStatus) => {
    if (next === status) return;
    status = next;
    onStatus(next);
  };
  const heard = () => {
    lastHeard = Date.now();
    failures = 0;
    report('live');
  };

  const reopenLater = (delay: number) => {
    source?.close();
    source = undefined;
    clearTimeout(retryTimer);
    if (stopped) return;
    retryTimer = setTimeout(open, delay);
  };

  function open() {
    if (stopped) return;
    lastHeard = Date.now();
    const current = new EventSource(url);
    source = current;
    for (const [name, handler] of Object.entries(events)) {
      current.addEventListener(name, (event: MessageEvent<string>) => {
        heard();
        handler(event.data);
      });
    }
    current.addEventListener(STREAM_HEARTBEAT_EVENT, heard);
    current.onopen = heard;
    current.onerror = () => {
      if (source !== current) return;
      report(status === 'connecting' ? 'connecting' : 'reconnecting');
      reopenLater(reconnectDelay(failures++));
    };
  }

  const watch = setInterval(() => {
    if (!source || Date.now() - lastHeard <= STREAM_SILENCE_MS) return;
    report(status === 'connecting' ? 'connecting' : 'reconnecting');
    reopenLater(reconnectDelay(failures++));
  }, WATCH_MS);

  const online = () => {
    failures = 0;
    if (status !== 'live') reopenLater(0);
  };
  window.addEventListener('online', online);

  open();
  return () => {
    stopped = true;
    clearInterval(watch);
    clearTimeout(retryTimer);
    window.removeEventListener('online', online);
    source?.close();
  };
}
