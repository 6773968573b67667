/** The game as the app registers it: start, guess and the player's own reads (and the challenge images). */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { LimitStore } from '../limits/limits.store';
import type { Metrics } from '../metrics/metrics';
import type { Scorer } from '../scoring/scorer';
import type { ImageStorage } from '../storage/image-storage';
import { gameRoutes } from './game.routes';
import { createGameService } from './game.service';

export async function gameModule(
  app: FastifyInstance,
  {
    env,
    database,
    scorer,
    storage,
    limits,
    metrics,
  }: { env: Env; database: Database; scorer: Scorer; storage: ImageStorage; limits: LimitStore; metrics?: Metrics },
) {
  const game = createGameService({ db: database.db, scorer, limits, log: app.log });
  await app.register(gameRoutes, { game, storage, limits, guessesInFlightLimit: env.GUESSES_IN_FLIGHT_LIMIT, metrics });
}
