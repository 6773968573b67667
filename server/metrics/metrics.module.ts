/**
 * The instance's metrics as the app registers them: GET /metrics, and the gauges of the base it can read itself (scorer
 * queue, mail outbox, PostgreSQL pool). Capabilities report their own through the Metrics object they are given.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { proxyTrustFrom } from '../http/trust-proxy';
import { outboxDepth, outboxOldestSeconds } from '../mail/mail.outbox';
import type { Mailer } from '../mail/mail.service';
import type { Scorer } from '../scoring/scorer';
import type { Metrics } from './metrics';
import { metricsRoutes } from './metrics.routes';

interface MetricsModuleOptions {
  env: Env;
  database: Database;
  scorer: Scorer;
  mailer: Mailer;
  metrics: Metrics;
}

/** Not encapsulated (fastify-plugin): its response counter sees every route of the app. */
export const metricsModule = fp<MetricsModuleOptions>(metricsPlugin, { name: 'metrics', dependencies: ['http'] });

async function metricsPlugin(app: FastifyInstance, { env, database, scorer, mailer, metrics }: MetricsModuleOptions) {
  app.addHook('onResponse', async (_request, reply) => {
    metrics.httpResponses.inc({ code: String(reply.statusCode) });
  });
  // 1 per part of GET /api/health/ready that passes (database, scorer, draining), 0 for one that fails.
  metrics.labelledGauge(
    'ready_check',
    'Readiness of this instance by part, as GET /api/health/ready reports it (1 ok, 0 failing).',
    'check',
    async () => {
      const { checks } = await app.readiness();
      return Object.fromEntries(Object.entries(checks).map(([part, check]) => [part, check.ok ? 1 : 0]));
    },
  );
  metrics.gauge('scorer_queue_depth', 'Texts waiting for a scoring worker on this instance.', () => scorer.queueDepth?.() ?? 0);
  metrics.gauge('scorer_queue_limit', 'Texts that may wait for a scoring worker before a guess is refused with SCORER_BUSY.', () =>
    scorer.queueLimit?.(),
  );
  metrics.gauge('live_viewers_limit', 'Live leaderboard streams this instance admits (SSE_MAX_STREAMS).', () => env.SSE_MAX_STREAMS);
  if (mailer.mode !== 'capture') {
    metrics.gauge('mail_outbox_depth', 'Mails waiting in the outbox to be sent (every instance).', () => outboxDepth(database.db));
    metrics.gauge('mail_outbox_oldest_seconds', 'Age of the oldest mail waiting in the outbox (0 when it is empty).', () =>
      outboxOldestSeconds(database.db),
    );
  }
  const pool = database.poolStats;
  if (pool) {
    metrics.labelledGauge(
      'db_pool_connections',
      'PostgreSQL connection pool of this instance: open, idle, waiting clients and the maximum.',
      'state',
      () => {
        const stats = pool();
        return { open: stats.size, idle: stats.idle, waiting: stats.waiting, max: stats.max };
      },
    );
  }
  // After every capability has added its gauges, so that a scrape lists the game's metrics first.
  app.addHook('onReady', async () => metrics.collectProcessMetrics());
  await app.register(metricsRoutes, { metrics, token: env.METRICS_TOKEN, trustsPeer: proxyTrustFrom(env.TRUST_PROXY).trustsPeer });
}
