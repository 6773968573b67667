import type { ServerResponse } from 'node:http';
import type { LeaderboardBoard } from '@contracts/leaderboard';
import { LEADERBOARD_STREAM_EVENTS } from '@contracts/leaderboard.rules';

/** How long a burst of completions is collected before one recompute (one query per instance, not per client). */
export const COALESCE_MS = 100;
export const HEARTBEAT_MS = 15_000;
/** Client reconnect delay suggested with `retry:` (EventSource adds its own jitter-free wait). */
export const RETRY_MS = 2_000;
/** A client whose unsent bytes exceed this is too slow to keep up: it is dropped (it reconnects and gets a snapshot). */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/** Even without notifications, re-read the board this often while anyone is watching (guards against a lost NOTIFY). */
export const SAFETY_REFRESH_MS = 30_000;

export interface BoardState {
  /** Digest of the whole ranking: the SSE event id, identical on every instance for the same board. */
  id: string;
  board: LeaderboardBoard;
}

interface Frames {
  id: string;
  snapshot: Buffer;
  update: Buffer;
}

function frame(event: string, state: BoardState): Buffer {
  return Buffer.from(`id: ${state.id}\nevent: ${event}\ndata: ${JSON.stringify(state.board)}\n\n`);
}

export interface HubOptions {
  heartbeatMs?: number;
  coalesceMs?: number;
}

/**
 * Holds every open leaderboard stream of this instance. The board is computed once per change and the same
 * bytes are written to all clients; bursts of change notifications are coalesced into one recompute.
 */
export class LeaderboardHub {
  private readonly clients = new Set<ServerResponse>();
  private frames: Frames | undefined;
  private stale = true;
  private loading: Promise<Frames> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private lastLoadAt = 0;
  private closed = false;
  private readonly heartbeatMs: number;
  private readonly coalesceMs: number;

  constructor(
    private readonly loadBoard: () => Promise<BoardState>,
    private readonly onError: (error: unknown) => void,
    options: HubOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.coalesceMs = options.coalesceMs ?? COALESCE_MS;
  }

  get clientCount() {
    return this.clients.size;
  }

  /** A change was announced (from any instance): recompute soon, once for the whole burst. */
  requestRefresh() {
    this.stale = true;
    if (this.closed || this.clients.size === 0) return;
    if (this.timer || this.loading) {
      this.dirty = true;
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.load().catch(this.onError);
    }, this.coalesceMs);
  }

  /**
   * Starts streaming to `response` (headers already written). Sends a snapshot unless `lastEventId` already names
   * the current board (a reconnect that missed nothing). The client joins the broadcast set only after its
   * snapshot, so it never receives the same board twice.
   */
  async add(response: ServerResponse, lastEventId: string | undefined) {
    if (this.closed) {
      response.end();
      return;
    }
    response.write(`retry: ${RETRY_MS}\n: connected\n\n`);
    try {
      if (!this.frames || this.stale) await this.load();
    } catch (error) {
      this.onError(error);
      response.end();
      return;
    }
    if (response.destroyed) return;
    // The app began closing while the board loaded: end the stream, or it would keep the server from closing.
    if (this.closed) {
      response.end();
      return;
    }
    const frames = this.frames!;
    if (frames.id !== lastEventId) response.write(frames.snapshot);
    this.clients.add(response);
    response.on('close', () => this.clients.delete(response));
    this.startHeartbeat();
  }

  /** Ends every stream (the app is closing: otherwise open streams would keep the server from closing). */
  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  /** One load at a time; everyone who asks meanwhile shares it. A changed board is broadcast to every client. */
  private load(): Promise<Frames> {
    this.loading ??= (async () => {
      try {
        this.stale = false;
        this.dirty = false;
        this.lastLoadAt = Date.now();
        const state = await this.loadBoard();
        const previousId = this.frames?.id;
        const frames = { id: state.id, snapshot: frame(LEADERBOARD_STREAM_EVENTS.snapshot, state), update: frame(LEADERBOARD_STREAM_EVENTS.update, state) };
        this.frames = frames;
        if (previousId !== undefined && frames.id !== previousId) this.broadcast(frames.update);
        return frames;
      } catch (error) {
        this.stale = true;
        throw error;
      } finally {
        this.loading = undefined;
        // Changes announced while this load ran may not be in it: go again (still one query per window).
        if (this.dirty && !this.timer && !this.closed) {
          this.dirty = false;
          this.requestRefresh();
        }
      }
    })();
    return this.loading;
  }

  private broadcast(bytes: Buffer) {
    for (const client of this.clients) this.write(client, bytes);
  }

  /** Writes unless the client has fallen too far behind, in which case it is dropped (memory per client stays bounded). */
  private write(client: ServerResponse, bytes: Buffer | string) {
    if (client.writableLength > MAX_BUFFERED_BYTES) {
      this.clients.delete(client);
      client.destroy();
      return;
    }
    client.write(bytes);
  }

  private startHeartbeat() {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      if (this.clients.size === 0) {
        clearInterval(this.heartbeat);
        this.heartbeat = undefined;
        return;
      }
      for (const client of this.clients) this.write(client, ': heartbeat\n\n');
      if (Date.now() - this.lastLoadAt >= SAFETY_REFRESH_MS) this.requestRefresh();
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }
}
