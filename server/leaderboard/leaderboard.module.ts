/** The leaderboard as the app registers it: the board, its live stream, the champion's strategy, and the organizer's archive. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Lifecycle } from '../http/lifecycle';
import type { Metrics } from '../metrics/metrics';
import { createBoothDisplayService } from './booth-display.service';
import { leaderboardAdminRoutes } from './leaderboard.admin.routes';
import { createLeaderboardAdminService } from './leaderboard.admin.service';
import { leaderboardRoutes } from './leaderboard.routes';

export async function leaderboardModule(
  app: FastifyInstance,
  {
    env,
    database,
    authSecret,
    metrics,
    lifecycle,
  }: { env: Env; database: Database; authSecret: string; metrics?: Metrics; lifecycle: Lifecycle },
) {
  await app.register(leaderboardRoutes, {
    database,
    metrics,
    keySecret: authSecret,
    gameUrl: env.gameUrl,
    heartbeatMs: env.SSE_HEARTBEAT_MS,
    onDrain: (listener) => lifecycle.onDrain(listener),
    admission: {
      maxStreams: env.SSE_MAX_STREAMS,
      maxPerAccount: env.SSE_MAX_STREAMS_PER_CLIENT,
      maxAnonymousPerAddress: env.SSE_MAX_ANONYMOUS_STREAMS_PER_ADDRESS,
    },
  });
  await app.register(leaderboardAdminRoutes, {
    leaderboard: createLeaderboardAdminService({ db: database.db, log: app.log }),
    booth: createBoothDisplayService({ db: database.db, log: app.log }),
  });
}
