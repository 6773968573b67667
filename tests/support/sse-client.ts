import http from 'node:http';

export interface SseEvent {
  event: string;
  id?: string;
  data: string;
  /** When the event's last line arrived (performance.now()). */
  receivedAt: number;
}

/**
 * A real Server-Sent Events client over node:http (what EventSource does, minus auto-reconnect): it parses
 * `event:`/`id:`/`data:`/`retry:` fields and comment lines, and lets a test wait for the next event.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  retry: number | undefined;
  status = 0;
  headers: http.IncomingHttpHeaders = {};
  private waiters: Array<() => void> = [];
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
        let buffer = '';
        let current: Partial<SseEvent> & { dataLines: string[] } = { dataLines: [] };
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let newline: number;
          while ((newline = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, newline).replace(/\r$/, '');
            buffer = buffer.slice(newline + 1);
            if (line === '') {
              if (current.dataLines.length > 0) {
                this.events.push({ event: current.event ?? 'message', id: current.id, data: current.dataLines.join('\n'), receivedAt: performance.now() });
              }
              current = { dataLines: [] };
              this.wake();
            } else if (line.startsWith(':')) {
              this.comments.push(line.slice(1).trim());
              this.wake();
            } else {
              const colon = line.indexOf(':');
              const field = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'event') current.event = value;
              else if (field === 'id') current.id = value;
              else if (field === 'data') current.dataLines.push(value);
              else if (field === 'retry') this.retry = Number(value);
            }
          }
        });
        response.on('end', () => {
          this.closed = true;
          this.wake();
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

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((fn) => fn());
  }

  /** Waits until `predicate` holds over what was received so far (rejects after `timeoutMs`). */
  async waitFor(predicate: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`SSE: timed out after ${timeoutMs} ms waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
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
