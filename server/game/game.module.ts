/**
 * The game as the app registers it: start, guess and the player's own reads (and the challenge images). Its service is
 * built once and decorated on the app (`app.gameService`) for the capabilities that read games too (share/).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { LimitStore } from '../limits/limits.store';
import type { Metrics } from '../metrics/metrics';
import type { Scorer } from '../scoring/scorer';
import type { ImageStorage } from '../storage/image-storage';
import { gameRoutes } from './game.routes';
import { createGameService, type GameService } from './game.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one game service (server/game/game.service.ts). */
    gameService: GameService;
  }
}

interface GameModuleOptions {
  env: Env;
  database: Database;
  scorer: Scorer;
  storage: ImageStorage;
  limits: LimitStore;
  metrics?: Metrics;
}

async function gamePlugin(app: FastifyInstance, { env, database, scorer, storage, limits, metrics }: GameModuleOptions) {
  const game = createGameService({ db: database.db, scorer, limits, log: app.log });
  app.decorate('gameService', game);
  // The routes and their hooks stay in their own scope.
  await app.register(gameRoutes, { game, storage, limits, guessesInFlightLimit: env.GUESSES_IN_FLIGHT_LIMIT, metrics });
}

/** Not encapsulated (fastify-plugin): the service it decorates is the app's. */
export const gameModule = fp<GameModuleOptions>(gamePlugin, { name: 'game', dependencies: ['http', 'auth'] });
