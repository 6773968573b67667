import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { LeaderboardBoard } from '@contracts/leaderboard';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { createGamer, importDemoPack, playFullGame } from '../../tests/support/game';
import { SseClient } from '../../tests/support/sse-client';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

// Several stateless instances behind a load balancer share one PostgreSQL: a change on one must reach the
// streams of all, through LISTEN/NOTIFY. PGlite is one in-process database per app, so there is nothing to share.
const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)(
  'two app instances on one PostgreSQL database (PGlite: skipped, an embedded database serves exactly one instance)',
  () => {
    let a: TestApp;
    let bDatabase: Database;
    let b: FastifyInstance;
    let bUrl: string;
    const clients: SseClient[] = [];

    beforeAll(async () => {
      a = await createTestApp();
      await importDemoPack(a);
      // Instance B: its own app and its own connections (pool + LISTEN) to the same database.
      bDatabase = await openDatabase({ databaseUrl: a.database.url, poolSize: 5 });
      b = await buildApp({
        env: a.env,
        database: bDatabase,
        authSecret: 'test-secret-test-secret-test-secret-0123',
        logger: false,
        scorer: a.scorer,
        storage: a.storage,
      });
      await a.app.listen({ port: 0, host: '127.0.0.1' });
      bUrl = await b.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      clients.forEach((client) => client.close());
      await b?.close();
      await bDatabase?.close();
      await a?.close();
    });

    it('a client subscribed to instance B receives a challenge finished on instance A', async () => {
      // How fast a finish reaches the streams is measured by a benchmark (scripts/bench/sse-fanout.ts), not asserted here.
      const client = await SseClient.connect(`${bUrl}/api/leaderboard/stream`);
      clients.push(client);
      await client.nextEvent('snapshot', { after: 0 });
      const player = await createGamer(a, 'CrossInstance');
      const received = client.events.length;

      const { attempt } = await playFullGame(a.app, player);
      // The start is an update of its own (the booth names who starts): wait for the one with the finish.
      const finished = (e: { event: string; data: string }) =>
        e.event === 'update' && (JSON.parse(e.data) as LeaderboardBoard).entries.some((entry) => entry.displayName === 'CrossInstance');
      await client.waitFor(() => client.events.slice(received).some(finished), 10_000, 'the finish');
      const update = client.events.slice(received).find(finished)!;

      const entry = (JSON.parse(update.data) as LeaderboardBoard).entries.find((e) => e.displayName === 'CrossInstance');
      expect(entry?.score).toBe(attempt.finalScore);
    });

    it('both instances agree on the event id for the same board, so a reconnect to either can resume', async () => {
      const [onA, onB] = await Promise.all([
        SseClient.connect(`${a.app.listeningOrigin}/api/leaderboard/stream`),
        SseClient.connect(`${bUrl}/api/leaderboard/stream`),
      ]);
      clients.push(onA, onB);
      const [snapshotA, snapshotB] = await Promise.all([onA.nextEvent('snapshot', { after: 0 }), onB.nextEvent('snapshot', { after: 0 })]);
      expect(snapshotA.id).toBe(snapshotB.id);
    });
  },
);
