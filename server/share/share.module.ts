/** Sharing as the app registers it: a finished attempt's public page and card. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { createGameService } from '../game/game.service';
import { createLeaderboardService } from '../leaderboard/leaderboard.service';
import type { LimitStore } from '../limits/limits.store';
import type { Scorer } from '../scoring/scorer';
import type { ImageStorage } from '../storage/image-storage';
import { shareRoutes } from './share.routes';

export async function shareModule(
  app: FastifyInstance,
  {
    env,
    database,
    scorer,
    storage,
    authSecret,
    limits,
  }: { env: Env; database: Database; scorer: Scorer; storage: ImageStorage; authSecret: string; limits: LimitStore },
) {
  await app.register(shareRoutes, {
    game: createGameService({ db: database.db, scorer, limits, log: app.log }),
    leaderboard: createLeaderboardService({ db: database.db, keySecret: authSecret }),
    storage,
    publicUrl: env.publicUrl,
    gameUrl: env.gameUrl,
    limits,
  });
}
