/**
 * The instance's metrics as the app registers them: GET /metrics, and the gauges of the base it can read itself (scorer
 * queue, mail outbox, PostgreSQL pool). Capabilities report their own through the Metrics object they are given.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { proxyTrustFrom } from '../http/trust-proxy';
import { outboxDepth } from '../mail/mail.outbox';
import type { Mailer } from '../mail/mail.service';
import type { Scorer } from '../scoring/scorer';
import type { Metrics } from './metrics';
import { metricsRoutes } from './metrics.routes';

export async function metricsModule(
  app: FastifyInstance,
  { env, database, scorer, mailer, metrics }: { env: Env; database: Database; scorer: Scorer; mailer: Mailer; metrics: Metrics },
) {
  metrics.gauge('scorer_queue_depth', 'Texts waiting for a scoring worker on this instance.', () => scorer.queueDepth?.() ?? 0);
  if (mailer.mode !== 'capture')
    metrics.gauge('mail_outbox_depth', 'Mails waiting in the outbox to be sent (every instance).', () => outboxDepth(database.db));
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
