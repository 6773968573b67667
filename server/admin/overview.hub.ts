import type { ServerResponse } from 'node:http';
import type { AdminOverview } from '@contracts/admin-overview';
import { ADMIN_STREAM_EVENTS } from '@contracts/admin.rules';

/** A burst of notifications (many finishes at once) becomes one recompute after this long. */
export const OVERVIEW_COALESCE_MS = 500;
/**
 * Starts and guesses send no notification (they would wake every leaderboard screen): while anyone watches, the
 * overview is also re-read this often. One query per instance per tick, however many organizers watch.
 */
export const OVERVIEW_TICK_MS = 5_000;
export const OVERVIEW_HEARTBEAT_MS = 15_000;
/** Organizer streams per instance: a handful of laptops, not a crowd. */
export const MAX_OVERVIEW_STREAMS = 50;

export interface OverviewHubOptions {
  coalesceMs?: number;
  tickMs?: number;
  heartbeatMs?: number;
}

/**
 * Every open organizer overview stream of this instance. The overview is computed once per change (or tick) and
 * the same bytes go to every organizer; it is only sent when something other than its timestamp changed.
 */
export class OverviewHub {
  private readonly clients = new Set<ServerResponse>();
  private current: { key: string; frame: string } | undefined;
  private loading: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private dirty = false;
  private closed = false;
  private readonly coalesceMs: number;
  private readonly tickMs: number;
  private readonly heartbeatMs: number;
  /** How many times the overview was read (tests and the benchmark check coalescing with it). */
  loads = 0;

  constructor(
    private readonly load: () => Promise<AdminOverview>,
    private readonly onError: (error: unknown) => void,
    options: OverviewHubOptions = {},
  ) {
    this.coalesceMs = options.coalesceMs ?? OVERVIEW_COALESCE_MS;
    this.tickMs = options.tickMs ?? OVERVIEW_TICK_MS;
    this.heartbeatMs = options.heartbeatMs ?? OVERVIEW_HEARTBEAT_MS;
  }

  get clientCount() {
    return this.clients.size;
  }

  get full() {
    return this.clients.size >= MAX_OVERVIEW_STREAMS;
  }

  /** Something changed (on any instance): recompute once for the whole burst, if anyone is watching. */
  requestRefresh() {
    if (this.closed || this.clients.size === 0) return;
    if (this.timer || this.loading) {
      this.dirty = true;
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.refresh();
    }, this.coalesceMs);
  }

  /** Streams to `response` (headers written): the current overview at once, then every change. */
  async add(response: ServerResponse) {
    if (this.closed) {
      response.end();
      return;
    }
    response.write(`retry: 2000\n: connected\n\n`);
    // A fresh read for the newcomer (shared with any read in flight); it joins the broadcast set only after its
    // first overview, so it never gets the same one twice. Changes after that reach it by broadcast (or the tick).
    await this.refresh();
    if (response.destroyed || response.writableEnded) return;
    if (this.closed) {
      response.end();
      return;
    }
    if (this.current) response.write(this.current.frame);
    this.clients.add(response);
    response.on('close', () => {
      this.clients.delete(response);
      if (this.clients.size === 0) this.stopTimers();
    });
    this.startTimers();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.stopTimers();
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private refresh(): Promise<void> {
    this.loading ??= (async () => {
      this.dirty = false;
      try {
        this.loads++;
        const overview = await this.load();
        const key = JSON.stringify({ ...overview, generatedAt: undefined });
        const changed = this.current !== undefined && this.current.key !== key;
        this.current = { key, frame: `event: ${ADMIN_STREAM_EVENTS.overview}\ndata: ${JSON.stringify(overview)}\n\n` };
        if (changed) for (const client of this.clients) client.write(this.current.frame);
      } catch (error) {
        this.onError(error);
      } finally {
        this.loading = undefined;
        if (this.dirty && !this.closed) {
          this.dirty = false;
          this.requestRefresh();
        }
      }
    })();
    return this.loading;
  }

  private startTimers() {
    if (!this.ticker) {
      this.ticker = setInterval(() => this.requestRefresh(), this.tickMs);
      this.ticker.unref();
    }
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => {
        for (const client of this.clients) client.write(': heartbeat\n\n');
      }, this.heartbeatMs);
      this.heartbeat.unref();
    }
  }

  private stopTimers() {
    clearInterval(this.ticker);
    clearInterval(this.heartbeat);
    this.ticker = undefined;
    this.heartbeat = undefined;
  }
}
