import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseClient } from '../../tests/support/sse-client';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

// docs/decisions/009 (timeouts for slow clients): a slowloris client over a real socket is cut off, while a normal client and a live stream keep working.
// Timeouts are short here so the test is quick; the defaults are in server/env.ts.
let t: TestApp;
let port: number;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({
    HTTP_HEADERS_TIMEOUT_MS: '800',
    HTTP_REQUEST_TIMEOUT_MS: '1500',
    HTTP_IDLE_TIMEOUT_MS: '1000',
    SSE_HEARTBEAT_MS: '2500',
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(baseUrl).port);
});
afterAll(() => t?.close());

/** A client that sends `opening`, then one more `drip` every 150 ms, for as long as the server keeps the socket. */
function slowClient(opening: string, drip: string) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  socket.write(opening);
  const timer = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write(drip);
  }, 150);
  const closed = new Promise<number>((resolve) => {
    const started = performance.now();
    socket.on('close', () => {
      clearInterval(timer);
      resolve(performance.now() - started);
    });
  });
  return {
    closed,
    received: () => received,
    destroy() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms))]);

describe('slow clients', () => {
  it('cuts off slowloris clients (headers that never end, a body that never ends, a silent socket) while others are served', async () => {
    const stream = await SseClient.connect(`${baseUrl}/api/leaderboard/stream`);
    await stream.nextEvent('snapshot', { after: 0 });

    const slowHeaders = slowClient('GET /api/health HTTP/1.1\r\nHost: localhost\r\n', 'X-Pad: y\r\n');
    const slowBody = slowClient(
      'PUT /api/profile HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost:3000\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"displayName":"',
      'a',
    );
    const silent = slowClient('', '');
    try {
      // While they dribble, a normal client is served.
      const health = await fetch(`${baseUrl}/api/health`);
      expect(health.status).toBe(200);

      // Each is closed by the server (the test only waits; a generous bound keeps a broken server from hanging it).
      await within(Promise.all([slowHeaders.closed, slowBody.closed, silent.closed]), 15_000);
      expect(slowHeaders.received()).not.toMatch(/200 OK/);
      expect(slowBody.received()).not.toMatch(/200 OK/);
    } finally {
      [slowHeaders, slowBody, silent].forEach((client) => client.destroy());
    }

    // The live stream outlived the idle timeout (1 s) and still gets heartbeats; a normal client is still served.
    expect(stream.isClosed).toBe(false);
    await stream.waitFor(() => stream.comments.includes('heartbeat'), 10_000, 'a heartbeat');
    expect(stream.isClosed).toBe(false);
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    stream.close();
  });
});

describe('connection cap (HTTP_MAX_CONNECTIONS)', () => {
  let capped: TestApp;
  let cappedPort: number;
  beforeAll(async () => {
    capped = await createTestApp({ HTTP_MAX_CONNECTIONS: '5' });
    cappedPort = Number(new URL(await capped.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(() => capped?.close());

  it('refuses connections beyond the cap at once, and accepts again when one closes', async () => {
    const open = async () => {
      const socket = net.connect(cappedPort, '127.0.0.1');
      socket.on('error', () => {});
      await new Promise((resolve) => socket.once('connect', resolve));
      return socket;
    };
    const held = [];
    for (let i = 0; i < 5; i++) held.push(await open());
    const extra = await open();
    await within(new Promise((resolve) => extra.once('close', resolve)), 5_000);
    held.shift()!.destroy();
    // Once the server has seen that socket close, it has room for one more.
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        capped.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
    await expect.poll(connections).toBe(4);
    const again = await open();
    const answer = await new Promise<string>((resolve) => {
      again.setEncoding('utf8');
      again.once('data', resolve);
      again.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    [...held, again].forEach((socket) => socket.destroy());
  });
});
