import { useState } from 'react';
import type { LeaderboardBoard } from '@contracts/leaderboard';
import { LEADERBOARD_STREAM_EVENTS } from '@contracts/leaderboard.rules';
import { useEventSource, type EventSourceStatus } from '@web/lib/use-event-source';
import { apiPaths } from '@contracts/api-paths';

export type StreamStatus = EventSourceStatus;

/**
 * The live board over Server-Sent Events: a snapshot on connect, then an update whenever the board changes (a
 * reconnect sends Last-Event-ID, so an unchanged board is not resent).
 */
export function useLeaderboardStream(onChange?: (board: LeaderboardBoard) => void) {
  const [board, setBoard] = useState<LeaderboardBoard | null>(null);
  // Counts the boards received: the LIVE dot pings on each (LiveStatus's `pulse`).
  const [received, setReceived] = useState(0);
  const receive = (data: string) => {
    // The server builds every frame from the LeaderboardBoard contract: trust its type (no zod in the browser).
    const next = JSON.parse(data) as LeaderboardBoard;
    setBoard(next);
    setReceived((count) => count + 1);
    onChange?.(next);
  };
  const status = useEventSource(apiPaths.leaderboardStream, {
    [LEADERBOARD_STREAM_EVENTS.snapshot]: receive,
    [LEADERBOARD_STREAM_EVENTS.update]: receive,
  });
  return { board, status, received };
}
