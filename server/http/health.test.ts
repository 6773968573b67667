/**
 * GET /api/health/live and /api/health/ready, and the drain that starts a graceful stop: ready turns 503 naming the
 * failing part, live streams are ended with a jittered retry, and requests keep being served until the app closes.
 */
import { sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_RETRY_MAX_MS, DRAIN_RETRY_MIN_MS } from '../leaderboard/leaderboard.routes';
import { EmbeddingPool } from '../scoring/embedding-pool';
import { createScorerFromEmbedder } from '../scoring/scorer';
import { createGamer, importDemoPack, startGame } from '../../tests/support/game';
import { SseClient } from '../../tests/support/sse-client';
import { POSTGRES_ADMIN_URL } from '../../tests/support/test-database';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importDemoPack(t);
});
afterAll(() => t?.close());

const probe = (app = t.app, url = '/api/health/ready') => request(app, { method: 'GET', url });

describe('GET /api/health/live and /api/health/ready', () => {
  it('live answers while the process runs; ready says every part is fine', async () => {
    const live = await probe(t.app, '/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'live' });
    const ready = await probe();
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toMatchObject({
      status: 'ready',
      failing: [],
      checks: { database: { ok: true }, scorer: { ok: true }, draining: { ok: true } },
    });
    // The old probe keeps working for set-ups that use it.
    expect((await probe(t.app, '/api/health')).json()).toEqual({ ok: true });
  });

  it('is unready (503, database named) when a migration of this build is missing from the database', async () => {
    const own = await createTestApp();
    try {
      await own.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      const ready = await probe(own.app);
      expect(ready.statusCode).toBe(503);
      const body = ready.json();
      expect(body.status).toBe('unready');
      expect(body.failing).toEqual(['database']);
      expect(body.checks.database.detail).toMatch(/^\d+ of \d+ migrations applied$/);
    } finally {
      await own.close();
    }
  });

  // PostgreSQL refusing this database's connections (a server down or restarting); PGlite lives in the process.
  it.skipIf(process.env.TEST_DB !== 'postgres')('is unready (503, database named) when the database does not answer', async () => {
    const own = await createTestApp();
    const name = (own.database as { name?: string }).name!;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      const ready = await probe(own.app);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unready', failing: ['database'], checks: { database: { ok: false } } });
      expect(ready.json().checks.database.detail).toMatch(/^unreachable: /);
      expect((await probe(own.app, '/api/health/live')).statusCode).toBe(200);
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
      await own.close();
    }
  });

  it("stays ready while a crowd's texts wait for the model: its probe goes ahead of them", async () => {
    // Its own app, so no earlier probe's answer is reused: this probe must ask the model.
    const own = await createTestApp();
    const crowd = t.scorer.embed(Array.from({ length: 400 }, (_, i) => `a crowd's guess number ${i}: a lighthouse at dawn`));
    try {
      expect(t.scorer.queueDepth!()).toBeGreaterThan(300);
      const ready = await probe(own.app);
      // Answered while the crowd still waits (behind them it would have answered after the last of them).
      const stillWaiting = t.scorer.queueDepth!();
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', checks: { scorer: { ok: true } } });
      expect(stillWaiting).toBeGreaterThan(200);
    } finally {
      await crowd;
      await own.close();
    }
  });

  it('is unready (503, scorer named) when the scoring model cannot run', async () => {
    // A real worker pool whose worker fails to load (the model files missing or broken on this machine).
    const pool = new EmbeddingPool({
      threads: 1,
      filename: fileURLToPath(new URL('../../tests/support/unstartable-embedding.worker.mjs', import.meta.url)),
    });
    const scorer = createScorerFromEmbedder({
      id: 'unstartable',
      embed: async (texts, options) => (await pool.embed(texts, options)).map((vector) => Array.from(vector)),
      close: () => pool.close(),
    });
    const own = await createTestApp({}, { scorer });
    try {
      const ready = await probe(own.app);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'unready',
        failing: ['scorer'],
        checks: { scorer: { ok: false }, database: { ok: true } },
      });
    } finally {
      await own.close();
      await pool.close();
    }
  });
});

describe('draining for a graceful stop', () => {
  it('turns ready 503 (draining), ends live streams with a jittered retry, and keeps serving requests', async () => {
    const own = await createTestApp({ SSE_HEARTBEAT_MS: '200' });
    await importDemoPack(own);
    const address = await own.app.listen({ port: 0, host: '127.0.0.1' });
    const viewers = await Promise.all(Array.from({ length: 12 }, () => SseClient.connect(`${address}/api/leaderboard/stream`)));
    try {
      await Promise.all(viewers.map((viewer) => viewer.nextEvent('snapshot', { after: 0 })));
      const player = await createGamer(own);

      own.app.lifecycle.beginDrain();
      const ready = await probe(own.app);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'draining', failing: ['draining'] });
      expect((await probe(own.app, '/api/health/live')).statusCode).toBe(200);

      // Every viewer is told to come back after its own delay, within the bounds, and its stream ends.
      await Promise.all(viewers.map((viewer) => viewer.waitFor(() => viewer.isClosed, 5000, 'the stream to end')));
      const retries = viewers.map((viewer) => viewer.retry!);
      for (const retry of retries) {
        expect(retry).toBeGreaterThanOrEqual(DRAIN_RETRY_MIN_MS);
        expect(retry).toBeLessThanOrEqual(DRAIN_RETRY_MAX_MS);
      }
      expect(new Set(retries).size).toBeGreaterThan(1);

      // A stream opened while draining is sent away at once; a game request is still served.
      const late = await SseClient.connect(`${address}/api/leaderboard/stream`);
      await late.waitFor(() => late.isClosed, 5000, 'the late stream to end');
      expect(late.events).toEqual([]);
      expect(late.retry).toBeGreaterThanOrEqual(DRAIN_RETRY_MIN_MS);
      expect((await startGame(own.app, player)).statusCode).toBe(201);
    } finally {
      viewers.forEach((viewer) => viewer.close());
      await own.close();
    }
  });

  it('settles once the balancer has seen the drain and no work arrives, without waiting the whole limit', async () => {
    const own = await createTestApp();
    try {
      own.app.lifecycle.beginDrain();
      // Far past the test's own timeout: only the early end can let this test pass.
      const settled = own.app.lifecycle.settled({ maxMs: 10 * 60_000, quietMs: 200 });
      expect((await probe(own.app)).statusCode).toBe(503);
      await settled;
    } finally {
      await own.close();
    }
  });
});
