/** The web app as the server hosts it: /api/config (what it reads at boot) and its pages, pre-rendered where they can be. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicConfigSchema, type PublicConfig } from '@contracts/config';
import { MIN_PASSWORD_LENGTH } from '@contracts/auth.rules';
import { googleConfigOf } from '../auth/auth.module';
import { rowsOf, type Database } from '../db/client';
import { sql } from 'drizzle-orm';
import type { Env } from '../env';
import { readEventSettings } from '../event/event-settings';
import { webRoutes } from './web.routes';

async function spaPlugin(app: FastifyInstance, { env, database, distDir }: { env: Env; database: Database; distDir?: string }) {
  const googleEnabled = Boolean(googleConfigOf(env));
  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async (_request, reply): Promise<PublicConfig> => {
    // eventOpen and the results lock change when an organizer says so.
    reply.header('cache-control', 'no-store');
    const settings = await readEventSettings(database.db);
    return {
      googleEnabled,
      publicUrl: env.publicUrl,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      eventOpen: settings.isOpen,
      resultsLockedAt: settings.resultsLockedAt?.toISOString() ?? null,
      // The game's own test for "not ready yet" (a START then says so too): no challenge was ever loaded.
      poolReady:
        rowsOf<{ ready: boolean }>(await database.db.execute(sql`select exists (select 1 from challenges) as ready`))[0]?.ready === true,
    };
  });
  await app.register(webRoutes, { distDir, googleEnabled });
}

export const spaModule = fp(spaPlugin, { name: 'spa', dependencies: ['http'], encapsulate: true });
