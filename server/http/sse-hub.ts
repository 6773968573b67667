import type { ServerResponse } from 'node:http';
import { STREAM_HEARTBEAT_EVENT } from '@contracts/leaderboard.rules';

/** A heartbeat is an event (EventSource never surfaces comments), so a screen can tell a silent stream from a quiet one. */
export const HEARTBEAT_FRAME = `event: ${STREAM_HEARTBEAT_EVENT}\ndata:\n\n`;

/** Client reconnect delay suggested with `retry:` (EventSource waits this long before reconnecting by itself). */
export const RETRY_MS = 1_000;
/** ± this around RETRY_MS, per stream: viewers dropped together (an instance died) come back spread out. */
export const RETRY_JITTER_MS = 500;
/** A client whose unsent bytes exceed this is too slow to keep up: it is dropped (it reconnects and gets a snapshot). */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/** The bytes of one state: `key` says whether it changed (and is matched against Last-Event-ID). */
export interface SseFrames {
  key: string;
  /** Sent to a newcomer. */
  snapshot: Buffer | string;
  /** Sent to everyone already watching when the key changed. */
  update: Buffer | string;
}

export interface SseHubOptions<State> {
  load: () => Promise<State>;
  frames: (state: State) => SseFrames;
  onError: (error: unknown) => void;
  /** How long a burst of change announcements is collected before one re-read. */
  coalesceMs: number;
  heartbeatMs: number;
  /** While anyone watches, re-read this often even if no change was announced (changes that announce nothing, a lost NOTIFY). */
  refreshEveryMs: number;
  /** Re-read for every newcomer; otherwise only when a change was announced since the last read. */
  reloadOnJoin?: boolean;
  /** Streams this instance holds at most (see `full`). */
  maxClients?: number;
}

/**
 * Every open stream of one kind on this instance. The state is read once per change (bursts coalesced into one
 * read, one read at a time) and the same bytes go to every client; a newcomer gets a snapshot first and joins the
 * broadcast set only after it, so it never receives the same state twice. Heartbeats keep proxies from closing
 * quiet streams; a client too slow to drain its buffer is dropped; close() ends every stream.
 */
export class SseHub<State> {
  private readonly clients = new Set<ServerResponse>();
  private frames: SseFrames | undefined;
  private stale = true;
  private loading: Promise<SseFrames> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private closed = false;
  private awayRetryMs: (() => number) | undefined;
  /** How many times the state was read (tests and benchmarks check coalescing with it). */
  loads = 0;

  constructor(private readonly options: SseHubOptions<State>) {}

  get clientCount() {
    return this.clients.size;
  }

  get full() {
    return this.options.maxClients !== undefined && this.clients.size >= this.options.maxClients;
  }

  /** A change was announced (from any instance): re-read soon, once for the whole burst, if anyone is watching. */
  requestRefresh() {
    this.stale = true;
    if (this.closed || this.clients.size === 0) return;
    if (this.timer || this.loading) {
      this.dirty = true;
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.load().catch(this.options.onError);
    }, this.options.coalesceMs);
  }

  /**
   * Streams to `response` (headers already written): a snapshot unless `lastEventId` already names the current state
   * (a reconnect that missed nothing), then every change.
   */
  async add(response: ServerResponse, lastEventId?: string) {
    if (this.closed) {
      response.end();
      return;
    }
    if (this.awayRetryMs) {
      response.end(`retry: ${this.awayRetryMs()}\n\n`);
      return;
    }
    response.write(`retry: ${RETRY_MS - RETRY_JITTER_MS + Math.round(Math.random() * 2 * RETRY_JITTER_MS)}\n: connected\n\n`);
    try {
      if (!this.frames || this.stale || this.options.reloadOnJoin) await this.load();
    } catch (error) {
      this.options.onError(error);
      response.end();
      return;
    }
    if (response.destroyed || response.writableEnded) return;
    // The app began closing while the state loaded: end the stream, or it would keep the server from closing.
    if (this.closed) {
      response.end();
      return;
    }
    // Draining began while the state loaded (read again: it may have been set meanwhile).
    const sentAway = this.awayRetryMs as (() => number) | undefined;
    if (sentAway) {
      response.end(`retry: ${sentAway()}\n\n`);
      return;
    }
    const frames = this.frames!;
    if (frames.key !== lastEventId) response.write(frames.snapshot);
    this.clients.add(response);
    response.on('close', () => {
      this.clients.delete(response);
      if (this.clients.size === 0) this.stopTimers();
    });
    this.startTimers();
  }

  /**
   * This instance is stopping (draining): every stream, open or opened from now on, is ended with a `retry:` of its
   * own (`retryMs()`, jittered by the caller), so EventSource reconnects through the balancer to another instance,
   * spread out. Last-Event-ID spares viewers a snapshot they already have.
   */
  sendAway(retryMs: () => number) {
    this.awayRetryMs = retryMs;
    for (const client of this.clients) client.end(`retry: ${retryMs()}\n\n`);
    this.clients.clear();
  }

  /** Ends every stream (the app is closing: otherwise open streams would keep the server from closing). */
  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.stopTimers();
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  /** One read at a time; everyone who asks meanwhile shares it. A changed state is broadcast to every client. */
  private load(): Promise<SseFrames> {
    this.loading ??= (async () => {
      try {
        this.stale = false;
        this.dirty = false;
        this.loads++;
        const state = await this.options.load();
        const previousKey = this.frames?.key;
        const frames = this.options.frames(state);
        this.frames = frames;
        if (previousKey !== undefined && frames.key !== previousKey) for (const client of this.clients) this.write(client, frames.update);
        return frames;
      } catch (error) {
        this.stale = true;
        throw error;
      } finally {
        this.loading = undefined;
        // Changes announced while this read ran may not be in it: go again (still one read per window).
        if (this.dirty && !this.timer && !this.closed) {
          this.dirty = false;
          this.requestRefresh();
        }
      }
    })();
    return this.loading;
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

  private startTimers() {
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => {
        for (const client of this.clients) this.write(client, HEARTBEAT_FRAME);
      }, this.options.heartbeatMs);
      this.heartbeat.unref();
    }
    if (!this.ticker) {
      this.ticker = setInterval(() => this.requestRefresh(), this.options.refreshEveryMs);
      this.ticker.unref();
    }
  }

  private stopTimers() {
    clearInterval(this.heartbeat);
    clearInterval(this.ticker);
    this.heartbeat = undefined;
    this.ticker = undefined;
  }
}
