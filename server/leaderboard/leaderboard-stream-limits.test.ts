import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseClient } from '../../tests/support/sse-client';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

// Real HTTP clients against a listening app; every one connects from 127.0.0.1, i.e. the same client address.
let t: TestApp;
let streamUrl: string;
const clients: SseClient[] = [];
beforeAll(async () => {
  t = await createTestApp({ SSE_MAX_STREAMS_PER_CLIENT: '2' });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  streamUrl = `${address}/api/leaderboard/stream`;
});
afterAll(async () => {
  clients.forEach((client) => client.close());
  await t?.close();
});

const connect = async () => {
  const client = await SseClient.connect(streamUrl);
  clients.push(client);
  return client;
};

describe('GET /api/leaderboard/stream limits', () => {
  it('refuses a client address beyond SSE_MAX_STREAMS_PER_CLIENT with 429 JSON, and admits it again once one closes', async () => {
    const open = [await connect(), await connect()];
    for (const client of open) await client.nextEvent('snapshot', { after: 0 });

    const refused = await t.app.inject({ method: 'GET', url: '/api/leaderboard/stream', remoteAddress: '127.0.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'TOO_MANY_STREAMS', message: expect.any(String) });
    const overHttp = await connect();
    expect(overHttp.status).toBe(429);
    expect(overHttp.headers['content-type']).toMatch(/application\/json/);

    // Another address still gets its own streams.
    const other = await t.app.inject({ method: 'GET', url: '/api/leaderboard/stream', remoteAddress: '203.0.113.9', payloadAsStream: true });
    expect(other.statusCode).toBe(200);
    other.stream().destroy();

    open[0].close();
    await expect
      .poll(async () => {
        const again = await connect();
        if (again.status !== 200) again.close();
        return again.status;
      })
      .toBe(200);
  });
});
