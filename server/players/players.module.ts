/** Players as the app registers them: their own profile, and the organizer's players table and moderation. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { refreshDisplayNameKeys } from './display-name-keys';
import { moderationAdminRoutes } from './moderation.admin.routes';
import { createModerationService } from './moderation.service';
import { playersAdminRoutes } from './players.admin.routes';
import { createPlayersAdminService } from './players.admin.service';
import { profileRoutes } from './profile.routes';
import { createProfileService } from './profile.service';
import { startUnconfirmedSweeper } from './unconfirmed-sweep';

async function playersPlugin(app: FastifyInstance, { database }: { database: Database }) {
  const { db } = database;
  await app.register(profileRoutes, { profiles: createProfileService({ db, log: app.log }) });
  await app.register(moderationAdminRoutes, { moderation: createModerationService({ db }), db });
  app.addHook('onReady', async () => void (await refreshDisplayNameKeys(db, app.log)));
  await app.register(playersAdminRoutes, { players: createPlayersAdminService({ db, log: app.log }) });
  // Accounts that played before confirming their e-mail and never did: gone after 24 h (docs/decisions/039).
  let stopSweeper: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopSweeper = startUnconfirmedSweeper(
      db,
      (deleted) => app.log.info({ deleted }, 'unconfirmed accounts older than 24 h deleted'),
      (error) => app.log.warn({ err: error }, 'unconfirmed-account sweep failed'),
    );
  });
  app.addHook('onClose', async () => stopSweeper?.());
}

export const playersModule = fp(playersPlugin, { name: 'players', dependencies: ['http', 'auth'], encapsulate: true });
