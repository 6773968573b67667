/**
 * The one Server-Sent Events client of the tests, over node:http: what EventSource does. `SseClient` is one
 * connection (no reconnect) a test waits on; `ReconnectingViewer` reconnects as the web client does. Both read the
 * stream with `SseParser` and wait with `Gate`.
 */
import http from 'node:http';
import { reconnectDelay } from '../../web/lib/reconnect-delay';

export interface SseEvent {
  event: string;
  id?: string;
  data: string;
  /** When the event's last line arrived (performance.now()). */
  receivedAt: number;
}

/** One block of fields up to a blank line (an event when it has data lines). */
export interface SseBlock {
  event: string | undefined;
  id: string | undefined;
  data: string[];
}

/** Reads `event:`/`id:`/`data:`/`retry:` fields and comment lines from a stream's chunks, as EventSource does. */
export class SseParser {
  private buffer = '';
  private current: SseBlock = { event: undefined, id: undefined, data: [] };

  constructor(private readonly on: { block(block: SseBlock): void; comment?(text: string): void; retry(value: string): void }) {}

  feed(chunk: string) {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      if (line === '') {
        const block = this.current;
        this.current = { event: undefined, id: undefined, data: [] };
        this.on.block(block);
      } else if (line.startsWith(':')) {
        this.on.comment?.(line.slice(1).trim());
      } else {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') this.current.event = value;
        else if (field === 'id') this.current.id = value;
        else if (field === 'data') this.current.data.push(value);
        else if (field === 'retry') this.on.retry(value);
      }
    }
  }
}

/** Lets a test wait for a condition that holds after something arrived (no fixed sleeps). */
export class Gate {
  private waiters: Array<() => void> = [];

  constructor(private readonly label: string) {}

  wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Resolves when `predicate` holds (checked at every wake); rejects after `timeoutMs`. */
  async until(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!predicate()) {
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`${this.label}: timed out after ${timeoutMs} ms waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

/**
 * One connection, minus EventSource's auto-reconnect: it keeps the events and comment lines received and lets a test
 * wait for the next event.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  retry: number | undefined;
  status = 0;
  headers: http.IncomingHttpHeaders = {};
  private readonly gate = new Gate('SSE');
  private request: http.ClientRequest | undefined;
  private closed = false;

  private constructor(private readonly url: string) {}

  /** Connects and resolves once the response headers arrived. */
  static async connect(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient(url);
    await client.open(headers);
    return client;
  }

  private open(headers: Record<string, string>) {
    return new Promise<void>((resolve, reject) => {
      this.request = http.get(this.url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
        this.status = response.statusCode ?? 0;
        this.headers = response.headers;
        response.setEncoding('utf8');
        const parser = new SseParser({
          block: ({ event, id, data }) => {
            // A heartbeat is an event only so that EventSource surfaces it: kept with the comments, not the data.
            if (event === 'heartbeat') this.comments.push('heartbeat');
            else if (data.length > 0)
              this.events.push({ event: event ?? 'message', id, data: data.join('\n'), receivedAt: performance.now() });
            this.gate.wake();
          },
          comment: (text) => {
            this.comments.push(text);
            this.gate.wake();
          },
          retry: (value) => {
            this.retry = Number(value);
          },
        });
        response.on('data', (chunk: string) => parser.feed(chunk));
        response.on('end', () => {
          this.closed = true;
          this.gate.wake();
        });
        resolve();
      });
      this.request.on('error', (error) => {
        if (this.closed) return;
        reject(error);
      });
    });
  }

  get isClosed() {
    return this.closed;
  }

  /** Waits until `predicate` holds over what was received so far (rejects after `timeoutMs`). */
  waitFor(predicate: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
    return this.gate.until(predicate, timeoutMs, what);
  }

  /** The next event named `event` after the first `after` events (default: after those already received). */
  async nextEvent(event: string, options: { after?: number; timeoutMs?: number } = {}): Promise<SseEvent> {
    const after = options.after ?? this.events.length;
    const find = () => this.events.slice(after).find((e) => e.event === event);
    await this.waitFor(() => find() !== undefined, options.timeoutMs, `a '${event}' event`);
    return find()!;
  }

  close() {
    this.closed = true;
    this.request?.destroy();
  }
}

/** An event as a ReconnectingViewer received it. */
export interface ViewerEvent {
  event: string;
  id?: string;
  data: string;
  /** When the client parsed it (performance.now()). */
  at: number;
  /** The instance whose connection delivered it (haproxy's X-Instance header). */
  instance: string;
}

/**
 * A live-board viewer that reconnects as the web client does (web/lib/reconnect-delay.ts):
 * EventSource's own reconnect after a dropped stream (waiting the server's latest `retry:`, sending Last-Event-ID),
 * and, when an open fails (an HTTP error: EventSource gives up), the web's jittered backoff, imported from it.
 */
export class ReconnectingViewer {
  readonly events: ViewerEvent[] = [];
  /** Which instance served each connection (haproxy's X-Instance header), in order. */
  readonly instances: string[] = [];
  retryMs = 3000;
  lastEventId: string | undefined;
  connected = false;
  private failures = 0;
  private stopped = false;
  private request: http.ClientRequest | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly gate = new Gate('viewer');

  /**
   * `onEvent` sees every event as it is parsed; `keepEvents: false` keeps none in `events` (hundreds of viewers over a
   * long run would hold every board they received).
   */
  constructor(
    private readonly url: string,
    private readonly options: {
      onEvent?: (event: ViewerEvent) => void;
      /** A stream opened (200) on `instance`, at performance.now() `at`. */
      onConnect?: (instance: string, at: number) => void;
      keepEvents?: boolean;
    } = {},
  ) {}

  start() {
    this.open();
    return this;
  }

  get instance(): string | undefined {
    return this.connected ? this.instances.at(-1) : undefined;
  }

  /** Resolves when `predicate` holds (checked after every event, connect and drop); rejects after `timeoutMs`. */
  until(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
    return this.gate.until(predicate, timeoutMs, what);
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.open(), delay);
  }

  private open() {
    if (this.stopped) return;
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (this.lastEventId) headers['last-event-id'] = this.lastEventId;
    let settled = false;
    // EventSource: a network error while (re)connecting is retried after `retry`; an HTTP error fails the source.
    const dropped = () => {
      if (settled) return;
      settled = true;
      this.connected = false;
      this.gate.wake();
      this.schedule(this.retryMs);
    };
    this.request = http.get(this.url, { headers }, (response) => {
      if (response.statusCode !== 200) {
        settled = true;
        response.resume();
        this.connected = false;
        this.gate.wake();
        this.schedule(reconnectDelay(this.failures++));
        return;
      }
      const instance = String(response.headers['x-instance'] ?? 'unknown');
      this.instances.push(instance);
      this.connected = true;
      this.options.onConnect?.(instance, performance.now());
      this.gate.wake();
      response.setEncoding('utf8');
      const parser = new SseParser({
        block: ({ event, id, data }) => {
          if (id !== undefined) this.lastEventId = id;
          if (data.length > 0) {
            const received: ViewerEvent = { event: event ?? 'message', id, data: data.join('\n'), at: performance.now(), instance };
            if (this.options.keepEvents !== false) this.events.push(received);
            this.options.onEvent?.(received);
            // As the web hook: a received board resets the backoff.
            this.failures = 0;
          }
          this.gate.wake();
        },
        retry: (value) => {
          if (/^\d+$/.test(value)) this.retryMs = Number(value);
        },
      });
      response.on('data', (chunk: string) => parser.feed(chunk));
      response.on('end', dropped);
      response.on('error', dropped);
      response.on('close', dropped);
    });
    this.request.on('error', dropped);
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.request?.destroy();
    this.gate.wake();
  }
}
