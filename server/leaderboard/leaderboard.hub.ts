import type { LeaderboardBoard } from '@contracts/leaderboard';
import { LEADERBOARD_STREAM_EVENTS } from '@contracts/leaderboard.rules';
import { SseHub } from '../http/sse-hub';
import { STREAM_HEARTBEAT_MS } from '@contracts/leaderboard.rules';

/** How long a burst of completions is collected before one recompute (one query per instance, not per client). */
export const COALESCE_MS = 100;
export const HEARTBEAT_MS = STREAM_HEARTBEAT_MS;
/** Even without notifications, re-read the board this often while anyone is watching (guards against a lost NOTIFY). */
export const SAFETY_REFRESH_MS = 30_000;

export interface BoardState {
  /** Digest of the whole ranking: the SSE event id, identical on every instance for the same board. */
  id: string;
  board: LeaderboardBoard;
}

const frame = (event: string, state: BoardState) =>
  Buffer.from(`id: ${state.id}\nevent: ${event}\ndata: ${JSON.stringify(state.board)}\n\n`);

export interface HubOptions {
  heartbeatMs?: number;
  coalesceMs?: number;
}

/**
 * Every open leaderboard stream of this instance (an SseHub): the board is computed once per change and the same
 * bytes are written to all clients; a reconnect whose Last-Event-ID names the current board gets no snapshot.
 */
export class LeaderboardHub extends SseHub<BoardState> {
  constructor(loadBoard: () => Promise<BoardState>, onError: (error: unknown) => void, options: HubOptions = {}) {
    super({
      load: loadBoard,
      frames: (state) => ({
        key: state.id,
        snapshot: frame(LEADERBOARD_STREAM_EVENTS.snapshot, state),
        update: frame(LEADERBOARD_STREAM_EVENTS.update, state),
      }),
      onError,
      coalesceMs: options.coalesceMs ?? COALESCE_MS,
      heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
      refreshEveryMs: SAFETY_REFRESH_MS,
    });
  }
}
