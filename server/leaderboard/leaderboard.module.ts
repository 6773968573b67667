/**
 * The leaderboard as the app registers it: the board, its live stream, the champion's strategy, and the organizer's
 * archive. Its service is built once and decorated on the app (`app.leaderboardService`) for share/.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Lifecycle } from '../http/lifecycle';
import type { Metrics } from '../metrics/metrics';
import { createBoothDisplayService } from './booth-display.service';
import { leaderboardAdminRoutes } from './leaderboard.admin.routes';
import { createLeaderboardAdminService } from './leaderboard.admin.service';
import { leaderboardRoutes } from './leaderboard.routes';
import { createLeaderboardService, type LeaderboardService } from './leaderboard.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one leaderboard service (server/leaderboard/leaderboard.service.ts). */
    leaderboardService: LeaderboardService;
  }
}

interface LeaderboardModuleOptions {
  env: Env;
  database: Database;
  authSecret: string;
  metrics?: Metrics;
  lifecycle: Lifecycle;
}

async function leaderboardPlugin(app: FastifyInstance, { env, database, authSecret, metrics, lifecycle }: LeaderboardModuleOptions) {
  const leaderboard = createLeaderboardService({ db: database.db, keySecret: authSecret });
  app.decorate('leaderboardService', leaderboard);
  // The routes and their hooks stay in their own scopes.
  await app.register(leaderboardRoutes, {
    database,
    leaderboard,
    metrics,
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

/** Not encapsulated (fastify-plugin): the service it decorates is the app's. */
export const leaderboardModule = fp<LeaderboardModuleOptions>(leaderboardPlugin, {
  name: 'leaderboard',
  dependencies: ['http', 'auth'],
});
