import { useEffect, useRef, useState } from 'react';
import type { LeaderboardBoard } from '@contracts/leaderboard';
import { LEADERBOARD_STREAM_EVENTS } from '@contracts/leaderboard.rules';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

const MAX_BACKOFF_MS = 30_000;

/**
 * The live board over Server-Sent Events: a snapshot on connect, then an update whenever the board changes.
 * EventSource reconnects by itself (sending Last-Event-ID, so an unchanged board is not resent); if the browser
 * gives up (an HTTP error, e.g. during a deploy), we reopen with jittered exponential backoff.
 */
export function useLeaderboardStream(onChange?: (board: LeaderboardBoard) => void) {
  const [board, setBoard] = useState<LeaderboardBoard | null>(null);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;

    const receive = (event: MessageEvent<string>) => {
      // The server builds every frame from the LeaderboardBoard contract: trust its type (no zod in the browser).
      const next = JSON.parse(event.data) as LeaderboardBoard;
      failures = 0;
      setBoard(next);
      setStatus('live');
      onChangeRef.current?.(next);
    };

    const open = () => {
      source = new EventSource('/api/leaderboard/stream');
      source.addEventListener(LEADERBOARD_STREAM_EVENTS.snapshot, receive);
      source.addEventListener(LEADERBOARD_STREAM_EVENTS.update, receive);
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
  }, []);

  return { board, status };
}
