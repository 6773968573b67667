import { describe, expect, it, vi } from 'vitest';
import { createGamer, importPack, startGame, submitGuess, writePack } from '../../tests/support/game';
import { createTestApp, request } from '../../tests/support/test-app';

const TOKEN = 'metrics-token-0123456789abcdef';
const scrape = (t: { app: import('fastify').FastifyInstance }, options: { remoteAddress: string; headers?: Record<string, string> }) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: options.remoteAddress, headers: options.headers });

/** The value of one sample line (`name{labels} value`) in a Prometheus text exposition. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers this machine and the token holder in Prometheus text; anyone else, a forwarded request or a wrong token gets 404', {
    timeout: 180_000,
  }, async () => {
    const t = await createTestApp({ METRICS_TOKEN: TOKEN });
    try {
      const local = await scrape(t, { remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
      expect(local.headers['content-type']).toContain('text/plain');
      expect(local.body).toContain('# TYPE gg_guess_duration_seconds histogram');
      expect((await scrape(t, { remoteAddress: '::1' })).statusCode).toBe(200);

      const outsider = await scrape(t, { remoteAddress: '203.0.113.9' });
      expect(outsider.statusCode).toBe(404);
      expect(outsider.body).not.toContain('gg_');
      // Through a proxy on this machine, the caller is whoever the proxy serves.
      expect((await scrape(t, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
      expect((await scrape(t, { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } })).statusCode).toBe(404);
      expect((await scrape(t, { remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(404);
      expect((await scrape(t, { remoteAddress: '203.0.113.9', headers: { authorization: TOKEN } })).statusCode).toBe(404);

      const withToken = await scrape(t, { remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(withToken.statusCode).toBe(200);
      expect(withToken.body).toContain('gg_guesses_scored_total');
    } finally {
      await t.close();
    }
  });

  it('behind a trusted proxy, a request from loopback is not this machine: only the token opens it', { timeout: 180_000 }, async () => {
    const t = await createTestApp({ TRUST_PROXY: '1', METRICS_TOKEN: TOKEN });
    try {
      expect((await scrape(t, { remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
      expect((await scrape(t, { remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
    const listed = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      expect((await scrape(listed, { remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
      // Without METRICS_TOKEN no bearer opens it.
      expect((await scrape(listed, { remoteAddress: '127.0.0.1', headers: { authorization: 'Bearer ' } })).statusCode).toBe(404);
    } finally {
      await listed.close();
    }
  });

  it('a real socket from 127.0.0.1 reads it', async () => {
    const t = await createTestApp();
    try {
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const response = await fetch(`${address}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('gg_process_resident_memory_bytes');
    } finally {
      await t.close();
    }
  });

  it('counts scored and refused guesses by reason, times them, and reads the gauges at scrape time', { timeout: 180_000 }, async () => {
    const t = await createTestApp();
    try {
      const pack = await writePack({ count: 3 });
      await importPack(t, pack.dir);
      const before = (await scrape(t, { remoteAddress: '127.0.0.1' })).body;
      expect(sample(before, 'gg_pool_remaining')).toBe(3);
      expect(sample(before, 'gg_guesses_scored_total')).toBe(0);

      const player = await createGamer(t);
      const started = await startGame(t.app, player);
      expect(started.statusCode).toBe(201);
      const attempt = started.json().attempt as { id: string };
      // On a starved machine under-pressure may refuse a guess (503 SCORER_BUSY, nothing stored): like the phone, wait
      // for a calm event loop and send it again. Each refusal is counted too.
      let busy = 0;
      for (const guessNumber of [1, 2, 3]) {
        for (;;) {
          const response = await submitGuess(t.app, player, attempt.id, `a guess number ${guessNumber}`, guessNumber);
          if (response.statusCode === 200) break;
          expect(response.json().code, response.body).toBe('SCORER_BUSY');
          busy++;
          await vi.waitFor(() => expect(t.app.isUnderPressure()).toBe(false), { timeout: 30_000, interval: 50 });
        }
      }
      // A guess on a finished challenge is refused (ATTEMPT_COMPLETE); one without a session too (NO_SESSION).
      await vi.waitFor(() => expect(t.app.isUnderPressure()).toBe(false), { timeout: 30_000, interval: 50 });
      const late = await submitGuess(t.app, player, attempt.id, 'one more', 3);
      expect(late.statusCode).toBe(409);
      const anonymous = await request(t.app, {
        method: 'POST',
        url: `/api/game/attempts/${attempt.id}/guesses`,
        payload: { guess: 'x', guessNumber: 1 },
      });
      expect(anonymous.statusCode).toBe(401);

      const text = (await scrape(t, { remoteAddress: '127.0.0.1' })).body;
      expect(sample(text, 'gg_guesses_scored_total')).toBe(3);
      expect(sample(text, `gg_guesses_refused_total{reason="${late.json().code}"}`)).toBe(1);
      expect(sample(text, 'gg_guesses_refused_total{reason="NO_SESSION"}')).toBe(1);
      expect(sample(text, 'gg_guess_duration_seconds_count{outcome="scored"}')).toBe(3);
      expect(sample(text, 'gg_guess_duration_seconds_count{outcome="refused"}')).toBe(2 + busy);
      expect(sample(text, 'gg_guesses_refused_total{reason="SCORER_BUSY"}')).toBe(busy === 0 ? undefined : busy);
      expect(sample(text, 'gg_guess_duration_seconds_bucket{le="+Inf",outcome="scored"}')).toBe(3);
      expect(sample(text, 'gg_pool_remaining')).toBe(2);
      expect(sample(text, 'gg_live_viewers')).toBe(0);
      expect(sample(text, 'gg_scorer_queue_depth')).toBe(0);
      expect(sample(text, 'gg_process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
      expect(text).toMatch(/^gg_nodejs_eventloop_lag_p99_seconds \d/m);
      expect(text).toContain('# TYPE gg_generation_items gauge');
      if (t.database.kind === 'postgres') expect(sample(text, 'gg_db_pool_connections{state="max"}')).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});

describe('request ids', () => {
  it('every log line of a request carries its id, and the response names it in X-Request-Id', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const t = await createTestApp({}, { logger: { level: 'info', stream } });
    try {
      const response = await request(t.app, { method: 'GET', url: '/api/config' });
      const id = response.headers['x-request-id'];
      expect(typeof id).toBe('string');
      const ofRequest = lines.filter((line) => line.reqId === id);
      expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
      const other = await request(t.app, { method: 'GET', url: '/api/config' });
      expect(other.headers['x-request-id']).not.toBe(id);
    } finally {
      await t.close();
    }
  });

  it('an incoming id is kept only from a trusted proxy, and only when it looks sane', { timeout: 180_000 }, async () => {
    const direct = await createTestApp();
    try {
      const response = await direct.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': 'from-the-client-123' } });
      expect(response.headers['x-request-id']).not.toBe('from-the-client-123');
    } finally {
      await direct.close();
    }
    const proxied = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      const viaProxy = await proxied.app.inject({
        method: 'GET',
        url: '/api/config',
        remoteAddress: '10.1.2.3',
        headers: { 'x-request-id': 'haproxy-abc-123' },
      });
      expect(viaProxy.headers['x-request-id']).toBe('haproxy-abc-123');
      const notProxy = await proxied.app.inject({
        method: 'GET',
        url: '/api/config',
        remoteAddress: '203.0.113.9',
        headers: { 'x-request-id': 'haproxy-abc-123' },
      });
      expect(notProxy.headers['x-request-id']).not.toBe('haproxy-abc-123');
      const insane = await proxied.app.inject({
        method: 'GET',
        url: '/api/config',
        remoteAddress: '10.1.2.3',
        headers: { 'x-request-id': 'a b\u0000<script>' },
      });
      expect(insane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await proxied.close();
    }
  });
});
