/** Sharing as the app registers it: a finished attempt's public page and card, read through the game's and the board's services. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../env';
import type { LimitStore } from '../limits/limits.store';
import type { ImageStorage } from '../storage/image-storage';
import { shareRoutes } from './share.routes';

interface ShareModuleOptions {
  env: Env;
  storage: ImageStorage;
  limits: LimitStore;
}

async function sharePlugin(app: FastifyInstance, { env, storage, limits }: ShareModuleOptions) {
  await app.register(shareRoutes, {
    game: app.gameService,
    leaderboard: app.leaderboardService,
    storage,
    publicUrl: env.publicUrl,
    gameUrl: env.gameUrl,
    limits,
  });
}

export const shareModule = fp<ShareModuleOptions>(sharePlugin, {
  name: 'share',
  dependencies: ['http', 'game', 'leaderboard'],
  encapsulate: true,
});
