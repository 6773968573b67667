import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * The scope of a capability's organizer routes (call it at the top of the plugin that declares them): schemas typed
 * through zod, every request refused before its handler unless an organizer's (401 anonymous, 403 a player), and no
 * answer kept by a cache (player data and contact details).
 */
export function organizerScope(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.guards.requireOrganizer);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  return app;
}
